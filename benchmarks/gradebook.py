"""The teacher's gradebook for a school's class (300 learners), against a baseline run side by side.

    python benchmarks/gradebook.py [--learners 300] [--seed 47]

Makes a seeded class of ``--learners`` progress files, each learner as the hub knows them (``hub:<account>``)
and each somewhere along the course: every question of the stops they reached (right at the first try
seven times in ten, then answered again until right) and quiz hands and discard drills for practice. Then
times, in one run, what the teacher's view does for each request:

- the baseline: reading every file (``read_progress``), what any gradebook must do;
- cold, each on a view just started (every file read, every learner's figures worked out): the gradebook
  page and each download (the CSV, the workbook, Moodle's grade import);
- warm, on a running view after one learner answered (one file read again, one learner worked out again):
  the same, the page's size in bytes, and one learner's page;
- first, each in a new process: the view's start as ``hub.teacher_view`` does it (every file read, every
  figure worked out, the CSV made) untimed, then the request timed, as the teacher's first download after
  the hub started the view (what is loaded on first use counted), in seconds and in CPU-seconds (this
  process's own, which the machine's other work does not stretch).

Each figure is printed in seconds and as a ratio to the baseline. Issue 47 asks for the page and every
download in under 2 s each, and the page under 1 MB of HTML, for 300 learners.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_report import insert_answers

from cribbage.progress import ProgressStore, read_progress
from cribbage.progress.classdata import ClassData
from cribbage.progress.export import csv_text, moodle_csv, xlsx_bytes
from cribbage.progress.gradebook import gradebook_page, learner_page
from cribbage.progress.live import LiveClass
from cribbage.progress.questions import QUESTIONS
from cribbage.progress.roster import Member
from cribbage.progress.store import STOP_SKILL, STOPS

AT = datetime(2026, 11, 2, 9, 0, 0, tzinfo=timezone.utc)
RANKS = "A23456789TJQK"


def _quiz(rng: random.Random) -> str:
    five = rng.sample([rank + suit for rank in RANKS for suit in "CDHS"], 5)
    return f"{rng.choice(('hand', 'crib'))} {' '.join(five[:4])} / {five[4]}"


def _answers(member: Member, rng: random.Random) -> list[tuple[object, ...]]:
    """One learner's answers (the columns of :func:`class_report.insert_answers`)."""
    reached = rng.choice(STOPS)
    at = AT + timedelta(minutes=rng.randrange(600))
    asked: list[tuple[int, str, bool, str, str]] = []
    for question in (q for q in QUESTIONS if q.stop <= reached):
        skill = STOP_SKILL[question.stop]
        kinds = "fifteen.2 pair" if skill == "show" else "game"
        right = False
        while not right:  # answered again until right, as a learner does after a wrong first try
            right = rng.random() < 0.7
            asked.append((question.stop, question.item, right, skill, kinds))
    for _ in range(rng.randrange(10, 40)):  # practice: quiz hands and discard drills
        if rng.random() < 0.6:
            asked.append((3, _quiz(rng), rng.random() < 0.7, "show", "fifteen.2 pair run.3"))
        else:
            six = " ".join(rng.sample([rank + suit for rank in RANKS for suit in "CDHS"], 6))
            asked.append((1, f"six {six} ({rng.choice(('dealer', 'pone'))})", rng.random() < 0.6, "discard",
                          "keep crib_gift"))
    rows: list[tuple[object, ...]] = []
    for stop, item, right, skill, kinds in asked:
        at += timedelta(seconds=rng.randrange(20, 240))
        rows.append((member.name, member.identity, stop, item, "12" if right else str(rng.randrange(30)), int(right),
                     skill, kinds, 0 if right else rng.randrange(1, 6), at.isoformat(timespec="seconds")))
    return rows


