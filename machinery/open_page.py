"""The course's own entry address, ``/cribbage/open?path=<notebook>``: a lesson opened the way the
learner's screen wants it: its pages and checks. The Jupyter Server extension that serves them is
:mod:`machinery.open_extension` (named in the server config a learner's copy and a class's servers are
started with, :data:`machinery.lab_language.COURSE_SERVER_CONFIG`); this module imports no server, so
the launcher can name the address without loading one.

JupyterLab does not choose its mode by the screen's width: at 390 px its side bars and its tabs leave a
lesson a third of a phone. The page this address answers has no words (a spinner, for the moment it is
on screen) and a line of script that looks at the browser's width: under :data:`NARROW` CSS pixels it
goes to JupyterLab's single-document ("simple") mode, ``/doc/workspaces/cribbage-phone/tree/<path>``,
JupyterLab's own address for that mode in a workspace of the phone's own (one document filling the
screen, no tab bar, the side bars and their strips of icons out of the way; the lessons' links to one
another open the next lesson in its place); otherwise to the usual ``/lab/tree/<path>``. A ``#cell-id=...`` fragment
goes along. The page is not cached: a learner who turns the phone, or opens the same link on a laptop,
is asked again.

``path`` must name a notebook inside the server's root that exists: relative, with no ``..``, ``.``,
empty or hidden part and no backslash, ending in ``.ipynb``, and found by the server's own contents
manager (which refuses anything outside its root). Anything else is answered 404 with a page that says
so in the learner's language and offers the start of the course; never a redirect elsewhere, so a
tampered link cannot send a learner off the server.
"""

from __future__ import annotations

import html
import json
import posixpath
from collections.abc import Iterable, Mapping
from pathlib import Path
from urllib.parse import quote

from cribbage.lang.messages import add_catalogue, render
from cribbage.registry.languages import CODES, SOURCE, from_locale

__all__ = ["CUSTOM_CSS", "ENTRY", "NARROW", "PHONE_LAYOUT", "PHONE_WORKSPACE", "choosing_page", "entry_url", "lesson_path", "page_language", "refused_page", "targets"]

#: The entry's address under the server's base URL.
ENTRY = "/cribbage/open"
#: Screens narrower than this many CSS pixels get JupyterLab's single-document mode (and, for as long as
#: they are that narrow, a menu bar that scrolls sideways: :data:`CUSTOM_CSS`).
NARROW = 600
#: The folder of the course's ``custom.css`` for JupyterLab's page (served by :mod:`machinery.open_extension`):
#: below :data:`NARROW` pixels the menu bar, which cannot show its eight titles, scrolls sideways.
CUSTOM_CSS = Path(__file__).resolve().parent / "custom"
#: The JupyterLab workspace a narrow screen opens: its own layout, apart from the laptop's (where the
#: learner may have opened the file browser), and its own first layout (:data:`PHONE_LAYOUT`).
PHONE_WORKSPACE = "cribbage-phone"
#: The phone workspace's first layout: both side bars collapsed and their strips of icons hidden too
#: (70 px of a 390 px screen; View > Appearance brings them back, and the learner's choice is kept).
PHONE_LAYOUT: dict[str, object] = {"data": {"layout-restorer:data": {
    "main": {"dock": None},
    "left": {"collapsed": True, "visible": False, "widgets": ["filebrowser"]},
    "right": {"collapsed": True, "visible": False, "widgets": []}}},
    "metadata": {"id": PHONE_WORKSPACE}}

# The refusal's words: the statistics' own message (cribbage/stats/dictionary.py), the same key and English,
# so its Spanish and Portuguese come from the engine's catalogue; named here rather than imported with
# the statistics package, which takes seconds to import in the server.
add_catalogue({"stats.no_file": {"en": "there is no file {value}"}})

_SPINNER_STYLE = """
html, body { height: 100%; margin: 0; background: var(--jp-layout-color0, #fff); }
body { display: flex; align-items: center; justify-content: center; font-family: system-ui, sans-serif; }
.cc-spin { width: 40px; height: 40px; border-radius: 50%; border: 4px solid #ccc; border-top-color: #2a7a3b;
           animation: cc-turn 0.9s linear infinite; }
@keyframes cc-turn { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .cc-spin { animation: none; } }
.cc-refused { max-width: 32rem; padding: 1rem; font-size: 1.1rem; line-height: 1.5; }
.cc-refused a { display: inline-block; margin-top: 0.75rem; font-size: 2rem; text-decoration: none; }
"""


