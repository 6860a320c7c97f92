"""The game table: a full game of cribbage against the computer, every score explained as it happens.

:class:`GameTable` is a view over :class:`cribbage.Game`: the board, the computer's hand face down,
the crib (face down until the show), the starter, the count and the current series, your hand as
card buttons (a card is enabled only when the engine allows it), Go, Hint, the show item by item,
a running log of every point in plain words, and the result. You are seat 0, the computer seat 1.
The state and the rules of the table live in :class:`~widgets.table.model.TableSession` (plain,
no widgets), its words in :class:`~widgets.table.words.TableWords`; the computer's moves are made
between yours by :class:`cribbage.ai.driver.Driver`, as in :mod:`cribbage.cli.terminal`.

With muggins on you count your own hand (the computer takes what you miss), and after each count
the computer makes, the table waits for you to check it: claim muggins or go on.

The guided hands (:mod:`widgets.table.guided`) are this table in guided mode: each step is explained
before you act, from the engine's own advice, and your move is compared with the expert's.

Two people play each other at one screen with ``seats=("human", "human")``: whenever the turn to lay
away or play passes to the other, the table shows only what both may see (the board, the scores, the
play's cards, the starter) and a button for that person to show their cards; a hand is never drawn,
not even hidden, while it is the other's turn.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from cribbage import FULL_GAME, TARGETS, Card
from cribbage.ai.play_choice import LEVELS
from cribbage.registry.seats import HUMAN, SEATINGS
from cribbage.rules.events import LogKind, Phase, ScoreKind
from widgets.base.answers import table_answers
from widgets.base.view import Refused, View, crib_badge, guarded, style_tag
from widgets.blocks.board import Board
from widgets.blocks.cards import card_html, row_html, suit_class
from widgets.i18n import card_name, render
from widgets.table.guided import GuidedHand
from widgets.table.model import COMPUTER, YOU, Step, TableSession, read_seed
from widgets.table.review import GameReviewPanel
from widgets.table.words import TableWords

__all__ = ["COMPUTER", "YOU", "GameTable"]

# Card backs and the table's own layout; the rest of the look is the course's shared stylesheet.
_TABLE_CSS = """
.cc-back { background: repeating-linear-gradient(45deg, #1f4e79 0 7px, #3b78b0 7px 14px) !important;
  border: 3px solid #fff; outline: 2px solid #1f4e79; }
.cc-top { display: flex; flex-wrap: wrap; gap: 28px; align-items: flex-start; }
.cc-group { display: flex; flex-direction: column; }
.cc-group .cc-row { padding: 4px 2px 8px 2px; gap: 6px; }
.cc-label { font-size: 17px; font-weight: 700; color: #222; }
.cc-count { font-size: 30px; font-weight: 700; }
.cc-log { max-height: 260px; overflow-y: auto; border: 1px solid #bbb; padding: 4px 10px; background: #fafafa; }
.cc-log div { font-size: 16px; line-height: 1.35; }
.cc-log .cc-log-deal { font-weight: 700; margin-top: 4px; }
.cc-log .cc-log-pts { padding-left: 1.5em; }
.cc-guide { border-left: 6px solid #E69F00; background: #fff6e0; padding: 6px 10px; font-size: 18px; }
.cc-showbox { border: 1px solid #ccc; padding: 4px 10px; margin: 4px 0; }
.cc-prompt { font-size: 20px; font-weight: 700; }
.cc-view select { font-size: 18px; height: 36px; }
.cc-view .widget-toggle-buttons .widget-label { font-size: 18px; }
.cc-standing { border-left: 6px solid #0072B2; background: #eef5fb; padding: 4px 10px; margin: 4px 0;
  font-size: 18px; line-height: 1.4; max-width: 940px; }
.cc-standing .cc-source { font-size: 15px; color: #444; }
.cc-result { font-size: 24px; font-weight: 700; border: 3px solid #000; padding: 6px 10px; }
"""


def _back_html(language: str, n: int) -> str:
    label = html.escape(render("table.face_down", language))
    return "".join(f'<span class="cc-card cc-back" role="img" aria-label="{label}" title="{label}"></span>'
                   for _ in range(n))


def _level_shown(level: str) -> str:
    """The level a person chooses and reads: a guided hand plays the classic expert, shown as the expert."""
    return level if level in LEVELS else "expert"


def _two_names(names: object, language: str) -> tuple[str, str]:
    """Two people's names as given (trimmed, each to 30 characters), or "Player 1" and "Player 2" in
    ``language``; refused unless they are two different, non-empty texts."""
    if names is None:
        return render("table.two.player", language, n=1), render("table.two.player", language, n=2)
    given = tuple(names) if isinstance(names, (tuple, list)) and len(names) == 2 else ()
    cut = tuple(name.strip()[:30] for name in given if isinstance(name, str) and name.strip())
    if len(cut) != 2 or cut[0].casefold() == cut[1].casefold():
        raise Refused(key="table.two.bad_names", value=repr(names)[:40])
    return cut[0], cut[1]


class GameTable(View):
    """A game against the computer. You are seat 0 (the computer is seat 1).

    ``GameTable(seed=1, level="standard", target=121, muggins=False, language="en", board=True)``.
    ``level`` is the computer's: ``"beginner"``, ``"standard"`` or ``"expert"``. Same seed, same game.
    ``board=False`` leaves the board picture out (the scores still show): for quick scripted runs.
    ``seats=("human", "human")`` seats two people at one screen (``names``, by default "Player 1" and
    "Player 2" in the table's language); each hand is then shown only after :attr:`reveal_button`.

    Drive it with the buttons (:attr:`card_buttons`, :attr:`lay_away_button`, :attr:`go_button`,
    :attr:`hint_button`, :attr:`count_box` and :attr:`count_button`, :attr:`muggins_button`,
    :attr:`go_on_button`, :attr:`next_deal_button`, :attr:`new_game_button`) or the methods of the
    same names. A move the engine refuses (out of turn, a card that does not fit, a count too high)
    shows the engine's reason and changes nothing. The state lives in :attr:`session`, a
    :class:`~widgets.table.model.TableSession`.
    """

    def __init__(self, *, seed: int | str = 1, level: str = "standard", target: int = FULL_GAME,
                 muggins: bool = False, language: str | None = None, four_colour: bool = False,
                 board: bool = True, seats: tuple[str, str] = SEATINGS[0],
                 names: tuple[str, str] | None = None, _session: TableSession | None = None) -> None:
        super().__init__(language=language)
        two = isinstance(seats, (tuple, list)) and tuple(seats) == (HUMAN, HUMAN)
        if two:
            names = _two_names(names, self.language)
        session = _session or TableSession(seed=seed, level=level, target=target, muggins=muggins, seats=seats,
                                           names=names)
        self.session = session
        self.four_colour = bool(four_colour)
        self._words = TableWords(self.language, names if two else None)
        self._show_board = bool(board)
        self._names = names if names is not None and two else (self._t("table.you"), self._t("table.computer"))
        game = session.game

        # Settings: they take effect with "New game".
        self._level = w.Dropdown(options=[(self._t(f"table.level.{name}"), name) for name in LEVELS],
                                 value=_level_shown(session.level),
                                 description=self._t("table.level"),
                                 style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self._target = w.ToggleButtons(options=[(str(goal), goal) for goal in TARGETS], value=game.target,
                                       description=self._t("table.target"),
                                       style={"description_width": "initial", "button_width": "70px"})
        self._muggins_box = w.Checkbox(value=game.muggins, description=self._t("table.muggins"),
                                       indent=False, layout=w.Layout(width="auto"))
        self._seed = w.Text(value=str(game.seed), description=self._t("table.seed"),
                            style={"description_width": "initial"}, layout=w.Layout(width="170px"))
        self._new = self._button("table.new_game", self.new_game)
        self._settings = w.HBox([self._level, self._target, self._muggins_box, self._seed, self._new],
                                layout=w.Layout(align_items="center", flex_flow="row wrap"))
        if session.two_people:  # no computer to choose
            self._level.layout.display = "none"

        self._title = w.HTML()
        self._status = w.HTML()
        self._board = self._make_board(game.target)
        self._standing = w.HTML()
        self._top = w.HTML()
        self._play_area = w.HTML()
        self._hand_label = w.HTML()
        self._hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._prompt = w.HTML()

        self._lay_away = self._button("table.lay_away", lambda: self.lay_away(), "primary")
        self._go = self._button("table.go", lambda: self.go(), "warning")
        self._hint_button = self._button("table.hint", lambda: self.hint())
        self._count_box = w.Text(placeholder=self._t("table.count_placeholder"), layout=w.Layout(width="120px"))
        self._count_button = self._button("table.count", lambda: self.count(self._count_box.value), "primary")
        self._muggins_button = self._button("table.muggins_claim", lambda: self.muggins())
        self._go_on = self._button("table.go_on", lambda: self.go_on())
        self._next_deal = self._button("table.next_deal", lambda: self.next_deal(), "primary")
        self._reveal = self._button("table.go", lambda: self.reveal(), "primary")  # worded in _refresh
        self._reveal.layout.display = "none"
        if session.two_people:
            self._muggins_button.description = self._t("table.two.muggins_claim")
        # The review of the game so far (widgets.table.review), shown under the table when asked for.
        self._review_button = self._button("review.open", lambda: self.review())
        self._review_box = w.VBox()
        self._actions = w.HBox([self._reveal, self._lay_away, self._go, self._count_box, self._count_button,
                                self._muggins_button, self._go_on, self._next_deal, self._hint_button,
                                self._review_button], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self._guide = w.HTML()
        self._hint = w.HTML()
        self._show_panel = w.HTML()
        self._result = w.HTML()
        self._log_box = w.HTML()
        self._pool: list[w.Button] = []
        self._slot_cards: tuple[Card, ...] = ()
        self.children = [style_tag(), w.HTML(f"<style>{_TABLE_CSS}</style>", layout=w.Layout(display="none")),
                         self._title, self._settings, self._status, self._board, self._standing, self._top, self._play_area,
                         self._guide, self._hand_label, self._hand_box, self._prompt, self._actions,
                         self._message, self._hint, self._result, self._show_panel, self._log_box, self._review_box]
        self._started()

    # The session, read through ----------------------------------------------------------------
    game = property(lambda self: self.session.game, doc="The engine's game (read it; change it only through the table).")
    level = property(lambda self: self.session.level)
    games_won = property(lambda self: self.session.games_won, doc="Games won by you and the computer.")
    selected = property(lambda self: self.session.picked, doc="The cards picked to lay away (the discard).")
    checking = property(lambda self: self.session.checking,
                        doc="Muggins mode: the table waits for you to check the computer's last count.")

    @property
    def steps(self) -> list[Step]:
        """Guided mode: your moves so far beside the expert's."""
        return self.session.steps

    @property
    def card_buttons(self) -> dict[Card, w.Button]:
        """The buttons of the cards you hold now, to drive from Python: ``table.card_buttons[card].click()``
        (with two people, the cards of the one to act once the screen is passed to them)."""
        seat = self.session.shown_seat
        held = set(self.game.hand(seat)) if seat is not None else set()
        return {card: button for card, button in self._card_buttons.items() if card in held}

    names = property(lambda self: self._names, doc="The name of each seat, as the table shows it.")
    passing = property(lambda self: self.session.passing,
                       doc="Two people: the screen is to be passed to the one to act before their cards show.")
    reveal_button = property(lambda self: self._reveal,
                             doc="Two people: the button the person to act presses to see their cards.")

    lay_away_button = property(lambda self: self._lay_away)
    go_button = property(lambda self: self._go)
    hint_button = property(lambda self: self._hint_button)
    count_box = property(lambda self: self._count_box)
    count_button = property(lambda self: self._count_button)
    muggins_button = property(lambda self: self._muggins_button)
    go_on_button = property(lambda self: self._go_on)
    next_deal_button = property(lambda self: self._next_deal)
    new_game_button = property(lambda self: self._new)
    level_chooser = property(lambda self: self._level)
    target_chooser = property(lambda self: self._target)
    muggins_chooser = property(lambda self: self._muggins_box)
    seed_box = property(lambda self: self._seed)
    board = property(lambda self: self._board)
    hand_buttons = property(lambda self: tuple(self._hand_box.children), doc="The buttons of the hand row, in order.")
    all_card_buttons = property(lambda self: dict(self._card_buttons),
                                doc="Every card button drawn this deal, a played or stale one too (for monkey tests).")
    status_html = property(lambda self: self._status.value, doc="Over the board: the deal, who deals, the game, the level.")
    top_html = property(lambda self: self._top.value, doc="Above the play: the computer's hand and the crib.")
    prompt_html = property(lambda self: self._prompt.value, doc="The prompt as drawn, with its badges.")

    @property
    def log_lines(self) -> list[str]:
        """Everything that happened, in plain words, oldest first."""
        return list(self._log_lines)

    @property
    def crib_counted_now(self) -> bool:
        """True while a crib is being counted or checked in the show: the crib badge is shown."""
        game = self.session.game
        if self.session.checking:
            return bool(game.events) and game.events[-1].crib
        return game.phase is Phase.SHOW and game.counting == "crib"

    @property
    def prompt(self) -> str:
        return self._prompt_text

    @property
    def standing_text(self) -> str:
        """Where you stand: your chance to win the game from the position this deal began with (or
        the next deal's), and in the last deals the score hint; empty once the game is over."""
        return self._standing_text

    @property
    def hint_text(self) -> str:
        return self._hint_text

    @property
    def guide_text(self) -> str:
        """Guided mode: the explanation of the step now (before you act) and how your last move compared."""
        return self._guide_text

    @property
    def show_text(self) -> str:
        """The counts of this deal's show, item by item, as plain text."""
        return self._show_text

    @property
    def result_text(self) -> str:
        return self._result_text

    @classmethod
    def guided(cls, hand: int | GuidedHand, *, language: str | None = None, four_colour: bool = False,
               board: bool = True) -> GameTable:
        """Guided mode: play guided hand ``hand`` (1, 2 or 3 of :data:`GUIDED_HANDS`, or your own
        :class:`GuidedHand`) against the expert, each step explained before you act."""
        return cls(language=language, four_colour=four_colour, board=board, _session=TableSession.guided(hand))

    def _make_board(self, target: int) -> Board:
        made = Board(names=self._names, target=target, language=self.language, stepper=False, finishes=(),
                     autodraw=self._show_board)
        # Wide enough to read every hole, narrow enough to leave the cards in sight below it.
        made.layout.max_width = "940px"
        if not self._show_board:
            made.layout.display = "none"
        return made

    # Actions ----------------------------------------------------------------------------------
    @guarded
    def new_game(self, *, seed: int | str | None = None, level: str | None = None,
                 target: int | None = None, muggins: bool | None = None) -> None:
        """Start a new game with the settings shown (or the ones given, which are shown too)."""
        level = self._level.value if level is None else level
        target = self._target.value if target is None else target
        self.session.verify_new_game(level=level, target=target)
        self._level.value, self._target.value = level, target
        if muggins is not None:
            self._muggins_box.value = bool(muggins)
        if seed is not None:
            self._seed.value = str(seed)
        self.session.new_game(seed=read_seed(self._seed.value), level=level, target=target,
                              muggins=self._muggins_box.value)
        self._started()

    @guarded
    def pick(self, card: Card) -> None:
        """Discard: pick a card to lay away, or put a picked one back. Play: play it."""
        self.session.pick(card)
        self._moved()

    @guarded
    def lay_away(self, cards: Iterable[Card] | None = None) -> None:
        """Lay away the two picked cards (or ``cards``) to the crib."""
        self.session.lay_away(cards)
        self._moved()

    @guarded
    def play(self, card: Card) -> None:
        """Play ``card`` (refused, with the engine's reason, unless it is your turn and it fits)."""
        self.session.play(card)
        self._moved()

    @guarded
    def go(self) -> None:
        """Say go (refused while a card of yours fits)."""
        self.session.go()
        self._moved()

    @guarded
    def count(self, points: Any) -> None:
        """Muggins mode: count your hand (or your crib) as ``points``; short counts can be taken."""
        self.session.count(points)
        self._count_box.value = ""
        self._moved()

    @guarded
    def muggins(self) -> None:
        """Claim muggins on the computer's last count (refused if it missed nothing)."""
        self.session.muggins()
        self._moved()

    @guarded
    def go_on(self) -> None:
        """Muggins mode: the computer's count is checked; let the game go on."""
        self.session.go_on()
        self._moved()

    @guarded
    def next_deal(self) -> None:
        """Start the next deal once the show is over."""
        self.session.next_deal()
        self._moved()

    @guarded
    def reveal(self) -> None:
        """Two people: the person to act has the screen; show them their cards."""
        self.session.reveal()
        self._moved()

    @guarded
    def review(self) -> GameReviewPanel:
        """Show under the table the review of your decisions in this game: the game's end, or as far as it
        was played (:class:`~widgets.table.review.GameReviewPanel`). Its misses are kept in your progress
        once per game, however often it is opened. Two people at one screen get one each, once the game
        is over (before, it would show one hand to the other), and keep nothing."""
        if self.session.two_people:
            first, second = self._names
            panels = [GameReviewPanel(self.game, seat, names=names, language=self.language, keep=False)
                      for seat, names in ((0, (first, second)), (1, (second, first)))]
        else:
            panels = [GameReviewPanel(self.game, YOU, names=self._names, language=self.language,
                                      recorded=self._reviewed, store=getattr(self, "progress_store", None))]
        old, self._review_box.children = self._review_box.children, tuple(panels)
        for made in old:
            made.close()
        return panels[0]

    @property
    def review_panel(self) -> GameReviewPanel | None:
        """The review shown under the table (None until "Review this game" is pressed in this game; with two
        people, the first person's: :attr:`review_panels` has both)."""
        shown = self._review_box.children
        return shown[0] if shown else None

    @property
    def review_panels(self) -> tuple[GameReviewPanel, ...]:
        """Every review shown under the table (one; two with two people at one screen)."""
        return tuple(self._review_box.children)

    review_button = property(lambda self: self._review_button)

    @guarded
    def hint(self) -> None:
        """The expert's advice for the step now: the best keep, or the best card, with the reason."""
        self.session.hint()
        self._refresh()

    # The view ---------------------------------------------------------------------------------
    def _started(self) -> None:
        game = self.game
        if self._board.target != game.target:
            old, self._board = self._board, self._make_board(game.target)
            self.children = [self._board if isinstance(c, Board) else c for c in self.children]
            old.close()
        if self._board.pegs != game.pegs:
            self._board.reset()
        self._log_lines: list[str] = []
        self._log_html: list[str] = []
        self._card_buttons: dict[Card, w.Button] = {}
        self._buttons_deal: Any = None
        self._reviewed: set[str] = set()   # the misses this game has kept in the learner's progress
        for made in self._review_box.children:
            made.close()
        self._review_box.children = ()
        self._settings.layout.display = "none" if self.session.guide is not None else None
        self._moved()

    def _moved(self) -> None:
        self._say("")
        self._refresh()

    def _result_words(self) -> str:
        result = self.game.result
        if result is None:
            return ""
        won, lost = result.scores[result.winner], result.scores[result.loser]
        if self.session.two_people:
            head = self._t("table.two.wins", name=self._names[result.winner])
        else:
            head = self._t("table.you_win" if result.winner == YOU else "table.computer_wins")
        return f"{head} {self._board.describe_finish(won, lost)}"

    def _refresh(self) -> None:
        session, game, words = self.session, self.game, self._words
        for entry in session.take_news():
            for css, text in words.entry(entry, self._result_words() if entry.kind is LogKind.GAME_OVER else ""):
                self._log_lines.append(text)
                self._log_html.append(f'<div class="{css}">{html.escape(text)}</div>')
            # A game between two people is no learner's answer to record.
            for answer in () if session.two_people else table_answers(entry, game, session.guide):
                self.record_answer(**answer)
        phase = game.phase
        two = session.two_people

        title = self._t("table.title_guided", title=session.guide.title(self.language)) \
            if session.guide is not None else self._t("table.two.title" if two else "table.title")
        self._title.value = f'<div class="cc-title">{html.escape(title)}</div>'
        won = self.games_won
        if two:
            first, second = self._names
            status = self._t("table.two.status", deal=game.deal_number, target=game.target,
                             dealer=self._t("table.two.deals", name=self._names[game.dealer]))
            scores = self._t("table.two.scores", first=first, second=second, a=game.scores[0], b=game.scores[1])
            tally = self._t("table.two.games", first=first, second=second, a=won[0], b=won[1]) if any(won) else ""
        else:
            dealer = self._t("table.you_deal" if game.dealer == YOU else "table.computer_deals")
            status = self._t("table.status", deal=game.deal_number, dealer=dealer, target=game.target,
                             level=self._t(f"table.level.{_level_shown(self.level)}"))
            scores = self._t("table.scores", you=game.scores[YOU], computer=game.scores[COMPUTER])
            tally = self._t("table.games", you=won[YOU], computer=won[COMPUTER]) if any(won) else ""
        # The board shows the scores above its picture; without the board they are said here.
        self._status.value = f'<div class="cc-text">{html.escape(status)}</div>' + (
            "" if self._show_board else f'<div class="cc-big">{html.escape(scores)}</div>') + (
            f'<div class="cc-text">{html.escape(tally)}</div>' if tally else "")
        if self._board.pegs != game.pegs:
            self._board.set_pegs(game.pegs)

        # The chance to win is told from one seat's side: between two people it would take sides.
        self._standing_text = "" if two else words.standing(session.standing())
        self._standing.value = (
            f'<div class="cc-standing" role="status"><b>{html.escape(self._t("table.standing_label"))}:</b> '
            f'{html.escape(self._standing_text)}<div class="cc-source">'
            f'{html.escape(self._t("table.standing_source"))}</div></div>') if self._standing_text else ""
        self._top.value = self._top_html()
        self._play_area.value = self._play_html()
        # No heading over an empty hand (the play is over: the show lays the hands out below).
        shown = session.shown_seat
        held = game.hand(shown) if shown is not None else ()
        label = words.who("whose_hand", shown) if two and held else self._t("table.your_hand")
        self._hand_label.value = f'<div class="cc-label">{html.escape(label)}</div>' if held else ""
        self._refresh_hand()

        checking = session.checking
        seat = session.seat
        passing = session.passing
        self._reveal.layout.display = None if passing else "none"
        self._reveal.disabled = not passing
        if passing:
            self._reveal.description = self._t("table.two.reveal", name=self._names[seat])
        self._lay_away.layout.display = None if phase is Phase.DISCARD and not game.discards(seat) \
            and not passing else "none"
        self._lay_away.disabled = len(session.picked) != 2
        self._go.disabled = not (session.your_turn_to_play and game.can_go(seat))
        self._go.layout.display = None if phase is Phase.PLAY and not passing else "none"
        counting = session.counting
        self._count_box.layout.display = self._count_button.layout.display = None if counting else "none"
        self._count_box.disabled = self._count_button.disabled = not counting
        self._muggins_button.layout.display = None if game.muggins and checking else "none"
        self._go_on.layout.display = None if checking else "none"
        self._muggins_button.disabled = self._go_on.disabled = not checking
        deal_over = session.deal_over
        self._next_deal.layout.display = None if deal_over and session.guide is None else "none"
        self._next_deal.disabled = not deal_over
        self._hint_button.disabled = not (session.may_advise() or counting)
        self._hint_button.layout.display = "none" if passing else None
        # A review from the first discard on (a guided hand is reviewed by its guide, step by step); two
        # people at one screen, once the game is over.
        played = game.deal_number > 1 or bool(game.discards(YOU)) or game.is_over
        if session.two_people:
            played = game.is_over
        self._review_button.layout.display = None if played and session.guide is None else "none"

        self._prompt_text = words.prompt(session)
        # Counting a crib, the learner sees it is one before answering: its flush needs all five cards.
        badge = crib_badge(self.language) if self.crib_counted_now else ""
        self._prompt.value = f'{badge}<div class="cc-prompt" role="status">{html.escape(self._prompt_text)}</div>'
        self._hint_text = words.hint(session) if session.hinted else ""
        self._hint.value = f'<div class="cc-msg cc-msg-info">{html.escape(self._hint_text)}</div>' \
            if self._hint_text else ""
        parts = words.guide(session)
        self._guide_text = "\n".join(parts)
        self._guide.value = '<div class="cc-guide" role="note">' + "".join(
            f"<p>{html.escape(p)}</p>" for p in parts) + "</div>" if parts else ""
        self._refresh_show()
        self._result_text = self._result_words()
        self._result.value = f'<div class="cc-result" role="status">{html.escape(self._result_text)}</div>' \
            if self._result_text else ""
        heading = html.escape(self._t("table.log_title"))
        self._log_box.value = (f'<div class="cc-label">{heading}</div><div class="cc-log" role="log">'
                               + "".join(reversed(self._log_html)) + "</div>")

    def _cards_html(self, cards: Iterable[Card]) -> str:
        return "".join(card_html(c, language=self.language, four_colour=self.four_colour) for c in cards)

    def _top_html(self) -> str:
        game, lang = self.game, self.language
        empty = '<span class="cc-card cc-empty" aria-hidden="true"></span>'
        groups = []
        over = game.phase in (Phase.SHOW, Phase.DEAL_OVER, Phase.OVER) and game.starter is not None
        if self.session.two_people:
            # The hands not shown as buttons below: face down until the show (a card's back tells nothing).
            for seat in (0, 1):
                if seat == self.session.shown_seat:
                    continue
                n = len(game.hand(seat))
                if over and not n and game.kept(seat):
                    groups.append((self._words.who("whose_hand", seat), self._cards_html(game.kept(seat))))
                else:
                    groups.append((self._t("table.two.hand_hidden", name=self._names[seat], n=n),
                                   _back_html(lang, n) or empty))
            crib_label = self._words.who("whose_crib", game.dealer)
        else:
            n = len(game.hand(COMPUTER))
            if over and not n and game.kept(COMPUTER):
                groups.append((self._t("table.whose_hand_1"), self._cards_html(game.kept(COMPUTER))))
            else:
                groups.append((self._t("table.computer_hand", n=n), _back_html(lang, n) or empty))
            crib_label = self._t("table.crib_label_you" if game.dealer == YOU else "table.crib_label_computer")
        showing = over and not game.hand(COMPUTER) and not game.hand(YOU)
        crib = game.crib
        if crib is None:
            inner = _back_html(lang, len(game.discards(0)) + len(game.discards(1))) or empty
        elif showing and self.session.crib_shown:
            inner = self._cards_html(crib)
        else:
            inner = _back_html(lang, 4)
        groups.append((crib_label, inner))
        starter = self._cards_html((game.starter,)) if game.starter is not None else empty
        groups.append((self._t("card.starter").capitalize(), starter))
        return '<div class="cc-top">' + "".join(
            f'<div class="cc-group"><span class="cc-label">{html.escape(label)}</span><div class="cc-row">{inner}</div></div>'
            for label, inner in groups) + "</div>"

    def _play_html(self) -> str:
        game = self.game
        if game.phase is not Phase.PLAY:
            return ""
        label = self._t("table.count_now", count=game.count)
        series = row_html(game.series, language=self.language, four_colour=self.four_colour) if game.series \
            else f'<div class="cc-text">{html.escape(self._t("table.series_empty"))}</div>'
        return f'<div class="cc-count" role="status">{html.escape(label)}</div>{series}'

    def _refresh_hand(self) -> None:
        game = self.game
        seat = self.session.shown_seat
        held = game.hand(seat) if seat is not None else ()
        if self._buttons_deal != (game, game.deal_number, seat):
            # Six buttons serve every deal, relabelled: making a widget costs far more than changing it.
            self._buttons_deal = (game, game.deal_number, seat)
            self._card_buttons = {}
            for unused in self._pool[len(held):]:  # no card of a hand not shown stays on a button
                unused.description = unused.tooltip = ""
            for slot, card in enumerate(held):
                if slot == len(self._pool):
                    made = w.Button()
                    made.add_class("cc-cardbtn")
                    made.on_click(self._guard(lambda _b, slot=slot: self._pick_slot(slot)))
                    self._pool.append(made)
                made = self._pool[slot]
                made.description = str(card)
                made.tooltip = card_name(card, self.language)
                for old in [c for c in made._dom_classes if c.startswith(("cc-red", "cc-black", "cc-c4-"))]:
                    made.remove_class(old)
                made.add_class(suit_class(card.suit, self.four_colour))
                self._card_buttons[card] = made
            self._slot_cards = tuple(held)
        picked = self.session.picked
        for card, button in self._card_buttons.items():
            if card not in held:
                continue
            button.disabled = not self.session.playable(card)
            if card in picked:
                button.add_class("cc-selected")
            else:
                button.remove_class("cc-selected")
        shown = tuple(self._card_buttons[card] for card in held if card in self._card_buttons)
        if tuple(self._hand_box.children) != shown:
            self._hand_box.children = shown

    def _pick_slot(self, slot: int) -> None:
        # A button of the pool left over from a longer hand (the other person's, two at one screen) holds
        # no card: it is out of the page, and a click that reaches it does nothing.
        if slot < len(self._slot_cards):
            self.pick(self._slot_cards[slot])

    def _refresh_show(self) -> None:
        blocks, texts = [], []
        for event, body in self._words.show(self.session):
            texts.extend(body)
            if event.kind is ScoreKind.MUGGINS:
                blocks.append(f'<div class="cc-msg cc-msg-error">{html.escape(body[0])}</div>')
                continue
            cards_row = row_html(event.cards, starter=event.starter, starter_label=self._t("card.starter"),
                                 language=self.language, four_colour=self.four_colour)
            blocks.append('<div class="cc-showbox">' + f'<div class="cc-label">{html.escape(body[0])}</div>'
                          + cards_row + "".join(f'<div class="cc-text">{html.escape(b)}</div>' for b in body[1:])
                          + "</div>")
        self._show_text = "\n".join(texts)
        self._show_panel.value = "".join(blocks)
