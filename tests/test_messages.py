"""The engine's messages: a key and values, worded in every language of the catalogue."""

from __future__ import annotations

import pickle
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from cribbage import Card, CribbageError, InvalidCardError, cards
from cribbage.lang.messages import (
    CATALOGUE,
    LANGUAGES,
    Plural,
    Rank,
    Role,
    Seat,
    add_catalogue,
    get_language,
    message,
    placeholders,
    render,
    set_language,
    use_language,
)
from cribbage.registry.languages import TRANSLATED


def test_every_message_has_every_language_and_the_same_values():
    problems = []
    for key, entry in sorted(CATALOGUE.items()):
        if set(entry) != set(LANGUAGES):
            problems.append(f"{key}: languages {sorted(entry)}")
            continue
        english = placeholders(entry["en"])
        for language in LANGUAGES:
            template = entry[language]
            if placeholders(template) != english:
                problems.append(f"{key} ({language}): placeholders {sorted(placeholders(template))}")
            texts = (template.one, str(template)) if isinstance(template, Plural) else (template,)
            # argparse's own texts keep argparse's spaces and newlines ("usage: ")
            if not all(texts) or (not key.startswith("cli.argparse.") and any(t.strip() != t for t in texts)):
                problems.append(f"{key} ({language}): empty, or spaces around it")
            # a plural is chosen by n (argparse's own plurals by the number its ngettext is given)
            if isinstance(template, Plural) and "n" not in english and not key.startswith("cli.argparse."):
                problems.append(f"{key} ({language}): a plural without n")
    assert not problems, "\n".join(problems)


def test_spanish_and_portuguese_are_not_english_copies():
    copies = []
    for key, entry in sorted(CATALOGUE.items()):
        english = entry["en"]
        words = re.sub(r"\{[^}]*\}|%\([a-z_]+\)[sdr]", "", str(english))
        # lessons.lab.*: JupyterLab's own labels, which its es/pt packs leave in English (checked against
        # the installed packs by tests/test_learner_copy.py)
        if key.startswith("lessons.lab."):
            continue
        if len(re.findall(r"[a-z]{3,}", words)) >= 3:   # a sentence, not a symbol or a name
            copies += [f"{key} ({language})" for language in TRANSLATED if entry[language] == english]
    assert not copies, copies


def test_str_is_english_and_render_says_it_in_each_language():
    msg = message("card.duplicate", card=Card.parse("5H"))
    assert str(msg) == "duplicate card: 5♥ appears twice"
    assert render(msg, "es") == "carta repetida: 5♥ aparece dos veces"
    assert render(msg, "pt") == "carta repetida: 5♥ aparece duas vezes"
    with pytest.raises(ValueError, match="language must be one of en, es, pt"):
        render(msg, "fr")


def test_messages_are_frozen_values():
    a = message("card.duplicate", card=Card.parse("5H"))
    b = message("card.duplicate", card=Card.parse("5H"))
    assert a == b and hash(a) == hash(b) and a != message("card.duplicate", card=Card.parse("5D"))
    with pytest.raises(AttributeError):
        a.key = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        a.values["card"] = None  # type: ignore[index]
    assert pickle.loads(pickle.dumps(a)) == a


def test_an_unknown_key_is_a_bug_found_at_once():
    with pytest.raises(KeyError, match=r"no message 'no\.such'"):
        message("no.such")


def _add(tmp_path, words):
    """Adds ``key -> (English, Spanish, Portuguese)`` to the catalogue, the translations from .po files
    of a domain of the test's own, written and read as the project's are."""
    for language, index in (("es", 1), ("pt", 2)):
        catalog = Catalog(locale=language)
        for key, texts in words.items():
            text = texts[index]
            if not isinstance(text, str):   # Babel's Portuguese has a third form (a million): as the plural
                text = (*text, *[text[-1]] * (catalog.num_plurals - len(text)))
            catalog.add(texts[0] if isinstance(texts[0], str) else tuple(texts[0]),
                        text if isinstance(text, str) else tuple(text), context=key)
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "test.po").open("wb") as handle:
            write_po(handle, catalog)
    add_catalogue({key: {"en": texts[0] if isinstance(texts[0], str) else Plural(*texts[0])}
                   for key, texts in words.items()}, domain="test", locale_dir=tmp_path)


