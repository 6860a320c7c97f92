"""hub.progress_service's handlers, on a local app: who a request is from is the hub's word (here a fake
that reads a test header, as HubAuth reads the token), never the body's; each answer is checked again;
the class list is the roster; the limits hold. What is kept is read back from the service's one store."""

from __future__ import annotations

import asyncio
import json
import threading
import unittest
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from tornado import httpserver, netutil, web

from cribbage.progress.roster import Member
from cribbage.progress.store import read_progress
from hub import progress_service
from hub.progress_service import ProgressService, course_facts, handlers

RIGHT = {"item": "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣", "answer": "14", "stop": 0, "correct": True}
WRONG_SENT_AS_RIGHT = {"item": "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣", "answer": "12", "stop": 0, "correct": True}


async def _fake_hub(handler: web.RequestHandler) -> str | None:
    """The hub's answer for the request's token: here the test names it in a header the body cannot reach."""
    return handler.request.headers.get("X-Hub-Says") or None


class ServiceCase(unittest.TestCase):
    """The service on 127.0.0.1 in a thread of its own, with its own event loop: a loop another test left
    running in this worker's thread cannot stop it (as tornado's AsyncHTTPTestCase's run_sync would)."""

    store: Path
    now: float

    def setUp(self) -> None:
        import tempfile

        self.store = Path(tempfile.mkdtemp()) / "progress" / "class.sqlite3"
        self.now = 1000.0
        members = [Member("ana", "Ana Souza"), Member("bea", "Beatriz " + "L" * 90)]
        self.service = ProgressService(members, self.store, facts=course_facts, clock=lambda: self.now)
        app = web.Application(handlers("/services/progress/", self.service, _fake_hub))
        sockets = netutil.bind_sockets(0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.loop = asyncio.new_event_loop()
        started = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(self.loop)
            self.server = httpserver.HTTPServer(app)
            self.server.add_sockets(sockets)
            self.loop.call_soon(started.set)
            self.loop.run_forever()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        started.wait()

    def tearDown(self) -> None:
        self.loop.call_soon_threadsafe(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()

    def send(self, answers: object, *, user: str | None = "ana", body: bytes | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if user is not None:
            headers["X-Hub-Says"] = user
        data = body if body is not None else json.dumps({"answers": answers}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/services/progress/answers", data=data,
                                         headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def kept(self) -> list:
        return read_progress(self.store).answers if self.store.exists() else []


class TestWhoAnswers(ServiceCase):
    def test_a_learners_right_answer_is_kept_under_the_hubs_name_for_her(self):
        code, said = self.send([{**RIGHT, "learner": "Beatriz", "identity": "hub:bea", "learner_id": "hub:bea"}])
        assert code == 200 and said["kept"][0]["correct"] is True
        [answer] = self.kept()
        assert (answer.learner_id, answer.learner, answer.correct, answer.stop) == ("hub:ana", "Ana Souza", True, 0)

    def test_without_a_token_the_hub_knows_nothing_is_kept(self):
        assert self.send([RIGHT], user=None)[0] == 401
        assert self.kept() == []

    def test_an_account_not_on_the_class_list_is_refused(self):
        code, said = self.send([RIGHT], user="mallory")
        assert code == 403 and "class list" in said["error"]
        assert self.kept() == []

    def test_the_class_lists_name_is_kept_cut_to_80_characters(self):
        self.send([RIGHT], user="bea")
        [answer] = self.kept()
        assert answer.learner_id == "hub:bea" and len(answer.learner) == 80


class TestChecked(ServiceCase):
    def test_a_wrong_answer_sent_as_right_is_refused(self):
        code, said = self.send([WRONG_SENT_AS_RIGHT])
        assert code == 200 and said["kept"] == [] and "wrong, not right" in said["refused"][0]["refused"]
        assert self.kept() == []

    def test_the_engines_verdict_is_kept_not_the_senders(self):
        self.send([{**RIGHT, "answer": "12", "correct": None, "kinds": ["nobs"], "missed": 0, "skill": "game"}])
        [answer] = self.kept()
        assert (answer.correct, answer.missed, answer.skill) == (False, 2, "show")
        assert answer.kinds == ("fifteen.3", "pair", "run.4", "double_run")

    def test_a_course_question_is_kept_at_its_stop_whatever_stop_is_sent(self):
        self.send([{**RIGHT, "stop": 8}])
        assert self.kept()[0].stop == 0

    def test_an_item_that_cannot_be_checked_is_refused_and_the_rest_kept(self):
        code, said = self.send([{"item": "CrossCribb line row 3", "answer": "8", "stop": 7}, RIGHT,
                                "not an answer", {"item": "game", "answer": "121-99", "stop": 99}])
        assert code == 200 and len(said["kept"]) == 1 and len(said["refused"]) == 3
        assert [a.item for a in self.kept()] == [RIGHT["item"]]

    def test_an_answer_sent_again_is_kept_once_and_the_same_answer_twice_twice(self):
        self.send([{**RIGHT, "id": "a1"}, {**RIGHT, "id": "a2"}, RIGHT, RIGHT])
        code, said = self.send([{**RIGHT, "id": "a1"}])
        assert code == 200 and said["kept"][0].get("again") is True
        assert len(self.kept()) == 4

    def test_an_answers_time_out_of_bounds_is_the_services_now(self):
        long_ago = (datetime.now(timezone.utc) - timedelta(days=400)).isoformat()
        yesterday = (datetime.now(timezone.utc) - timedelta(days=1)).replace(microsecond=0)
        self.send([{**RIGHT, "at": long_ago}, {**RIGHT, "at": yesterday.isoformat()}])
        first, second = (datetime.fromisoformat(a.at) for a in self.kept())
        assert datetime.now(timezone.utc) - first < timedelta(minutes=5)
        assert second == yesterday


class TestBounded(ServiceCase):
    def test_more_than_a_minutes_answers_are_refused_whole_until_the_minute_passes(self):
        for _ in range(progress_service.PER_MINUTE // 10):
            assert self.send([RIGHT] * 10)[0] == 200
        code, said = self.send([RIGHT])
        assert code == 429 and "in a minute" in said["error"]
        assert len(self.kept()) == progress_service.PER_MINUTE
        assert self.send([RIGHT], user="bea")[0] == 200  # another learner is not held back
        self.now += 61
        assert self.send([RIGHT])[0] == 200

    def test_more_answers_than_a_learner_may_keep_are_refused(self):
        for _ in range(3):
            assert self.send([RIGHT])[0] == 200
        service = self.service
        service._counts["ana"] = progress_service.MOST_ANSWERS - 1
        assert self.send([RIGHT])[0] == 200
        code, said = self.send([RIGHT])
        assert code == 429 and "in all" in said["error"]
        assert len(self.kept()) == 4

    def test_a_body_too_big_or_too_many_answers_or_not_json_is_refused(self):
        assert self.send(None, body=b"{" + b" " * progress_service.MOST_BYTES + b"}")[0] == 413
        assert self.send([RIGHT] * (progress_service.MOST_PER_REQUEST + 1))[0] == 400
        assert self.send(None, body=b"answers=1")[0] == 400
        assert self.send([])[0] == 400
        assert self.kept() == []


@pytest.mark.parametrize("field", ["correct", "revealed"])
def test_a_flag_that_is_not_true_or_false_is_not_taken(tmp_path, field):
    service = ProgressService([Member("ana", "Ana")], tmp_path / "p.sqlite3")
    member = service.members["ana"]
    said = service.keep(member, service.store_of(member), {**RIGHT, field: "yes"})
    if field == "correct":
        assert "refused" in said
    else:
        assert read_progress(tmp_path / "p.sqlite3").answers[0].revealed is False
