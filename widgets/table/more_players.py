"""A deal at a table of three, or of four as partners, the learner in seat A and the computer in the
other seats: the learner lays a card away and plays it with buttons, the computers answer through their
own seats' views, and every step is said in the learner's language.

With ``people=True`` every seat is a person taking turns at one screen (Players A, B, C and D). Whenever
a different person's turn comes, the table shows only what everybody sees (the board, the scores, the
cards played, the count, the crib's owner, how many cards each holds) until that person presses "Show my
cards"; their hand is hidden again as soon as the turn passes on. The show, at the end of the deal, is
public.

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
from widgets.base.refusal import Refused
from widgets.base.view import View, close_all, guarded, style_tag
from widgets.blocks.board import board_png
from widgets.blocks.cards import row_html, suit_class
from widgets.i18n import card_name, render

__all__ = ["MorePlayersTable"]

#: What the table asks of the seat to act, against the computer and with people at one screen.
_ASKS = {"lay_away": "more.lay_away", "must_go": "more.must_go", "your_turn": "more.your_turn"}
_PEOPLE_ASKS = {"lay_away": "more.people.lay_away", "must_go": "more.people.must_go",
                "your_turn": "more.people.your_turn"}

class MorePlayersTable(View):
    """One game at a table of ``players`` (3, or 4 as partners), deal by deal; you are seat A, the
    computer the others. ``people=True``: every seat is a person, taking turns at one screen.

    Drive it with :attr:`card_buttons` (a card to lay away, then to play), :attr:`go_button` and
    :attr:`next_button`, or the methods :meth:`choose` and :meth:`say_go`; with people, the one whose turn
    it is first presses :attr:`reveal_button` (:meth:`reveal`) to see their cards.
    """

    def __init__(self, players: int = 3, *, seed: int | str = 1, dealer: int | None = None,
                 people: bool = False, language: str | None = None) -> None:
        super().__init__(language=language)
        if not isinstance(people, bool):
            raise Refused(key="more.people.not_bool", value=repr(people)[:40])
        self.people = people
        self.game = TableGame(seed, rules=Rules(players=players), dealer=dealer)
        self._computers = {} if people else {
            seat: table_player("standard", seed=f"{seed}/{seat}") for seat in range(1, players)}
        self._views = {seat: SeatView(self.game, seat) for seat in range(players)}
        self._revealed: int | None = None    # people: the seat whose hand the screen shows (None: hidden)
        self._said: list[str] = []
        self._read = 0                       # log entries already said
        self._title = w.HTML()
        self._rules = w.HTML()
        self._table = w.HTML()
        self._board = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self._drawn: tuple[object, ...] = ()  # the pegs and names the board shows
        self._turn = w.HTML()
        self._hand = w.HBox()
        self._buttons: dict[Card, w.Button] = {}
        self.reveal_button = self._button("more.people.reveal", self.reveal, "primary")
        self.go_button = self._button("more.go", self.say_go)
        self.next_button = self._button("more.next", self.next_deal, "primary")
        self._story = w.HTML()
        self.children = [style_tag(), self._title, self._rules, self._board, self._table, self._turn, self._hand,
                         w.HBox([self.reveal_button, self.go_button, self.next_button]), self._message, self._story]
        self._computers_act()
        self._refresh()

    # ----------------------------------------------------------------- names
    def name(self, seat: int) -> str:
        """How the table names a seat: "You", or "Player B" (with "your partner" for seat C of four); with
        people at one screen, "Player A" to "Player D"."""
        return render(seat_name(seat, self.game.rules, people=self.people), self.language)

    def side(self, side: int) -> str:
        """How the table names a side: a player, or two partners."""
        return render(side_name(side, self.game.rules, people=self.people), self.language)

    @property
    def track_names(self) -> tuple[str, ...]:
        """The board's name for each track: each player, or each pair of partners ("You and C", "A and C")."""
        game = self.game
        if not game.rules.partners:
            return tuple(self.name(seat) for seat in range(game.players))
        first = LETTERS[0] if self.people else seat_name(0, game.rules)
        return (render("multiplayer.say.and", self.language, first=first, second=LETTERS[2]),
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
        """The buttons of the cards you hold (with people, of the hand on the screen; none while it is
        hidden): ``table.card_buttons[card].click()``."""
        return dict(self._buttons)

    @property
    def acting(self) -> int | None:
        """The seat that lays away or plays next (None in the show, between deals and when the game is over).
        Against the computer it is always seat 0 when anyone is asked."""
        game = self.game
        if game.phase not in (Phase.DISCARD, Phase.PLAY):
            return None
        return game.to_act if self.people else 0

    @property
    def passing(self) -> bool:
        """People: the screen is to be passed to :attr:`acting`, whose hand is hidden until they press
        :attr:`reveal_button`."""
        return self.people and self.acting is not None and self._revealed != self.acting

    @property
    def shown_seat(self) -> int | None:
        """The seat whose hand is on the screen (None while it is hidden, and from the show on)."""
        if self.acting is None or self.passing:
            return None
        return self.acting

    @guarded
    def reveal(self) -> None:
        """People: the person whose turn it is holds the screen now; show them their hand."""
        if not self.passing:
            if self.people and self.acting is not None:
                raise Refused(key="more.people.shown", name=self.name(self.acting))
            raise Refused(key="more.people.nothing_hidden")
        self._revealed = self.acting
        self._say("")
        self._acted()

    def _acted(self) -> None:
        """Show the table after a click; with people, the keyboard's focus goes where the next press is
        (the first card that may go, Go, or Show my cards), the button clicked being gone."""
        self._refresh()
        if not self.people:
            return
        ready = [button for button in self._buttons.values() if not button.disabled]
        for button in (*ready, self.go_button, self.reveal_button, self.next_button):
            if button.layout.display != "none" and not button.disabled:
                button.focus()
                return

    def _verify_shown(self) -> int:
        """The seat that acts now, refused while its hand is hidden (people at one screen)."""
        if self.passing:
            raise Refused(key="more.people.hidden", name=self.name(self.acting or 0))
        return 0 if self.acting is None else self.acting

    @property
    def story(self) -> list[str]:
        """Everything said so far this game, in order."""
        return list(self._said)

    @guarded
    def choose(self, card: Card) -> None:
        """Lay ``card`` away in the discard, or play it in the play (with people, for the seat on the screen)."""
        seat = self._verify_shown()
        if self.game.phase is Phase.DISCARD:
            self.game.lay_away(seat, [card])
        else:
            self.game.play(seat, card)
        self._say("")
        self._computers_act()
        self._acted()

    @guarded
    def say_go(self) -> None:
        """Say go (with people, for the seat on the screen)."""
        self.game.go(self._verify_shown())
        self._say("")
        self._computers_act()
        self._acted()

    @guarded
    def next_deal(self) -> None:
        self.game.next_deal()
        self._revealed = None               # a new hand: whoever pressed the button does not see it
        self._say("")
        self._computers_act()
        self._acted()

    # ----------------------------------------------------------------- the computers
    def _computers_act(self) -> None:
        """The computer seats act until it is your turn, the deal is over or the game is."""
        computers_act(self.game, self._computers, self._views)

    # ----------------------------------------------------------------- showing it
    def _refresh(self) -> None:
        game, people, table_sees = self.game, self.people, self._views[0]
        title, *rules = self._heading_keys()
        self._title.value = f'<div class="cc-title">{html.escape(self._t(title))}</div>'
        self._rules.value = "".join(f'<p class="cc-text">{html.escape(self._t(key))}</p>' for key in rules)
        for entry in game.log[self._read:]:
            self._said.extend(self._lines(entry))
        self._read = len(game.log)
        lines = [scores_line(game.scores, game.rules, self.language, people=people), self._crib_line()]
        if game.phase in (Phase.DISCARD, Phase.PLAY):
            lines.append(self._t("more.held", held="; ".join(
                self._t("more.held_one", name=self.name(seat), n=table_sees.cards_held(seat))
                for seat in range(game.players))))
        if game.phase is Phase.PLAY:
            lines.append(self._t("more.count", count=game.count))
        table = "".join(f'<p class="cc-text">{html.escape(line)}</p>' for line in lines)
        if game.phase is Phase.PLAY:
            table += row_html(game.series, starter=game.starter, starter_label=self._t("card.starter"),
                              language=self.language)
        self._table.value = table
        drawn = (self.pegs, self.track_names)
        if drawn != self._drawn:              # passing the screen moves no peg: the picture stays
            self._board.value = board_png(*drawn, game.rules.target, self.language)
            self._drawn = drawn
        shown = self.shown_seat
        self._set_buttons(shown)
        self._story.value = "".join(f'<p class="cc-text">{html.escape(line)}</p>' for line in self._said[-14:])
        can_go = shown is not None and game.phase is Phase.PLAY and game.to_act == shown and not any(
            game.count + card.value <= 31 for card in self._views[shown].hand)
        self.go_button.layout.display = "" if can_go else "none"
        self.next_button.layout.display = "" if game.phase is Phase.DEAL_OVER else "none"
        self.reveal_button.layout.display = "" if self.passing else "none"
        self._prompt(can_go)

    def _heading_keys(self) -> tuple[str, ...]:
        """The title's key, then the keys of the rules said under it."""
        players = self.game.players
        if not self.people:
            return f"more.title_{players}", f"more.rules_{players}"
        rules = "more.people.rules_4" if self.game.rules.partners else "more.rules_3"
        return f"more.people.title_{players}", rules, "more.people.how"

    def _crib_line(self) -> str:
        """Whose the crib is: against the computer, said from your side; with people, named."""
        game = self.game
        if self.people:
            return self._t("more.people.crib", dealer=self.name(game.dealer), side=self.side(game.side_of(game.dealer)))
        if game.dealer == 0:
            return self._t("more.crib_ours_you")
        return self._t("more.crib_ours" if self._views[0].crib_is_ours else "more.crib_theirs",
                       dealer=self.name(game.dealer))

    def _prompt(self, can_go: bool) -> None:
        game, acting = self.game, self.acting
        if game.phase is Phase.OVER:
            prompt = render("multiplayer.say.won", self.language,
                            side=side_name(game.winner or 0, game.rules, people=self.people), target=game.rules.target)
        elif self.passing:
            prompt = self._t("more.people.pass", name=self.name(acting or 0))
        elif game.phase in (Phase.DISCARD, Phase.PLAY):
            asked = ("lay_away" if game.phase is Phase.DISCARD else "must_go" if can_go else "your_turn")
            prompt = (self._t(_PEOPLE_ASKS[asked], name=self.name(acting or 0)) if self.people
                      else self._t(_ASKS[asked]))
        else:
            following = (game.dealer + 1) % game.players
            prompt = self._t("more.deal_over_you") if following == 0 and not self.people else self._t(
                "more.deal_over", dealer=self.name(following))
        self._said_prompt = prompt
        if self.people and acting is not None:   # big, just above the hand or the button that shows it
            self._turn.value = f'<div class="cc-big" role="status">{html.escape(prompt)}</div>'
        else:
            self._turn.value = ""
            self._story.value += f'<p class="cc-text"><b>{html.escape(prompt)}</b></p>'

    @property
    def prompt(self) -> str:
        """What the view asks now (of you; with people, of the one whose turn it is)."""
        return self._said_prompt

    def _set_buttons(self, shown: int | None) -> None:
        """The buttons of the hand on the screen, read through that seat's view: none while it is hidden or
        no one is asked."""
        game = self.game
        for button in self._buttons.values():
            close_all(button)
        self._buttons = {}
        if self.people:
            held = self._views[shown].hand if shown is not None else ()
            mine = shown is not None
        else:
            held = self._views[0].hand if game.phase in (Phase.DISCARD, Phase.PLAY) else ()
            mine = (game.phase is Phase.DISCARD and not game.laid_away(0)) or (
                game.phase is Phase.PLAY and game.to_act == 0)
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
        return [render(said, self.language) for said in told(entry, self.game.rules, people=self.people)]
