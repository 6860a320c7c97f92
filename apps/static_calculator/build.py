"""Builds the static calculator page into a folder of plain files, served by anything.

    python -m apps.static_calculator.build [--out build/static-calculator] [--no-npm]

The folder holds ``index.html`` with its scripts and style; the page's words in each of the course's
languages, written here from the catalogue (``page-data.js``); the project's wheel (``pip wheel .``,
which compiles the ``.mo`` catalogues into it) less what the page never reads (:data:`NOT_IN_PAGE`);
Babel's, made here from the Babel installed, with the locale data of the registry's languages only
(about 0.75 MB of its 33 MB, :func:`babel_locale_files`); the Python half of the page
(``calculator_entry.py``); Pyodide's core, copied from the npm package pinned in
``package.json``/``package-lock.json`` (``npm ci`` here when ``node_modules`` is missing or not the
locked version; nothing is fetched from a CDN); and a service worker that keeps it all for the next
visit. The zip archives (the wheels, Pyodide's standard library) are stored uncompressed, and every
file worth it has a gzipped twin (``name.gz``, :func:`precompress`): compressed whole, an archive
shrinks more than file by file, and the page unpacks it without inflating anything.
``python -m apps.static_calculator.serve`` serves it, compressed (:mod:`apps.static_calculator.serve`).
"""

from __future__ import annotations

import argparse
import base64
import fcntl
import gzip
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cribbage.registry.languages import LANGUAGES

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEFAULT_OUT = ROOT / "build" / "static-calculator"
#: The files of Pyodide's core the page loads (the interpreter, its standard library, its lock file).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The page's own sources, copied as they are (index.html and sw.js are filled in with the version).
SOURCES = ("first-paint.js", "calculator.js", "calculator.css", "calculator_entry.py")
#: What the project's wheel holds that the page never reads, left out of the page's copy: the
#: catalogues' templates (``.pot``; the ``.po`` stay, as the engine takes a language without one
#: for a language without a catalogue), the lessons' notebooks (the page opens no lesson) and the
#: expert's tables in numpy's format (the page has no numpy). Of the code, the page's copy keeps the
#: sub-packages the page's Python imports (:func:`page_packages`).
NOT_IN_PAGE = (".pot", ".ipynb", ".npz")
#: The project's packages in its wheel.
PROJECT_PACKAGES = ("cribbage", "widgets")
#: Pyodide's standard library less its development tools, which a page never runs: help() and
#: doctest, the debugger, the interactive console, the test runner, and the servers and mail
#: clients of a machine (XML-RPC, WSGI, mailboxes, child processes).
NOT_IN_STDLIB = ("pydoc.py", "pydoc_data/", "doctest.py", "pdb.py", "_pyrepl/", "unittest/", "xmlrpc/",
                 "wsgiref/", "mailbox.py", "multiprocessing/", "idlelib/", "turtledemo/", "tkinter/",
                 "ensurepip/", "venv/")
#: A file is sent gzipped when that saves at least this share of it (a small or compressed file is not).
WORTH_COMPRESSING = 0.1
#: Where Babel keeps its locale data, one pickle per locale, inside its package.
BABEL_LOCALE_DATA = "babel/locale-data/"
#: The files of a date the archives are written with, so one source always makes the same bytes.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)

# Loads what Babel reads of each locale given (as the course formats its numbers and ordinals), and
# prints the locale files it opened: the locales and every one they inherit from, "root" last.
_BABEL_OPENS = """
import json, sys
from babel import Locale, localedata
opened = []
resolve = localedata.resolve_locale_filename
def recorded(name):
    opened.append(str(resolve(name)))
    return opened[-1]
localedata.resolve_locale_filename = recorded
for name in sys.argv[1:]:
    locale = Locale.parse(name)
    localedata.load(str(locale))
    locale.plural_form, locale.ordinal_form, locale.number_symbols
print(json.dumps(sorted(set(opened))))
"""

# Runs the page's Python (calculator_entry.py, as the page loads it: by itself) through a link and
# every action, refusals too, and prints the project's modules it imported.
_PAGE_IMPORTS = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("calculator_entry", sys.argv[1])
entry = importlib.util.module_from_spec(spec)
spec.loader.exec_module(entry)
counts = json.dumps({"hand": [1] * 30, "crib": [1] * 30})
for language in sys.argv[3:]:
    entry.start("?hand=5H5D6H7S&starter=8C&crib=1&lang=" + language, counts)
    entry.start("?hand=5H5D6H7S&starter=5H&lang=" + language, counts)
    for action, argument in [("pick", "2C"), ("pick", "2C"), ("type_cards", "5h jh qh kh 5s"),
                             ("type_cards", "zz"), ("set_crib", True), ("load_code", "5HJHQHKH/5S/crib"),
                             ("load_code", "?"), ("clear", None)]:
        entry.act(action) if argument is None else entry.act(action, argument)
