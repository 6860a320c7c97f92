"""The guided hands: scripted, seeded deals that a :class:`~widgets.table.view.GameTable` plays step by step.

A :class:`GuidedHand` is the deal (your six cards, the computer's six, the starter), who deals,
where it stands in a game (the scores, each back peg and the deal's number: a hand at the end of a
game shows the pegs and the deal of a game that got there), and the lesson's words (catalogue keys
``table.guided.<key>.*``). The script of each step is not written by hand: before every move the
table asks the engine for the expert's move and its reason, and after it says how yours compares.
The computer plays as the expert, so a learner who follows the advice sees the hand the lesson
describes; the tests play it.
The closing words are computed from what happened (:meth:`GuidedHand.ending`): the game won or lost
in the play, at the cut (his heels) or in the show, on which count; or the deal played to its end.
What the intro says the play will bring (a Go, a 31, a pair royal: :data:`SIGHTS`) is read from the
advised line, never written by hand, and said as what the hints lead to; when a learner's own line
did not bring one of them, the closing words say so and why (another discard, or other plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cribbage.ai.adviser import Adviser
from cribbage.ai.driver import Driver
from cribbage.ai.levels import player
from cribbage.rules.cards import Card
from cribbage.rules.cards import cards as parse_cards
from cribbage.rules.events import Phase, ScoreKind
from cribbage.rules.game import Game
from cribbage.rules.show_scoring import hand_total
from widgets.i18n import cards_text, listed, render

__all__ = ["ENDINGS", "GUIDED_HANDS", "SIGHTS", "GuidedHand", "sights"]

#: What a guided hand's intro may promise the play brings, in the order it names them.
SIGHTS: tuple[ScoreKind, ...] = (ScoreKind.GO, ScoreKind.THIRTY_ONE, ScoreKind.PAIR_ROYAL)


def sights(game: Game) -> tuple[ScoreKind, ...]:
    """Which of :data:`SIGHTS` were pegged in the play of ``game`` so far, in :data:`SIGHTS`' order."""
    pegged = {event.kind for event in game.events if event.phase is Phase.PLAY}
    return tuple(kind for kind in SIGHTS if kind in pegged)


def _sights_text(kinds: tuple[ScoreKind, ...], language: str | None) -> str:
    return listed([render(f"table.sight.{kind.name.lower()}", language) for kind in kinds], language)

#: How a guided hand can end: the deal played out (``"deal"``), or the game won (``won_``) or lost
#: (``lost_``) in the play, at the cut (his heels), on the pone's count (the first of the show), on
#: the dealer's hand, or on the crib. (A guided hand is played without muggins.)
ENDINGS: tuple[str, ...] = ("deal", *(f"{side}_{how}" for side in ("won", "lost")
                                      for how in ("play", "heels", "pone_hand", "dealer_hand", "crib")))


