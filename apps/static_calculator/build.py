"""Builds the static calculator page into a folder of plain files, served by anything.

    python -m apps.static_calculator.build [--out build/static-calculator] [--no-npm]

The folder holds ``index.html`` with its scripts and style; the page's words in English, Spanish and
Portuguese, written here from the catalogue (``page-data.js``); the project's wheel (``pip wheel .``,
which compiles the ``.mo`` catalogues into it) and Babel's (the version installed here, from PyPI);
the Python half of the page (``calculator_entry.py``); Pyodide's core, copied from the npm package
pinned in ``package.json``/``package-lock.json`` (``npm ci`` here when ``node_modules`` is missing or
not the locked version; nothing is fetched from a CDN); and a service worker that keeps it all for
the next visit. ``python -m http.server -d build/static-calculator`` serves it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEFAULT_OUT = ROOT / "build" / "static-calculator"
#: The files of Pyodide's core the page loads (the interpreter, its standard library, its lock file).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The page's own sources, copied as they are (index.html and sw.js are filled in with the version).
SOURCES = ("first-paint.js", "calculator.js", "calculator.css", "calculator_entry.py")


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


def build_wheels(into: Path) -> list[str]:
    """The project's wheel and Babel's, in ``into``; returns their file names (the project's first)."""
    into.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        _run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", tmp], ROOT)
        ours = sorted(Path(tmp).glob("cribbage_course-*.whl"))
        babel = importlib.metadata.version("babel")
        _run([sys.executable, "-m", "pip", "download", f"babel=={babel}", "--no-deps", "--only-binary=:all:",
              "-q", "-d", tmp], ROOT)
        theirs = sorted(Path(tmp).glob("babel-*.whl"))
        if len(ours) != 1 or len(theirs) != 1:
            raise SystemExit(f"expected one wheel of each, found {ours} and {theirs}")
        for wheel in (*ours, *theirs):
            shutil.copy2(wheel, into / wheel.name)
        return [ours[0].name, theirs[0].name]


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
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder to write (emptied first)")
    parser.add_argument("--no-npm", action="store_true", help="use node_modules as it is (no npm ci)")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), npm=not args.no_npm)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{out}: {size / 1e6:.1f} MB; serve it with: python -m http.server -d {out}")


if __name__ == "__main__":
    main()
