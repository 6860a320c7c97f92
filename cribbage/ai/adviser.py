"""The course's advice as a player: the moves the hints name, with their reasons."""

from __future__ import annotations

from dataclasses import replace

from cribbage.ai.discard import SPLITS, KeepOption, advise_discard
from cribbage.ai.expert import ExpertPlayer, TableView
from cribbage.ai.play_choice import PlayChoice, PlayView, choose_play
from cribbage.ai.players import ComputerPlayer
from cribbage.ai.seat_view import SeatView
from cribbage.ai.why import KeepExplanation, PlayExplanation, explain_keep, explain_play
from cribbage.lang.messages import message
from cribbage.rules.cards import Card
from cribbage.rules.errors import CribbageError, shown

__all__ = ["Adviser"]


class Adviser(ComputerPlayer):
    """The course's advice as a player: the moves the hints name, with their reasons.

    ``level="expert"`` (the default) advises what the expert computer does: the keep
    :func:`~cribbage.ai.discard.advise_discard` ranks best with the ``"expert"`` crib model (near the
    end, the keep the expert chooses for the score, see :mod:`cribbage.ai.expert`, its reason then
    saying so with the two chances of winning) and the expert's card (its reason naming the read of
    the opponent or the score when they decided it, see :mod:`cribbage.ai.why`). So the game table's hint and the computer across the table never disagree.
    ``level="classic"`` advises as the first expert does (the uniform crib, the classic look-ahead in the play): the
    guided hands were written for that line."""

    level = "expert"

    def __init__(self, *, name: str | None = None, level: str = "expert") -> None:
        if level not in ("expert", "classic"):
            raise CribbageError(message("level.unknown", value=shown(level), levels="expert, classic"))
        super().__init__(seed=0, name=name or "adviser")
        self.level = level

    def discard(self, game: SeatView, seat: int) -> tuple[Card, Card]:
        best = self.keep(game, seat).discard
        return best[0], best[1]

    def keep(self, game: SeatView, seat: int) -> KeepOption:
        """The best keep for ``seat``'s six cards, with its reason (the discard hint)."""
        six, dealer = self.dealt_six(game, seat), game.dealer == seat
        if self.level == "classic":
            return advise_discard(six, dealer=dealer).best
        advice = advise_discard(six, dealer=dealer, crib_model="expert")
        chosen, best, chances = ExpertPlayer().keep_for_score(game, seat)
        option = next(o for o in advice if set(o.discard) == {six[i] for i in SPLITS[chosen][1]})
        if chosen == best or chances is None:
            return option
        # Kept for the score, not the average: say so, with the two chances.
        other = next(o for o in advice if set(o.discard) == {six[i] for i in SPLITS[best][1]})
        return replace(option, message=message(
            "ai.why.keep_score", reason=option.message, chance=100 * float(chances[chosen]), other=other.keep,
            other_chance=100 * float(chances[best])))

    def play(self, game: SeatView, seat: int) -> Card | None:
        return self.hint(game, seat).card

    def hint(self, game: SeatView, seat: int) -> PlayChoice:
        if self.level == "classic":
            return super().hint(game, seat)
        return ExpertPlayer().hint(game, seat)

    def explain(self, game: SeatView, seat: int, move: KeepOption | PlayChoice) -> PlayExplanation | KeepExplanation | None:
        """What the expert sees behind ``move`` (this adviser's keep or card for ``seat`` now), as facts
        of the table (:mod:`cribbage.ai.why`): for a card, what it pegs, what the cards the opponent
        could hold peg on it and the expert's read of their hand; for a keep, what it expects in hand
        and crib. ``None`` for a go."""
        if isinstance(move, KeepOption):
            return explain_keep(move.keep, move.discard, move.hand_ev, move.crib_ev, dealer=game.dealer == seat,
                                play=move.peg_ev)
        if move.card is None:
            return None
        table = ExpertPlayer().read_opponent(TableView.from_game(game, seat), game, seat)
        return explain_play(table.view, move.card, table.opponent_pool(), table.go_count)

    def choose_play(self, view: PlayView) -> PlayChoice:
        if self.level == "classic":
            return choose_play(view, "expert")
        return ExpertPlayer().choose_play(view)
