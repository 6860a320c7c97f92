"""What the static calculator's build (apps/static_calculator/build.py) ships: Babel with the locale
data of the registry's languages only (and its license), the project's wheel without what the page
never reads, zip archives stored whole and a gzipped twin of every file worth it, and a first visit
under 6 MB. The page built here is the one tests/integration/test_static_calculator_node.py runs."""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from test_static_calculator_node import built  # noqa: F401  (the module's built page, a fixture)

from apps.static_calculator.build import BABEL_LOCALE_DATA, NOT_IN_PAGE, first_visit_bytes
from cribbage.registry.languages import LANGUAGES, TRANSLATED

#: The issue's bound on what a first visit downloads (it was 24.6 MB, Babel's whole wheel and the
#: WebAssembly uncompressed).
FIRST_VISIT_BOUND = 6_000_000


def wheel(site: Path, name: str) -> Path:
    data = json.loads((site / "page-data.js").read_text().split("self.CC_DATA = ", 1)[1].rsplit(";", 1)[0])
    found = [site / "wheels" / wheel for wheel in data["wheels"] if wheel.startswith(name + "-")]
    assert len(found) == 1, data["wheels"]
    return found[0]


def test_babel_holds_the_registry_languages_locale_data_only(built: Path, tmp_path: Path) -> None:  # noqa: F811
    babel = wheel(built, "babel")
    with zipfile.ZipFile(babel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path)
    locales = {Path(name).stem for name in names if name.startswith(BABEL_LOCALE_DATA) and name.endswith(".dat")}
    assert {language.babel_locale for language in LANGUAGES} | {"root"} <= locales
    assert len(locales) <= 2 * len(LANGUAGES) + 1   # each language and what it inherits from, no more
    assert sum((tmp_path / BABEL_LOCALE_DATA / f"{name}.dat").stat().st_size for name in locales) < 1_500_000
    # Its license, as the installed Babel's.
    installed = importlib.metadata.distribution("babel")
    license_files = [file for file in installed.files or () if file.name.startswith("LICENSE")]
    assert license_files
    for file in license_files:
        assert (tmp_path / file.as_posix()).read_bytes() == Path(str(file.locate())).read_bytes()
    # The page's Babel, by itself, writes every language's numbers.
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import babel, json; from babel.numbers import "
            "format_decimal; assert babel.__file__.startswith(sys.argv[1]), babel.__file__; "
            "print(json.dumps([format_decimal(12345.5, locale=name) for name in sys.argv[2:]]))")
    done = subprocess.run([sys.executable, "-S", "-c", code, str(tmp_path),
                           *(language.babel_locale for language in LANGUAGES)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    from babel.numbers import format_decimal

    assert json.loads(done.stdout) == [format_decimal(12345.5, locale=language.babel_locale) for language in LANGUAGES]


def test_the_project_wheel_holds_what_the_page_reads(built: Path) -> None:  # noqa: F811
    with zipfile.ZipFile(wheel(built, "cribbage_course")) as archive:
        names = set(archive.namelist())
    assert [name for name in names if name.endswith(NOT_IN_PAGE)] == []
    for language in TRANSLATED:
        for domain in ("cribbage", "widgets"):
            assert {f"{domain}/locale/{language}/LC_MESSAGES/{domain}.{kind}" for kind in ("mo", "po")} <= names
    assert "cribbage/rules/show_scoring.py" in names and "widgets/i18n/messages.py" in names
    assert not any(name.startswith(("cribbage/ai/", "widgets/drills/", "machinery/")) for name in names)


def test_archives_are_stored_and_sent_gzipped_whole(built: Path) -> None:  # noqa: F811
    archives = [*sorted((built / "wheels").glob("*.whl")), built / "pyodide" / "python_stdlib.zip"]
    for archive in archives:
        with zipfile.ZipFile(archive) as opened:
            assert {info.compress_type for info in opened.infolist()} == {zipfile.ZIP_STORED}, archive.name
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.js", "index.html", "page-data.js",
                 *(archive.relative_to(built).as_posix() for archive in archives)):
        twin = built / (name + ".gz")
        assert twin.is_file(), name
        assert gzip.decompress(twin.read_bytes()) == (built / name).read_bytes()
        assert twin.stat().st_size < (built / name).stat().st_size * 0.9


def test_a_first_visit_downloads_under_6_mb(built: Path) -> None:  # noqa: F811
    assert first_visit_bytes(built) < FIRST_VISIT_BOUND
