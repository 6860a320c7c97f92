"""The calculator app's first paint workers as a page meets them just after the server starts: the
first worker starts alone and may take long (building the engine's tables into an empty cache); a
page asked for meanwhile waits for it and gets its score, and the other workers start once it is
ready. A stand-in worker (a few lines of Python) takes the place of :mod:`apps.first_paint`."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest

calculator_app = pytest.importorskip("apps.calculator_app")

# Ready after ``delay`` seconds; then answers each request with its query, saying when it started,
# after ``each`` seconds of work (a request "stall" is never answered: a worker that hangs).
_WORKER = """
import json, sys, time
started = time.monotonic()
time.sleep(float(sys.argv[1]))
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    if request["query"] == "stall":
        sys.stdin.read()
    time.sleep(float(sys.argv[2]))
    print(json.dumps({"html": request["query"], "language": "en", "score": None, "started": started}), flush=True)
"""


def _born(pid: int) -> float | None:
    """When process ``pid`` started (None: gone already, a worker replaced)."""
    try:
        return psutil.Process(pid).create_time()
    except psutil.NoSuchProcess:
        return None


def _paints(tmp_path: Path, delay: float, workers: int, queries: list[str], each: float = 0.0,
            timeout: float = 0.5, then: tuple[str, ...] = ()) -> tuple[list, float, list]:
    """The answers to ``queries`` asked at once (then to ``then``, asked once those are answered), the
    seconds the first lot took, and when each worker started."""
    worker = tmp_path / "worker.py"
    worker.write_text(_WORKER, encoding="utf-8")

    async def run() -> tuple[list, float, list]:
        paints = calculator_app.FirstPaints(workers, logging.getLogger("test"), timeout=timeout, start_timeout=60)
        paints.command = [sys.executable, str(worker), str(delay), str(each)]
        paints.start()
        try:
            began = time.monotonic()
            answers = await asyncio.gather(*(paints.paint(query, "") for query in queries))
            waited = time.monotonic() - began
            answers += await asyncio.gather(*(paints.paint(query, "") for query in then))
            # The others start after the first is ready: wait for their starts to end.
            try:
                await asyncio.wait_for(asyncio.gather(*paints._starting), 60)
            except asyncio.TimeoutError:
                pytest.fail("the other workers were still starting after 60 s")
            assert len(paints._all) >= workers, f"{len(paints._all)} of {workers} workers started"
            born = [_born(process.pid) for process in paints._all]
            return answers, waited, born
        finally:
            paints.stop()
            await asyncio.gather(*(process.wait() for process in paints._all))

    # On a thread of its own: a test before it in this process may have left an event loop running here.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, run()).result()


def test_a_page_asked_for_while_the_first_worker_starts_waits_for_its_score(tmp_path: Path) -> None:
    answers, waited, _ = _paints(tmp_path, delay=2.0, workers=1, queries=["hand=5H5D6H7S&starter=8C"])
    # The page's own timeout (0.5 s) is for a worker that stalls, not for one still starting.
    assert answers[0] is not None and answers[0]["html"] == "hand=5H5D6H7S&starter=8C"
    assert waited >= 1.5


def test_the_other_workers_start_once_the_first_is_ready(tmp_path: Path) -> None:
    answers, _, born = _paints(tmp_path, delay=1.5, workers=3, queries=["a=1", "a=2"])
    assert [answer["html"] for answer in answers] == ["a=1", "a=2"]
    assert len(born) == 3 and all(later >= born[0] + 1.4 for later in born[1:]), born


def test_many_links_at_once_wait_for_no_free_worker(tmp_path: Path) -> None:
    """A class opening 120 different links at once, 20 ms of work each, on one worker whose stall
    timeout is half a second: each link is answered, none waiting for a worker to be free (before,
    each waited at most that timeout for an idle worker, and all but the first few went without)."""
    queries = [f"hand={i}" for i in range(120)]
    answers, waited, _ = _paints(tmp_path, delay=0.0, workers=1, queries=queries, each=0.02)
    assert [answer and answer["html"] for answer in answers] == queries
    assert waited >= 120 * 0.02  # one worker, in turn


def test_a_worker_that_hangs_is_replaced(tmp_path: Path) -> None:
    """A worker that answers nothing for its timeout while asked: its links go without their first
    paint, it is replaced, and the next links are answered."""
    answers, _, born = _paints(tmp_path, delay=0.0, workers=1, queries=["stall", "a=1"], timeout=1.0,
                               then=("a=2", "a=3"))
    assert answers[:2] == [None, None]
    assert [answer and answer["html"] for answer in answers[2:]] == ["a=2", "a=3"]
    assert len(born) == 2, born  # the one that hung, and the one in its place
