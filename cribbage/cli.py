"""The ``cribbage`` command line.

``cribbage score 5H 5D 6H 7S 8C [--crib]`` prints the itemized count of a hand (the starter last).
``cribbage discard 5H 5D 6H 7S 8C 9D [--dealer]`` ranks the 15 keeps by exact expected points.
``cribbage play [--level expert] [--target 121] [--muggins] [--seed N]`` is a game against the computer.
Bad input prints one line naming what was wrong and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from .cards import cards
from .errors import CribbageError
from .progress.cli import add_progress
from .scoring import score_hand

__all__ = ["main", "COMMANDS"]


def _score(args: argparse.Namespace) -> int:
    five = cards(" ".join(args.cards))
    if len(five) != 5:
        raise CribbageError(f"give four cards and the starter (five cards), not {len(five)}")
    result = score_hand(five[:4], five[4], crib=args.crib)
    what = "crib" if args.crib else "hand"
    print(f"{what}: {' '.join(str(c) for c in result.hand)}   starter: {result.starter}")
    for item in result.items:
        shown = " ".join(str(c) for c in item.cards)
        print(f"  {item.kind:<8} {shown:<22} {item.points:>2}")
    print(f"  {str(result)}")
    print(f"total: {result.total}")
    return 0


def _add_score(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("score", help="itemize the show of a hand: four cards, then the starter")
    parser.add_argument("cards", nargs="+", help="e.g. 5H 5D 6H 7S 8C (the starter last)")
    parser.add_argument("--crib", action="store_true", help="count it as a crib (flush only with all five)")
    parser.set_defaults(run=_score)


def _discard(args: argparse.Namespace) -> int:
    from .discard import advise_discard

    six = cards(" ".join(args.cards))
    advice = advise_discard(six, dealer=args.dealer)
    role = "dealer: the crib is yours" if args.dealer else "pone: the crib is your opponent's"
    print(f"six cards: {' '.join(str(c) for c in six)}   ({role})")
    print("expected points over every starter and every pair the opponent could lay away:")
    print(advice)
    best = advice.best
    print(f"best: keep {' '.join(str(c) for c in best.keep)}, lay away "
          f"{' '.join(str(c) for c in best.discard)} ({best.net:+.2f}): {best.reason}")
    return 0


def _add_discard(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("discard", help="rank the 15 ways to keep four of six cards")
    parser.add_argument("cards", nargs="+", help="six cards, e.g. 5H 5D 6H 7S 8C 9D")
    role = parser.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_true", help="you deal: the crib is yours")
    role.add_argument("--pone", action="store_false", dest="dealer", help="your opponent deals (default)")
    parser.set_defaults(run=_discard)


def _play(args: argparse.Namespace) -> int:
    from .terminal import run

    run(seed=args.seed, level=args.level, target=args.target, muggins=args.muggins)
    return 0


def _add_play(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("play", help="play a game against the computer")
    parser.add_argument("--level", choices=("beginner", "standard", "expert"), default="expert")
    parser.add_argument("--target", type=int, choices=(121, 61), default=121)
    parser.add_argument("--muggins", action="store_true", help="count your own hands; missed points can be taken")
    parser.add_argument("--seed", type=int, default=None, help="the same seed deals the same game")
    parser.set_defaults(run=_play)


#: Each subcommand registers itself here: a function that adds its parser.
COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [_add_score, _add_discard, _add_play]
COMMANDS.append(add_progress)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2, like any other bad input
        print(f"cribbage: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="cribbage", description="Cribbage: score hands, advise discards, play a game.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for add in COMMANDS:
        add(sub)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except CribbageError as error:
        print(f"cribbage: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
