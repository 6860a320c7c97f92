"""A learner's store on a class's hub sends each of her answers to the progress service (a real one, on
127.0.0.1, in a thread; the hub's word on a token is a table here): what she records lands in the class's
store under her account; an answer recorded under another identity is not sent; a service that is away
loses nothing (the answer waits beside her file and goes with the next one) and the view says so."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from tornado import web

from cribbage.lang.messages import render
from cribbage.progress import service_client
from cribbage.progress.roster import Member
from cribbage.progress.store import ProgressStore, read_progress
from cribbage.registry.languages import SOURCE, TRANSLATED
from hub import progress_service
from hub.progress_service import ProgressService, course_facts, handlers

TOKENS = {"token-of-ana": "ana", "token-of-bea": "bea", "token-of-zoe": "zoe"}  # Zoe is not on the class list
ITEM = "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣"


async def _hub_says(handler: web.RequestHandler) -> str | None:
    header = handler.request.headers.get("Authorization", "")
    return TOKENS.get(header.removeprefix("token "))


class Running:
    """The service on a port of its own, in a thread with its own loop, until stopped."""

    def __init__(self, store: Path, port: int) -> None:
        self.store, self.port = store, port
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(30)

    def _run(self) -> None:
        async def serve() -> None:
            self.kept = service = ProgressService([Member("ana", "Ana Souza"), Member("bea", "Bea")], self.store)
            app = web.Application(handlers("/services/progress/", service, _hub_says))
            self.server = app.listen(self.port, "127.0.0.1")
            self.stopped = asyncio.Event()
            self.loop = asyncio.get_running_loop()
            self.ready.set()
            await self.stopped.wait()
            self.server.stop()
            await self.server.close_all_connections()

        asyncio.run(serve())

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.stopped.set)
        self.thread.join(30)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def on_the_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SimpleNamespace]:
    port = _free_port()
    course_facts()  # read once before the first answer, as the service does when it starts
    monkeypatch.chdir(tmp_path)  # no learner chosen on a shared account here
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    monkeypatch.setenv(service_client.TOKEN_ENV, "token-of-ana")
    monkeypatch.setenv(service_client.ENV, f"http://127.0.0.1:{port}/services/progress/")
    monkeypatch.delenv("CRIBBAGE_PROGRESS", raising=False)
    place = SimpleNamespace(port=port, store=tmp_path / "class" / "progress.sqlite3", own=tmp_path / "ana.sqlite3",
                            service=None)
    place.service = Running(place.store, port)
    yield place
    if place.service is not None:
        place.service.stop()


def _class_record(store: Path) -> list[tuple[str, str, bool]]:
    return [(a.learner_id, a.answer, a.correct) for a in read_progress(store).answers] if store.exists() else []


def test_her_answers_reach_the_class_record_under_her_account(on_the_hub):
    mine = ProgressStore(on_the_hub.own)
    mine.record(0, ITEM, "12", False, skill="show")
    mine.record(0, ITEM, "14", True, skill="show")
    assert mine.service_notice is None
    assert _class_record(on_the_hub.store) == [("hub:ana", "12", False), ("hub:ana", "14", True)]
    assert [a.answer for a in mine.answers()] == ["12", "14"]  # her own copy stays


def test_an_answer_recorded_under_a_classmates_identity_is_not_sent(on_the_hub):
    forged = ProgressStore(on_the_hub.own, identity="hub:bea")
    forged.record(0, ITEM, "14", True, skill="show")
    ProgressStore(on_the_hub.own, identity="hub:ana#added").record(0, ITEM, "14", True, skill="show")
    assert _class_record(on_the_hub.store) == []


def test_an_answer_sent_as_right_that_is_wrong_is_kept_as_wrong_nowhere(on_the_hub):
    ProgressStore(on_the_hub.own).record(0, ITEM, "12", True, skill="show")  # the flag forged in her own file
    assert _class_record(on_the_hub.store) == []


def test_a_service_away_loses_nothing_and_the_view_says_so(on_the_hub):
    from widgets.base.answers import record_answer

    on_the_hub.service.stop()
    on_the_hub.service = None
    said: list[str] = []
    view = SimpleNamespace(language="es", _notify=said.append, progress_stop=0,
                           progress_store=ProgressStore(on_the_hub.own))
    assert record_answer(view, ITEM, 14, True, skill="show") is True
    assert said and "próxima respuesta" in said[0]  # in the learner's language, never a traceback
    assert [a.answer for a in ProgressStore(on_the_hub.own).answers()] == ["14"]
    assert len(service_client.outbox_of(on_the_hub.own).read_text().splitlines()) == 1
    # Back: the waiting answer goes with the next one.
    on_the_hub.service = Running(on_the_hub.store, on_the_hub.port)
    mine = ProgressStore(on_the_hub.own)
    mine.record(0, ITEM, "15", False, skill="show")
    assert mine.service_notice is None
    assert _class_record(on_the_hub.store) == [("hub:ana", "14", True), ("hub:ana", "15", False)]
    assert service_client.outbox_of(on_the_hub.own).read_text() == ""


def test_a_token_the_service_refuses_is_said_and_not_sent_again(on_the_hub, monkeypatch):
    monkeypatch.setenv(service_client.TOKEN_ENV, "not-a-token")
    mine = ProgressStore(on_the_hub.own)
    mine.record(0, ITEM, "14", True, skill="show")
    assert mine.service_notice is not None and mine.service_notice.key == "progress.service.refused"
    assert service_client.outbox_of(on_the_hub.own).read_text() == ""
    assert _class_record(on_the_hub.store) == []


def test_off_a_hub_nothing_is_sent(on_the_hub, monkeypatch):
    monkeypatch.delenv(service_client.ENV)
    mine = ProgressStore(on_the_hub.own)
    mine.record(0, ITEM, "14", True, skill="show")
    assert mine.service_notice is None and not service_client.outbox_of(on_the_hub.own).exists()
    assert _class_record(on_the_hub.store) == []


def _refusals(on_the_hub, monkeypatch) -> dict[str, object]:
    """What she is told for each refusal, recorded from her own notebook as she would."""
    def told(item: str, answer: str, correct: bool) -> object:
        mine = ProgressStore(on_the_hub.own)
        mine.record(0, item, answer, correct, skill="show")
        return mine.service_notice

    notices = {"progress.check.unknown": told("a question no lesson asks", "14", True),
               "progress.check.bad_answer": told(ITEM, "lots", False),
               "progress.check.forged": told(ITEM, "12", True)}
    for _ in range(progress_service.PER_MINUTE - 3):
        told(ITEM, "14", True)
    notices["progress.service.why.per_minute"] = told(ITEM, "14", True)
    service_client.outbox_of(on_the_hub.own).unlink()
    on_the_hub.service.kept._recent.clear()
    on_the_hub.service.kept._counts["ana"] = progress_service.MOST_ANSWERS
    notices["progress.service.why.in_all"] = told(ITEM, "14", True)
    monkeypatch.setenv(service_client.TOKEN_ENV, "token-of-zoe")
    notices["progress.service.why.not_listed"] = told(ITEM, "14", True)
    return notices


def test_each_refusal_is_worded_in_her_language_from_the_catalogue(on_the_hub, monkeypatch):
    seen = _refusals(on_the_hub, monkeypatch)
    for key, notice in seen.items():
        assert notice is not None, key
        reason = notice.values["reason"]
        assert reason.key == key  # the service said which refusal, with its values; her kernel words it
        english = render(reason, SOURCE)
        for language in TRANSLATED:
            worded = render(notice, language)
            assert render(reason, language) in worded and english not in worded, (key, language, worded)
        if key.startswith("progress.service.why.") and key != "progress.service.why.not_listed":
            assert notice.key == "progress.service.waiting"  # over the limits: sent again later
        else:
            assert notice.key == "progress.service.refused"
    refused = render(seen["progress.service.why.not_listed"], "pt")
    assert refused == ("Sua resposta ficou guardada neste computador, mas o registro da turma a recusou "
                       "(a sua conta não está na lista da turma): avise o seu professor")
