"""A game against the computer in a terminal: ``cribbage play``.

:class:`TerminalGame` turns a :class:`cribbage.Game` into lines of text and reads the person's
answers: cards like ``5H 9D``, ``go``, ``hint``, a number when counting in muggins mode, ``quit``.
Bad input is answered with a message and a fresh prompt; the game is never changed by it.
The person is seat 0; the computer is seat 1. Every line is a message of the engine catalogue
(``terminal.*``) rendered in the game's language, the one ``cribbage --lang`` or the locale chose;
the English words typed (``hint``, ``go``, ``muggins``, ``quit``) work in every language.

With ``seats=("human", "human")`` two people play each other at one screen (words of
:mod:`cribbage.cli.two_seats`): whenever the turn to lay away or play passes to the other, :func:`run`
scrolls the screen clear and asks for it to be passed (:attr:`TerminalGame.passing`), and only then
shows that person's cards; with muggins on, each count is for the other to check.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any

from cribbage.ai.adviser import Adviser
from cribbage.ai.driver import Driver
from cribbage.ai.levels import player
from cribbage.ai.why import explanation
from cribbage.cli.display import escaped, shortened
from cribbage.cli.two_seats import SEATING_CHOICES
from cribbage.lang.messages import add_catalogue, check_language, get_language, message, render
from cribbage.registry.seats import HUMAN, SEATINGS
from cribbage.review import ReviewError, review_game
from cribbage.rules.actions import Action, Count, Discard, Go, Muggins, NextDeal, Play
from cribbage.rules.cards import Card, cards, quoted
from cribbage.rules.errors import CribbageError
from cribbage.rules.events import LogEntry, LogKind, Phase, ScoreKind
from cribbage.rules.game import Game
from cribbage.rules.options import is_odd_text

__all__ = ["TerminalGame", "run"]

add_catalogue({
    # {line} is what was typed, written as git writes a name that is not text: "5H \377".
    "terminal.not_text": {"en": "that line was not understood: {line} holds bytes that are not UTF-8 text; "
                                "type it again (nothing was changed)"},
})

YOU, COMPUTER = 0, 1
_ADVISER = Adviser()
#: How the catalogue keys name the person and the computer ("terminal.play.you", "...computer").
_WHO = {YOU: "you", COMPUTER: "computer"}
#: What the person may type besides cards and numbers: the English words, which work in every
#: language; ``hint`` and ``quit`` also take the language's own word (``terminal.word.*``).
_QUIT = ("quit", "q", "exit")
_HINT = ("hint", "h", "?")
_CLAIM = ("muggins", "m", "y", "yes")


def _show(hand: Iterable[Card] | None) -> str:
    return " ".join(str(card) for card in hand or ())


class TerminalGame:
    """The text view of one game against the computer. ``prompt()`` says what is asked,
    ``answer(line)`` takes the person's line and returns what to print, in ``language`` (by
    default the language the engine prints in, which ``cribbage --lang`` or the locale chose)."""

    def __init__(self, *, seed: int | str = 1, level: str = "expert", target: int = 121,
                 muggins: bool = False, language: str | None = None,
                 seats: tuple[str, str] = SEATINGS[0]) -> None:
        self.language = check_language(language) if language is not None else get_language()
        if not isinstance(seats, (tuple, list)) or tuple(seats) not in SEATINGS:
            raise CribbageError(message("terminal.bad_seats", value=shortened(repr(seats)),
                                        choices=", ".join(SEATING_CHOICES)))
        self.game = Game(seed, target=target, muggins=muggins)
        self.computer = player(level, seed=seed)
        self.level = level
        self.two = tuple(seats) == (HUMAN, HUMAN)
        self.names = tuple(self.say("terminal.two.player", n=n) for n in (1, 2))
        self.driver = Driver(self.game, {} if self.two else {COMPUTER: self.computer})
        self.quit = False
        self._check_by: int | None = None   # two people, muggins: who checks the count just made
        self._revealed: int | None = None   # two people: whose cards the screen shows

    def say(self, key: str, **values: Any) -> str:
        """The catalogue's message ``key`` in this game's language."""
        return render(message(key, **values), self.language)

    def _word(self, name: str) -> str:
        return self.say(f"terminal.word.{name}")

    def _of(self, key: str, seat: int, **values: Any) -> str:
        """A line about a seat: ``terminal.<what>.you`` or ``.computer``; with two people
        ``terminal.two.<what>`` naming the person (``key`` is ``terminal.<what>``)."""
        if self.two:
            return self.say(key.replace("terminal.", "terminal.two.", 1), name=self.names[seat], **values)
        return self.say(f"{key}.{_WHO[seat]}", **values)

    @property
    def seat(self) -> int:
        """The person asked now: you against the computer; with two people, the one to lay away,
        play, count or check a count (seat 0 when the next deal is to start)."""
        asked = self._check_by if self._check_by is not None else self.driver.waiting
        return YOU if not self.two or asked is None else asked

    @property
    def passing(self) -> bool:
        """Two people: the screen must go to :attr:`seat` before their cards are shown."""
        game = self.game
        return (self.two and not self.quit and not game.is_over and game.phase in (Phase.DISCARD, Phase.PLAY)
                and self._revealed != self.seat)

    def pass_prompt(self) -> str:
        """What is asked while the screen is passed (ending in the space before the answer)."""
        return self.say("terminal.two.ask.pass", name=self.names[self.seat]) + " "

    def passed(self, line: str) -> list[str]:
        """The answer to :meth:`pass_prompt`: the person to act has the screen (or typed quit)."""
        if self._typed(line.strip(), _QUIT, "quit"):
            self.quit = True
            return [self.say("terminal.bye")]
        self._revealed = self.seat
        return []

    def welcome(self) -> str:
        """The first lines: the level, the seed, the target and what may be typed."""
        if self.two:
            return self.say("terminal.two.welcome", seed=self.game.seed, target=self.game.target,
                            hint=self._word("hint"), quit=self._word("quit"))
        return self.say("terminal.welcome", level=message(f"terminal.level.{self.level}"), seed=self.game.seed,
                        target=self.game.target, hint=self._word("hint"), quit=self._word("quit"))

    # ------------------------------------------------------------------ what happened
    def news(self) -> list[str]:
        """Lines for every step since the last call, computer moves included."""
        return self._lines(self.driver.advance().entries)

    def _lines(self, entries: tuple[LogEntry, ...]) -> list[str]:
        lines: list[str] = []
        scored = False
        for entry in entries:
            if entry.kind is LogKind.DEAL:
                self._revealed = None  # a new deal: each hand is shown to its owner again, screen passed
            lines.extend(self._describe(entry))
            scored = scored or bool(entry.events)
        if scored and not self.game.is_over:
            lines.append("  " + self.board())
        return lines

    def _describe(self, entry: LogEntry) -> list[str]:
        game, kind, who = self.game, entry.kind, entry.seat
        say = self.say
        lines: list[str] = []
        if kind is LogKind.CUT_FOR_DEAL:
            if self.two:
                lines.append(say("terminal.two.cut", first=self.names[0], second=self.names[1],
                                 mine=entry.cards[0], theirs=entry.cards[1]))
            else:
                lines.append(say("terminal.cut", mine=entry.cards[0], theirs=entry.cards[1]))
        elif kind is LogKind.DEAL:
            lines.append("")
            lines.append(self._of("terminal.deal", YOU if who == YOU else COMPUTER, deal=entry.deal))
            lines.append(self.board())
        elif kind is LogKind.DISCARD:
            # Your own discard is yours to read; two people never read each other's.
            lines.append(say("terminal.away.you", cards=_show(entry.cards)) if who == YOU and not self.two
                         else self._of("terminal.away", COMPUTER if who is None else who))
        elif kind is LogKind.STARTER:
            lines.append(say("terminal.starter", card=entry.cards[0]))
        elif kind is LogKind.PLAY:
            assert who is not None
            lines.append(self._of("terminal.play", who, card=entry.cards[0], count=entry.count))
        elif kind is LogKind.GO:
            assert who is not None
            lines.append(self._of("terminal.go", who))
        elif kind is LogKind.RESET:
            lines.append(say("terminal.reset"))
        elif kind is LogKind.SHOW or kind is LogKind.COUNT:
            for event in entry.events:
                if event.kind is ScoreKind.HAND or event.kind is ScoreKind.CRIB:
                    assert event.hand_score is not None and event.seat is not None
                    shown = dict(cards=_show(event.cards), starter=event.starter, said=event.hand_score.spoken(),
                                 n=event.points)
                    lines.append(self.say(f"terminal.two.show.{event.kind.value}", name=self.names[event.seat],
                                          **shown) if self.two else
                                 say(f"terminal.show.{_WHO[event.seat]}.{event.kind.value}", **shown))
            if kind is LogKind.COUNT and not entry.events:
                assert who is not None
                lines.append(self._of("terminal.count_nothing", who))
        elif kind is LogKind.GAME_OVER:
            result = game.result
            assert result is not None
            # How it ended (result.kind, result.games) is the engine's; the terminal only words it.
            how = result.kind.value.replace(" ", "_")
            scores = dict(won=result.scores[result.winner], lost=result.scores[1 - result.winner], n=result.games)
            lines.append(say(f"terminal.two.won.{how}", name=self.names[result.winner], **scores) if self.two
                         else say(f"terminal.won.{_WHO[result.winner]}.{how}", **scores))
        for event in entry.events:
            if event.kind is ScoreKind.HAND or event.kind is ScoreKind.CRIB:
                continue
            assert event.seat is not None
            lines.append("  " + self._of("terminal.points", event.seat, n=event.points, what=event.message))
        return lines

    def board(self) -> str:
        """Both scores and pegs on one line."""
        (f0, b0), (f1, b1) = self.game.pegs
        if self.two:
            return self.say("terminal.two.board", first=self.names[0], second=self.names[1], f0=f0, b0=b0, f1=f1,
                            b1=b1, target=self.game.target)
        return self.say("terminal.board", f0=f0, b0=b0, f1=f1, b1=b1, target=self.game.target)

    # ------------------------------------------------------------------ what is asked
    def prompt(self) -> str:
        """What the person is asked now ('' when the game is over or they quit), ending in the space
        before the answer (the catalogue's templates hold no surrounding space)."""
        question = self._question()
        return question + " " if question else ""

    def _question(self) -> str:
        game = self.game
        if game.is_over or self.quit:
            return ""
        seat = self.seat
        # Against the computer "you"; two people are named: the same question, in terminal.two.*.
        ask, named = ("terminal.two.ask", {"name": self.names[seat]}) if self.two else ("terminal.ask", {})
        if self._may_claim():
            if self.two:
                return self.say(f"{ask}.muggins", other=self.names[1 - seat], **named)
            return self.say("terminal.ask.muggins")
        phase = game.phase
        hint = self._word("hint")
        if phase is Phase.DISCARD:
            hand = game.hand(seat)
            if self.two:
                crib, named = ("own", named) if game.dealer == seat else (
                    "other", {**named, "dealer": self.names[game.dealer]})
            else:
                crib = _WHO[YOU if game.dealer == YOU else COMPUTER]
            return self.say(f"{ask}.discard.{crib}", cards=_show(hand), first=hand[0].code,
                            second=hand[1].code, hint=hint, **named)
        if phase is Phase.PLAY:
            series = _show(game.series) or "—"
            if not game.legal_actions(seat) or game.can_go(seat):
                return self.say(f"{ask}.go", count=game.count, series=series, cards=_show(game.hand(seat)), **named)
            return self.say(f"{ask}.play", count=game.count, series=series, cards=_show(game.hand(seat)),
                            hint=hint, **named)
        if phase is Phase.SHOW:
            what = game.counting
            cards_ = game.crib if what == "crib" else game.kept(seat)
            return self.say(f"{ask}.count.{'crib' if what == 'crib' else 'hand'}", cards=_show(cards_),
                            starter=game.starter, **named)
        if phase is Phase.DEAL_OVER:
            return self.say("terminal.ask.next_deal")
        return ""

    def _typed(self, text: str, english: tuple[str, ...], word: str | None = None) -> bool:
        """The person typed one of the English words, or (``word``) the language's own."""
        typed = text.lower()
        return typed in english or (word is not None and typed == self._word(word).lower())

    def answer(self, line: str) -> list[str]:
        """Act on the person's line; return the lines to print (a message if it was refused)."""
        text = line.strip()
        if is_odd_text(text):  # bytes that were not UTF-8 (lone surrogates), or a NUL: nothing to read in it
            return ["  ✗ " + self.say("terminal.not_text", line=shortened(escaped(text)))]
        if self._typed(text, _QUIT, "quit"):
            self.quit = True
            return [*self.review(), self.say("terminal.bye")]
        driver = self.driver
        seat = self.seat
        try:
            if self._may_claim():
                if self._typed(text, _CLAIM):
                    lines = self._lines(driver.act(Muggins(seat)).entries)
                else:
                    lines = self._lines(driver.go_on().entries)  # let it go: play on
                self._check_by = None
                return lines
            if self._typed(text, _HINT, "hint"):
                return [self.hint()]
            action = self._action(text)
            if action is None:
                return []
            lines = self._lines(driver.act(action).entries)
            # Two people: the other checks every count, short or not, so being asked tells nothing.
            if self.two and isinstance(action, Count) and self.game.muggins and not self.game.is_over:
                self._check_by = 1 - seat
            return lines
        except CribbageError as error:
            return ["  ✗ " + render(error.message, self.language)]

    def _action(self, text: str) -> Action | None:
        """The person's line as a move in the phase now."""
        phase = self.game.phase
        seat = self.seat
        if phase is Phase.DISCARD:
            away = cards(text)
            return Discard(seat, away)  # type: ignore[arg-type]  # the game says if it is not two
        if phase is Phase.PLAY:
            return Go(seat) if text.lower() == "go" else Play(seat, Card.parse(text))
        if phase is Phase.SHOW:
            try:
                points = int(text)
            except ValueError:
                raise CribbageError(message("count.not_whole", value=quoted(text))) from None
            return Count(seat, points)
        if phase is Phase.DEAL_OVER:
            return NextDeal()
        return None

    def _may_claim(self) -> bool:
        """The computer's last count was short (with two people: the other's count, short or not, is
        to check): the person may claim muggins, or let it go."""
        return self.driver.checking or self._check_by is not None

    def review(self) -> list[str]:
        """The review of the person's game (:mod:`cribbage.review`), or of what was played when they
        stopped: the totals and the costliest choices, in this game's language; nothing before their
        first choice. Two people at one screen get one each, under their names (the game is over or
        left, so neither hand is private any more)."""
        lines: list[str] = []
        for seat in (0, 1) if self.two else (YOU,):
            try:
                review = review_game(self.game, seat)
            except ReviewError:
                continue
            title = self.say("review.title.over" if review.finished else "review.title.stopped")
            if self.two:
                title = f"{self.names[seat]} · {title}"
            head, *rest = review.lines(self.language)
            lines += ["", title, "  " + head, *("    " + line if i else "  " + line for i, line in enumerate(rest))]
        return lines

    def hint(self) -> str:
        """Advice from the expert: the best keep or the best card, with the reason, and on a line of its
        own what the expert saw (:func:`cribbage.ai.why.explanation`), as the game table's hint says it."""
        game, seat = self.game, self.seat
        if game.phase is Phase.DISCARD:
            keep = _ADVISER.keep(game, seat)
            text = self.say("terminal.hint.keep", cards=_show(keep.discard), reason=keep.message, net=keep.net)
            move: Any = keep
        elif game.phase is Phase.PLAY:
            move = _ADVISER.hint(game, seat)
            text = self.say("terminal.hint.play", reason=move.message)
        else:
            return self.say("terminal.hint.none")
        facts = _ADVISER.explain(game, seat, move)
        return text if facts is None else f"{text}\n{render(explanation(facts), self.language)}"


#: Lines printed to scroll a hand out of sight where the screen cannot be cleared (not a terminal).
_SCROLL_LINES = 40
#: Clears a terminal's screen and its scrollback (xterm's and most others'), the cursor to the top.
_CLEAR = "\033[H\033[2J\033[3J"


def clear_screen(say: Callable[[str], None]) -> None:
    """Take what is on the screen out of sight: cleared in a terminal, scrolled away elsewhere."""
    isatty = getattr(sys.stdout, "isatty", None)
    say(_CLEAR if say is print and isatty is not None and isatty() else "\n" * _SCROLL_LINES)


def run(*, seed: int | str = 1, level: str = "expert", target: int = 121, muggins: bool = False,
        ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
        language: str | None = None, seats: tuple[str, str] = SEATINGS[0]) -> int | None:
    """Play in a terminal until the game ends or the person quits. Returns the winner's seat.
    ``language``: what it is said in (default: the engine's printing language). ``seats``: two
    people with ``("human", "human")``, the screen cleared and passed between their turns."""
    view = TerminalGame(seed=seed, level=level, target=target, muggins=muggins, language=language, seats=seats)
    say(view.welcome())
    for line in view.news():
        say(line)
    while True:
        passing = view.passing
        question = view.pass_prompt() if passing else view.prompt()
        if not question:
            break
        try:
            reply = ask(question)
        except EOFError:
            for line in [*view.review(), view.say("terminal.bye")]:
                say(line)
            return None
        except UnicodeDecodeError:  # an input stream that could not be told to keep such bytes
            say("  ✗ " + view.say("terminal.not_text", line="?"))
            continue
        if passing:
            lines = view.passed(reply)
        else:
            lines = view.answer(reply)
            if view.passing:  # the hand just asked about goes out of sight before the next person looks
                clear_screen(say)
        for line in lines:
            say(line)
    if view.game.is_over:
        for line in view.review():
            say(line)
    return view.game.winner
