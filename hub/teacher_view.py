"""The teacher's live view, as a JupyterHub service: ``/services/teacher/`` on the class's hub.

JupyterHub starts it (``c.JupyterHub.services``, written by ``hub/class_setup.py``) as the hub's own
user, which can read every learner's home; a learner's progress files stay private to them (0600 in
their 0700 home) and are only ever opened read-only here. Who may open the page is the hub's decision,
through OAuth: the scope ``access:services!service=teacher``, which the setup gives to the hub's admins
and to the group ``teachers`` only. A learner who opens the address is refused (403).

- ``/services/teacher/`` the teacher's page (names), ``?view=projector`` the projector's (no names);
  ``?lang=es`` or ``pt`` chooses the language, else the browser's (``Accept-Language``);
- ``.../fragment`` the part that changes, fetched by the page every two seconds;
- ``.../gradebook`` the gradebook (every learner of the class list, per stop), ``.../learner?user=NAME``
  one learner's answers question by question and the lesson they have open, and the downloads
  ``.../gradebook.csv``, ``.../gradebook.xlsx`` and ``.../moodle.csv`` (Moodle's grade import);
- ``.../notebook?user=NAME&path=03_the_show.ipynb`` a learner's notebook drawn by nbconvert as a page:
  read-only (no kernel, nothing to edit, no script of the notebook runs: the page is sent sandboxed), for
  a teacher whose hub token holds the custom scope :data:`NOTEBOOK_SCOPE` (the set-up grants it to the
  group ``teachers`` only, not to the admins' role); anyone else is refused (403). Only a regular file
  the learner owns, in their copy of the course, is read: a link to another file is refused.

Which lessons a learner has open (the learner's page, and the gradebook's lesson in front) is read from
the layout JupyterLab saves for them (:func:`layout_in_home`), under the same rules: a regular file the
learner owns, no link followed, at most :data:`LAYOUT_MOST` bytes; a damaged or foreign file counts as no
layout (the page then shows the stop of the latest answer, said to be a guess).

The answers are read from each learner's progress files in their home (``--progress-folder``: one folder
per learner instead), or, with ``--store PATH`` (or ``--store-url postgresql://...``, or the environment
variable ``CRIBBAGE_CLASS_STORE_URL``: :mod:`hub.class_store`), from the one store a class progress service
keeps for the whole class (answers recorded under the hub's identities, ``hub:<account>``), only ever
read; either way the class list (``--roster``) is the class.

Run by hand for a try without a hub, in the checkout: ``python -m hub.teacher_view --roster class.csv
--port 8899 --no-hub`` (no login at all: only on 127.0.0.1, for a look).
"""

from __future__ import annotations

import argparse
import datetime
import html
import json
import os
import pwd
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse

from tornado import web

from cribbage.lang.messages import message, render
from cribbage.lessons.notebooks import WORKSPACES
from cribbage.progress.export import csv_text, moodle_csv, xlsx_bytes
from cribbage.progress.gradebook import gradebook_page, learner_page, page
from cribbage.progress.layout import OpenLessons, open_lessons
from cribbage.progress.live import LiveClass, language_of, live_document, live_fragment
from cribbage.progress.roster import Member, read_roster
from hub.class_store import FileStore, add_store_arguments, chosen_store, open_store
from hub.serving import serve

#: Where the course keeps a learner's progress in their home (platformdirs' data folder on Linux).
PROGRESS_IN_HOME = Path(".local/share/cribbage-course")
#: The learner's copy of the course in their home (made by the hub's set-up when their server first starts).
COURSE_IN_HOME = Path("cribbage-course")
#: The custom scope a teacher's hub token must hold to open a learner's notebook (``hub/class_setup.py``
#: defines it and grants it to the group ``teachers``).
NOTEBOOK_SCOPE = "custom:cribbage-course:read:notebooks"
#: A notebook larger than this is not drawn (a lesson is well under 2 MB with its outputs).
NOTEBOOK_MOST = 20 * 1024 * 1024
#: Where JupyterLab saves a learner's layouts: the hub's servers set no workspace folder, so JupyterLab's
#: own default in their home (``~/.jupyter/lab/workspaces``); the course's launcher, the copy's own folder.
LAYOUTS_IN_HOME = (Path(".jupyter/lab/workspaces"), COURSE_IN_HOME / WORKSPACES)
#: A layout larger than this is not read (JupyterLab's is a few kB); nor more than this many files a folder.
LAYOUT_MOST = 256 * 1024
LAYOUT_FILES = 20
#: The notebook page may show its own styles and pictures, and nothing may run or be fetched.
NOTEBOOK_POLICY = ("sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; "
                   "form-action 'none'; base-uri 'none'")


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