def entry_url(path: str) -> str:
    """The entry's address (under the server's base URL) for the notebook at ``path``: what the launcher
    and a class's hub give as JupyterLab's default URL.

    >>> entry_url("start/index.ipynb")
    '/cribbage/open?path=start/index.ipynb'
    """
    return f"{ENTRY}?path={quote(path, safe='/')}"


def lesson_path(path: str) -> str | None:
    """``path`` if it is a well-formed notebook path relative to the server's root, else None (whether the
    notebook exists is the contents manager's to say).

    >>> lesson_path("start/index.ipynb"), lesson_path("../etc/x.ipynb"), lesson_path("//evil.example/a.ipynb")
    ('start/index.ipynb', None, None)
    """
    if not path.endswith(".ipynb") or "\\" in path or "\x00" in path or path.startswith("/"):
        return None
    parts = path.split("/")
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        return None
    if posixpath.normpath(path) != path:
        return None
    return path


def targets(base_url: str, path: str) -> dict[str, str]:
    """Where the page sends a narrow screen and a wide one, for the checked ``path``, and the address of the
    phone workspace in JupyterLab's REST API (its documented ``/lab/api/workspaces/<id>``)."""
    tree = quote(path, safe="/")
    base = base_url.rstrip("/")
    return {"narrow": f"{base}/doc/workspaces/{PHONE_WORKSPACE}/tree/{tree}", "wide": f"{base}/lab/tree/{tree}",
            "workspace": f"{base}/lab/api/workspaces/{PHONE_WORKSPACE}"}


def _script_json(value: object) -> str:
    # Inside <script>, "</" could end the element: JSON allows "\/" for "/".
    return json.dumps(value).replace("</", "<\\/")


_CHOOSE = """(function () {
  var to = %(to)s, layout = %(layout)s, xsrf = %(xsrf)s;
  var width = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
  function go(where) { window.location.replace(where + window.location.hash); }
  if (width >= %(narrow)d) { go(to.wide); return; }
  // The phone workspace gets its first layout once; a layout the learner has left there is kept.
  fetch(to.workspace, {credentials: "same-origin"})
    .then(function (answer) { return answer.ok ? answer.json() : {data: {}}; })
    .then(function (found) {
      if (found && found.data && found.data["layout-restorer:data"]) { return null; }
      return fetch(to.workspace, {method: "PUT", credentials: "same-origin", body: JSON.stringify(layout),
                                  headers: {"Content-Type": "application/json", "X-XSRFToken": xsrf}});
    })
    .catch(function () { return null; })   // without it, the phone still gets single-document mode
    .then(function () { go(to.narrow); });
})();"""


def choosing_page(destinations: dict[str, str], language: str, xsrf: str = "") -> str:
    """The page that chooses: a spinner, and the script that replaces itself by one of ``destinations``
    (``replace``: the browser's Back button does not come back to it); for a narrow screen it first gives
    the phone workspace its first layout (through JupyterLab's REST API, with the server's ``xsrf`` token)."""
    script = _CHOOSE % {"to": _script_json(destinations), "layout": _script_json(PHONE_LAYOUT),
                        "xsrf": _script_json(xsrf), "narrow": NARROW}
    return ("<!DOCTYPE html>\n"
            f'<html lang="{language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>\u2663</title><style>{_SPINNER_STYLE}</style></head>"
            '<body><div class="cc-spin" role="progressbar" aria-busy="true"></div>'
            f"<script>{script}</script></body></html>\n")


def refused_page(path: str, start: str, language: str) -> str:
    """The page a tampered or stale link gets: no such lesson, in the learner's language, and a link to
    the start of the course on this server."""
    said = render("stats.no_file", language, value=path)
    return ("<!DOCTYPE html>\n"
            f'<html lang="{language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>\u26a0</title><style>{_SPINNER_STYLE}</style></head>"
            f'<body><div class="cc-refused" role="alert"><p>\u26a0 {html.escape(said)}</p>'
            f'<a class="cc-to-start" href="{html.escape(start)}">\u2663 \u2192</a></div></body></html>\n')


def _accepted(header: str) -> Iterable[str]:
    """The languages of an ``Accept-Language`` header, in the browser's order of preference."""
    weighted = []
    for position, item in enumerate(header.split(",")):
        tag, _, weight = item.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            quality = 0.0
        weighted.append((-quality, position, tag.strip().split("-")[0].lower()))
    return (tag for _, _, tag in sorted(weighted))


def page_language(accept_language: str, environ: Mapping[str, str]) -> str:
    """The language of the refusal page: the browser's first of the course's, else the server's locale's,
    else the course's source language."""
    for tag in _accepted(accept_language):
        if tag in CODES:
            return tag
    return from_locale(environ) or SOURCE