def test_seats_are_said_by_role_or_by_the_name_the_view_gives(tmp_path):
    _add(tmp_path, {"test.turn": ("it is {seat:of} turn", "es el turno {seat:of}", "é a vez {seat:of}"),
                    "test.pegs": ("{seat:cap} pegs {n}", "{seat:cap} marca {n}", "{seat:cap} marca {n}")})
    pone = Seat.of(1, dealer=0)
    assert pone == Seat(1, Role.PONE)
    assert str(message("test.turn", seat=pone)) == "it is the pone's turn"
    assert render(message("test.turn", seat=pone), "es") == "es el turno del no repartidor"
    assert render(message("test.turn", seat=Seat.of(0, dealer=0)), "pt") == "é a vez do carteador"
    assert render(message("test.pegs", seat=pone, n=2), "es") == "El no repartidor marca 2"
    assert render(message("test.pegs", seat=pone, n=2), "en", names={1: "Ana"}) == "Ana pegs 2"
    assert render(message("test.turn", seat=pone), "es", names={"pone": "Ana"}) == "es el turno de Ana"
    # Before the first deal a seat has no role yet.
    assert str(message("test.pegs", seat=Seat.of(0, dealer=None), n=1)) == "Player 0 pegs 1"


def test_values_render_by_type(tmp_path):
    template = "{cards} | {rank} {rank:plural} | {x} | {inner} | {items} | {n:>3}|{word:<5}|"
    _add(tmp_path, {"test.values": (template, template, template)})
    inner = message("card.duplicate", card=Card.parse("JD"))
    items = [message("role.dealer.the"), message("role.pone.the"), message("deck.cut_empty")]
    msg = message("test.values", cards=cards("5H 10S"), rank=Rank(1), x=1.5, inner=inner, items=items,
                  n=7, word="ab")
    assert str(msg) == ("5♥ 10♠ | A aces | 1.50 | duplicate card: J♦ appears twice | "
                        "the dealer, the pone and cannot cut an empty deck |   7|ab   |")
    assert render(msg, "es") == ("5♥ 10♠ | A ases | 1,50 | carta repetida: J♦ aparece dos veces | "
                                 "el repartidor, el no repartidor y no se puede cortar una baraja vacía |   7|ab   |")
    assert str(message("test.values", cards=(), rank=Rank(5), x=0.0, inner=inner, items=[], n=0,
                       word="")).startswith(" | 5 5s")


def test_plural_templates_choose_by_n(tmp_path):
    _add(tmp_path, {"test.cards": (("{n} card", "{n} cards"), ("{n} carta", "{n} cartas"), ("{n} carta", "{n} cartas"))})
    assert [str(message("test.cards", n=n)) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert render(message("test.cards", n=1), "pt") == "1 carta"
    assert render("test.cards", "es", n=3) == "3 cartas"   # a key and its values: the same as a message


def test_a_catalogue_entry_gives_its_english_only_and_cannot_reword_a_key():
    with pytest.raises(ValueError, match="English only"):
        add_catalogue({"test.half": {"en": "x", "es": "x"}})
    with pytest.raises(ValueError, match="already in the catalogue"):
        add_catalogue({"card.duplicate": {"en": "x"}})


def test_one_language_setting_and_a_block_of_another():
    assert get_language() == "en"
    set_language("es")
    try:
        assert str(message("deck.cut_empty")) == "no se puede cortar una baraja vacía"
        with use_language("pt"):
            assert get_language() == "pt" and render("deck.cut_empty") == render("deck.cut_empty", "pt")
        assert get_language() == "es"
        with pytest.raises(ValueError, match="language must be one of en, es, pt, not 'fr'"):
            set_language("fr")
        assert get_language() == "es"   # a refused language leaves the setting as it was
    finally:
        set_language("en")


def test_errors_carry_their_message_and_read_as_english():
    with pytest.raises(InvalidCardError) as caught:
        cards("5H 5X")
    err = caught.value
    assert isinstance(err, CribbageError) and isinstance(err, ValueError)
    assert err.message == message("card.not_card", text="'5X'")
    assert str(err) == "not a card: '5X' (write cards like 5H, 10S, JD)"
    assert render(err.message, "es") == ("no es una carta: '5X' (escribe las cartas así: 5H, 10S, JD; "
                                                 "el palo con su letra inglesa: S picas, H corazones, D diamantes, C tréboles)")
    # During the move to messages a plain English string is still accepted.
    legacy = CribbageError("something plain")
    assert str(legacy) == "something plain" and legacy.message.key == "plain"
    assert str(pickle.loads(pickle.dumps(err))) == str(err)


@pytest.mark.parametrize("text, ace", [("1H", "AH"), ("1s", "AS"), ("1♦", "A♦")])
def test_an_ace_typed_as_1_says_to_type_a(text, ace):
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(text)
    assert caught.value.message.key == "card.ace_is_a"
    assert "type A for an ace" in str(caught.value) and ace in str(caught.value)
    with pytest.raises(InvalidCardError, match="type A for an ace"):
        cards(f"5H {text} 6D")
