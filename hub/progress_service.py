"""The class's progress service: answers recorded under the hub's identity, checked on the server.

A JupyterHub service (``/services/progress/``, started by the hub from the configuration
``hub/class_setup.py`` writes) that keeps the class's answers in **one** store that only it writes
(:mod:`hub.class_store`): a progress file in :class:`~cribbage.progress.store.ProgressStore`'s format
(SQLite), at ``--store`` (``DIR/progress/progress.sqlite3`` on a class set up by ``class_setup``: a folder
of root's, 0700, which the hub's services, running as root, alone can open), or a school's PostgreSQL
database named by ``--store-url postgresql://USER@HOST:PORT/DATABASE`` (or the environment variable
:data:`URL_ENV`, where a password stays out of the process list). The teacher's view reads that store
(``hub.teacher_view --store``), never the learners' own files.

A learner's kernel sends each answer it records (:mod:`cribbage.progress.service_client`) with the
learner's own hub token (``JUPYTERHUB_API_TOKEN``, which the single-user server's kernels inherit): the
**hub** says whose token it is, the request never names the learner. So a learner cannot record under a
classmate's name. Then:

- the account must be on the class list (``--roster``): nobody else is a learner, none can be added;
- every answer is checked again with the engine (:func:`cribbage.progress.check.check_answer`), from its
  item and the answer given: an answer sent as right that is wrong, an item no view asks, an answer no
  learner could give are refused, and what is kept is the engine's verdict, never the sender's;
- everything is bounded: the body of a request (:data:`MOST_BYTES`), the answers in one request
  (:data:`MOST_PER_REQUEST`), a learner's answers per minute (:data:`PER_MINUTE`) and in all
  (:data:`MOST_ANSWERS`); the display name is the class list's (80 characters at most, as there).

``POST /services/progress/answers`` with ``{"answers": [{"item", "answer", "stop", "correct"?, "kinds"?,
"revealed"?, "at"?, "id"?}, ...]}`` (``id``: the kernel's name for the answer, so one sent twice is kept once) and ``Authorization: token <the learner's hub token>`` answers ``200`` with
``{"kept": [...], "refused": [...]}`` (one entry per answer, in order: a refusal says why, in English in
``refused`` and as a catalogue key with its values in ``why``, which the learner's kernel words in her
language: :func:`cribbage.progress.service_client.heard`; a refused request's ``{"error", "why"}`` too);
``401`` without a token the hub knows; ``403`` for an account not on the class list (or a token without
the scope ``access:services!service=progress``); ``413`` a body too big; ``429`` too many answers (the
whole request is refused: nothing of it is kept; the kernel keeps it to send later).

Run by hand without a hub, for a try: ``python -m hub.progress_service --roster class.csv --store
/tmp/p.sqlite3 --no-hub --port 8898`` (then the header ``X-Try-User: <account>`` names the learner:
only on 127.0.0.1, never on a hub).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from tornado import web

from cribbage.lang.messages import Message, message, render
from cribbage.progress.check import CheckError, Facts, check_answer
from cribbage.progress.roster import Member, read_roster
from cribbage.progress.service_client import said
from cribbage.progress.store import STOPS, ProgressError, ProgressFileError
from cribbage.registry.languages import CODES, SOURCE
from cribbage.rules.errors import shown
from hub.class_store import URL_ENV, ClassStore, LearnerStore, add_store_arguments, chosen_store, open_store
from hub.serving import serve

__all__ = ["MOST_ANSWERS", "MOST_BYTES", "MOST_PER_REQUEST", "PER_MINUTE", "ProgressService", "handlers", "main"]

#: The service's name on the hub (its address is ``/services/<name>/``).
NAME = "progress"
#: The largest request body taken (a batch of answers a kernel kept while the service was away).
MOST_BYTES = 64 * 1024
#: The most answers in one request.
MOST_PER_REQUEST = 50
#: The most answers one learner may send in a minute (a quiz answered as fast as one can type is ~20).
PER_MINUTE = 60
#: The most answers kept for one learner (the course asks about 20 questions; the rest is practice).
MOST_ANSWERS = 5000
#: How far back an answer's time may be (kept in a kernel while the service was away) and ahead (clocks).
OLDEST = timedelta(days=14)
NEWEST = timedelta(minutes=5)
#: How many answers sent lately are remembered, to keep an answer sent twice once.
SEEN = 10_000

#: Who a request comes from: the hub's user name for its token, or None (no token, or one the hub refuses).
Who = Callable[[web.RequestHandler], Awaitable["str | None"]]


@lru_cache(maxsize=1)
def _hands() -> Any:
    from cribbage.stats import hand_distribution

    return hand_distribution()


@lru_cache(maxsize=8)
def _solved_play(name: str) -> tuple[Any, ...] | None:
    from widgets.drills.pegging_session import SOLVED_PLAYS

    return next((play.steps() for play in SOLVED_PLAYS if play.name == name), None)


@lru_cache(maxsize=1)
def course_facts() -> Facts:
    """What the engine cannot check alone (:class:`~cribbage.progress.check.Facts`): the hands' table
    (the class's shared tables, read when first asked), the lessons' solved plays (played out once), the
    word "nobody" in every language."""
    from widgets.i18n import render as words  # the views' catalogue, where a race's "nobody" is worded

    return Facts(hands_scoring=lambda points: int(_hands()[points]), solved_play=_solved_play,
                 nobody=tuple(dict.fromkeys(words("ex.race.nobody", code) for code in CODES)))


class ProgressService:
    """The class, its store and its limits: what the handlers share."""

    def __init__(self, members: list[Member], store: str | Path | ClassStore, *,
                 facts: Callable[[], Facts] = course_facts, clock: Callable[[], float] = time.monotonic) -> None:
        self.members = {member.user: member for member in members}
        self.store: ClassStore = open_store(store) if isinstance(store, (str, Path)) else store
        self.facts = facts
        self.clock = clock
        self._recent: dict[str, deque[float]] = {}
        self._counts: dict[str, int] = {}
        self._named: set[str] = set()
        self._checked = False
        #: The answers kept lately, by the id their kernel gave them: one sent again (its kernel gave up
        #: waiting while it was being kept, and sent it with the next) is not kept twice.
        self._seen: dict[tuple[str, str], None] = {}

    def store_of(self, member: Member) -> LearnerStore:
        if not self._checked:  # before the first write of this run: the whole store, once (a damaged one refused)
            self.store.check()
            self._checked = True
        store = self.store.learner(member.identity, member.name[:80])
        if member.user not in self._named:  # the class list's name, also where an earlier list said another
            if store.saved_learner() != member.name[:80]:
                store.set_learner(member.name[:80])
            self._named.add(member.user)
        return store

    def room(self, user: str, wanted: int, store: LearnerStore) -> Message | None:
        """Why ``wanted`` more answers from ``user`` are refused now, or None (and they are counted)."""
        now = self.clock()
        recent = self._recent.setdefault(user, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) + wanted > PER_MINUTE:
            return message("progress.service.why.per_minute", most=PER_MINUTE)
        if user not in self._counts:
            self._counts[user] = store.count()
        if self._counts[user] + wanted > MOST_ANSWERS:
            return message("progress.service.why.in_all", most=MOST_ANSWERS)
        recent.extend([now] * wanted)
        return None

    def keep(self, member: Member, store: LearnerStore, sent: object) -> dict[str, Any]:
        """Check one answer sent by ``member`` and keep it; what was kept, or why it was refused."""
        if not isinstance(sent, Mapping):
            return _refusal(None, message("progress.service.why.not_an_answer"))
        item, answer = sent.get("item"), sent.get("answer")
        try:
            claimed = sent.get("correct")
            if claimed is not None and not isinstance(claimed, bool):
                raise CheckError(message("progress.check.bad_answer", answer=repr(claimed)[:40], item=item))
            kinds = sent.get("kinds") or ()
            kinds = tuple(kinds) if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds) else ()
            checked = check_answer(item, answer, claimed=claimed, facts=self.facts(), kinds=kinds)  # type: ignore[arg-type]
            stop = checked.stop if checked.stop is not None else sent.get("stop")
            if isinstance(stop, bool) or stop not in STOPS:
                return _refusal(item, message("progress.bad_stop", last=STOPS[-1], value=shown(stop)))
            revealed = sent.get("revealed", False)
            sent_id = sent.get("id")
            again = (member.user, sent_id) if isinstance(sent_id, str) and 0 < len(sent_id) <= 40 else None
            if again is not None and again in self._seen:
                return {"item": checked.item, "correct": checked.correct, "stop": stop, "again": True}
            kept = store.record(stop, checked.item, checked.answer, checked.correct, skill=checked.skill,
                                kinds=checked.kinds, missed=checked.missed, at=_when(sent.get("at")),
                                revealed=revealed if isinstance(revealed, bool) else False)
        except ProgressFileError:
            raise  # the store, not the answer: the whole request waits in the kernel (503) and is sent again
        except (CheckError, ProgressError) as error:
            return _refusal(item, error.message)
        if again is not None:
            self._seen[again] = None
            while len(self._seen) > SEEN:
                del self._seen[next(iter(self._seen))]
        self._counts[member.user] = self._counts.get(member.user, 0) + 1
        return {"item": kept.item, "correct": kept.correct, "stop": kept.stop, "practice": kept.practice}


def _refusal(item: object, why: Message) -> dict[str, Any]:
    """An answer refused: its item, and why (in English, and as the key the learner's kernel words)."""
    return {"item": str(item)[:200], "refused": render(why, SOURCE)[:300], "why": said(why)}


def _when(at: object) -> datetime | None:
    """An answer's time as sent (ISO 8601), if it is a time within bounds; else the service's now."""
    if not isinstance(at, str) or len(at) > 40:
        return None
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    now = datetime.now(timezone.utc)
    return when if now - OLDEST <= when <= now + NEWEST else None


class _Answers(web.RequestHandler):
    service: ProgressService
    who: Who

    def initialize(self, service: ProgressService, who: Who) -> None:
        self.service, self.who = service, who

    def _refuse(self, status: int, why: Message) -> None:
        self.set_status(status)
        self.finish({"error": render(why, SOURCE), "why": said(why)})

    def check_xsrf_cookie(self) -> None:
        """Token-authenticated calls from a kernel, never a browser's cookies: no XSRF to check."""

    async def post(self) -> None:
        user = await self.who(self)
        if user is None:
            return self._refuse(401, message("progress.service.why.no_token"))
        member = self.service.members.get(user)
        if member is None:
            return self._refuse(403, message("progress.service.why.not_listed"))
        if len(self.request.body) > MOST_BYTES:
            return self._refuse(413, message("progress.service.why.too_big", most=MOST_BYTES))
        try:
            body = json.loads(self.request.body)
        except ValueError:
            return self._refuse(400, message("progress.service.why.not_json"))
        answers = body.get("answers") if isinstance(body, dict) else None
        if not isinstance(answers, list) or not answers or len(answers) > MOST_PER_REQUEST:
            return self._refuse(400, message("progress.service.why.bad_body", most=MOST_PER_REQUEST))
        try:
            store = self.service.store_of(member)
            why = self.service.room(user, len(answers), store)
            if why is not None:
                return self._refuse(429, why)
            results = [self.service.keep(member, store, sent) for sent in answers]
        except ProgressError as error:  # the store cannot be read or written: the teacher's log says why
            logging.getLogger(__name__).error("the class's store: %s", render(error.message, SOURCE))
            return self._refuse(503, message("progress.service.why.store"))
        self.finish({"kept": [r for r in results if "refused" not in r],
                     "refused": [r for r in results if "refused" in r]})


def hub_who(name: str = NAME) -> Who:
    """Who a request comes from, as the hub says from its token (``Authorization: token ...``): a user
    (never a service) whose token holds the scope to reach this service."""
    from jupyterhub.services.auth import HubAuth

    auth = HubAuth(access_scopes={f"access:services!service={name}"})

    async def who(handler: web.RequestHandler) -> str | None:
        model = await auth.get_user(handler, sync=False)
        if not model or model.get("kind", "user") != "user" or not auth.check_scopes(auth.access_scopes, model):
            return None
        return str(model["name"])

    return who


async def _try_who(handler: web.RequestHandler) -> str | None:
    """Without a hub (a try on 127.0.0.1): the header names the learner."""
    return handler.request.headers.get("X-Try-User") or None


def handlers(prefix: str, service: ProgressService, who: Who) -> list[tuple[str, type, dict[str, object]]]:
    """The service's one address under ``prefix`` (``/services/progress/``)."""
    return [(prefix + "answers", _Answers, {"service": service, "who": who})]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The class's progress service (a JupyterHub service).")
    parser.add_argument("--roster", required=True, help="the class list (CSV: username,display_name)")
    add_store_arguments(parser, "which only this service writes")
    parser.add_argument("--port", type=int, default=None, help="without a hub: the port on 127.0.0.1")
    parser.add_argument("--no-hub", action="store_true", help="the learner named by a header: a try on 127.0.0.1 only")
    args = parser.parse_args(argv)
    store = chosen_store(args)
    if store is None:
        parser.error(f"--store or --store-url (or ${URL_ENV}) names the class's store")
    service = ProgressService(read_roster(args.roster), store)
    who: Who
    if args.no_hub:
        prefix, host, port, who = f"/services/{NAME}/", "127.0.0.1", args.port or 8898, _try_who
    else:
        prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
        where = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        host, port = where.hostname or "127.0.0.1", where.port or 80
        who = hub_who(os.environ.get("JUPYTERHUB_SERVICE_NAME", NAME))
    # What the checks read besides the engine, read before the first learner waits for it (the views'
    # words, the lessons' solved plays); the statistics' table is read when first asked.
    from widgets.drills.pegging_session import SOLVED_PLAYS

    course_facts()
    for play in SOLVED_PLAYS:
        _solved_play(play.name)
    serve(web.Application(handlers(prefix, service, who)), host, port, max_body_size=MOST_BYTES * 2)


if __name__ == "__main__":
    main()
