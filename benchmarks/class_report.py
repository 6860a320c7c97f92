"""The teacher's report and live view for a school's class, against a baseline run side by side.

    python benchmarks/class_report.py [--learners 300] [--answers 60] [--seed 27]

Makes a seeded class (``--learners`` progress files of ``--answers`` answers each: discards, plays and
counts of the show, 70% right), then times, in the same run:

- the baseline: reading every file (``read_progress``), what any report must do;
- the report's HTML (``merge`` + ``write_html``), with its size in bytes;
- the gradebook (CSV and .xlsx);
- the teacher's live view: a first refresh (every file read), a refresh when nobody answered (no file
  read again) and the page's fragment.

Issue 27 asks for the HTML of 300 learners in under 5 s and under 2 MB on the course's machine.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.progress import ProgressStore, read_progress
from cribbage.progress.export import write_csv, write_xlsx
from cribbage.progress.live import LiveClass, live_fragment
from cribbage.progress.report import merge, write_html
from cribbage.progress.roster import Member

AT = datetime(2026, 11, 2, 10, 0, 0, tzinfo=timezone.utc)
HANDS = ["hand 7H 7D 8S 8C / 9C", "hand 5H 5D 6H 7S / 8C", "crib 2H 4H 6H 9H / 5C", "hand 2H 3D 10S KC / 5C"]


def make_class(folder: Path, learners: int, answers: int, seed: int) -> list[Path]:
    rng = random.Random(seed)
    paths = []
    for n in range(learners):
        path = folder / f"learner{n:03d}.progress.sqlite3"
        # Each learner as the hub knows them: the live view keeps only a member's own identity from their file.
        store = ProgressStore(path, learner=f"Learner {n:03d}", identity=f"hub:learner{n:03d}")
        first = store.record(1, "first", "x", True, skill="discard", kinds=["keep"], at=AT)
        rows = []
        for i in range(answers):
            stop = rng.choice((1, 2, 3))
            skill = {1: "discard", 2: "play", 3: "show"}[stop]
            item = rng.choice(HANDS) if stop == 3 else f"{skill} {rng.randrange(40)}"
            right = rng.random() < 0.7
            rows.append((first.learner, first.learner_id, stop, item, "12" if right else str(rng.randrange(20)),
                         int(right), skill, "fifteen.2 pair run.3" if stop == 3 else ("keep" if stop == 1 else "go"),
                         0, (AT + timedelta(seconds=40 * (i + 1))).isoformat(timespec="seconds")))
        insert_answers(path, rows)
        paths.append(path)
    return paths


def insert_answers(path: Path, rows: Sequence[tuple[object, ...]]) -> None:
    """Many answers at once into a progress file the store made: (learner, learner_id, stop, item, answer,
    correct, skill, kinds, missed, at) each, as the store's own table holds them."""
    with sqlite3.connect(path) as conn:
        conn.executemany("INSERT INTO answers (learner, learner_id, stop, item, answer, correct, skill, kinds,"
                         " missed, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.close()


def timed(what: str, action, baseline: float | None = None) -> float:
    start = time.perf_counter()
    action()
    took = time.perf_counter() - start
    ratio = f"  ({took / baseline:.1f}× reading the files)" if baseline else ""
    print(f"{what:<44} {took:7.3f} s{ratio}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=300)
    parser.add_argument("--answers", type=int, default=60)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        paths = make_class(folder, args.learners, args.answers, args.seed)
        print(f"{args.learners} learners, {args.answers + 1} answers each")
        base = timed("baseline: read every file", lambda: [read_progress(p) for p in paths])
        out = folder / "class.html"
        timed("report: merge + HTML", lambda: write_html(merge(paths), out), base)
        print(f"{'report: HTML size':<44} {out.stat().st_size / 1e6:7.3f} MB")
        data = merge(paths).data
        timed("gradebook: CSV", lambda: write_csv(data, folder / "class.csv"), base)
        timed("gradebook: .xlsx", lambda: write_xlsx(data, folder / "class.xlsx"), base)
        members = [Member(f"learner{n:03d}", f"Learner {n:03d}") for n in range(args.learners)]
        by_user = {m.user: [p] for m, p in zip(members, paths)}
        live = LiveClass(members, lambda m: by_user[m.user])
        timed("live view: first refresh", live.refresh, base)
        state = live.refresh()
        timed("live view: refresh, nobody answered", live.refresh, base)
        timed("live view: the page's fragment", lambda: live_fragment(state), base)


if __name__ == "__main__":
    main()
