"""A class you can trust, on a real JupyterHub on 127.0.0.1 set up by :mod:`hub.class_setup` (the class of
``test_class_hub.py``, its fixture imported: three learners and a teacher, temporary accounts, root only,
always in CI): answers are kept by the progress service, under the hub's name for the token that sent
them, checked again with the engine.

Learner B answers in her kernel; learner A, from her own kernel (as her terminal would: the same account
and environment) and through the hub's API with her own token, tries to record under B's id, to add a
learner, to send a wrong answer marked right, to send 50,000 answers and to give herself a name of more
than 80 characters. Each is refused or changes nothing of anyone else's figures: read back from the
service's store and from the teacher's view. The time to record an answer (the kernel's own file and the
service) and the service's refusal times are printed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import time
from pathlib import Path

import psutil
import pytest
from test_class_hub import ClassHub, _in_thread, _run_lesson, class_hub  # noqa: F401 (the fixture)

from cribbage.lang.messages import message, render
from cribbage.progress.store import read_progress
from cribbage.registry.languages import CODES

ITEM = "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣"  # stop 0's try-it: 14 is right
ATTEMPTS = 50_000


@pytest.fixture(scope="module")
def left_services() -> list[Path]:
    """Set up before the class's hub, so torn down after it: a progress service the hub did not stop, by pid."""
    folders: list[Path] = []
    yield folders
    for folder in folders:
        for process in psutil.process_iter(["pid", "cmdline"]):
            line = " ".join(process.info["cmdline"] or [])
            if "hub.progress_service" in line and str(folder) in line:
                process.kill()


def _blank_notebook(hub: ClassHub, user: str, token: str, name: str) -> str:
    import requests

    path = f"cribbage-course/{name}"
    body = {"type": "notebook", "content": {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}}
    answer = requests.put(f"{hub.url}/user/{user}/api/contents/{path}", json=body,
                          headers={"Authorization": f"token {token}"}, timeout=60)
    assert answer.status_code in (200, 201), (answer.status_code, answer.text[:300])
    return path


def _in_kernel(hub: ClassHub, user: str, token: str, code: str) -> dict:
    """Run ``code`` in a kernel of ``user``'s server (as her account, her server's environment); it prints
    one JSON line, returned."""
    notebook = _blank_notebook(hub, user, token, "trust.ipynb")
    said = _in_thread(_run_lesson(f"{hub.url}/user/{user}", token, notebook, [code]))
    return json.loads("".join(said).strip().splitlines()[-1])


def _record_code(pairs: int) -> str:
    """Her answers, wrong then right, ``pairs`` times, each timed (her file, then the service)."""
    return f"""
import json, os, time
from cribbage.progress import ProgressStore
store = ProgressStore()
times = []
for answer, right in (("12", False), ("14", True)) * {pairs}:
    start = time.perf_counter()
    store.record(0, {ITEM!r}, answer, right, skill="show")
    times.append(time.perf_counter() - start)
print(json.dumps({{"times": times, "notice": str(store.service_notice),
                  "service": os.environ.get("CRIBBAGE_CLASS_SERVICE")}}))
"""


def _forge_code(bea: str) -> str:
    """What learner A tries in her kernel (her terminal's account and environment)."""
    return f"""
import json, os, urllib.request
from cribbage.progress import ProgressStore
from cribbage.progress.identity import new_profile
said = {{}}
# Under B's id, in A's own file (what the store allows anyone): kept in her file, sent nowhere.
ProgressStore(identity="hub:{bea}").record(0, {ITEM!r}, "12", False, skill="show")
# A learner of her making, named as she likes.
added = ProgressStore(identity=new_profile())
added.set_learner("<script>alert(1)</script>")
added.record(0, {ITEM!r}, "14", True, skill="show")
# A wrong answer marked right, in her own name: her file takes it, the service does not.
mine = ProgressStore()
mine.record(0, {ITEM!r}, "12", True, skill="show")
said["forged_notice"] = str(mine.service_notice)
# A name of more than 80 characters: refused by her own store.
try:
    mine.set_learner("W" * 81)
    said["long_name"] = "kept"
except Exception as error:
    said["long_name"] = type(error).__name__
# Straight to the service with her token, naming B in every way a body could.
body = json.dumps({{"answers": [{{"item": {ITEM!r}, "answer": "12", "stop": 0, "learner": "B", "identity": "hub:{bea}",
                                 "learner_id": "hub:{bea}", "user": "{bea}", "name": "W" * 200}}]}}).encode()
request = urllib.request.Request(os.environ["CRIBBAGE_CLASS_SERVICE"] + "answers", data=body, method="POST",
                                 headers={{"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"],
                                          "X-Try-User": "{bea}", "Content-Type": "application/json"}})
with urllib.request.urlopen(request, timeout=30) as response:
    said["direct"] = json.loads(response.read())
print(json.dumps(said))
"""


