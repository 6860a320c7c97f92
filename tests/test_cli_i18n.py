"""The whole command line in Spanish and Portuguese (issue 25): every command's help and usage,
argparse's own words and errors, and the engine's errors, with ``--lang`` and with the locale."""

from __future__ import annotations

import argparse
import ast
import gettext
import inspect
import re

import pytest

from cribbage.cli import parsing
from cribbage.cli.main import main
from cribbage.cli.parsing import ARGPARSE, FOR_PROGRAMMERS, argparse_words, language_asked
from cribbage.lang.messages import message, render, set_language
from cribbage.registry.languages import TRANSLATED

#: Every page of help there is: the command's and each sub-command's.
PAGES = [[], ["score"], ["discard"], ["play"], ["progress"], ["progress", "report"], ["progress", "where"]]

#: Common English words, none of which is also a Spanish or Portuguese word.
ENGLISH = frozenset({
    "the", "and", "of", "to", "show", "help", "message", "exit", "options", "optional", "positional", "usage",
    "required", "arguments", "argument", "invalid", "choice", "choose", "from", "with", "for", "your", "you",
    "this", "that", "is", "are", "it", "its", "one", "hand", "hands", "cards", "starter", "dealer", "deals",
    "game", "computer", "against", "count", "points", "win", "short", "same", "seed", "level", "file", "files",
    "also", "write", "table", "page", "chart", "skill", "language", "print", "kept", "user", "learners",
    "learner", "teacher", "default", "locale", "else", "expected", "unrecognized", "command", "ways", "keep",
    "four", "six", "five", "last", "itemize", "rank", "merge", "into", "opponent", "missed", "taken", "own",
    "what", "says", "allowed", "ignored", "explicit", "ambiguous", "could", "match", "following",
})

#: What may stay as it is typed: option names, choices, sub-commands, card codes, file patterns.
ALLOWED = [
    r"(?<![\w-])--?[a-z][\w-]*",            # --lang, -h
    r"\{[^}]*\}",                           # {en,es,pt}, {beginner,standard,expert}
    r"\b(score|discard|play|progress|report|where|beginner|standard|expert|cribbage|Cribbage)\b",
    r"\b(10|[2-9AJQKT])[HDCS]\b",           # card codes
    r"\*\.\S+",                             # *.progress.sqlite3
]


def english_words(text: str) -> list[str]:
    """The common English words in ``text``, once the allowed names are taken out."""
    for allowed in ALLOWED:
        text = re.sub(allowed, " ", text)
    return sorted({word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in ENGLISH})


