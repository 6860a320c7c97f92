"""Golden game transcripts: seeded games of every computer player, written down move by move.

Like python-chess's perft files, the transcripts pin the engine's behaviour: the same seed must give
the same game, decision for decision. ``make_golden.py`` writes them and checks them all;
``tests/test_golden.py`` checks them (or a subset) in memory. Both use this module.

Only the package's public top-level names are used (``cribbage.player``, ``cribbage.play_game``,
``cribbage.crosscribb.CROSSCRIBB_LEVELS``, ``cribbage.crosscribb.play_crosscribb_game``) and the
fields of the records a game leaves (its log), so the transcripts survive the engine's modules
moving. A record is written as its plain fields (kinds by their value, cards by their ASCII code),
never as a message, so neither the language nor a change of wording changes a transcript.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:  # run as a script, the package is not installed
    sys.path.insert(0, str(ROOT))

import cribbage  # noqa: E402
from cribbage import crosscribb  # noqa: E402

# A game's transcript: its title (the line that opens it, naming its seed and options) and its lines.
Transcript = tuple[str, tuple[str, ...]]


@dataclass(frozen=True)
class Batch:
    """``games`` games played alike; game ``i``'s seed names the level, the options and ``i``."""

    games: int
    target: int
    muggins: bool
    players: int = 2  # CrossCribb only


@dataclass(frozen=True)
class GoldenFile:
    """One transcript file: the games of one level of one game (``"cribbage"`` or ``"crosscribb"``)."""

    game: str
    level: str
    batches: tuple[Batch, ...]

    @property
    def path(self) -> Path:
        return HERE / f"{self.game}-{self.level}.txt"

    @property
    def games(self) -> int:
        return sum(batch.games for batch in self.batches)


# Both targets, muggins on and off. Muggins changes only the show (each player counts, and the
# opponent claims what a count missed: the beginner forgets his nobs), so fewer long games have it.
_CRIBBAGE = (Batch(70, 121, False), Batch(30, 121, True), Batch(50, 61, False), Batch(50, 61, True))
# CrossCribb is played to 31 only; every number of players it allows, muggins on and off. Its games
# are long (a round is 24 cards placed, and a muggins round 11 counts more), so fewer of them.
_CROSSCRIBB = tuple(Batch(games, 31, muggins, players)
                    for players in (2, 3, 4) for games, muggins in ((50, False), (10, True)))

# Every level cribbage.player accepts by name: "classic" is the first expert, kept
# to measure against. CrossCribb's levels are the keys of CROSSCRIBB_LEVELS, weakest first.
FILES = tuple(GoldenFile("cribbage", level, _CRIBBAGE) for level in ("beginner", "standard", "expert", "classic")) + \
    tuple(GoldenFile("crosscribb", level, _CROSSCRIBB) for level in ("random", "attack", "expected"))


def play(file: GoldenFile, first: int | None = None) -> Iterator[Transcript]:
    """The transcripts of ``file``'s games, in file order; only the ``first`` of each batch if given."""
    for batch in file.batches:
        for i in range(batch.games if first is None else min(first, batch.games)):
            if file.game == "cribbage":
                yield _cribbage_game(file.level, batch, i)
            else:
                yield _crosscribb_game(file.level, batch, i)


def _seed(level: str, batch: Batch, i: int) -> str:
    players = f"/{batch.players}p" if batch.players != 2 else ""
    muggins = "/muggins" if batch.muggins else ""
    return f"{level}{players}/{batch.target}{muggins}/{i}"


def _title(seed: str, batch: Batch) -> str:
    return f"game {seed} target={batch.target} muggins={'on' if batch.muggins else 'off'}"


# --- cribbage ---------------------------------------------------------------------------------

