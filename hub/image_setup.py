"""What the course's single-user image for Kubernetes holds, made in one folder (``hub/k8s/Dockerfile``).

    python -m hub.image_setup /opt/cribbage --language pt [--tables build|skip]

run in the checkout, inside the image being built: the same ``course/`` (read-only; each learner's
server copies it to ``~/cribbage-course`` on its first start, ``hub/values.yaml``'s ``postStart``),
``jupyter/`` (JupyterLab's defaults: its menus in ``--language``) and ``tables/`` (the statistics lab's
tables, built once, read-only: ``CRIBBAGE_CACHE_DIR``) as :mod:`hub.class_setup` makes on one machine.
No account, no hub configuration: on Kubernetes those are zero-to-jupyterhub's (``hub/values.yaml``
and the class's values from :mod:`hub.k8s_values`). What it says is in the locale's language, as
:mod:`hub.class_setup`'s (the catalogue ``hub``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cribbage.cli.parsing import speaking
from cribbage.lang.messages import add_catalogue, message, use_language
from cribbage.registry.languages import CODES, SOURCE
from hub.class_setup import (
    DOMAIN,
    LOCALE,
    build_tables,
    copy_course,
    help_text,
    jupyter_config,
    readable,
    teachers_language,
)

# What the image's set-up says, English here; Spanish and Portuguese in hub/locale (make catalogues).
MESSAGES: dict[str, dict[str, str]] = {
    "hub.image.help.description": {"en": "Make the course's folder of the single-user image."},
    "hub.image.help.folder": {"en": "where the image keeps the course (/opt/cribbage)"},
    # build and skip are typed as they are.
    "hub.image.help.tables": {"en": "build the statistics lab's tables into the image (minutes), or skip"},
    # {parts}: the folders made, as they are named (course/, jupyter/, tables/).
    "hub.image.made": {"en": "made {folder}: {parts}"},
}
add_catalogue(MESSAGES, domain=DOMAIN, locale_dir=LOCALE)


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
    with use_language(teachers_language()) as language, speaking(language):
        parser = argparse.ArgumentParser(prog="python -m hub.image_setup",
                                         description=help_text("hub.image.help.description"))
        parser.add_argument("folder", metavar=str(message("hub.setup.metavar.folder")), help=help_text("hub.image.help.folder"))
        parser.add_argument("--language", choices=CODES, default=SOURCE, help=help_text("hub.setup.help.language"))
        parser.add_argument("--tables", choices=("build", "skip"), default="build",
                            help=help_text("hub.image.help.tables"))
        args = parser.parse_args(argv)
        make_image_folder(Path(args.folder), args.language, args.tables)
        parts = ["course/", "jupyter/", *(["tables/"] if args.tables == "build" else [])]
        print(message("hub.image.made", folder=args.folder, parts=", ".join(parts)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
