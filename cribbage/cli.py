"""The ``cribbage`` command line.

``cribbage score 5H 5D 6H 7S 8C [--crib]`` prints the itemized count of a hand (the starter last).
Bad input prints one line naming what was wrong and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from .cards import cards
from .errors import CribbageError
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


#: Each subcommand registers itself here: a function that adds its parser.
COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [_add_score]


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