def make_class(folder: Path, learners: int, seed: int) -> tuple[list[Member], dict[str, Path]]:
    """The class list and each learner's progress file (see the module's docstring)."""
    rng = random.Random(seed)
    members = members_of(learners)
    files = {}
    for member in members:
        path = folder / member.user / "progress.sqlite3"
        path.parent.mkdir()
        ProgressStore(path, learner=member.name, identity=member.identity).set_learner(member.name)
        insert_answers(path, _answers(member, rng))
        files[member.user] = path
    return members, files


def members_of(learners: int) -> list[Member]:
    return [Member(f"learner{n:03d}", f"Learner {n:03d}") for n in range(learners)]


def timed(what: str, action: Callable[[], object], baseline: float | None = None) -> tuple[float, object]:
    start = time.perf_counter()
    made = action()
    took = time.perf_counter() - start
    ratio = f"  ({took / baseline:.1f}× the baseline)" if baseline else ""
    print(f"{what:<46} {took:7.3f} s{ratio}")
    return took, made


def requests_of(language: str) -> list[tuple[str, Callable[[ClassData], object]]]:
    """What the teacher's view answers, each from the class's figures."""
    return [
        ("gradebook page", lambda data: gradebook_page(data, language)),
        ("download: CSV", lambda data: csv_text(data, language)),
        ("download: .xlsx", lambda data: xlsx_bytes(data, language)),
        ("download: Moodle grade import", lambda data: moodle_csv(data, language)),
    ]


def first_request(folder: Path, learners: int, language: str, which: int) -> None:
    """In this (new) process: the view's start, untimed, then request ``which``, timed."""
    live = LiveClass(members_of(learners), lambda member: [folder / member.user / "progress.sqlite3"])
    csv_text(live.refresh())  # what hub.teacher_view does before it listens
    _what, make = requests_of(language)[which]
    start, cpu = time.perf_counter(), time.process_time()
    make(live.refresh())
    print(time.perf_counter() - start, time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=300)
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--language", default="es")
    parser.add_argument("--first-request", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--folder", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    language = args.language
    if args.first_request is not None:
        first_request(Path(args.folder), args.learners, language, args.first_request)
        return
    with tempfile.TemporaryDirectory() as name:
        members, files = make_class(Path(name), args.learners, args.seed)
        answers = sum(len(read_progress(path).answers) for path in files.values())
        print(f"{args.learners} learners, {answers} answers in all, in {language}")
        base, _ = timed("baseline: read every file", lambda: [read_progress(p) for p in files.values()])
        requests: list[tuple[str, Callable[[ClassData], object]]] = requests_of(language)
        print("cold: a view just started (every file read, every figure worked out)")
        for what, make in requests:
            fresh = LiveClass(members, lambda member: [files[member.user]])
            timed(f"  {what}", lambda make=make, fresh=fresh: make(fresh.refresh()), base)
        live = LiveClass(members, lambda member: [files[member.user]])
        live.refresh()
        print("warm: the view running, one learner answered since the last request")
        for n, (what, make) in enumerate(requests):
            ProgressStore(files[members[n].user], identity=members[n].identity).record(
                3, _quiz(random.Random(n)), "12", True, skill="show", kinds=["pair"])
            _, made = timed(f"  {what}", lambda make=make: make(live.refresh()), base)
            if what == "gradebook page":
                print(f"{'  gradebook page: size':<46} {len(str(made).encode('utf-8')) / 1e6:7.3f} MB")
        one = members[len(members) // 2].identity
        timed("  one learner's page", lambda: learner_page(live.refresh().learners[one], language, notebooks=[]), base)
        print("first: the first request after the view started (a new process each)")
        for n, (what, _make) in enumerate(requests):
            took, cpu = map(float, subprocess.run(
                [sys.executable, __file__, "--learners", str(args.learners), "--language", language,
                 "--folder", name, "--first-request", str(n)], check=True, capture_output=True, text=True).stdout.split())
            print(f"  {what:<44} {took:7.3f} s  ({took / base:.1f}× the baseline; {cpu:.3f} CPU-s)")

if __name__ == "__main__":
    main()
