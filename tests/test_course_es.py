"""Checks on the Spanish course text: course/translations/es/*.json and course/es/*.md.

Each translation keeps the English cell's links and heading outline (so the generated notebook
navigates like the English one), and the seed sites' worked examples appear in the lessons in the
seeds' own Spanish words. Staleness (source_sha1 against today's English) is the generator's test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "course"
ES = COURSE / "translations" / "es"
#: The seed sites live beside the repository (../shared/seeds from main, ../../shared/seeds from a worktree).
SEEDS = next((p / "shared" / "seeds" for p in ROOT.parents if (p / "shared" / "seeds").is_dir()), None)
NOTEBOOKS = sorted(p for p in COURSE.glob("0*.ipynb"))
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#+) ", re.MULTILINE)


def _markdown_cells(path: Path) -> dict[str, str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return {c["id"]: c["source"] if isinstance(c["source"], str) else "".join(c["source"])
            for c in cells if c["cell_type"] == "markdown"}


def _spanish(stem: str) -> dict[str, str]:
    data = json.loads((ES / f"{stem}.json").read_text(encoding="utf-8"))
    assert data["language"] == "es" and data["notebook"] == f"{stem}.ipynb"
    return {key: cell["text"] for key, cell in data["cells"].items()}


def _plain(text: str) -> str:
    """Text without markdown emphasis, quotes or line breaks, for comparing prose."""
    return " ".join(re.sub(r"[*_«»\"]", "", text).split()).casefold()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_markdown_cell_has_spanish_with_the_same_links_and_headings(path: Path) -> None:
    english = _markdown_cells(path)
    spanish = _spanish(path.stem)
    assert set(spanish) == set(english), f"{path.name}: cells without Spanish: {set(english) - set(spanish)}"
    for key, text in english.items():
        assert LINK.findall(spanish[key]) == LINK.findall(text), f"{path.name} cell {key}: links differ"
        assert HEADING.findall(spanish[key]) == HEADING.findall(text), f"{path.name} cell {key}: headings differ"
        assert ("*Try it:*" in text) == ("*Pruébalo:*" in spanish[key]), f"{path.name} cell {key}: Try it"


@pytest.mark.parametrize("name", ["rules.md", "README.md"])
def test_whole_documents_keep_their_links(name: str) -> None:
    english = (COURSE / name).read_text(encoding="utf-8")
    spanish = (COURSE / "es" / name).read_text(encoding="utf-8")
    assert spanish.startswith(f"<!-- translated from course/{name} sha1=")
    assert LINK.findall(spanish) == LINK.findall(english)
    assert HEADING.findall(spanish) == HEADING.findall(english)


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


@pytest.mark.parametrize("seed, words, where", WORKED_EXAMPLES, ids=lambda v: str(v)[:30])
def test_seed_worked_examples_appear_in_the_seeds_words(seed: str, words: str, where: str) -> None:
    if SEEDS is not None:
        (seed_file,) = SEEDS.glob(f"{seed}_*.txt")
        assert _plain(words) in _plain(seed_file.read_text(encoding="utf-8")), "not the seed's words"
    if where.endswith(".md"):
        text = (COURSE / "es" / where).read_text(encoding="utf-8")
    else:
        text = "\n".join(_spanish(where).values())
    assert _plain(words) in _plain(text), f"{where} does not say: {words}"
