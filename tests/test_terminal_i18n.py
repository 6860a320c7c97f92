"""``cribbage play`` in Spanish and Portuguese: whole scripted games through the command line, with
``--lang`` and with the locale, in which no English sentence of the terminal's catalogue shows."""

from __future__ import annotations

import re
import string
import sys

import pytest

from cribbage.ai.adviser import Adviser
from cribbage.ai.levels import player
from cribbage.ai.why import explanation
from cribbage.cli import terminal
from cribbage.cli.main import main
from cribbage.lang.messages import CATALOGUE, LANGUAGES, message, render, set_language
from cribbage.registry.languages import TRANSLATED
from cribbage.rules.events import Phase

TERMINAL_KEYS = sorted(key for key in CATALOGUE if key.startswith("terminal."))


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")  # main() sets the printing language for the whole process


def _english_sentences() -> set[str]:
    """The English words of every terminal message between its values, as far as they make a phrase
    (two words or more): none of them may show in a game said in another language."""
    found: set[str] = set()
    for key in TERMINAL_KEYS:
        english = CATALOGUE[key]["en"]
        for form in getattr(english, "forms", (english,)):
            for part in re.split(r"\{[^}]*\}|\n|[.:;?]\s+|[—·()]", form):
                phrase = part.strip(" .:,;'?")
                if len(re.findall(r"[A-Za-z’']+", phrase)) >= 2:
                    found.add(phrase)
    return found


class _Person:
    """A person at the keyboard, as ``input()`` reads them: one refusal before each good move."""

    def __init__(self) -> None:
        self.view: terminal.TerminalGame | None = None
        self.me = player("expert")
        self.turn = 0

    def readline(self) -> str:
        view = self.view
        assert view is not None
        game = view.game
        self.turn += 1
        assert self.turn < 4000
        if self.turn % 2 and not view._may_claim() and game.phase is not Phase.DEAL_OVER:
            return "5X\n"  # refused: a message, and the same question again
        if view._may_claim():
            return "muggins\n"
        if game.phase is Phase.DISCARD:
            return " ".join(card.code for card in self.me.discard(game, 0)) + "\n"
        if game.phase is Phase.PLAY:
            card = self.me.play(game, 0)
            return ("go" if card is None else card.code) + "\n"
        if game.phase is Phase.SHOW:
            return f"{max(self.me.count(game, 0) - 1, 0)}\n"  # a point short: the computer may take it
        return "\n"


def _play(monkeypatch, capsys, argv: list[str]) -> str:
    person = _Person()
    made = terminal.TerminalGame

    def watched(**options):
        person.view = made(**options)
        return person.view

    monkeypatch.setattr(terminal, "TerminalGame", watched)
    monkeypatch.setattr(sys, "stdin", person)
    assert main(argv) == 0
    assert person.view is not None and person.view.game.is_over
    return capsys.readouterr().out


GAME = ["play", "--seed", "11", "--level", "beginner", "--target", "61", "--muggins"]

#: What each language must show: a prompt of each phase, the muggins offer, a refusal, the end.
SAYS = {
    "es": ["Tus cartas:", "Echa dos a", "Juega una carta, o 'pista'", "¿Cuántos puntos?",
           "Pulsa Intro para la siguiente mano", "  ✗ no es una carta: '5X'", "La carta inicial es",
           "La computadora contó de menos. Escribe 'muggins'", "para ti: ", "Tu mano: "],
    "pt": ["Suas cartas:", "Descarte duas para", "Jogue uma carta, ou 'dica'", "Quantos pontos?",
           "Tecle Enter para a próxima mão", "  ✗ não é uma carta: '5X'", "A virada é",
           "O computador contou a menos. Digite 'muggins'", "para você: ", "Sua mão: "],
}
ENDS = {"es": ("Ganas ", "Gana la computadora "), "pt": ("Você ganha de ", "O computador ganha de ")}


