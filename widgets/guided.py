"""The guided hands: scripted, seeded deals that a :class:`~widgets.table.GameTable` plays step by step.

A :class:`GuidedHand` is the deal (your six cards, the computer's six, the starter), who deals,
the scores to start from, and the lesson's words (catalogue keys ``table.guided.<key>.*``). The
script of each step is not written by hand: before every move the table asks the engine for the
expert's move and its reason, and after it says how yours compares. The computer plays as the
expert, so a learner who follows the advice sees the hand the lesson describes; the tests play it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribbage.ai.adviser import Adviser
from cribbage.ai.driver import Driver
from cribbage.ai.levels import player
from cribbage.rules.cards import cards as parse_cards
from cribbage.rules.events import ScoreKind
from cribbage.rules.game import Game
from cribbage.rules.show_scoring import hand_total

from .i18n import render

__all__ = ["GUIDED_HANDS", "GuidedHand"]


@dataclass(frozen=True)
class GuidedHand:
    """One scripted deal. ``you`` and ``computer`` are six cards each; ``dealer`` 0 is you."""

    key: str
    you: str
    computer: str
    starter: str
    dealer: int
    scores: tuple[int, int] = (0, 0)
    target: int = 121
    seed: int = 0

    def game(self) -> Game:
        """The deal as a fresh game (later deals, if any, are seeded)."""
        return Game(self.seed, target=self.target, dealer=self.dealer, scores=self.scores,
                    deals=[((parse_cards(self.you), parse_cards(self.computer)), self.starter)])

    def advised_game(self) -> Game:
        """The deal played to the end of the hand with your moves the expert's advice (the hints) and
        the computer's the expert player's: the line the lesson describes."""
        game = self.game()
        Driver(game, {0: Adviser(level="classic"), 1: player("classic", seed=game.seed)}, next_deal=False).advance()
        return game

    def title(self, language: str | None = None) -> str:
        return render(f"table.guided.{self.key}.title", language)

    def intro(self, language: str | None = None) -> str:
        return render(f"table.guided.{self.key}.intro", language, you=self.scores[0], computer=self.scores[1],
                 target=self.target)

    def outro(self, game: Game, language: str | None = None) -> str:
        """What the hand showed, from the finished game: the points of each side, and the lesson."""
        def pegged(seat: int, *, show: bool) -> int:
            return sum(e.points for e in game.events
                       if e.seat == seat and (e.kind is ScoreKind.HAND or e.kind is ScoreKind.CRIB) == show)

        summary = render("table.guided.summary", language, play=pegged(0, show=False), show=pegged(0, show=True),
                    cplay=pegged(1, show=False), cshow=pegged(1, show=True))
        if game.is_over:
            # The dealer's hand, counted or not: what the counting order took away (or gave).
            assert game.starter is not None  # turned before any peg that could end the game
            dealer_hand = hand_total(game.kept(game.dealer), game.starter, crib=False)
            lesson = render("table.guided.won" if game.winner == 0 else "table.guided.lost", language, n=dealer_hand)
        else:
            lesson = render(f"table.guided.{self.key}.outro", language)
        return f"{summary} {lesson}"


#: The course's three guided hands (stop 5). Chosen by playing every seed with the advice followed:
#: 1. a plain hand as pone, with a go and the show; 2. a hand as dealer with a 31 and a pair royal in
#: the play and a crib worth counting; 3. a close finish where the pone pegs out before the dealer counts.
GUIDED_HANDS: tuple[GuidedHand, ...] = (
    GuidedHand("pone", you="AS 4S 7H JH KC KD", computer="3D 5H 9H TC TD JD", starter="2S", dealer=1, seed=160),
    GuidedHand("dealer", you="2S 8D 8H 9D TS QS", computer="2H 6D 6H 8C JS QH", starter="3D", dealer=0, seed=4),
    GuidedHand("finish", you="3C 3H 3S 7S TH QH", computer="AC 2S 3D 4D 7D 9D", starter="AS", dealer=1,
               scores=(109, 114), seed=78),
)
