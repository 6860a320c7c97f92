"""English in text meant for a Spanish or Portuguese reader: :func:`english_in` returns the English
words found in a text, joined into the phrases they make ("keep lay away hand their crib net why").

A word list, not a language model: :data:`ENGLISH` holds English function words (the, and, of, with,
your, which...) and the course's own words (hand, crib, starter, dealer, pone, points, winner...),
chosen so that none of them is also an ordinary Spanish or Portuguese word. The words that *are*
(``a``, ``no``, ``de``, ``me``, ``real``, ``total``, ``final``; Spanish ``pone``, ``has``, ``he``,
``ten``, ``once``; Portuguese ``do``, ``for``, ``as``, ``time``...) are in :data:`HOMOGRAPHS` and
never counted in that language, so a Spanish sentence is never read as English. One English word in
a Spanish sentence is found (a label "starter" under a card); a whole English sentence is found as
one phrase.

Not English, by design (the allow-list):

- the cribbage words the translations keep in English, read from ``course/glossary.csv`` (a term
  whose Spanish or Portuguese is the English word: ``nobs``, ``muggins``, ``skunk``, ``double skunk``,
  ``Go`` in both, ``flush`` in Portuguese only: Spanish says ``color``), and :data:`KEPT` (cribbage,
  Python, JupyterLab, widget...);
- in Markdown, a word or phrase in italics: ``*pone*``, ``(*hand*)``, ``en inglés *his heels*``,
  ``*Run ▸ Run All Cells*`` (JupyterLab's own menu as it reads): italics is how the lessons mark a
  deliberate English gloss, and only there; in text a widget or an output shows, italics are words
  like any other;
- code: Markdown's code spans and blocks, HTML's ``<code>``, ``<pre>``, ``<style>``, ``<script>``
  and tag attributes, and in any text an identifier (``set_language``, ``score_hand()``,
  ``DealPractice``, ``widgets.i18n``, ``seed=7``), a link's address, a file name;
- card codes and suit symbols (``5H``, ``JD``, ``10C``, ``A♣ 4♦``), numbers.

:func:`python_comments` gives the comments of a code cell (what a learner reads of the code).
"""

from __future__ import annotations

import csv
import html
import io
import re
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cribbage.registry.languages import TRANSLATED

__all__ = [
    "ENGLISH",
    "HOMOGRAPHS",
    "KEPT",
    "Found",
    "allowed_terms",
    "english_found",
    "english_in",
    "python_comments",
    "visible_html",
]

GLOSSARY = Path(__file__).resolve().parents[1] / "course" / "glossary.csv"
LANGUAGES = TRANSLATED

# English words, lower case. Every one was checked not to be a Spanish or Portuguese word (those that
# are, in either language, are in HOMOGRAPHS below, which wins for that language).
_FUNCTION = """
the an of to in on at by with without from into onto about after before over under between through
against until while because though although if then than when where which who whom whose what why how
and or but nor not only also just still again even ever never always often already yet
this that these those there here it its it's they them their theirs we our ours us you your yours
you're i'm i've he's she she's her hers him his my mine
is are was were be been being am does did done doing have had having will would shall should can could
may might must can't don't doesn't didn't isn't aren't won't wasn't
all each every both any some many much more most less least few other others another such same
very too well back out up down off away next last first second third
one two three four five six seven eight nine eleven twelve thirteen fourteen sixteen seventeen
eighteen nineteen twenty thirty forty fifty hundred
yes please thanks
get gets got give gives gave take takes took make makes made put puts see sees saw seen look looks
know knows think want wants need needs say says said tell tells try tries tried keep keeps kept
show shows showed shown find finds found let lets leave leaves left come comes came go goes went
start starts started way ways
"""
_COURSE = """
hand hands crib cribs starter starters dealer dealers pone pones
count counts counted counting point points score scores scored scoring
card cards deck cut cuts deal deals dealt
winner winners loser losers win wins won winning lose loses lost losing
lay lays laid away net
play plays played playing player players opponent opponents game games computer board boards
peg pegs pegged pegging hole holes street
fifteen fifteens pair pairs run runs flush flushes royal heels
thirty-one
ace aces jack jacks queen queens king kings
heart hearts spade spades diamond diamonds clubs suit suits
best better worst worse right wrong check checks answer answers question questions
expected average chance chances odds keepers discard discards discarded throw throws thrown
cell cells click clicks button buttons step steps stop round rounds turn turns
value values total totals
"""
#: The English words looked for (lower case).
ENGLISH: frozenset[str] = frozenset(_FUNCTION.split() + _COURSE.split())

