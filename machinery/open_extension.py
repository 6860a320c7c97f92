"""The Jupyter Server extension that serves the course's entry address, ``/cribbage/open?path=...``
(what it answers and why: :mod:`machinery.open_page`).

Only Jupyter Server's documented extension API is used: ``_jupyter_server_extension_points``,
``_load_jupyter_server_extension``, a ``JupyterHandler`` added to the server's web application under its
base URL, its ``authenticated``/``authorized`` guards, and the contents manager's ``file_exists``.

It also gives JupyterLab's page the course's narrow-screen rules (:data:`machinery.open_page.CUSTOM_CSS`,
a menu bar that scrolls sideways on a phone): JupyterLab's documented custom CSS (``LabApp.custom_css``,
set in the course's server config) is served from the server's ``static_custom_path``, a list that is
not configurable; the course's folder is put first in it, so its ``custom.css`` is the one served (a
``custom.css`` of the learner's own, in their Jupyter config folder, is not).
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.auth.decorator import authorized
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import ensure_async, url_path_join
from tornado import web

from machinery.open_page import CUSTOM_CSS, ENTRY, choosing_page, lesson_path, page_language, refused_page, targets

__all__ = ["OpenHandler"]


class OpenHandler(JupyterHandler):
    """``GET /cribbage/open?path=...``: the choosing page, or the refusal."""

    auth_resource = "contents"

    @web.authenticated
    @authorized
    async def get(self) -> None:
        asked = self.get_query_argument("path", "")
        path = lesson_path(asked)
        found = False
        if path is not None:
            try:
                found = bool(await ensure_async(self.contents_manager.file_exists(path)))  # type: ignore[no-untyped-call]
            except web.HTTPError:   # outside the root, or hidden: the contents manager refuses it
                found = False
        language = page_language(self.request.headers.get("Accept-Language", ""), os.environ)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        if path is None or not found:
            self.set_status(404)
            # The server's root address: it sends the learner on to the course's start (its default URL).
            self.finish(refused_page(asked, self.base_url, language))
            return
        xsrf = self.xsrf_token   # what JupyterLab's REST API asks of a page's script (Tornado's token)
        self.finish(choosing_page(targets(self.base_url, path), language,
                                  xsrf.decode() if isinstance(xsrf, bytes) else str(xsrf)))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Jupyter Server's documented hook: this module is the extension."""
    return [{"module": "machinery.open_extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Adds the entry's handler under the server's base URL."""
    pattern = url_path_join(serverapp.base_url, ENTRY)
    serverapp.web_app.add_handlers(".*$", [(pattern, OpenHandler)])
    # In place: JupyterLab's handler of custom/custom.css holds this very list (the web app's settings).
    folders = serverapp.static_custom_path
    if str(CUSTOM_CSS) not in folders:
        folders.insert(0, str(CUSTOM_CSS))
