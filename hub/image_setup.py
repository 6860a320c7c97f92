"""What the course's single-user image for Kubernetes holds, made in one folder (``hub/k8s/Dockerfile``).

    python -m hub.image_setup /opt/cribbage --language pt [--tables build|skip]

run in the checkout, inside the image being built: the same ``course/`` (read-only; each learner's
server copies it to ``~/cribbage-course`` on its first start, ``hub/values.yaml``'s ``postStart``),
``jupyter/`` (JupyterLab's defaults: its menus in ``--language``) and ``tables/`` (the statistics lab's
tables, built once, read-only: ``CRIBBAGE_CACHE_DIR``) as :mod:`hub.class_setup` makes on one machine.
No account, no hub configuration: on Kubernetes those are zero-to-jupyterhub's (``hub/values.yaml``
and the class's values from :mod:`hub.k8s_values`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cribbage.registry.languages import CODES, SOURCE
from hub.class_setup import build_tables, copy_course, jupyter_config, readable


def make_image_folder(folder: Path, language: str, tables: str) -> None:
    """The course, JupyterLab's defaults and (``tables="build"``) the tables in ``folder``, readable by all."""
    folder.mkdir(parents=True, exist_ok=True)
    copy_course(folder / "course")
    jupyter_config(folder / "jupyter", language)
    if tables == "build":
        (folder / "state").mkdir(exist_ok=True)  # matplotlib's cache while the notebooks run
        build_tables(Path(sys.executable), folder / "tables")
    readable(folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the course's folder of the single-user image.")
    parser.add_argument("folder", help="where the image keeps the course (/opt/cribbage)")
    parser.add_argument("--language", choices=CODES, default=SOURCE, help="JupyterLab's default language")
    parser.add_argument("--tables", choices=("build", "skip"), default="build",
                        help="build the statistics lab's tables into the image (minutes), or skip")
    args = parser.parse_args(argv)
    make_image_folder(Path(args.folder), args.language, args.tables)
    print(f"made {args.folder}: course/, jupyter/{', tables/' if args.tables == 'build' else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