# "pone" (puts), "has"/"he" (haber), "ten" (tener), "once" (eleven), "come" (eats), "dice" (says),
# "sale" (goes out), "son" (are), "sea" (be), "red" (net), "club", "use"/"uses" (usar), "chance"...
_SPANISH = """a no de con me real total totals final as pone has he ten once come comes dice sale son sea
red club use uses van era solo pie fin sin mi tu su en la el lo le se te ve ha chance chances"""
# "do" (of the), "for" (se for: if it is), "as" (the), "time" (team), "come" (eats), "use"/"uses"
# (usar), "some" (somar: "some os quinzes"), "chance", "tire", "pare"...
_PORTUGUESE = """a no de do for as me real total totals final come comes use uses time tire pare mate sob ate
some chance chances"""
#: English words that are also words of the language: never English alone there; between two
#: English words they are part of the phrase ("the total you counted").
HOMOGRAPHS: dict[str, frozenset[str]] = {"es": frozenset(_SPANISH.split()), "pt": frozenset(_PORTUGUESE.split())}

_KEPT = "cribbage crosscribb python jupyter jupyterlab widget widgets kernel notebook voilà voila"
#: Words that are English and are kept on purpose in both translations (names, the tools' names).
KEPT: frozenset[str] = frozenset(_KEPT.split())

# Text that is not prose: links' addresses, files' paths and names, identifiers, card codes, numbers.
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\?\w+=\S*")
# A file's path, from its first / (or ~/, ./): the progress panel names the learner's file, whose
# folder may be a temporary one with a random name ("…-2my5h1r0"). "y/o", "1/2" are not paths.
_PATH = re.compile(r"(?<![\w/])(?:~|\.{1,2})?/[^\s\"'“”<>]+")
_IDENTIFIER = re.compile(
    r"\b(?:\w*_\w*|[A-Z][a-z]+[A-Z]\w*|\w+(?:\.\w+)+)\([^()]*\)"  # a call and its arguments: score_hand(hand)
    r"|\b\w+(?:\.\w+)+\b(?:\(\))?"                   # dotted: widgets.i18n, rules.md, six.check, 00_x.ipynb
    r"|\b\w*_\w*\b"                                 # snake_case: set_language, my_total, NBVAL_CHECK_OUTPUT
    r"|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b"  # camelCase, CamelCase: DealPractice, GameTable
    r"|\b\w+(?=\()|\b\w+(?==)")                     # a call's or an argument's name: score_hand(, seed=
_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AKQJT])(?:[CDHS]|[♠♥♦♣])(?![\w♠♥♦♣])", re.I)
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# Markdown: code blocks and spans, images and links (their text stays), italics (deliberate glosses).
_MD_CODE = re.compile(r"```.*?```|~~~.*?~~~|`[^`\n]*`", re.S)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
# (An italic phrase may run over a line break, not over a blank line.)
_MD_ITALIC = re.compile(r"(?<![*\w])\*(?!\*)(?=\S)((?:(?!\n\s*\n)[^*])+?)(?<=\S)\*(?![*\w])"
                        r"|(?<![_\w])_(?=\S)((?:(?!\n\s*\n)[^_])+?)(?<=\S)_(?![_\w])")
# HTML: what is not shown (styles, scripts, code) and the tags themselves.
_HTML_HIDDEN = re.compile(r"<(style|script|code|pre)\b[^>]*>.*?</\1\s*>", re.S | re.I)
_HTML_TAG = re.compile(r"<[^>]+>")


@cache
def allowed_terms(language: str) -> tuple[str, ...]:
    """The glossary's terms the language keeps in English (``nobs``, ``skunk``, ``Go``...; ``flush`` in
    Portuguese), longest first, lower case."""
    with GLOSSARY.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    kept = {row["en"].casefold() for row in rows if row[language].casefold() == row["en"].casefold()}
    # Their plurals too, as the glossary's own test matches them ("flushes", "skunks").
    kept |= {term + ("es" if term.endswith(("s", "sh", "ch", "x")) else "s") for term in kept}
    return tuple(sorted(kept, key=len, reverse=True))


def visible_html(text: str) -> str:
    """The text an HTML fragment shows: no styles, scripts, code or tags; entities read."""
    text = _HTML_HIDDEN.sub(" ", text)
    text = re.sub(r"<br\s*/?>|</(?:p|div|li|tr|h\d)>|</t[dh]>", "\n", text, flags=re.I)
    return html.unescape(_HTML_TAG.sub(" ", text))