def _check_language(out: str, language: str) -> None:
    for said in SAYS[language]:
        assert said in out, (language, said)
    _check_the_end(out, language, ENDS[language])
    english = sorted(phrase for phrase in _english_sentences() if phrase in out)
    assert not english, english


def test_play_with_lang_es_speaks_spanish(monkeypatch, capsys):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    _check_language(_play(monkeypatch, capsys, [*GAME, "--lang", "es"]), "es")


def test_play_with_a_brazilian_locale_speaks_portuguese(monkeypatch, capsys):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    _check_language(_play(monkeypatch, capsys, GAME), "pt")


def test_the_same_game_in_english_is_the_english_one(monkeypatch, capsys):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    out = _play(monkeypatch, capsys, GAME)
    assert "Count your hand:" in out and "  ✗ not a card: '5X'" in out
    _check_the_end(out, "en", ("You win ", "The computer wins "))


def _check_the_end(out: str, language: str, ends: tuple[str, str]) -> None:
    """The game's last line says who won; only the review of the game follows it (cribbage.review)."""
    lines = out.rstrip("\n").split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith(ends))
    assert lines[last + 1:last + 3] == ["", render("review.title.over", language)], lines[last:]


def test_the_english_sentences_are_found_by_the_check():
    """The check above is not empty: it knows the English prompts it looks for."""
    phrases = _english_sentences()
    assert {"How many points", "Press Enter for the next deal", "The computer counted short"} <= phrases


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_terminal_sentence_is_translated(language):
    for key in TERMINAL_KEYS:
        english = render(message(key, **_dummy(key)), "en")
        said = render(message(key, **_dummy(key)), language)
        if len(english.split()) > 1:
            assert said != english, (key, said)


def _dummy(key: str) -> dict[str, object]:
    """A value for each placeholder of the message: a number where the template formats one
    (``{net:+.1f}``), else a word."""
    english = CATALOGUE[key]["en"]
    values: dict[str, object] = {}
    for form in getattr(english, "forms", (english,)):
        for _text, name, spec, _conversion in string.Formatter().parse(form):
            if name:
                number = 1.5 if spec and spec[-1] in "fg%" else 1 if spec and spec[-1] == "d" else None
                values[name.split(".")[0].split("[")[0]] = "x" if number is None else number
    return values


@pytest.mark.parametrize("language, hint, quit_", [("es", "pista", "salir"), ("pt", "dica", "sair"),
                                                   ("en", "hint", "quit")])
def test_the_english_words_and_the_languages_own_are_both_accepted(language, hint, quit_):
    assert language in LANGUAGES
    for typed_hint in {"hint", hint}:
        view = terminal.TerminalGame(seed=2, language=language)
        view.news()
        before = len(view.game.log)
        reply = view.answer(typed_hint)
        assert reply == [view.hint()] and len(view.game.log) == before
    for typed_quit in {"quit", quit_, "Q"}:
        view = terminal.TerminalGame(seed=2, language=language)
        view.news()
        assert view.answer(typed_quit) == [render(message("terminal.bye"), language)] and view.quit


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hint_says_what_the_expert_saw_on_a_line_of_its_own(language):
    # As the game table's hint: the move with its reason, then the facts behind it (issue 51), for a
    # keep and for a card in the play, in the game's language.
    view = terminal.TerminalGame(seed=2, language=language)
    view.news()
    keep = Adviser().keep(view.game, view.seat)
    first, second = view.hint().split("\n")
    assert second == render(explanation(Adviser().explain(view.game, view.seat, keep)), language)
    view.answer(" ".join(c.code for c in keep.discard))
    assert view.game.phase is Phase.PLAY and view.game.to_act == view.seat  # seed 2: you lead
    card = Adviser().hint(view.game, view.seat)
    first, second = view.hint().split("\n")
    assert first == render(message("terminal.hint.play", reason=card.message), language)
    assert second == render(explanation(Adviser().explain(view.game, view.seat, card)), language)
