"""Which lessons a learner has open, from the layout JupyterLab saves for them (a workspace's JSON).

JupyterLab keeps each workspace's layout in a file: the main area's tabs (``"notebook:<path>"`` in
``data["layout-restorer:data"]["main"]["dock"]``, an area of tabs or areas split into others) and the tab in
front (``...["main"]["current"]``). :func:`open_lessons` turns that into the course's stops, by the
notebook's file name (any of the names a stop's notebook has: a copy in a language's folder, or an older
copy with the English names). Reading the file from a learner's home is the hub's business
(:mod:`hub.teacher_view`); this module only reads the JSON it is given, and never fails on it: anything
that is not JupyterLab's layout gives None.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.registry import stops as _registry

__all__ = ["OpenLessons", "open_lessons"]

# Each name a stop's notebook has, and the stop.
_STOP_OF = {name: stop.number for stop in _registry.STOPS for name in stop.notebooks}
# A layout is a handful of nested areas; a deeper one is not JupyterLab's.
_DEEPEST = 20


@dataclass(frozen=True)
class OpenLessons:
    """The lessons open in a learner's saved layout: ``stops`` in the order of their tabs, ``front`` the
    stop whose tab is in front (None: the tab in front is no lesson, or none is), ``saved`` when the layout
    was saved (``2026-12-06T16:20:00``, UTC)."""

    stops: tuple[int, ...]
    front: int | None
    saved: str


def _stop(tab: object) -> int | None:
    """The stop of a tab's id (``notebook:cribbage-course/es/03_el_recuento.ipynb``), or None."""
    if not isinstance(tab, str) or not tab.startswith("notebook:"):
        return None
    return _STOP_OF.get(tab.rsplit("/", 1)[-1].removeprefix("notebook:"))


def _tabs(area: object, depth: int = 0) -> list[object]:
    """Every tab's id in an area of the main dock, in order (an area of tabs, or a split of areas)."""
    if not isinstance(area, dict) or depth > _DEEPEST:
        return []
    tabs = area.get("widgets")
    found = list(tabs) if isinstance(tabs, list) else []
    children = area.get("children")
    for child in children if isinstance(children, list) else []:
        found += _tabs(child, depth + 1)
    return found


def open_lessons(layout: object, saved: str = "") -> OpenLessons | None:
    """The lessons open in ``layout`` (a workspace's JSON, as read), or None when it is not JupyterLab's."""
    data = layout.get("data") if isinstance(layout, dict) else None
    restorer = data.get("layout-restorer:data") if isinstance(data, dict) else None
    main = restorer.get("main") if isinstance(restorer, dict) else None
    if not isinstance(main, dict):
        return None
    stops = tuple(dict.fromkeys(stop for stop in map(_stop, _tabs(main.get("dock"))) if stop is not None))
    front = _stop(main.get("current"))
    return OpenLessons(stops, front if front in stops else None, saved)