def _markdown_prose(text: str) -> str:
    text = _MD_CODE.sub(" ", text)
    text = _MD_LINK.sub(r"\1", text)
    text = _MD_ITALIC.sub(" ", text)
    text = _HTML_HIDDEN.sub(" ", text)
    return _HTML_TAG.sub(" ", text)


@dataclass(frozen=True)
class Found:
    """English found: the phrase (consecutive English words) and the text around it."""

    phrase: str
    context: str

    def __str__(self) -> str:
        return f"{self.phrase!r} in “{self.context}”"


def english_found(text: str, language: str, *, markup: str = "plain") -> list[Found]:
    """The English in ``text``, a text for a reader of ``language`` (``"es"`` or ``"pt"``): each run of
    consecutive English words (only spaces and punctuation between them) as one :class:`Found`.

    ``markup`` is ``"plain"``, ``"markdown"`` (code and italics are not read, links' text is) or
    ``"html"`` (only what the page shows is read)."""
    if language not in HOMOGRAPHS:
        raise ValueError(f"language must be one of {', '.join(HOMOGRAPHS)}, not {language!r}")
    if markup == "markdown":
        text = _markdown_prose(text)
    elif markup == "html":
        text = visible_html(text)
    elif markup != "plain":
        raise ValueError(f"markup must be plain, markdown or html, not {markup!r}")
    shown = text
    # Each of these is blanked to spaces of the same length, so positions still point into `shown`.
    blank = _URL.sub(_spaces, text)
    blank = _PATH.sub(_spaces, blank)
    blank = _IDENTIFIER.sub(_spaces, blank)
    blank = _CARD.sub(_spaces, blank)
    for term in allowed_terms(language):
        blank = re.sub(rf"(?<![^\W\d_]){re.escape(term)}(?![^\W\d_])", _spaces, blank, flags=re.I)
    words = [(m.start(), m.end(), _kind(m.group(), language)) for m in _WORD.finditer(blank)]
    found: list[Found] = []
    i = 0
    while i < len(words):
        if words[i][2] != _ENGLISH:
            i += 1
            continue
        # The phrase: this English word and the English words after it, through any homograph that
        # another English word follows.
        j = k = i
        while k + 1 < len(words) and words[k + 1][2] != _OTHER:
            k += 1
            if words[k][2] == _ENGLISH:
                j = k
        start, end = words[i][0], words[j][1]
        phrase = " ".join(shown[start:end].split())
        context = " ".join(shown[max(0, start - 40):end + 40].split())
        found.append(Found(phrase, context))
        i = j + 1
    return found


def english_in(text: str, language: str, *, markup: str = "plain") -> list[str]:
    """The English phrases in ``text`` (see :func:`english_found`), in order.

    >>> english_in("keep  lay away  hand  their crib  net  why", "es")
    ['keep lay away hand their crib net why']
    >>> english_in("Guarda un quince y da poco a la cuna rival (9-K)", "es")
    []
    >>> english_in("La columna **mano** (*hand*) es lo que puntúan", "es", markup="markdown")
    []
    >>> english_in("carta inicial: 5♥ · starter", "es")
    ['starter']
    """
    return [found.phrase for found in english_found(text, language, markup=markup)]


def _spaces(match: re.Match[str]) -> str:
    return " " * len(match.group())


_ENGLISH, _HOMOGRAPH, _OTHER = "english", "homograph", "other"


def _kind(word: str, language: str) -> str:
    key = word.casefold().replace("’", "'")
    if key in HOMOGRAPHS[language]:
        return _HOMOGRAPH
    return _ENGLISH if key in ENGLISH and key not in KEPT else _OTHER


def python_comments(source: str) -> list[str]:
    """The comments of a code cell, without their ``#`` (a learner reads them; the code is code).
    IPython's ``%magic`` and ``!shell`` lines are read as comments-free lines."""
    lines = [line if not line.lstrip().startswith(("%", "!")) else "" for line in source.splitlines()]
    try:
        return [token.string.lstrip("#").strip() for token in
                tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline)
                if token.type == tokenize.COMMENT]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        # Not Python the tokenizer accepts: every "#" outside quotes starts a comment.
        return [m.group(1).strip() for m in re.finditer(r"^[^#'\"]*#(.*)$", source, re.M)]
