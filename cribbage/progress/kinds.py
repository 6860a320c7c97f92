"""The item kinds of a count, as the progress store names them: what a learner was asked about.

>>> from cribbage import score_hand
>>> show_kinds(score_hand("5H 5D 6H 7S", "8C"))
('fifteen.2', 'pair', 'run.4', 'double_run')
>>> show_kinds(score_hand("2H 3D 10S KC", "5C"))
('fifteen.2', 'fifteen.3')
>>> show_kinds(score_hand("2H 4H 6H 8H", "KH", crib=True))
('flush.crib',)
"""

from __future__ import annotations

from cribbage.rules.checks import of_kind
from cribbage.rules.play_scoring import PlayScore
from cribbage.rules.show_scoring import HandScore

__all__ = ["play_kinds", "show_kinds"]

_GROUPS = {"pair": "pair", "pair royal": "pair_royal", "double pair royal": "double_pair_royal"}
_PLAY = {"fifteen": "play.fifteen", "thirty-one": "play.thirty_one", "run": "play.run", "go": "go",
         "last card": "last_card"}


def show_kinds(score: HandScore) -> tuple[str, ...]:
    """The kinds a hand's count holds, in count order; ``("zero",)`` for a hand worth nothing."""
    of_kind(score, "score", HandScore)
    out: list[str] = []
    runs = 0
    for group in score.groups():
        if group.kind == "fifteen":
            kind = f"fifteen.{min(len(group.cards), 5)}"
        elif group.kind in _GROUPS:
            kind = _GROUPS[group.kind]
        elif group.kind == "run":
            runs += 1
            kind = f"run.{len(group.cards)}"
        elif group.kind == "flush":
            kind = "flush.crib" if score.crib else ("flush.five" if len(group.cards) == 5 else "flush.hand")
        elif group.kind == "nobs":
            kind = "nobs"
        else:
            kind = "other"
        if kind not in out:
            out.append(kind)
    if runs > 1:
        out.append("double_run")
    return tuple(out) or ("zero",)


def play_kinds(score: PlayScore) -> tuple[str, ...]:
    """The kinds a card in the play scored: a fifteen, thirty-one, a pair (royal), a run, go, the last card."""
    of_kind(score, "score", PlayScore)
    out: list[str] = []
    for item in score.items:
        kind = _PLAY.get(item.kind, "play.pair" if "pair" in item.kind else "other")
        if kind not in out:
            out.append(kind)
    return tuple(out)