def _cribbage_game(level: str, batch: Batch, i: int) -> Transcript:
    seed = _seed(level, batch, i)
    # Each seat its own seeded player: the beginner (and ties at other levels) draw from it.
    players = [cribbage.player(level, seed=f"{seed}/seat {seat}") for seat in (0, 1)]
    game = cribbage.play_game(players, seed=seed, target=batch.target, muggins=batch.muggins)
    lines = [_entry(entry) for entry in game.log]
    result = game.result
    assert result is not None  # play_game plays to the end
    lines.append(f"result winner={result.winner} scores={result.scores[0]}-{result.scores[1]} games={result.games}")
    return _title(seed, batch), tuple(lines)


def _entry(entry: Any) -> str:
    """A log entry as ``kind seat cards =count | events``.

    Left out, as they follow from the lines above and would make the files much longer: the
    deal number and dealer (the ``deal`` line names them), the cards of a reset or the end of the
    play (the series just played), and of each score event its deal, phase, dealer, starter and
    cards (the hand or crib of a show line, the last cards of the count in the play)."""
    kind = _kind(entry.kind)
    parts = [kind, "-" if entry.seat is None else str(entry.seat)]
    if kind not in ("reset", "end_of_play"):
        parts.extend(card.code for card in entry.cards)
    if entry.count is not None:
        parts.append(f"={entry.count}")
    if entry.events:
        parts.append("| " + ", ".join(_event(event) for event in entry.events))
    return " ".join(parts)


def _event(event: Any) -> str:
    said = f"{_kind(event.kind)} {event.seat} {event.points}"
    if event.worth is not None and event.worth != event.points:
        said += f"/{event.worth}"  # pegged out: worth more than the points that reached the target
    if event.crib and _kind(event.kind) != "crib":
        said += " crib"  # muggins on the crib
    return said


def _kind(kind: Any) -> str:
    return str(kind.value).replace(" ", "_")


def _cards(cards: Iterable[Any]) -> str:
    return " ".join(card.code for card in cards)


# --- CrossCribb -------------------------------------------------------------------------------

def _crosscribb_game(level: str, batch: Batch, i: int) -> Transcript:
    seed = _seed(level, batch, i)
    make = crosscribb.CROSSCRIBB_LEVELS[level]
    players = [make(f"{seed}/seat {seat}") for seat in range(batch.players)]
    game = crosscribb.play_crosscribb_game(players, seed=seed, target=batch.target, muggins=batch.muggins)
    return _title(seed, batch) + f" players={batch.players}", tuple(_records(game.log))


def _records(log: Sequence[Any]) -> Iterator[str]:
    """The records of a CrossCribb log, one a line, but for two pairs that make one line each, to
    keep the files short: a card turned up and then placed or laid away (most of the log), written
    ``seat card @square`` (row and column from 0) or ``seat card crib``; and, muggins on, a count
    with its answer, ``announced ... | accepted ...`` or ``announced ... | muggins ...``."""
    i = 0
    while i < len(log):
        record = log[i]
        after: Any = log[i + 1] if i + 1 < len(log) else None
        kind, next_kind = record.kind.value, after.kind.value if after is not None else ""
        if kind == "turned" and next_kind in ("placed", "laid away") \
                and (after.seat, after.card) == (record.seat, record.card):
            where = f"@{after.square[0]}{after.square[1]}" if next_kind == "placed" else \
                "crib forced" if after.forced else "crib"
            yield f"{after.seat} {after.card.code} {where}"
            i += 2
        elif kind == "announced" and next_kind in ("muggins claimed", "count accepted") and after.line == record.line:
            answer = f"muggins {after.seat} {after.points}" if next_kind == "muggins claimed" else f"accepted {after.seat}"
            yield f"{_record(kind, record)} | {answer}"
            i += 2
        else:
            yield _record(kind, record)
            i += 1


