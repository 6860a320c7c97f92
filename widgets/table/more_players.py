"""A deal at a table of three, or of four as partners, the learner in seat A and the computer in the
other seats: the learner lays a card away and plays it with buttons, the computers answer through their
own seats' views, and every step is said in the learner's language.

The rules and the computer are the engine's (:mod:`cribbage.multiplayer`); this view shows and asks.
"""

from __future__ import annotations

import html

import ipywidgets as w

from cribbage.multiplayer import Rules, SeatView, TableGame, computers_act, table_player
from cribbage.multiplayer.narration import scores_line, seat_name, side_name, told
from cribbage.rules.cards import Card
from cribbage.rules.events import LogEntry, Phase
from cribbage.rules.ruleset import LETTERS
from widgets.base.view import View, close_all, guarded, style_tag
from widgets.blocks.board import board_png
from widgets.blocks.cards import row_html, suit_class
from widgets.i18n import card_name, render

__all__ = ["MorePlayersTable"]

class MorePlayersTable(View):
    """One game at a table of ``players`` (3, or 4 as partners), deal by deal; you are seat A.

    Drive it with :attr:`card_buttons` (a card to lay away, then to play), :attr:`go_button` and
    :attr:`next_button`, or the methods :meth:`choose` and :meth:`say_go`.
    """

    def __init__(self, players: int = 3, *, seed: int | str = 1, dealer: int | None = None,
                 language: str | None = None) -> None:
        super().__init__(language=language)
        self.game = TableGame(seed, rules=Rules(players=players), dealer=dealer)
        self._computers = {seat: table_player("standard", seed=f"{seed}/{seat}") for seat in range(1, players)}
        self._views = {seat: SeatView(self.game, seat) for seat in range(players)}
        self._said: list[str] = []
        self._read = 0                       # log entries already said
        self._title = w.HTML()
        self._rules = w.HTML()
        self._table = w.HTML()
        self._board = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self._hand = w.HBox()
        self._buttons: dict[Card, w.Button] = {}
        self.go_button = self._button("more.go", self.say_go)
        self.next_button = self._button("more.next", self.next_deal, "primary")
        self._story = w.HTML()
        self.children = [style_tag(), self._title, self._rules, self._board, self._table, self._hand,
                         w.HBox([self.go_button, self.next_button]), self._message, self._story]
        self._computers_act()
        self._refresh()

    # ----------------------------------------------------------------- names
    def name(self, seat: int) -> str:
        """How the table names a seat: "You", or "Player B" (with "your partner" for seat C of four)."""
        return render(seat_name(seat, self.game.rules), self.language)

    def side(self, side: int) -> str:
        """How the table names a side: a player, or two partners."""
        return render(side_name(side, self.game.rules), self.language)

    @property
    def track_names(self) -> tuple[str, ...]:
        """The board's name for each track: each player, or each pair of partners ("You and C")."""
        game = self.game
        if not game.rules.partners:
            return tuple(self.name(seat) for seat in range(game.players))
        return (render("multiplayer.say.and", self.language, first=seat_name(0, game.rules), second=LETTERS[2]),
                render("multiplayer.say.and", self.language, first=LETTERS[1], second=LETTERS[3]))

    @property
    def pegs(self) -> tuple[tuple[int, int], ...]:
        """Each side's (front, back) pegs: its score, and its score before its last points."""
        game = self.game
        backs = list(game.start_scores)
        fronts = list(game.start_scores)
        for event in game.events:
            if event.points:
                side = game.side_of(event.seat)
                backs[side], fronts[side] = fronts[side], fronts[side] + event.points
        return tuple((front, back) for front, back in zip(fronts, backs))

    # ----------------------------------------------------------------- what the learner does
    @property
    def card_buttons(self) -> dict[Card, w.Button]:
        """The buttons of the cards you hold: ``table.card_buttons[card].click()``."""
        return dict(self._buttons)

    @property
    def story(self) -> list[str]:
        """Everything said so far this game, in order."""
        return list(self._said)

    @guarded
    def choose(self, card: Card) -> None:
        """Lay ``card`` away in the discard, or play it in the play."""
        if self.game.phase is Phase.DISCARD:
            self.game.lay_away(0, [card])
        else:
            self.game.play(0, card)
        self._say("")
        self._computers_act()
        self._refresh()

    @guarded
    def say_go(self) -> None:
        self.game.go(0)
        self._say("")
        self._computers_act()
        self._refresh()

    @guarded
    def next_deal(self) -> None:
        self.game.next_deal()
        self._say("")
        self._computers_act()
        self._refresh()

    # ----------------------------------------------------------------- the computers
    def _computers_act(self) -> None:
        """The computer seats act until it is your turn, the deal is over or the game is."""
        computers_act(self.game, self._computers, self._views)

    # ----------------------------------------------------------------- showing it
    def _refresh(self) -> None:
        game, you = self.game, self._views[0]
        self._title.value = f'<div class="cc-title">{html.escape(self._t(f"more.title_{game.players}"))}</div>'
        self._rules.value = f'<p class="cc-text">{html.escape(self._t(f"more.rules_{game.players}"))}</p>'
        for entry in game.log[self._read:]:
            self._said.extend(self._lines(entry))
        self._read = len(game.log)
        crib = self._t("more.crib_ours_you") if game.dealer == 0 else self._t(
            "more.crib_ours" if you.crib_is_ours else "more.crib_theirs", dealer=self.name(game.dealer))
        lines = [scores_line(game.scores, game.rules, self.language), crib]
        if game.phase is Phase.PLAY:
            lines.append(self._t("more.count", count=game.count))
        table = "".join(f'<p class="cc-text">{html.escape(line)}</p>' for line in lines)
        if game.phase is Phase.PLAY and game.series:
            table += row_html(game.series, language=self.language)
        self._table.value = table
        self._board.value = board_png(self.pegs, self.track_names, game.rules.target, self.language)
        self._set_buttons()
        self._story.value = "".join(f'<p class="cc-text">{html.escape(line)}</p>' for line in self._said[-14:])
        can_go = game.phase is Phase.PLAY and game.to_act == 0 and not any(
            game.count + card.value <= 31 for card in game.hand(0))
        self.go_button.layout.display = "" if can_go else "none"
        self.next_button.layout.display = "" if game.phase is Phase.DEAL_OVER else "none"
        self._prompt(can_go)

    def _prompt(self, can_go: bool) -> None:
        game = self.game
        if game.phase is Phase.OVER:
            prompt = render("multiplayer.say.won", self.language, side=side_name(game.winner or 0, game.rules),
                            target=game.rules.target)
        elif game.phase is Phase.DISCARD:
            prompt = self._t("more.lay_away")
        elif game.phase is Phase.PLAY:
            prompt = self._t("more.must_go" if can_go else "more.your_turn")
        else:
            following = (game.dealer + 1) % game.players
            prompt = self._t("more.deal_over_you") if following == 0 else self._t("more.deal_over",
                                                                                  dealer=self.name(following))
        self._said_prompt = prompt
        self._story.value += f'<p class="cc-text"><b>{html.escape(prompt)}</b></p>'

    @property
    def prompt(self) -> str:
        """What the view asks of you now."""
        return self._said_prompt

    def _set_buttons(self) -> None:
        game = self.game
        held = game.hand(0) if game.phase in (Phase.DISCARD, Phase.PLAY) else ()
        for button in self._buttons.values():
            close_all(button)
        self._buttons = {}
        mine = (game.phase is Phase.DISCARD and not game.laid_away(0)) or (game.phase is Phase.PLAY and game.to_act == 0)
        for card in held:
            button = w.Button(description=str(card), tooltip=card_name(card, self.language),
                              disabled=not mine or (game.phase is Phase.PLAY and game.count + card.value > 31))
            button.add_class("cc-cardbtn")
            button.add_class(suit_class(card.suit))
            button.on_click(self._guard(lambda _b, card=card: self.choose(card)))
            self._buttons[card] = button
        self._hand.children = list(self._buttons.values())

    def _lines(self, entry: LogEntry) -> list[str]:
        """What a log entry says, in the learner's language."""
        return [render(said, self.language) for said in told(entry, self.game.rules)]
