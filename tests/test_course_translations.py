"""Checks on the Spanish and Portuguese course text: the lessons' catalogues
course/locale/<lang>/LC_MESSAGES/<stem>.po and the whole documents course/<lang>/*.md.

Each translated markdown cell keeps the English cell's links and heading outline, in order (so the built
notebook navigates like the English one), and the seed sites' worked examples appear in the lessons in the
seeds' own words: the Spanish seeds' in the Spanish course, the Portuguese seed's in the Portuguese.
Whether each translation matches today's English (fuzzy, untranslated) is tests/test_course_i18n.py's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cribbage.build.course_i18n import SWITCH_ID, catalogue_path, local_links, read_catalogue
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES
from cribbage.registry.stops import STOPS

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "course"
#: The seed sites live beside the repository (../shared/seeds from main, ../../shared/seeds from a worktree).
SEEDS = next((p / "shared" / "seeds" for p in ROOT.parents if (p / "shared" / "seeds").is_dir()), None)
NOTEBOOKS = [COURSE / stop.notebook for stop in STOPS]
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#+) ", re.MULTILINE)


def _markdown_cells(path: Path) -> dict[str, str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return {c["id"]: c["source"] if isinstance(c["source"], str) else "".join(c["source"])
            for c in cells if c["cell_type"] == "markdown"}


def _translated(stem: str, language: str = "es") -> dict[str, str]:
    """The translated markdown cells of a lesson, by cell id (a comment's context is <id>#<n>)."""
    catalogue = read_catalogue(catalogue_path(COURSE, language, stem))
    return {str(message.context): str(message.string) for message in catalogue
            if message.id and message.string and message.context != SWITCH_ID and "#" not in str(message.context)}


def _plain(text: str) -> str:
    """Text without markdown emphasis, quotes or line breaks, for comparing prose."""
    return " ".join(re.sub(r"[*_«»\"]", "", text).split()).casefold()


#: How each language's lessons say "Try it:" (the learner looks for it).
TRY_IT = {"es": "*Pruébalo:*", "pt": "*Experimente:*"}


@pytest.mark.parametrize("language", sorted(TRY_IT))
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_markdown_cell_is_translated_with_the_same_links_and_headings(path: Path, language: str) -> None:
    english = _markdown_cells(path)
    translated = _translated(path.stem, language)
    assert set(translated) == set(english), f"{path.name}: cells without {language}: {set(english) - set(translated)}"
    for key, text in english.items():
        assert LINK.findall(translated[key]) == LINK.findall(text), f"{path.name} cell {key}: links differ"
        assert HEADING.findall(translated[key]) == HEADING.findall(text), f"{path.name} cell {key}: headings differ"
        assert ("*Try it:*" in text) == (TRY_IT[language] in translated[key]), f"{path.name} cell {key}: Try it"


@pytest.mark.parametrize("language", sorted(TRY_IT))
@pytest.mark.parametrize("name", ["rules.md", "README.md"])
def test_whole_documents_keep_their_links(name: str, language: str) -> None:
    english = (COURSE / name).read_text(encoding="utf-8")
    translated = (language_folder(language, COURSE) / name).read_text(encoding="utf-8")
    assert translated.startswith(f"<!-- translated from course/{name} sha1=")
    # the same links, a stop's notebook by its name in the language (03_recuento.ipynb)
    assert LINK.findall(translated) == LINK.findall(local_links(english, language))
    assert HEADING.findall(translated) == HEADING.findall(english)


#: (seed file prefix, the seed's words, where the Spanish course says them)
WORKED_EXAMPLES = [
    ("001", "5-6-7-8 es una secuencia de cuatro que puede hacerse con cualquiera de los dos cincos: "
            "dos secuencias, 8 puntos.", "00_start_here"),
    ("001", "Un quince (7 + 8) vale 2 y la pareja de cincos, otros 2.", "rules.md"),
    ("001", "5-6-7-8 es una secuencia de cuatro que puede hacerse con cualquiera de los dos cincos: "
            "dos secuencias, 8 puntos. Total: 12.", "rules.md"),
    ("001", "Con un 5 como carta inicial, 3-3-4-4 esconde dos quinces más (3 + 3 + 4 + 5, dos veces), "
            "así que la mano completa vale 20.", "rules.md"),
    ("001", "| Secuencia doble doble | 3-3-4-4-5 | 16 (cuatro secuencias de 3 + dos parejas) |", "rules.md"),
    ("001", "Ojo: estos totales no incluyen los quinces.", "03_the_show"),
    ("001", "4, 6, 5 también es una secuencia de tres", "02_the_play"),
    ("001", "4-5-6-7 es una única secuencia de cuatro y vale 4 puntos", "rules.md"),
    ("001", "más una carta inicial a juego no puntúan nada, por bonitas que queden juntas", "03_the_show"),
    ("001", "la carta inicial también es de ese palo", "03_the_show"),
    ("000", "La mayoría de los jugadores pasa años sin ver nunca un 29.", "03_the_show"),
    ("000", "Si la cuenta cae exactamente en 31", "rules.md"),
    ("000", "el punto que marca tu rival cuando no puedes jugar ninguna carta sin pasar de 31", "rules.md"),
    ("000", "Como el no repartidor cuenta primero, puede", "rules.md"),
]


#: The Portuguese seed (002, the same "learn to play" page as 000): its figures, in its words.
PT_WORKED_EXAMPLES = [
    ("002", "Os pontos movem seu pino por uma trilha de 121 furos", "00_start_here"),
    # The seed says "a contagem" for the running count as well as for the show; the course keeps one word
    # per idea (course/glossary.csv: the running count is "o total", from the seed's "anunciando o total").
    ("002", "nunca pode passar de 31", "02_the_play"),
    ("002", "Um flush na cesta só conta quando as quatro cartas da cesta e a virada têm o mesmo naipe",
     "03_the_show"),
    ("002", "O não carteador conta sempre primeiro", "03_the_show"),
    ("002", "O primeiro pino a entrar no furo 121 vence na hora", "04_board_and_skunks"),
    ("002", "os 2 do trinta e um substituem esse ponto", "rules.md"),
    ("002", "Um flush na cesta só conta quando as quatro cartas da cesta e a virada têm o mesmo naipe, "
            "e ele sempre vale cinco", "rules.md"),
    ("002", "os Ases valem um e cada outra carta vale o seu número", "rules.md"),
    ("002", "Seu rival joga todas as cartas que ainda puder jogar legalmente", "rules.md"),
    ("002", "cada jogador conta suas quatro cartas mais a virada", "rules.md"),
]


@pytest.mark.parametrize("seed, words, where, language",
                         [(*example, "es") for example in WORKED_EXAMPLES]
                         + [(*example, "pt") for example in PT_WORKED_EXAMPLES], ids=lambda v: str(v)[:30])
def test_seed_worked_examples_appear_in_the_seeds_words(seed: str, words: str, where: str, language: str) -> None:
    if SEEDS is not None:
        (seed_file,) = SEEDS.glob(f"{seed}_*.txt")
        assert _plain(words) in _plain(seed_file.read_text(encoding="utf-8")), "not the seed's words"
    if where.endswith(".md"):
        text = (language_folder(language, COURSE) / where).read_text(encoding="utf-8")
    else:
        text = "\n".join(_translated(where, language).values())
    assert _plain(words) in _plain(text), f"{language}/{where} does not say: {words}"


@pytest.mark.parametrize("language, role, not_role", [("es", "Ann es la no repartidora", "Ann es el"),
                                                      ("pt", "Ann é a não carteadora", "Ann é o")])
def test_ann_is_named_as_a_woman(language: str, role: str, not_role: str) -> None:
    # Stop 4's Spanish said "Ann es el no repartidor" of Ann, whom the lesson calls "she".
    text = "\n".join(_translated("04_board_and_skunks", language).values())
    assert role in text and not_role not in text


#: The words that named a player's score in the game beside the seeds' "puntuación"/"pontuação", which the
#: views say (tests/test_widgets_i18n.py, GAME_SCORE): "el marcador de una partida", "em cada par de placares".
NOT_THE_GAME_SCORE = {"es": ("tanteo", "marcador"), "pt": ("placar",)}


@pytest.mark.parametrize("language", sorted(NOT_THE_GAME_SCORE))
def test_the_lessons_and_documents_name_the_game_score_as_the_views_do(language: str) -> None:
    texts = {f"{stem}.po": "\n".join(str(message.string) for message in read_catalogue(
        catalogue_path(COURSE, language, stem)) if message.id) for stem in (path.stem for path in NOTEBOOKS)}
    texts |= {name: (language_folder(language, COURSE) / name).read_text(encoding="utf-8")
              for name in ("rules.md", "README.md", "TEACHING.md")}
    other = re.compile(rf"\b({'|'.join(NOT_THE_GAME_SCORE[language])})(s|es)?\b", re.IGNORECASE)
    said = {where: found.group(0) for where, text in texts.items() if (found := other.search(text))}
    assert not said, said


@pytest.mark.parametrize("language", CODES)
def test_the_teachers_guide_names_the_progress_panels_where_section_as_the_panel_does(language: str) -> None:
    # The panel folds the file's path under this title at its foot (widgets/progress/panel.py); a teacher who
    # reads the guide should find the same words there, beside `cribbage progress where`.
    from widgets.i18n import render
    guide = language_folder(language, COURSE) / "TEACHING.md"
    text = " ".join(guide.read_text(encoding="utf-8").split())
    assert f"*{render('progress.where', language)}*" in text and "cribbage progress where" in text
