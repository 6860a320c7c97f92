"""The detector of English in Spanish and Portuguese text (``tests/english.py``): it finds English,
one word or a sentence, and it reads real Spanish and Portuguese, the glossary's kept words and the
deliberate glosses as what they are."""

from __future__ import annotations

import pytest
from english import ENGLISH, HOMOGRAPHS, allowed_terms, english_found, english_in, python_comments


@pytest.mark.parametrize(("language", "text", "english"), [
    # A whole English sentence is one phrase.
    ("es", "Right: that is the best keep.", ["Right: that is the best keep"]),
    ("pt", "Click a card to lay it away in your crib.", ["Click a card to lay it away in your crib"]),
    # The discard table's headers, the board's result, a label under a card.
    ("es", "keep            lay away    hand  their crib     net  why", ["keep lay away hand their crib net why"]),
    ("pt", "Winner: Ann · Loser: Ben", ["Winner", "Loser"]),
    ("es", "5♥\nstarter", ["starter"]),
    # English inside a Spanish or Portuguese sentence, one word or several.
    ("es", "El repartidor marca 2 points por los nibs.", ["points"]),
    ("pt", "O carteador conta a cesta (the crib) depois da mão.", ["the crib"]),
    ("es", "Tu mano: 12 puntos. Your hand scores 12.", ["Your hand scores"]),
    # A homograph joins the phrase between two English words, never alone.
    ("es", "the total you counted", ["the total you counted"]),
    ("pt", "What do you keep?", ["What do you keep"]),
    # Comments and error messages.
    ("es", "how many ways can you keep four of the six?", ["how many ways can you keep four of the six"]),
    ("pt", "ValueError: the card is not in your hand", ["the card is not in your hand"]),
    # The glossary keeps "flush" in Portuguese only: Spanish says "color".
    ("es", "Un flush de cuatro cartas", ["flush"]),
    ("es", "Yes / No", ["Yes"]),
    ("es", "Sí y/o the crib", ["the crib"]),
    ("pt", "Pone: the computer", ["Pone: the computer"]),
    ("es", "El **no repartidor**. The pone cuts.", ["The pone cuts"]),
])
def test_english_is_found(language: str, text: str, english: list[str]) -> None:
    assert english_in(text, language) == english


@pytest.mark.parametrize(("language", "text"), [
    # Spanish and Portuguese words that are also English words.
    ("es", "No, el total final es real: a 121 con la mano de me toca."),
    ("es", "Cada lección pone sus widgets en su idioma; ten cuidado, has ganado once puntos."),
    ("es", "El experto casi nunca sale con un cinco; el rival come, dice y son las reglas."),
    ("pt", "Agora some os quinzes: se for a vez do carteador, as cartas do time vão para a cesta."),
    ("pt", "A chance de vencer vem do total final; use o botão e me diga."),
    # The words the glossary keeps in English, plurals too; flush in Portuguese.
    ("es", "Go, nobs, nibs, muggins, skunk y double skunk; dos skunks."),
    ("pt", "Os naipes só importam para os flushes e para o nobs. Um flush de cinco."),
    # Names of the tools, card codes, suits, numbers, identifiers, links.
    ("es", "Abre el cuaderno en JupyterLab con Python: los widgets del kernel."),
    ("es", "5H es el cinco de corazones, TS o 10S el diez de picas, JD la jota, AC el as: A♣ 4♦ 6♥ 9♠."),
    ("pt", "Chame score_hand(hand) ou DealPractice(seed=7) de widgets.table.view; veja 00_start_here.ipynb."),
    ("es", "Abre http://localhost:8866/?hand=5H5D6H7S&starter=8C para ver la mano."),
    # A file's path, whatever its folder's random name holds ("my", "the"), and a slash in prose.
    ("es", "Tu progreso se guarda en /tmp/cribbage-progress-2my5h1r0/root-055626e2e748.progress.sqlite3."),
    ("pt", "O progresso de root, em “/tmp/x-the5a/root.progress.sqlite3”, ou ~/my/progress.sqlite3 e ./the/a."),
])
def test_spanish_and_portuguese_are_not_english(language: str, text: str) -> None:
    assert english_in(text, language) == []


def test_glosses_in_markdown_are_deliberate() -> None:
    """In Markdown, italics mark a deliberate English word (over a line break too), and code is code;
    the same words outside italics, or in text that is not Markdown, are English."""
    markdown = ("La columna **mano** (*hand*) y la **cuna** (*crib*); en inglés *his heels*. Abre *Run ▸ "
                "Restart Kernel and Run\nAll Cells…*. Escribe `my_total = the_total` y pulsa Intro.\n\n"
                "```python\n# the hand you keep\n```\n[Start here](../00_start_here.ipynb)")
    assert english_in(markdown, "es", markup="markdown") == ["Start here"]
    assert english_in("La columna (*hand*)", "es") == ["hand"]
    # A blank line ends a would-be italic: stars far apart are not a gloss.
    assert english_in("a * b\n\nthe crib * c", "es", markup="markdown") == ["the crib"]


def test_html_is_read_as_shown() -> None:
    html = ('<style>.keep { color: red }</style><div class="hand"><b>Cuna</b> &middot; '
            '<code>the_code</code><svg><text x="3">Winner</text></svg></div>')
    assert english_in(html, "es", markup="html") == ["Winner"]


def test_found_english_says_where() -> None:
    [found] = english_found("Guarda un quince y da poco a la cuna rival; the dealer counts it.", "es")
    assert found.phrase == "the dealer counts it"
    assert "cuna rival; the dealer counts it." in found.context
    assert "the dealer counts it" in str(found)


def test_the_word_lists_are_what_they_say() -> None:
    assert {"the", "and", "your", "hand", "crib", "starter", "dealer", "pone", "winner", "loser", "keep", "net",
            "why", "play", "board", "computer", "yes"} <= ENGLISH
    assert {"a", "no", "de", "me", "real", "total", "final"} <= HOMOGRAPHS["es"] & HOMOGRAPHS["pt"]
    assert "pone" in HOMOGRAPHS["es"] and "pone" not in HOMOGRAPHS["pt"]
    assert "flush" in allowed_terms("pt") and "flush" not in allowed_terms("es")
    assert {"go", "nobs", "muggins", "skunk", "double skunk"} <= set(allowed_terms("es"))
    with pytest.raises(ValueError, match="language"):
        english_in("the hand", "en")
    with pytest.raises(ValueError, match="markup"):
        english_in("the hand", "es", markup="rst")


def test_comments_are_read_from_code() -> None:
    source = 'my_total = ...   # the total you counted\ntext = "# not a comment"\n%time x  # magic\n'
    assert python_comments(source) == ["the total you counted"]
    assert python_comments("def broken(:\n    # still read\n") == ["still read"]