@dataclass(frozen=True)
class GuidedHand:
    """One scripted deal. ``you`` and ``computer`` are six cards each; ``dealer`` 0 is you. ``scores``,
    ``back_pegs`` (each player's score before their last points) and ``deal`` place it in a game, as
    :class:`~cribbage.rules.game.Game` checks them."""

    key: str
    you: str
    computer: str
    starter: str
    dealer: int
    scores: tuple[int, int] = (0, 0)
    back_pegs: tuple[int, int] = (0, 0)
    deal: int = 1
    target: int = 121
    seed: int = 0
    #: Whether the intro names what the play brings (its ``{sights}``).
    watch: bool = False

    def game(self) -> Game:
        """The deal as a fresh game (later deals, if any, are seeded)."""
        return Game(self.seed, target=self.target, dealer=self.dealer, scores=self.scores,
                    back_pegs=self.back_pegs, deal_number=self.deal,
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
        """The hand's first words; what the play brings if the hints are followed is read from that line."""
        return render(f"table.guided.{self.key}.intro", language, you=self.scores[0], computer=self.scores[1],
                      target=self.target, sights=_sights_text(self.promised(), language))

    def promised(self) -> tuple[ScoreKind, ...]:
        """What the intro promises: what the play of the advised line brings (:data:`SIGHTS`), for a
        hand whose intro names it (``watch``)."""
        return _advised_sights(self) if self.watch else ()

    def missed(self, game: Game, language: str | None = None) -> str | None:
        """When ``game``'s play did not bring all the intro promised: which, and why (the learner laid
        away other cards than the hints, or played other cards); ``None`` when it brought them all."""
        missing = tuple(kind for kind in self.promised() if kind not in sights(game))
        if not missing:
            return None
        hinted = _advised_discard(self)
        laid = tuple(card for card in parse_cards(self.you) if card not in game.kept(0))
        what = _sights_text(missing, language)
        if set(laid) != set(hinted):
            return render("table.guided.missed_discard", language, missing=what,
                          yours=cards_text(laid), hinted=cards_text(hinted))
        return render("table.guided.missed_play", language, missing=what)

    def ending(self, game: Game) -> str:
        """How the hand ended, one of :data:`ENDINGS`: read from the last points pegged, when they won the game."""
        if not game.is_over:
            return "deal"
        last = game.events[-1]   # the points that reached the target
        side = "won" if game.winner == 0 else "lost"
        if last.kind is ScoreKind.HIS_HEELS:
            how = "heels"
        elif last.phase is Phase.PLAY:
            how = "play"
        elif last.kind is ScoreKind.CRIB:
            how = "crib"
        else:   # a hand's count: a guided hand has no muggins, so no other points come in the show
            how = "dealer_hand" if last.seat == game.dealer else "pone_hand"
        return f"{side}_{how}"

    def outro(self, game: Game, language: str | None = None) -> str:
        """What the hand showed, from the game as it stands at the end of the hand: the points of each
        side, and what decided it (:meth:`ending`), in words true of this game."""
        def pegged(seat: int, *, show: bool) -> int:
            return sum(e.points for e in game.events
                       if e.seat == seat and (e.kind is ScoreKind.HAND or e.kind is ScoreKind.CRIB) == show)

        summary = render("table.guided.summary", language, play=pegged(0, show=False), show=pegged(0, show=True),
                    cplay=pegged(1, show=False), cshow=pegged(1, show=True))
        ending = self.ending(game)
        if ending == "deal":
            missed = self.missed(game, language)
            if missed is not None:
                summary = f"{summary} {missed}"
            return f"{summary} {render(f'table.guided.{self.key}.outro', language)}"
        values: dict[str, Any] = {"target": self.target}
        if ending.endswith("hand"):
            # The dealer's hand: never counted when the pone went out first (what the counting order
            # took away, or gave), or the count that went out.
            assert game.starter is not None  # turned before any count
            values["n"] = hand_total(game.kept(game.dealer), game.starter, crib=False)
        return f"{summary} {render(_ENDING_KEY.get(ending, f'table.guided.{ending}'), language, **values)}"


@cache
def _advised(hand: GuidedHand) -> Game:
    return hand.advised_game()


def _advised_sights(hand: GuidedHand) -> tuple[ScoreKind, ...]:
    return sights(_advised(hand))


def _advised_discard(hand: GuidedHand) -> tuple[Card, ...]:
    kept = _advised(hand).kept(0)
    return tuple(card for card in parse_cards(hand.you) if card not in kept)


# Two endings keep the words they had when they were the only two (their translations with them).
_ENDING_KEY = {"won_pone_hand": "table.guided.won", "lost_dealer_hand": "table.guided.lost"}


#: The course's three guided hands (stop 5). Chosen by playing every seed with the advice followed:
#: 1. a plain hand as pone, with a go and the show; 2. a hand as dealer with a 31 and a pair royal in
#: the play and a crib worth counting; 3. a close finish where the pone pegs out before the dealer counts.
#: The close finish is the tenth deal of a game (about 25 points a deal between the two players bring
#: them to 109 and 114), and each back peg stands where the last deal's points left it: your crib of
#: 6 (you dealt the ninth deal, so it was counted last), the computer's hand of 8.
GUIDED_HANDS: tuple[GuidedHand, ...] = (
    GuidedHand("pone", you="AS 4S 7H JH KC KD", computer="3D 5H 9H TC TD JD", starter="2S", dealer=1, seed=160,
               watch=True),
    GuidedHand("dealer", you="2S 8D 8H 9D TS QS", computer="2H 6D 6H 8C JS QH", starter="3D", dealer=0, seed=4,
               watch=True),
    GuidedHand("finish", you="3C 3H 3S 7S TH QH", computer="AC 2S 3D 4D 7D 9D", starter="AS", dealer=1,
               scores=(109, 114), back_pegs=(103, 106), deal=10, seed=78),
)
