"""The course's JupyterLab extension (``labextension/``): built, installed, and checked against its source.

JupyterLab 4.6's responsive toolbars (every document's toolbar, the notebook's among them) make their
"More commands" button, shown when the toolbar is narrower than its buttons (as on a phone), without a
translator, so its tooltip is English whatever the language pack says. The extension's one plugin gives
each such toolbar the pack's words; it also shows the Run and Kernel menus' ▶▶ items as the pack words
them whole, where JupyterLab would join two commands' labels ("Reiniciar el núcleo y Ejecutar todas las
celdas…"). ``labextension/src/index.js`` says how, and what of JupyterLab it leans on. It is a prebuilt ("federated") extension: no Node.js on a learner's machine.

What is in ``labextension/``:

- ``src/index.js``, ``package.json``, ``package-lock.json``: the source, and the npm packages it is
  built with (JupyterLab's own packages are not bundled: the page shares its own with the extension);
- ``prebuilt/``: the built extension, kept in git. ``pyproject.toml``'s ``data-files`` install it as
  ``share/jupyter/labextensions/cribbage-course-lab/`` (where JupyterLab finds an installed extension) in
  every install: ``pip install .``, and ``make course``'s editable one (``setup.py`` says what that needs);
- ``built-from.json``: the digests of the source and of ``prebuilt/`` when it was built;
  ``tests/test_labextension.py`` fails when either has changed since (the source edited and not built
  again, or the build edited by hand).

``python tools/labextension.py [build|check]``: ``build`` (``make labextension``) installs the npm
packages the lock names (``npm ci``; Node.js 20 or later), builds with ``jupyter-builder build``
(jupyter_builder, which JupyterLab 4.6 installs; ``jupyter labextension build`` is now its deprecated
alias), and writes ``built-from.json``; ``check`` writes nothing and fails, saying why, when the source
or ``prebuilt/`` is not what ``built-from.json`` records. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = ["HERE", "NAME", "PREBUILT", "RECORD", "ROOT", "build", "built_files", "digest", "problems", "source_files"]

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "labextension"
PREBUILT = HERE / "prebuilt"
RECORD = HERE / "built-from.json"
#: The extension's name (its npm name, and its folder under ``share/jupyter/labextensions``).
NAME: str = json.loads((HERE / "package.json").read_text(encoding="utf-8"))["name"]


def source_files(folder: Path = HERE) -> list[Path]:
    """What a build is made from: the code, the package's description and the lock of its npm packages."""
    return [folder / "package.json", folder / "package-lock.json", *sorted((folder / "src").rglob("*.js"))]


def digest(files: Iterable[Path], root: Path) -> str:
    """One SHA-256 of the files' names (relative to ``root``) and contents, in the order given."""
    total = hashlib.sha256()
    for path in files:
        name = path.relative_to(root).as_posix().encode()
        data = path.read_bytes()
        total.update(len(name).to_bytes(4, "big") + name + len(data).to_bytes(8, "big") + data)
    return total.hexdigest()


def built_files(folder: Path = HERE) -> list[Path]:
    """The build's files (``prebuilt/``), in order."""
    return sorted(path for path in (folder / PREBUILT.name).rglob("*") if path.is_file())


def _digests(folder: Path) -> dict[str, str]:
    return {"source": digest(source_files(folder), folder), "prebuilt": digest(built_files(folder), folder)}


def problems(folder: Path = HERE) -> list[str]:
    """Why the build kept in ``folder`` (``labextension/``) is not its source's (nothing when it is)."""
    record = folder / RECORD.name
    if not record.is_file() or not (folder / PREBUILT.name / "package.json").is_file():
        return [f"{HERE.name}: no build recorded: run make labextension"]
    recorded, now = json.loads(record.read_text(encoding="utf-8")), _digests(folder)
    found = []
    if recorded.get("source") != now["source"]:
        found.append(f"{HERE.name}: the source changed since prebuilt/ was built: run make labextension")
    if recorded.get("prebuilt") != now["prebuilt"]:
        found.append(f"{HERE.name}: prebuilt/ is not what the build wrote (edited by hand?): run make labextension")
    return found


def build() -> None:
    """``npm ci``, the build into ``prebuilt/`` (the old one removed first), and the digests recorded."""
    npm = shutil.which("npm")
    builder = Path(sys.executable).with_name("jupyter-builder")
    if npm is None:
        raise SystemExit("make labextension needs Node.js (20 or later) and npm")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    shutil.rmtree(PREBUILT, ignore_errors=True)
    subprocess.run([str(builder) if builder.exists() else "jupyter-builder", "build", "."], cwd=HERE, check=True)
    RECORD.write_text(json.dumps(_digests(HERE), indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python tools/labextension.py", description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "check"])
    if parser.parse_args(argv).command == "check":
        found = problems()
        print("\n".join(found), file=sys.stderr) if found else None
        return 1 if found else 0
    build()
    print(PREBUILT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