def _store(hub: ClassHub) -> list:
    return read_progress(hub.folder / "progress" / "progress.sqlite3").answers


def _figures(answers: list, who: str) -> tuple[int, int, list[str]]:
    """What a teacher reads of ``who``: first tries right, first tries, their answers in order."""
    firsts = [a for a in answers if a.learner_id == who and not a.practice]
    return sum(a.correct for a in firsts), len(firsts), [a.answer for a in answers if a.learner_id == who]


def _timed(send, *args, **kwargs):
    start = time.perf_counter()
    answer = send(*args, **kwargs)
    return answer, time.perf_counter() - start


def test_a_learner_cannot_forge_add_or_flood_the_class_record(left_services, class_hub: ClassHub) -> None:  # noqa: F811
    import requests

    hub = class_hub
    left_services.append(hub.folder)
    ana, bea, _caio = hub.learners
    assert oct((hub.folder / "progress").stat().st_mode & 0o777) == "0o700"
    sessions = {user: hub.login(user) for user in (ana, bea, hub.teacher)}
    tokens = {user: hub.token(sessions[user], user) for user in sessions}

    # B answers in her kernel: wrong, then right (a first try wrong: 0 of 1).
    hub.start_server(bea, tokens[bea])
    honest = _in_kernel(hub, bea, tokens[bea], _record_code(1))
    assert honest["notice"] == "None" and honest["service"].endswith("/services/progress/")
    before = _store(hub)
    assert _figures(before, f"hub:{bea}") == (0, 1, ["12", "14"])

    # A, from her own kernel.
    hub.start_server(ana, tokens[ana])
    timing = _in_kernel(hub, ana, tokens[ana], _record_code(10))
    forged = _in_kernel(hub, ana, tokens[ana], _forge_code(bea))
    assert forged["long_name"] == "ProgressError"
    # Her wrong answer marked right: her kernel tells her the class's record refused it (in her language).
    refused = {render(message("progress.service.refused", reason="\x00"), code).split("\x00")[0] for code in CODES}
    assert any(forged["forged_notice"].startswith(start) for start in refused), forged["forged_notice"]
    assert forged["direct"]["kept"] and not forged["direct"]["refused"]  # kept, but as hers
    after_kernel = _store(hub)
    assert _figures(after_kernel, f"hub:{bea}") == _figures(before, f"hub:{bea}")
    mine = [a for a in after_kernel if a.learner_id == f"hub:{ana}"]
    assert len(mine) == 20 + 1 and not any(a.correct for a in mine if a.answer == "12")
    assert {a.learner_id for a in after_kernel} == {f"hub:{ana}", f"hub:{bea}"}  # nobody added
    assert {a.learner for a in after_kernel} == {"Ana Souza", "Beatriz $Lima$"}  # the class list's names

    # A, through the hub's API with her own token.
    url = f"{hub.url}/services/progress/answers"
    as_ana = {"Authorization": f"token {tokens[ana]}"}

    def send(answers, headers=as_ana, **given):
        return requests.post(url, json={"answers": answers}, headers=headers, timeout=30, **given)

    wrong_as_right, t_forged = _timed(send, [{"item": ITEM, "answer": "12", "stop": 0, "correct": True}])
    assert wrong_as_right.status_code == 200 and wrong_as_right.json()["kept"] == []
    assert "wrong, not right" in wrong_as_right.json()["refused"][0]["refused"]
    as_bea, _ = _timed(send, [{"item": ITEM, "answer": "14", "stop": 0}],
                       headers={**as_ana, "X-Try-User": bea}, params={"user": bea})
    assert as_bea.status_code in (200, 429)
    unknown, t_unknown = _timed(send, [{"item": "CrossCribb line row 3", "answer": "8", "stop": 7}])
    teacher, t_teacher = _timed(send, [{"item": ITEM, "answer": "14", "stop": 0}],
                                headers={"Authorization": f"token {tokens[hub.teacher]}"})
    assert teacher.status_code in (401, 403)  # the teacher's token: no learner's scope, not on the class list
    nobody, t_nobody = _timed(send, [{"item": ITEM, "answer": "14", "stop": 0}], headers={})
    assert nobody.status_code in (401, 403)
    too_big, t_big = _timed(requests.post, url, data=b"{" + b" " * 100_000 + b"}", headers=as_ana, timeout=30)
    assert too_big.status_code == 413

    # 50,000 answers, 50 to a request, as fast as one connection sends them.
    flood = requests.Session()
    codes: dict[int, int] = {}
    refusals: list[float] = []
    batch = [{"item": ITEM, "answer": "14", "stop": 0}] * 50
    start = time.perf_counter()
    for _ in range(ATTEMPTS // len(batch)):
        sent = time.perf_counter()
        answer = flood.post(url, json={"answers": batch}, headers=as_ana, timeout=30)
        codes[answer.status_code] = codes.get(answer.status_code, 0) + 1
        if answer.status_code == 429:
            refusals.append(time.perf_counter() - sent)
    flood_seconds = time.perf_counter() - start
    assert set(codes) <= {200, 429} and codes.get(429, 0) >= ATTEMPTS // len(batch) - 2

    after = _store(hub)
    kept_of_ana = sum(a.learner_id == f"hub:{ana}" for a in after)
    assert kept_of_ana <= len(mine) + 60 + 1  # one minute's answers at most
    assert _figures(after, f"hub:{bea}") == _figures(before, f"hub:{bea}")
    assert {a.learner_id for a in after} == {f"hub:{ana}", f"hub:{bea}"}
    assert max(len(a.learner) for a in after) <= 80

    # The teacher's view, as the teacher reads it (the hub's login, then its OAuth to the service).
    fragment = sessions[hub.teacher].get(f"{hub.url}/services/teacher/fragment", timeout=60)
    assert fragment.status_code == 200, fragment.status_code
    assert "<script>alert" not in fragment.text and "&lt;script&gt;" not in fragment.text
    assert "W" * 81 not in fragment.text
    assert "2 of 3 learners have started" in fragment.text  # the class list's three, nobody added; Caio not yet

    # A's own file kept everything she did (her copy), the forged lines too: it is nobody's record but hers.
    own = subprocess.run(["runuser", "-u", ana, "--", str(hub.folder / "python" / "bin" / "python"), "-c",
                          "from cribbage.progress import ProgressStore; print(len(ProgressStore().answers(everyone=True)))"],
                         capture_output=True, text=True, cwd="/tmp",
                         env={"HOME": os.path.expanduser(f"~{ana}"), "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
    assert own.returncode == 0 and int(own.stdout) >= 20 + 1, own.stderr[-500:]

    times = timing["times"]
    print(f"recording one answer (her file and the service): median {statistics.median(times) * 1000:.0f} ms, "
          f"max {max(times) * 1000:.0f} ms over {len(times)}")
    print(f"refusals: wrong sent as right {t_forged * 1000:.0f} ms, an item that cannot be checked "
          f"{t_unknown * 1000:.0f} ms, not on the class list {t_teacher * 1000:.0f} ms, no token "
          f"{t_nobody * 1000:.0f} ms, a body too big {t_big * 1000:.0f} ms")
    print(f"{ATTEMPTS} answers in {ATTEMPTS // len(batch)} requests: {codes} in {flood_seconds:.1f} s; a 429 "
          f"median {statistics.median(refusals) * 1000:.1f} ms; {kept_of_ana} of A's answers kept in all; "
          f"unknown item {unknown.json()}")