@pytest.fixture(autouse=True)
def _no_locale(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    yield
    set_language("en")  # main() sets the printing language for the whole process


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def help_page(capsys, *argv: str) -> str:
    status, out, err = run(capsys, *argv, "--help")
    assert (status, err) == (0, ""), err
    return out


# ------------------------------------------------------------------ help and usage
@pytest.mark.parametrize("page", PAGES, ids=lambda page: " ".join(page) or "cribbage")
@pytest.mark.parametrize("language, usage, options", [("es", "uso: cribbage", "opciones:"),
                                                      ("pt", "uso: cribbage", "opções:")])
def test_every_help_page_is_in_the_language_asked(capsys, page, language, usage, options):
    english = help_page(capsys, *page)
    said = help_page(capsys, *page, "--lang", language)
    assert said.startswith(f"{usage} {' '.join(page)}".rstrip()), said   # the whole program name, not cut
    assert options in said and said != english
    assert english_words(said) == [], said


@pytest.mark.parametrize("page", PAGES, ids=lambda page: " ".join(page) or "cribbage")
@pytest.mark.parametrize("variable, value, options", [("LANG", "es_ES.UTF-8", "opciones:"),
                                                      ("LC_ALL", "pt_BR.UTF-8", "opções:"),
                                                      ("LANGUAGE", "fr:pt", "opções:")])
def test_every_help_page_follows_the_locale(capsys, monkeypatch, page, variable, value, options):
    monkeypatch.setenv(variable, value)
    said = help_page(capsys, *page)
    assert said.startswith("uso: ") and options in said
    assert english_words(said) == [], said


def test_lang_wins_over_the_locale_and_may_come_anywhere(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert "opciones:" in help_page(capsys, "--lang", "es", "score")
    assert "opciones:" in help_page(capsys, "score", "--lang=es")
    assert "opciones:" in help_page(capsys, "progress", "report", "--lang", "es")
    assert "options:" in help_page(capsys, "play", "--lang", "en")


def test_the_english_help_is_english_and_the_check_finds_it(capsys):
    """The check above is not empty: on the English pages it finds the words it looks for."""
    pages = "".join(help_page(capsys, *page) for page in PAGES)
    assert pages.startswith("usage: cribbage [-h]") and "show this help message and exit" in pages
    assert {"usage", "options", "show", "help", "message", "exit", "the", "and", "of"} <= set(english_words(pages))


def test_the_help_words_come_from_the_catalogue(capsys):
    said = help_page(capsys, "play", "--lang", "es")
    assert "juega una partida contra la computadora" in said and "--seed SEMILLA" in said
    said = help_page(capsys, "progress", "report", "--lang", "pt")
    assert "--csv ARQUIVO" in said and "BD [BD ...]" in said and "virada" not in said
    assert "cartas [cartas ...]" in help_page(capsys, "score", "--lang", "pt")


# ------------------------------------------------------------------ errors
ERRORS = [  # argv, what Spanish says, what Portuguese says
    (["frobnicate"], "argumento comando: opción no válida: 'frobnicate' (elige entre 'score'",
     "argumento comando: opção inválida: 'frobnicate' (escolha entre 'score'"),
    ([], "faltan argumentos obligatorios: comando", "faltam argumentos obrigatórios: comando"),
    (["progress"], "faltan argumentos obligatorios: comando", "faltam argumentos obrigatórios: comando"),
    (["score"], "faltan argumentos obligatorios: cartas", "faltam argumentos obrigatórios: cartas"),
    (["progress", "report"], "faltan argumentos obligatorios: BD", "faltam argumentos obrigatórios: BD"),
    (["play", "--seed", "x"], "argumento --seed: número entero no válido: 'x'",
     "argumento --seed: número inteiro inválido: 'x'"),
    (["play", "--target", "100"], "argumento --target: opción no válida: 100 (elige entre 121, 61)",
     "argumento --target: opção inválida: 100 (escolha entre 121, 61)"),
    (["play", "--level", "god"], "argumento --level: opción no válida: 'god'", "argumento --level: opção inválida: 'god'"),
    (["play", "--seed"], "argumento --seed: se esperaba un argumento", "argumento --seed: era esperado um argumento"),
    (["score", "5H", "5D", "6H", "7S", "8C", "--bogus"], "argumentos no reconocidos: '--bogus'",
     "argumentos não reconhecidos: '--bogus'"),
    (["score", "--crib=yes", "5H"], "argumento --crib: no admite el valor 'yes'", "argumento --crib: não aceita o valor 'yes'"),
    (["discard", "--dealer", "--pone", "5H"], "argumento --pone: no se permite junto con el argumento --dealer",
     "argumento --pone: não é permitido junto com o argumento --dealer"),
    (["score", "5H", "5D", "6H", "7S"], "da cuatro cartas y la carta inicial (cinco cartas), no 4",
     "dê quatro cartas e a virada"),   # the engine's own error, from the catalogue as before
]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("argv, es, pt", ERRORS, ids=[" ".join(argv) or "nothing" for argv, _, _ in ERRORS])
def test_errors_are_in_the_language_asked(capsys, argv, es, pt, language):
    status, out, err = run(capsys, *argv, "--lang", language)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("cribbage: "), err
    assert (es if language == "es" else pt) in err, err
    assert english_words(err) == [], err


def test_a_language_the_course_has_not_is_refused_in_the_locales(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "es_AR.UTF-8")
    status, out, err = run(capsys, "score", "5H", "--lang", "fr")
    assert status == 2 and out == ""
    assert err == "cribbage: argumento --lang: opción no válida: 'fr' (elige entre 'en', 'es', 'pt')\n"


def test_the_report_speaks_the_language_of_the_command(capsys, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a progress file", encoding="utf-8")
    status, _, err = run(capsys, "progress", "report", str(notes), "--lang", "es")
    assert status == 2 and err == f"cribbage: {render(message('progress.report.nothing'), 'es')}\n"
    status, _, err = run(capsys, "progress", "report", str(notes), "--lang", "es", "--language", "pt")
    assert status == 2 and err == f"cribbage: {render(message('progress.report.nothing'), 'pt')}\n"


_ARGPARSE_OWN = (argparse.__dict__["_"], argparse.__dict__["ngettext"], argparse.ArgumentError.__dict__["__str__"])


def test_argparse_is_given_back_its_own_words(capsys):
    assert _ARGPARSE_OWN[:2] == (gettext.gettext, gettext.ngettext)
    run(capsys, "score", "--lang", "es")
    run(capsys, "--help", "--lang", "pt")
    assert (argparse.__dict__["_"], argparse.__dict__["ngettext"], argparse.ArgumentError.__dict__["__str__"]) \
        == _ARGPARSE_OWN
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


# ------------------------------------------------------------------ the language asked
@pytest.mark.parametrize("argv, language", [
    (["score", "--lang", "es"], "es"), (["--lang=pt", "score"], "pt"), (["play", "--lan", "es"], "es"),
    (["play", "--l", "pt"], "pt"), (["--lang", "es", "score", "--lang", "pt"], "pt"),
    (["score", "--lang", "fr"], None), (["score", "--lang"], None), (["score", "--", "--lang", "es"], None),
    (["progress", "report", "--language", "es"], None), (["score", "5H"], None),
])
def test_lang_is_found_before_parsing(argv, language):
    assert language_asked(argv) == language


# ------------------------------------------------------------------ argparse's words in the catalogues
def _argparse_texts() -> set[str]:
    """Every text this Python's argparse says through _() or ngettext() (the singular of a plural)."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext")
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
    return found


def test_every_text_argparse_says_to_a_person_is_in_the_catalogue():
    texts = _argparse_texts()
    assert {"usage: ", "show this help message and exit", "invalid choice: %(value)r (choose from %(choices)s)"} <= texts
    english = {getattr(entry["en"], "one", entry["en"]) for entry in ARGPARSE.values()}
    missing = sorted(texts - english - FOR_PROGRAMMERS)
    assert not missing, f"argparse says these and the catalogue has not them (cribbage/cli/parsing.py): {missing}"


#: Said the same as in English: a heading and its colon; Spanish "error".
SAME_WORDS = {"es": {"cli.argparse.heading", "cli.argparse.error"}, "pt": {"cli.argparse.heading"}}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_argparse_text_is_translated_with_its_placeholders(language):
    gettext_, ngettext_ = argparse_words(language)
    for key, entry in ARGPARSE.items():
        english = entry["en"]
        forms = getattr(english, "forms", (english,))
        said = [gettext_(forms[0])] if len(forms) == 1 else [ngettext_(forms[0], forms[1], n) for n in (1, 2)]
        assert said[-1] != forms[-1] or key in SAME_WORDS[language], (key, said)
        for form, translation in zip(forms, said):
            assert parsing._placeholders(translation) == parsing._placeholders(form), (key, translation)
    assert ngettext_("expected %s argument", "expected %s arguments", 2) % 2 == (
        "se esperaban 2 argumentos" if language == "es" else "eram esperados 2 argumentos")


def test_a_translation_that_lost_a_placeholder_is_not_used():
    english = "invalid choice: %(value)r (choose from %(choices)s)"
    assert parsing._checked(english, "opción no válida") == english
    assert parsing._checked(english, "opción no válida: %(value)r (elige entre %(choices)s)").startswith("opción")


def test_a_text_the_catalogue_has_not_stays_english():
    gettext_, ngettext_ = argparse_words("es")
    assert gettext_("cannot merge actions - two groups are named %r") == "cannot merge actions - two groups are named %r"
    assert ngettext_("a new text", "new texts", 3) == "new texts"
