"""The registries read by their file path, with nothing but the standard library: the one loader of the
steps that run before the engine can be imported (``setup.py`` while a wheel is built, ``tools/course.py``
before anything is installed), where ``import cribbage.registry`` would run ``cribbage/__init__.py``
and need numpy.

They load this module by its path too, with the standard library's :func:`runpy.run_path`, and call
its :func:`registry`::

    registry = runpy.run_path(str(root / "cribbage" / "registry" / "by_path.py"))["registry"]
    stops = registry("stops")
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

#: The registries' folder, wherever this file is read from (runpy gives it its ``__file__``).
FOLDER = Path(__file__).resolve().parent


def registry(name: str) -> ModuleType:
    """The registry ``cribbage/registry/<name>.py`` as a module of its own, ``_course_registry_<name>``."""
    spec = importlib.util.spec_from_file_location(f"_course_registry_{name}", FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up while the classes are made
    spec.loader.exec_module(module)
    return module
