"""How strong the expert is: its win share in duplicate games against other players, as measured.

``benchmarks/strength.py --write`` plays the expert against each reference opponent and each of the
course's other levels in duplicate (each seeded game twice, the seats swapped, so the luck of the cards
cancels) and stores the rows, with where they came from, in ``data/strength.json``. This module reads
such a file and words it in the reader's language: :func:`strength_table` as a pandas table,
:func:`shown_strength` as the lab shows it, :func:`markdown` as Markdown, :func:`provenance` in one sentence.
Nothing here plays a game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cribbage.lang.messages import Plural, add_catalogue, check_language, message, render
from cribbage.lang.translations import format_number
from cribbage.registry.languages import SOURCE
from cribbage.stats.intervals import shown_interval
from cribbage.stats.provenance import whole

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["OPPONENTS", "STRENGTH_FILE", "markdown", "provenance", "read_strength", "shown_strength",
           "strength_table"]

#: The opponents of the table, in its order: the reference programs of benchmarks/references.py, then
#: the course's first expert and its other levels.
OPPONENTS = ("ev_table", "ev_priority", "human", "random", "classic", "standard", "beginner")

#: Where ``benchmarks/strength.py --write`` stores the measured table.
STRENGTH_FILE = Path(__file__).resolve().parent / "data" / "strength.json"

WORDS: dict[str, dict[str, str]] = {
    "strength.head": {"en": "How often the expert wins against each opponent, in duplicate games (each deal "
                            "played twice with the seats swapped, so the luck of the cards cancels), with "
                            "{conf} intervals:"},
    "strength.col.opponent": {"en": "opponent"},
    "strength.col.plays": {"en": "how it plays"},
    "strength.col.seed": {"en": "seed"},
    "strength.col.games": {"en": "games"},
    "strength.col.share": {"en": "the expert wins (± {conf})"},
    # What each opponent is (its name is the program's, kept as it is).
    "strength.opponent.ev_table": {"en": "exact hand values, a published crib table, one move ahead in the play"},
    "strength.opponent.ev_priority": {"en": "exact hand values, a fixed order in the play: 31, fifteen, pair, run, "
                                            "then a safe low card"},
    "strength.opponent.human": {"en": "a learner: keeps what it sees, misses some points in the count, pegs "
                                      "what it can"},
    "strength.opponent.random": {"en": "any legal card, any two cards to the crib"},
    "strength.opponent.classic": {"en": "the course's first expert"},
    "strength.opponent.standard": {"en": "the course's standard level"},
    "strength.opponent.beginner": {"en": "the course's beginner level"},
    "strength.provenance": {"en": "Measured on {date} at commit {commit} (engine {engine}), {machine}, in {hours} "
                                  "hours, by: {command}"},
    "strength.machine": {"en": Plural("{arch}, {n} core, Python {python}", "{arch}, {n} cores, Python {python}")},
}

add_catalogue(WORDS)


def read_strength(path: Path | None = None) -> dict[str, Any]:
    """The measured table: ``rows`` (opponent, seed, games, share, half: the 95% half-interval) and
    ``provenance`` (command, commit, engine, date, machine, hours)."""
    table: dict[str, Any] = json.loads((path or STRENGTH_FILE).read_text(encoding="utf-8"))
    return table


def _cells(row: dict[str, Any], language: str) -> list[str]:
    share, half = shown_interval(float(row["share"]), float(row["half"]), language, percent=True)
    return [row["opponent"], render(message(f"strength.opponent.{row['opponent']}"), language), str(row["seed"]),
            whole(int(row["games"]), language), f"{share} ± {half}"]


def _header(language: str) -> list[str]:
    conf = format_number(0.95, language, ".0%")
    return [render(message(f"strength.col.{name}", conf=conf), language)
            for name in ("opponent", "plays", "seed", "games", "share")]


def markdown(table: dict[str, Any], language: str = SOURCE) -> str:
    """The table as Markdown in ``language`` (by default the source language, the README's): its heading,
    one row per opponent and seed, and its provenance."""
    check_language(language)
    head = _header(language)
    lines = [render(message("strength.head", conf=format_number(0.95, language, ".0%")), language), "",
             "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cells(row, language)) + " |" for row in table["rows"]]
    lines += ["", provenance(table, language)]
    return "\n".join(lines)


def provenance(table: dict[str, Any] | None = None, language: str | None = None) -> str:
    """Where the table's figures came from, in one sentence: the date, the commit and the engine's
    version, the machine, the hours and the command (default: the shipped table, the kernel's language)."""
    p = (table or read_strength())["provenance"]
    machine = message("strength.machine", arch=p["machine"]["arch"], n=int(p["machine"]["cores"]),
                      python=p["machine"]["python"])
    return render(message("strength.provenance", date=p["date"], commit=p["commit"], engine=p["engine"],
                          machine=machine, hours=float(p["hours"]), command=p["command"]), language)


def strength_table(language: str | None = None, path: Path | None = None) -> pd.DataFrame:
    """The measured table as a pandas DataFrame with its columns named in ``language`` (default: the
    kernel's), one row per opponent and seed (:func:`shown_strength` dresses it for the lab)."""
    import pandas as pd  # only the lab asks for a table: the engine loads without pandas

    language = check_language(language)
    table = read_strength(path)
    return pd.DataFrame([_cells(row, language) for row in table["rows"]], columns=_header(language))


def shown_strength(language: str | None = None, path: Path | None = None) -> pd.io.formats.style.Styler:
    """The table as the lab shows it: :func:`strength_table` with its provenance as the caption, no row
    numbers, and the opponents and how they play aligned as text reads (to the left)."""
    language = check_language(language)
    frame = strength_table(language, path)
    text = list(frame.columns[:2])
    return (frame.style.hide(axis="index")
            .set_caption(provenance(read_strength(path), language))
            .set_properties(subset=text, **{"text-align": "left"})
            .set_table_styles([{"selector": "caption", "props": "caption-side: top; text-align: left; "
                                                                 "padding-bottom: 0.5em"}])
            .set_table_styles({column: [{"selector": "th", "props": "text-align: left"}] for column in text},
                              overwrite=False))