packages = set(sys.argv[2].split(","))
print(json.dumps(sorted(name for name in sys.modules if name.partition(".")[0] in packages)))
"""


def _run(command: list[str], cwd: Path) -> None:
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def npm_install() -> Path:
    """``npm ci`` unless ``node_modules`` already holds the locked Pyodide; returns its folder."""
    lock = json.loads((HERE / "package-lock.json").read_text())
    wanted = lock["packages"]["node_modules/pyodide"]["version"]
    installed = HERE / "node_modules" / "pyodide"
    manifest = installed / "package.json"
    if not manifest.exists() or json.loads(manifest.read_text())["version"] != wanted:
        _run(["npm", "ci", "--no-audit", "--no-fund"], HERE)
    return installed


def write_wheel(path: Path, files: Iterable[tuple[str, bytes]]) -> Path:
    """A wheel at ``path`` holding ``files`` (name, bytes) as they come, stored uncompressed (the
    server sends the whole archive gzipped), with its ``RECORD`` written last as a wheel's is."""
    record: list[str] = []
    dist_info = ""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files:
            if name.endswith(".dist-info/RECORD"):
                dist_info = name.rsplit("/", 1)[0]
                continue
            archive.writestr(zipfile.ZipInfo(name, _ZIP_DATE), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{name},sha256={digest},{len(data)}")
        if not dist_info:
            raise SystemExit(f"{path.name}: no .dist-info/RECORD among its files")
        record.append(f"{dist_info}/RECORD,,")
        archive.writestr(zipfile.ZipInfo(f"{dist_info}/RECORD", _ZIP_DATE), "\n".join(record) + "\n")
    return path


def page_packages() -> set[str]:
    """The project's packages the page's Python imports (``cribbage.rules``, ``widgets.i18n``, ... and
    the top ones), run here through a link and every action in each language, in a Python of its own."""
    done = subprocess.run([sys.executable, "-c", _PAGE_IMPORTS, str(HERE / "calculator_entry.py"),
                           ",".join(PROJECT_PACKAGES), *(language.code for language in LANGUAGES)],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    modules: list[str] = json.loads(done.stdout)
    return {".".join(name.split(".")[:2]) for name in modules}


def _in_page(name: str, packages: set[str]) -> bool:
    if name.endswith(NOT_IN_PAGE):
        return False
    parts = name.split("/")
    if parts[0] not in PROJECT_PACKAGES:
        return parts[0].endswith(".dist-info")   # the wheel's metadata; not the other apps' modules
    if len(parts) > 2 and parts[1] == "locale":
        return True   # the catalogues, read by whatever words the page says
    if len(parts) == 2:   # a package's own module: itself, or a module of it the page imports
        module = parts[0] if parts[1] == "__init__.py" else parts[0] + "." + parts[1].removesuffix(".py")
        return module in packages or parts[1] in {"__init__.py", "py.typed"}
    return parts[0] + "." + parts[1] in packages


def page_wheel(wheel: Path, into: Path) -> Path:
    """The project's wheel as the page needs it: the packages it imports (:func:`page_packages`) and
    the catalogues, without :data:`NOT_IN_PAGE`, stored uncompressed."""
    packages = page_packages()
    with zipfile.ZipFile(wheel) as built:
        kept = [(info.filename, built.read(info)) for info in built.infolist()
                if not info.is_dir() and _in_page(info.filename, packages)]
    return write_wheel(into / wheel.name, kept)


def babel_locale_files() -> list[str]:
    """The names of Babel's locale files the course's languages read (each registry language's
    ``babel_locale`` and the locales it inherits from, ``root`` among them), as Babel itself opens
    them in a Python of its own (its cache then holds nothing the page would not)."""
    done = subprocess.run([sys.executable, "-c", _BABEL_OPENS, *(language.babel_locale for language in LANGUAGES)],
                          capture_output=True, text=True, check=True)
    opened: list[str] = json.loads(done.stdout)
    return sorted(Path(name).name for name in opened)


def babel_wheel(into: Path) -> Path:
    """Babel's wheel made from the Babel installed here (its code, its licenses, its metadata), with
    only the locale files :func:`babel_locale_files` names: what the page's languages read."""
    babel = importlib.metadata.distribution("babel")
    keep = {BABEL_LOCALE_DATA + name for name in babel_locale_files()}
    files = []
    for file in babel.files or ():
        name = file.as_posix()
        if name.startswith("..") or "__pycache__" in name or name.endswith(".pyc"):
            continue   # the scripts pip wrote outside the package, and this Python's compiled code
        if name.startswith(BABEL_LOCALE_DATA) and name.endswith(".dat") and name not in keep:
            continue   # (its license of the data, LICENSE.unicode, is kept)
        files.append((name, Path(file.locate()).read_bytes()))
    missing = keep - {name for name, _ in files}
    if missing:
        raise SystemExit(f"the installed Babel has no {sorted(missing)}")
    if not any("/licenses/" in name or name.endswith("/LICENSE") for name, _ in files):
        raise SystemExit("the installed Babel's license was not found among its files")
    tag = babel.metadata["Name"].lower()
    return write_wheel(into / f"{tag}-{babel.version}-py3-none-any.whl", files)


def project_wheel(into: Path) -> Path:
    """The project's wheel, built by pip from the checkout into ``into``; returns its path.

    setuptools builds in the checkout's own ``build/`` and ``*.egg-info`` folders, so two builds at once
    (two test workers, or a test beside ``make static-calculator``) trip over each other's files
    ("File exists: build/bdist…"): one build at a time, by a lock beside those folders."""
    into.mkdir(parents=True, exist_ok=True)
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / "project-wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(into)], ROOT)
    ours = sorted(into.glob("cribbage_course-*.whl"))
    if len(ours) != 1:
        raise SystemExit(f"expected one wheel of the project, found {ours}")
    return ours[0]


def build_wheels(into: Path) -> list[str]:
    """The page's copy of the project's wheel and Babel's (:func:`page_wheel`, :func:`babel_wheel`), in
    ``into``; returns their file names (the project's first)."""
    into.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        return [page_wheel(project_wheel(Path(tmp)), into).name, babel_wheel(into).name]


def stored(archive: Path, out: Path, leave_out: tuple[str, ...] = ()) -> Path:
    """``archive`` (a zip) rewritten into ``out`` with every member stored uncompressed, in its order,
    less the members whose names start with one of ``leave_out``."""
    with zipfile.ZipFile(archive) as source:
        files = [(info, source.read(info)) for info in source.infolist() if not info.filename.startswith(leave_out)]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info, data in files:
            info.compress_type = zipfile.ZIP_STORED
            target.writestr(info, data)
    return out


def precompress(folder: Path) -> list[Path]:
    """A ``name.gz`` beside each file of ``folder`` that gzip makes :data:`WORTH_COMPRESSING` smaller,
    with the file's modification time (what the server says of both); returns the twins written."""
    written = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".gz"):
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= len(data) * (1 - WORTH_COMPRESSING):
            twin = path.with_name(path.name + ".gz")
            twin.write_bytes(packed)
            stat = path.stat()
            os.utime(twin, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            written.append(twin)
    return written


def page_data(wheels: list[str]) -> dict[str, Any]:
    """The page's words in each language, the distribution of all hands, the wheels to load."""
    from apps.static_calculator import calculator_entry as entry
    from cribbage.stats import hand_distribution

    counts = {"hand": [int(n) for n in hand_distribution()], "crib": [int(n) for n in hand_distribution(crib=True)]}
    return {
        "words": {language: entry.page_words(language, counts) for language in entry.LANGUAGES},
        "data": {"languages": list(entry.LANGUAGES), "distribution": counts, "wheels": wheels,
                 "slot": entry.CARDS_SLOT},
    }


def course_css() -> str:
    """The stylesheet every view of the course shares (cards, items, messages), and the page's own."""
    from widgets.base.view import CSS

    return CSS + "\n" + (HERE / "calculator.css").read_text()


def build(out: Path = DEFAULT_OUT, *, npm: bool = True) -> Path:
    """Writes the page into ``out`` (emptied first); returns ``out``."""
    pyodide = npm_install() if npm else HERE / "node_modules" / "pyodide"
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name.endswith(".zip"):
            stored(pyodide / name, out / "pyodide" / name, leave_out=NOT_IN_STDLIB)
        else:
            shutil.copy2(pyodide / name, out / "pyodide" / name)
    wheels = build_wheels(out / "wheels")
    data = page_data(wheels)
    (out / "page-data.js").write_text(
        "// Written by apps/static_calculator/build.py from the catalogue: do not edit.\n"
        f"self.CC_WORDS = {json.dumps(data['words'], ensure_ascii=False, sort_keys=True)};\n"
        f"self.CC_DATA = {json.dumps(data['data'], ensure_ascii=False, sort_keys=True)};\n", encoding="utf-8")
    for name in SOURCES:
        shutil.copy2(HERE / name, out / name)
    (out / "calculator.css").write_text(course_css(), encoding="utf-8")
    # One version for the whole build: in every asset's address, so a new build is never mixed
    # with an old one kept by a browser, and in the service worker's cache name.
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        digest.update(path.relative_to(out).as_posix().encode())
        digest.update(path.read_bytes())
    version = digest.hexdigest()[:12]
    for name in ("index.html", "sw.js"):
        text = (HERE / name).read_text(encoding="utf-8").replace("{{VERSION}}", version)
        (out / name).write_text(text, encoding="utf-8")
    (out / "version.txt").write_text(version + "\n")
    precompress(out)
    return out


def first_visit_bytes(out: Path) -> int:
    """What a first visit downloads from :mod:`~apps.static_calculator.serve`: each file once, its
    gzipped twin where it has one."""
    files = [p for p in out.rglob("*") if p.is_file() and p.suffix != ".gz"]
    return sum((p.with_name(p.name + ".gz") if p.with_name(p.name + ".gz").exists() else p).stat().st_size
               for p in files)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder to write (emptied first)")
    parser.add_argument("--no-npm", action="store_true", help="use node_modules as it is (no npm ci)")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), npm=not args.no_npm)
    print(f"{out}: a first visit downloads {first_visit_bytes(out) / 1e6:.1f} MB compressed; serve it with: "
          f"python -m apps.static_calculator.serve --directory {out}")


if __name__ == "__main__":
    main()
