"""The teacher's live view, as a JupyterHub service: ``/services/teacher/`` on the class's hub.

JupyterHub starts it (``c.JupyterHub.services``, written by ``hub/class_setup.py``) as the hub's own
user, which can read every learner's home; a learner's progress files stay private to them (0600 in
their 0700 home) and are only ever opened read-only here. Who may open the page is the hub's decision,
through OAuth: the scope ``access:services!service=teacher``, which the setup gives to the hub's admins
and to the group ``teachers`` only. A learner who opens the address is refused (403).

- ``/services/teacher/`` the teacher's page (names), ``?view=projector`` the projector's (no names);
  ``?lang=es`` or ``pt`` chooses the language, else the browser's (``Accept-Language``);
- ``.../fragment`` the part that changes, fetched by the page every two seconds.

Run by hand for a try without a hub, in the checkout: ``python -m hub.teacher_view --roster class.csv
--port 8899 --no-hub`` (no login at all: only on 127.0.0.1, for a look).
"""

from __future__ import annotations

import argparse
import os
import pwd
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlparse

from tornado import web

from cribbage.progress.live import LiveClass, language_of, live_document, live_fragment
from cribbage.progress.roster import Member, read_roster
from hub.serving import serve

#: Where the course keeps a learner's progress in their home (platformdirs' data folder on Linux).
PROGRESS_IN_HOME = Path(".local/share/cribbage-course")


def files_in_home(member: Member) -> Iterable[Path]:
    """The progress files in the learner's home: their own, and one per learner chosen on their account."""
    try:
        home = Path(pwd.getpwnam(member.user).pw_dir)
    except KeyError:
        return []
    folder = home / PROGRESS_IN_HOME
    try:
        return [path for path in folder.glob("progress*.sqlite3") if path.is_file()]
    except OSError:
        return []


def one_store(store: Path, members: list[Member]) -> object:
    """For a class whose answers the progress service keeps (``hub/progress_service.py``): its one store,
    which only the service writes, read once per refresh (it holds every learner's answers)."""
    first = members[0] if members else None

    def files(member: Member) -> Iterable[Path]:
        return [store] if member is first else []
    return files


def files_in_folder(folder: Path) -> object:
    """For a class whose progress is kept in one folder per learner (``<folder>/<user>/``), as on Kubernetes."""
    def files(member: Member) -> Iterable[Path]:
        return sorted((folder / member.user).glob("*.sqlite3"))
    return files


class _Page(web.RequestHandler):
    live: LiveClass

    def initialize(self, live: LiveClass) -> None:
        self.live = live

    def _render(self, whole: bool) -> None:
        language = language_of(self.get_argument("lang", None), self.request.headers.get("Accept-Language"))
        projector = self.get_argument("view", "") == "projector"
        fragment = live_fragment(self.live.refresh(), language, projector=projector)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        if not whole:
            self.finish(fragment)
            return
        query = f"lang={language}" + ("&view=projector" if projector else "")
        other = f"?lang={language}" + ("" if projector else "&view=projector")
        self.finish(live_document(fragment, f"fragment?{query}", language, projector=projector, other_view=other))


def handlers(prefix: str, live: LiveClass, *, hub: bool) -> list[tuple[str, type, dict[str, object]]]:
    """The service's pages under ``prefix`` (``/services/teacher/``), behind the hub's login when ``hub``."""
    if hub:
        from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated

        class Page(HubOAuthenticated, _Page):  # type: ignore[misc]
            @web.authenticated
            def get(self) -> None:
                self._render(True)

        class Fragment(HubOAuthenticated, _Page):  # type: ignore[misc]
            @web.authenticated
            def get(self) -> None:
                self._render(False)

        return [(prefix, Page, {"live": live}), (prefix + "fragment", Fragment, {"live": live}),
                (prefix + "oauth_callback", HubOAuthCallbackHandler, {})]

    class OpenPage(_Page):
        def get(self) -> None:
            self._render(True)

    class OpenFragment(_Page):
        def get(self) -> None:
            self._render(False)

    return [(prefix, OpenPage, {"live": live}), (prefix + "fragment", OpenFragment, {"live": live})]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The teacher's live view of a class (a JupyterHub service).")
    parser.add_argument("--roster", required=True, help="the class list (CSV: username,display_name)")
    parser.add_argument("--progress-folder", help="one folder per learner here instead of their homes")
    parser.add_argument("--store", help="the class's one store, written by the progress service only: read nothing else")
    parser.add_argument("--port", type=int, default=None, help="without a hub: the port on 127.0.0.1")
    parser.add_argument("--no-hub", action="store_true", help="no login: a try on 127.0.0.1 only")
    args = parser.parse_args(argv)
    members = read_roster(args.roster)
    files = files_in_folder(Path(args.progress_folder)) if args.progress_folder else files_in_home
    if args.store:
        files = one_store(Path(args.store), members)
    live = LiveClass(members, files)  # type: ignore[arg-type]
    if args.no_hub:
        prefix, host, port = "/", "127.0.0.1", args.port or 8899
    else:
        prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
        where = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        host, port = where.hostname or "127.0.0.1", where.port or 80
    app = web.Application(handlers(prefix, live, hub=not args.no_hub), cookie_secret=os.urandom(32),
                          xsrf_cookies=False)
    serve(app, host, port)


if __name__ == "__main__":
    main()