def _record(kind: str, r: Any) -> str:
    # A record's side is left out where its seat is named: the seats' sides are the game's rule.
    if kind == "cut for deal":
        return f"cut_for_deal {_cards(r.cuts)} dealer={'-' if r.dealer is None else r.dealer}"
    if kind == "dealt":  # the piles are left out: each of their cards is turned up below, in order
        return f"dealt round={r.round} dealer={r.dealer}"
    if kind == "starter turned":
        return f"starter {r.starter.code} his_heels={r.his_heels}"
    if kind == "turned":
        return f"turned {r.seat} {r.card.code}"
    if kind == "announced":
        return f"announced {r.seat} {_line(r.line)} {r.points}/{r.holds}"  # announced / truly held
    if kind == "muggins claimed":
        return f"muggins {r.seat} {_line(r.line)} {r.points}"
    if kind == "count accepted":
        return f"accepted {r.seat} {_line(r.line)}"
    if kind == "round scored":
        s = r.result
        said = (f"scored round={r.round} totals={s.totals[0]}-{s.totals[1]} "
                f"winner={'-' if s.winner is None else s.winner} points={s.points}")
        if s.announced is not None:
            said += f" muggins={s.muggins[0]}-{s.muggins[1]} announced={s.announced[0]}-{s.announced[1]}"
        return said
    if kind == "game won":
        s = r.result
        return f"won side={s.winner} scores={s.scores[0]}-{s.scores[1]} margin={s.margin} games={s.games}"
    return f"{kind.replace(' ', '_')} {r!r}"  # a kind this module does not know: every field, as repr


def _line(line: Any) -> str:
    return "crib" if line is None else f"{line.kind.value}{line.index}"


# --- the files --------------------------------------------------------------------------------

def render(file: GoldenFile, transcripts: Iterable[Transcript]) -> str:
    """The text of ``file``."""
    out = [f"# Golden transcripts: {file.game}, level {file.level!r}, {file.games} seeded games.",
           "# Made by tests/golden/make_golden.py; do not edit (see tests/golden/README.md)."]
    for title, lines in transcripts:
        out.append("")
        out.append(title)
        out.extend(lines)
    return "\n".join(out) + "\n"


def read(path: Path) -> dict[str, tuple[int, tuple[str, ...]]]:
    """The games of a file written by :func:`render`: title -> (the title's line number, lines)."""
    games: dict[str, tuple[int, tuple[str, ...]]] = {}
    title, at, lines = "", 0, list[str]()
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if text.startswith("game "):
            if title:
                games[title] = (at, tuple(lines))
            title, at, lines = text, n, []
        elif text and not text.startswith("#"):
            lines.append(text)
    if title:
        games[title] = (at, tuple(lines))
    return games


def differences(file: GoldenFile, first: int | None = None, *, stop: bool = False) -> list[str]:
    """How ``file``'s games played now differ from the file: one line for each game that differs,
    naming its first line that does. ``first``: only the first games of each batch. ``stop``: at
    the first difference."""
    name = file.path.name
    if not file.path.exists():
        return [f"{name}: missing (run tests/golden/make_golden.py)"]
    pinned = read(file.path)
    found: list[str] = []
    played: set[str] = set()
    for title, now in play(file, first):
        played.add(title)
        if title not in pinned:
            found.append(f"{name}: {title!r} is not in the file")
        else:
            at, was = pinned[title]
            found.extend(_first_difference(f"{name}:{at}: {title!r}", at, was, now))
        if stop and found:
            return found
    if first is None:
        found.extend(f"{name}:{at}: {title!r} is no longer played"
                     for title, (at, _) in pinned.items() if title not in played)
    return found


def _first_difference(where: str, at: int, was: Sequence[str], now: Sequence[str]) -> list[str]:
    # Line numbers are the file's: a game's lines follow its title without a gap.
    for n, (old, new) in enumerate(zip(was, now), at + 1):
        if old != new:
            return [f"{where}, line {n}: was {old!r}, now {new!r}"]
    if len(was) != len(now):
        return [f"{where}: {len(was)} lines in the file, {len(now)} now"]
    return []