def notebooks_in_home(member: Member) -> list[str]:
    """The notebooks of the learner's copy of the course (``start/index.ipynb``, ``03_the_show.ipynb``), by
    their path in it; none when they have no copy yet."""
    try:
        root = Path(pwd.getpwnam(member.user).pw_dir) / COURSE_IN_HOME
        found = [path.relative_to(root).as_posix() for path in root.glob("**/*.ipynb")
                 if ".ipynb_checkpoints" not in path.parts and not path.is_symlink()]
    except (KeyError, OSError):
        return []
    return sorted(found)[:500]


class Refused(Exception):
    """A notebook that is not to be shown: ``status`` 404 (not found) or 403."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def read_notebook(member: Member, relative: str) -> bytes:
    """The notebook ``relative`` of the learner's copy of the course, read only if it is one of
    :func:`notebooks_in_home` and a regular file the learner owns (checked on the open file, so a link
    made meanwhile to another account's file is refused too)."""
    if relative not in notebooks_in_home(member):
        raise Refused(404)
    user = pwd.getpwnam(member.user)
    try:
        descriptor = os.open(Path(user.pw_dir) / COURSE_IN_HOME / relative, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        raise Refused(404) from None
    with os.fdopen(descriptor, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid != user.pw_uid or info.st_size > NOTEBOOK_MOST:
            raise Refused(403)
        return file.read(NOTEBOOK_MOST + 1)


def _read_layout(path: Path, uid: int) -> OpenLessons | None:
    """The lessons open in the layout at ``path``, if it is a regular file of ``uid`` (not a link) of at
    most :data:`LAYOUT_MOST` bytes holding JupyterLab's JSON; else None."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid != uid or info.st_size > LAYOUT_MOST:
            return None
        try:
            layout = json.loads(file.read(LAYOUT_MOST + 1).decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            return None
    saved = datetime.datetime.fromtimestamp(info.st_mtime, datetime.timezone.utc).isoformat(timespec="seconds")
    return open_lessons(layout, saved[:19])


def layout_in_home(member: Member) -> OpenLessons | None:
    """The lessons open in the layout the learner saved last (of JupyterLab's workspaces in their home,
    :data:`LAYOUTS_IN_HOME`), or None when they have none that can be read."""
    try:
        user = pwd.getpwnam(member.user)
    except KeyError:
        return None
    home = Path(user.pw_dir)
    found: list[OpenLessons] = []
    for folder in LAYOUTS_IN_HOME:
        try:
            # A folder reached through a link is someone else's business: only the home's own folders.
            if (home / folder).resolve() != home.resolve() / folder:
                continue
            paths = sorted((home / folder).glob("*.jupyterlab-workspace"))[:LAYOUT_FILES]
        except OSError:
            continue
        found += [layout for layout in (_read_layout(path, user.pw_uid) for path in paths) if layout is not None]
    return max(found, key=lambda layout: layout.saved, default=None)


def notebook_html(text: bytes) -> str:
    """The notebook as a page: nbconvert's HTML, its outputs as they were saved, nothing run."""
    import nbformat
    from nbconvert import HTMLExporter

    notebook = nbformat.reads(text.decode("utf-8"), as_version=4)  # type: ignore[no-untyped-call]
    exporter = HTMLExporter(template_name="lab")  # type: ignore[no-untyped-call]
    body, _resources = exporter.from_notebook_node(notebook)
    return str(body)


def files_in_folder(folder: Path) -> object:
    """For a class whose progress is kept in one folder per learner (``<folder>/<user>/``), as on Kubernetes."""
    def files(member: Member) -> Iterable[Path]:
        return sorted((folder / member.user).glob("*.sqlite3"))
    return files


#: Each download: (its address under the service, its media type, what makes it from the class and a language).
DOWNLOADS: dict[str, tuple[str, Callable[[Any, str], bytes]]] = {
    "gradebook.csv": ("text/csv; charset=utf-8", lambda data, language: csv_text(data, language).encode("utf-8-sig")),
    "gradebook.xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", xlsx_bytes),
    "moodle.csv": ("text/csv; charset=utf-8", lambda data, language: moodle_csv(data, language).encode("utf-8")),
}


class _Page(web.RequestHandler):
    live: LiveClass
    notebooks: Callable[[Member], list[str]] | None
    layouts: Callable[[Member], OpenLessons | None] | None

    def initialize(self, live: LiveClass, notebooks: Callable[[Member], list[str]] | None = None,
                   layouts: Callable[[Member], OpenLessons | None] | None = None) -> None:
        self.live = live
        self.notebooks = notebooks
        self.layouts = layouts

    def layout(self, member: Member) -> OpenLessons | None:
        return self.layouts(member) if self.layouts is not None else None

    @property
    def language(self) -> str:
        return language_of(self.get_argument("lang", None), self.request.headers.get("Accept-Language"))

    def may_read_notebooks(self) -> bool:
        """Without a hub (a try on 127.0.0.1) anyone; on a hub, whoever's token holds :data:`NOTEBOOK_SCOPE`."""
        return True

    def _html(self, text: str, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(text)

    def _refusal(self, status: int) -> None:
        key = "progress.book.forbidden" if status == 403 else "progress.book.not_found"
        title = html.escape(render(message(key), self.language))
        self._html(page(title, "", self.language), status)

    def _member(self) -> Member | None:
        user = self.get_argument("user", "")
        return next((member for member in self.live.members if member.user == user), None)

    def live_page(self, whole: bool) -> None:
        language = self.language
        projector = self.get_argument("view", "") == "projector"
        fragment = live_fragment(self.live.refresh(), language, projector=projector)
        if not whole:
            self._html(fragment)
            return
        query = f"lang={language}" + ("&view=projector" if projector else "")
        other = f"?lang={language}" + ("" if projector else "&view=projector")
        self._html(live_document(fragment, f"fragment?{query}", language, projector=projector, other_view=other,
                                 gradebook=f"gradebook?lang={language}"))

    def gradebook(self) -> None:
        data = self.live.refresh()
        layouts = {member.identity: self.layout(member) for member in self.live.members} if self.layouts else None
        self._html(gradebook_page(data, self.language, live_link=f"./?lang={self.language}", layouts=layouts))

    def learner(self) -> None:
        member = self._member()
        if member is None:
            self._refusal(404)
            return
        language = self.language
        found = self.live.refresh().learners[member.identity]
        notebooks = None
        if self.notebooks is not None and self.may_read_notebooks():
            notebooks = [(name, f"notebook?lang={language}&user={quote(member.user)}&path={quote(name)}")
                         for name in self.notebooks(member)]
        self._html(learner_page(found, language, back=f"gradebook?lang={language}", notebooks=notebooks,
                                layout=self.layout(member)))

    def download(self, name: str) -> None:
        media, make = DOWNLOADS[name]
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", media)
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.finish(make(self.live.refresh(), self.language))

    def notebook(self) -> None:
        if not self.may_read_notebooks():
            self._refusal(403)
            return
        member = self._member()
        if member is None or self.notebooks is None:
            self._refusal(404)
            return
        relative = self.get_argument("path", "")
        try:
            text = read_notebook(member, relative)
        except Refused as refused:
            self._refusal(refused.status)
            return
        body = notebook_html(text)
        title = html.escape(render(message("progress.book.notebook_title", notebook=relative, name=member.name),
                                   self.language))
        # The learner's outputs are theirs: drawn in a sandbox where no script runs and nothing is fetched.
        self.set_header("Content-Security-Policy", NOTEBOOK_POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")
        banner = (f'<p style="font: bold 1.1em sans-serif; background: #e4eff7; padding: 8px 14px; margin: 0;">'
                  f"{title}</p>")
        body = body.replace("<title>Notebook</title>", f"<title>{title}</title>", 1)
        at = body.find(">", body.find("<body")) + 1
        self._html(body[:at] + banner + body[at:] if at > 0 else body)


#: Each page of the service: its address under the prefix, and what draws it.
_ROUTES: tuple[tuple[str, Callable[[_Page], None]], ...] = (
    ("", lambda view: view.live_page(True)),
    ("fragment", lambda view: view.live_page(False)),
    ("gradebook", _Page.gradebook),
    ("learner", _Page.learner),
    ("notebook", _Page.notebook),
    *((name, lambda view, name=name: view.download(name)) for name in DOWNLOADS),
)


def handlers(prefix: str, live: LiveClass, *, hub: bool, notebooks: Callable[[Member], list[str]] | None = None,
             layouts: Callable[[Member], OpenLessons | None] | None = None) -> list[tuple[str, type, dict[str, object]]]:
    """The service's pages under ``prefix`` (``/services/teacher/``), behind the hub's login when ``hub``;
    ``notebooks`` lists a learner's notebooks, ``layouts`` reads their saved layout (None: the learners'
    homes are not where this view runs)."""
    settings: dict[str, object] = {"live": live, "notebooks": notebooks, "layouts": layouts}
    out: list[tuple[str, type, dict[str, object]]] = []
    if hub:
        from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated

        class HubPage(HubOAuthenticated, _Page):  # type: ignore[misc]
            def may_read_notebooks(self) -> bool:
                user = self.current_user
                return bool(user) and NOTEBOOK_SCOPE in set(user.get("scopes", ()))

        for address, draw in _ROUTES:
            def get(self: _Page, draw: Callable[[_Page], None] = draw) -> None:
                draw(self)
            out.append((prefix + address, type("Page", (HubPage,), {"get": web.authenticated(get)}), settings))
        out.append((prefix + "oauth_callback", HubOAuthCallbackHandler, {}))
        return out
    for address, draw in _ROUTES:
        def open_get(self: _Page, draw: Callable[[_Page], None] = draw) -> None:
            draw(self)
        out.append((prefix + address, type("OpenPage", (_Page,), {"get": open_get}), settings))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The teacher's live view of a class (a JupyterHub service).")
    parser.add_argument("--roster", required=True, help="the class list (CSV: username,display_name)")
    parser.add_argument("--progress-folder", help="one folder per learner here instead of their homes")
    add_store_arguments(parser, "a progress service's, read only: the answers from it alone, the learners from the class list")
    parser.add_argument("--port", type=int, default=None, help="without a hub: the port on 127.0.0.1")
    parser.add_argument("--no-hub", action="store_true", help="no login: a try on 127.0.0.1 only")
    args = parser.parse_args(argv)
    members = read_roster(args.roster)
    files = files_in_folder(Path(args.progress_folder)) if args.progress_folder else files_in_home
    named = chosen_store(args)
    store = open_store(named) if named is not None else None
    # A file is read as today (again only when it changed); a database by its reader (again only when it changed).
    live = LiveClass(members, files, store=store.path if isinstance(store, FileStore) else  # type: ignore[arg-type]
                     store.read if store is not None else None)
    notebooks = None if args.progress_folder else notebooks_in_home
    layouts = None if args.progress_folder else layout_in_home
    # Every file read and every learner's figures worked out before the first request, not during it: the
    # view then answers after one learner's answer by working out that learner alone (benchmarks/gradebook.py).
    csv_text(live.refresh())
    if args.no_hub:
        prefix, host, port = "/", "127.0.0.1", args.port or 8899
    else:
        prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
        where = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        host, port = where.hostname or "127.0.0.1", where.port or 80
    app = web.Application(handlers(prefix, live, hub=not args.no_hub, notebooks=notebooks, layouts=layouts), cookie_secret=os.urandom(32),
                          xsrf_cookies=False)
    serve(app, host, port)


if __name__ == "__main__":
    main()
