"""A game against the computer in a terminal: ``cribbage play``.

:class:`TerminalGame` turns a :class:`cribbage.Game` into lines of text and reads the person's
answers: cards like ``5H 9D``, ``go``, ``hint``, a number when counting in muggins mode, ``quit``.
Bad input is answered with a message and a fresh prompt; the game is never changed by it.
The person is seat 0; the computer is seat 1. Every line is a message of the engine catalogue
(``terminal.*``) rendered in the game's language, the one ``cribbage --lang`` or the locale chose;
the English words typed (``hint``, ``go``, ``muggins``, ``quit``) work in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cribbage.ai.adviser import Adviser
from cribbage.ai.driver import Driver
from cribbage.ai.levels import player
from cribbage.cli.display import escaped, shortened
from cribbage.lang.messages import add_catalogue, check_language, get_language, message, render
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
                 muggins: bool = False, language: str | None = None) -> None:
        self.language = check_language(language) if language is not None else get_language()
        self.game = Game(seed, target=target, muggins=muggins)
        self.computer = player(level, seed=seed)
        self.level = level
        self.driver = Driver(self.game, {COMPUTER: self.computer})
        self.quit = False

    def say(self, key: str, **values: Any) -> str:
        """The catalogue's message ``key`` in this game's language."""
        return render(message(key, **values), self.language)

    def _word(self, name: str) -> str:
        return self.say(f"terminal.word.{name}")

    def welcome(self) -> str:
        """The first lines: the level, the seed, the target and what may be typed."""
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
            lines.append(say("terminal.cut", mine=entry.cards[0], theirs=entry.cards[1]))
        elif kind is LogKind.DEAL:
            lines.append("")
            lines.append(say(f"terminal.deal.{_WHO[YOU if who == YOU else COMPUTER]}", deal=entry.deal))
            lines.append(self.board())
        elif kind is LogKind.DISCARD:
            lines.append(say("terminal.away.you", cards=_show(entry.cards)) if who == YOU
                         else say("terminal.away.computer"))
        elif kind is LogKind.STARTER:
            lines.append(say("terminal.starter", card=entry.cards[0]))
        elif kind is LogKind.PLAY:
            assert who is not None
            lines.append(say(f"terminal.play.{_WHO[who]}", card=entry.cards[0], count=entry.count))
        elif kind is LogKind.GO:
            assert who is not None
            lines.append(say(f"terminal.go.{_WHO[who]}"))
        elif kind is LogKind.RESET:
            lines.append(say("terminal.reset"))
        elif kind is LogKind.SHOW or kind is LogKind.COUNT:
            for event in entry.events:
                if event.kind is ScoreKind.HAND or event.kind is ScoreKind.CRIB:
                    assert event.hand_score is not None and event.seat is not None
                    lines.append(say(f"terminal.show.{_WHO[event.seat]}.{event.kind.value}",
                                     cards=_show(event.cards), starter=event.starter,
                                     said=event.hand_score.spoken(), n=event.points))
            if kind is LogKind.COUNT and not entry.events:
                assert who is not None
                lines.append(say(f"terminal.count_nothing.{_WHO[who]}"))
        elif kind is LogKind.GAME_OVER:
            result = game.result
            assert result is not None
            # How it ended (result.kind, result.games) is the engine's; the terminal only words it.
            lines.append(say(f"terminal.won.{_WHO[result.winner]}.{result.kind.value.replace(' ', '_')}",
                             won=result.scores[result.winner], lost=result.scores[1 - result.winner],
                             n=result.games))
        for event in entry.events:
            if event.kind is ScoreKind.HAND or event.kind is ScoreKind.CRIB:
                continue
            assert event.seat is not None
            lines.append("  " + say(f"terminal.points.{_WHO[event.seat]}", n=event.points, what=event.message))
        return lines

    def board(self) -> str:
        """Both scores and pegs on one line."""
        (f0, b0), (f1, b1) = self.game.pegs
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
        if self._may_claim():
            return self.say("terminal.ask.muggins")
        phase = game.phase
        hint = self._word("hint")
        if phase is Phase.DISCARD:
            hand = game.hand(YOU)
            crib = _WHO[YOU if game.dealer == YOU else COMPUTER]
            return self.say(f"terminal.ask.discard.{crib}", cards=_show(hand), first=hand[0].code,
                            second=hand[1].code, hint=hint)
        if phase is Phase.PLAY:
            series = _show(game.series) or "—"
            if not game.legal_actions(YOU) or game.can_go(YOU):
                return self.say("terminal.ask.go", count=game.count, series=series, cards=_show(game.hand(YOU)))
            return self.say("terminal.ask.play", count=game.count, series=series, cards=_show(game.hand(YOU)),
                            hint=hint)
        if phase is Phase.SHOW:
            what = game.counting
            cards_ = game.crib if what == "crib" else game.kept(YOU)
            return self.say(f"terminal.ask.count.{'crib' if what == 'crib' else 'hand'}", cards=_show(cards_),
                            starter=game.starter)
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
        try:
            if self._may_claim():
                if self._typed(text, _CLAIM):
                    return self._lines(driver.act(Muggins(YOU)).entries)
                return self._lines(driver.go_on().entries)  # let it go: play on
            if self._typed(text, _HINT, "hint"):
                return [self.hint()]
            action = self._action(text)
            return self._lines(driver.act(action).entries) if action is not None else []
        except CribbageError as error:
            return ["  ✗ " + render(error.message, self.language)]

    def _action(self, text: str) -> Action | None:
        """The person's line as a move in the phase now."""
        phase = self.game.phase
        if phase is Phase.DISCARD:
            away = cards(text)
            return Discard(YOU, away)  # type: ignore[arg-type]  # the game says if it is not two
        if phase is Phase.PLAY:
            return Go(YOU) if text.lower() == "go" else Play(YOU, Card.parse(text))
        if phase is Phase.SHOW:
            try:
                points = int(text)
            except ValueError:
                raise CribbageError(message("count.not_whole", value=quoted(text))) from None
            return Count(YOU, points)
        if phase is Phase.DEAL_OVER:
            return NextDeal()
        return None

    def _may_claim(self) -> bool:
        """The computer's last count was short: the person may claim muggins, or let it go."""
        return self.driver.checking

    def review(self) -> list[str]:
        """The review of the person's game (:mod:`cribbage.review`), or of what was played when they
        stopped: the totals and the costliest choices, in this game's language; nothing before their
        first choice."""
        try:
            review = review_game(self.game, YOU)
        except ReviewError:
            return []
        title = self.say("review.title.over" if review.finished else "review.title.stopped")
        head, *rest = review.lines(self.language)
        return ["", title, "  " + head, *("    " + line if i else "  " + line for i, line in enumerate(rest))]

    def hint(self) -> str:
        """Advice from the expert: the best keep or the best card, with the reason."""
        game = self.game
        if game.phase is Phase.DISCARD:
            best = _ADVISER.keep(game, YOU)
            return self.say("terminal.hint.keep", cards=_show(best.discard), reason=best.message, net=best.net)
        if game.phase is Phase.PLAY:
            return self.say("terminal.hint.play", reason=_ADVISER.hint(game, YOU).message)
        return self.say("terminal.hint.none")


def run(*, seed: int | str = 1, level: str = "expert", target: int = 121, muggins: bool = False,
        ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
        language: str | None = None) -> int | None:
    """Play in a terminal until the game ends or the person quits. Returns the winner's seat.
    ``language``: what it is said in (default: the engine's printing language)."""
    view = TerminalGame(seed=seed, level=level, target=target, muggins=muggins, language=language)
    say(view.welcome())
    for line in view.news():
        say(line)
    while True:
        question = view.prompt()
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
        for line in view.answer(reply):
            say(line)
    if view.game.is_over:
        for line in view.review():
            say(line)
    return view.game.winner
