"""The course's stops, kept in one place: everything else reads them here.

A stop is one lesson notebook of the course. Each :class:`Stop` says its number (what the progress
store records an answer under), its name (the English notebook is ``<NN>_<name>.ipynb``; its title is
the message ``progress.stop.<name>``), its notebook's name in each translated language (``local``: a
Spanish learner's tab reads ``03_recuento.ipynb``), the skill it teaches, the
questions it asks (a stop is done when each is answered right), the views whose answers it keeps
(by class name: the engine cannot import the views; a test checks each recording view is named by
exactly one stop), and the item kinds it teaches (where a learner is sent to practise one they miss).
Adding a stop is adding an entry here, its notebook, and the title's words in the catalogues.

It imports nothing but the standard library, so ``setup.py`` can read it by file path.

>>> [stop.notebook for stop in STOPS][:2]
['00_start_here.ipynb', '01_deal_discard_crib.ipynb']
>>> stop(3).notebook_in("es"), stop(3).notebook_in("pt"), notebook_stop("03_recuento-Copy1.ipynb").number
('03_recuento.ipynb', '03_contagem.ipynb', 3)
>>> stop(3).title, stop(3).skill, len(stop(3).questions)
('progress.stop.the_show', 'show', 5)
>>> view_stop("ScoringQuiz").number
3
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["NAME_PATTERN", "NUMBERS", "STOPS", "Question", "Stop", "notebook_stop", "stop", "view_stop"]

#: What a translated notebook's name may hold after its number: lower-case ASCII words joined by "_".
#: ASCII, accents left out ("aqui", "maos"), because a name with "í" or "ã" is two different byte
#: strings (NFC, and the NFD a Mac's file system and some zip tools write), and a learner's copy moved
#: between them would no longer be recognised as a stop's (its answers then kept under no stop); it is
#: also escaped in git's listings and percent-encoded in every JupyterLab address and link.
NAME_PATTERN = r"[a-z0-9]+(_[a-z0-9]+)*"


@dataclass(frozen=True, slots=True)
class Question:
    """A question a stop asks, as its lesson asks it.

    Known by the ``item`` its answers are recorded under (a try-it's key, a guided hand's
    ``guided hand <title>``) and found by the id of its code ``cell`` in the notebook, in every language
    (translated notebooks keep the cell ids); ``lead`` is the Markdown cell just before, the words that
    ask it, where a "continue here" link opens. ``tests/test_progress_identity.py`` builds these again
    from the English notebooks and fails when the two differ."""

    cell: str
    lead: str
    item: str


@dataclass(frozen=True, slots=True)
class Stop:
    """One stop of the course."""

    #: Its place in the course, from 0: what an answer is recorded under, and the ``NN`` of its notebook.
    number: int
    #: Its notebook's name after the number (``the_show``); also names its title's message.
    name: str
    #: The skill it teaches (``progress.skill.<skill>``): the skill of what its try-its ask, and of the
    #: answers a schema-1 progress file recorded here (those files had no skill).
    skill: str
    #: What it asks, in the notebook's order (none: a stop that is read, never "done").
    questions: tuple[Question, ...] = ()
    #: The classes (by name) of the views and try-it questions whose answers it keeps, because it
    #: teaches what they ask. A try-it answered in another stop's notebook is kept at that stop, with
    #: this stop's skill.
    views: tuple[str, ...] = ()
    #: The item kinds (``progress.kind.<kind>``) it teaches: where a learner who misses one goes back to.
    kinds: tuple[str, ...] = ()
    #: Its notebook builds statistics tables kept in the cache (:mod:`cribbage.stats.cache`): a class's
    #: hub runs it once when it is set up, so that no learner waits for them.
    builds_tables: bool = False
    #: The minutes it takes, the one figure stop 0's route, the stop's own top, the READMEs and
    #: TEACHING.md state: its English prose read aloud at 150 words a minute, 2 minutes a *Try it*, 1 for
    #: each drill, quiz, game or board to work with, rounded up to 5 (stop 5's open game to 121 aside).
    #: ``tests/course_times.py`` measures them again from the notebooks and fails when they differ.
    minutes: int = 0
    #: Its notebook's name after the number in each translated language, as (language code, name) pairs:
    #: the file name is JupyterLab's tab title and the file browser's entry, so it is in the learner's
    #: words (the glossary's: ``course/glossary.csv``). A language not listed has the English name until
    #: its translator gives one (``tests/test_stops.py`` names each missing).
    local: tuple[tuple[str, str], ...] = ()
    #: Its core for the first-game route (stops 0 to 5, read without practice, in about 20 minutes): the
    #: ids of the Markdown cells to read, in order (``tests/test_course_times.py`` measures the route).
    core: tuple[str, ...] = ()

    @property
    def notebook(self) -> str:
        """Its English notebook's file name (``course/03_the_show.ipynb``)."""
        return f"{self.number:02d}_{self.name}.ipynb"

    def notebook_in(self, language: str, folder: Path | None = None) -> str:
        """Its notebook's file name in ``language``'s lesson folder (the English name for the source
        language, and for a language that has no name of its own yet). Given the ``folder`` of a
        learner's copy that lacks that name but holds the notebook under another of its names (a copy
        made before the lessons had names in their language, and kept so), that name."""
        name = f"{self.number:02d}_{dict(self.local).get(language, self.name)}.ipynb"
        if folder is not None and not (folder / name).exists():
            return next((other for other in self.notebooks if (folder / other).is_file()), name)
        return name

    @property
    def notebooks(self) -> tuple[str, ...]:
        """Every name its notebook has, the English first: a learner's copy made before the lessons had
        names in their language still holds the English ones."""
        return tuple(dict.fromkeys([self.notebook, *(self.notebook_in(code) for code, _name in self.local)]))

    @property
    def title(self) -> str:
        """The key of its title's message (``progress.stop.<name>``, in :mod:`cribbage.progress.words`):
        the name the progress panel shows, the words after "Stop N ·" in the lesson's title."""
        return f"progress.stop.{self.name}"


_SHOW_KINDS = ("fifteen.2", "fifteen.3", "fifteen.4", "fifteen.5", "pair", "pair_royal", "double_pair_royal",
               "run.3", "run.4", "run.5", "double_run", "flush.hand", "flush.five", "flush.crib", "nobs",
               "his_heels", "zero")

#: The course's stops, in the order a learner takes them.
STOPS: tuple[Stop, ...] = (
    Stop(0, "start_here", "show", questions=(
        Question("c12", "c11", "total of the hand 5♣ 5♦ 6♥ 7♠ with 4♣"),
    ), minutes=15, core=("c02", "c03"),
        local=(("es", "empieza_aqui"), ("pt", "comece_aqui"))),
    Stop(1, "deal_discard_crib", "discard", questions=(
        Question("c06", "c05", "keeps of A♣ 4♦ 6♥ 9♠ J♦ K♣"),
    ), views=("DiscardDrill", "KeepsQuestion"), kinds=("keep", "crib_gift"), minutes=15, core=("c12", "c15"),
        local=(("es", "repartir_descartar_cuna"), ("pt", "distribuir_descartar_cesta"))),
    Stop(2, "the_play", "play", questions=(
        Question("c09", "c08", "play: 6♣ 6♦ 3♥ 6♠"),
        Question("c14", "c13", "play: 8♠ 6♦ 7♣ 9♥"),
    ), views=("PeggingWalkthrough", "PlayQuestion"),
        kinds=("play.fifteen", "play.thirty_one", "play.pair", "play.run", "go", "last_card", "pegging"),
        minutes=15, core=("c02", "c16", "c21"),
        local=(("es", "fase_de_juego"), ("pt", "fase_de_jogo"))),
    Stop(3, "the_show", "show", questions=(
        Question("c08", "c07", "fifteens of the hand 6♣ 9♦ 5♥ 10♠ with 4♣"),
        Question("c13", "c12", "pairs of the hand 9♣ 9♦ 9♥ 4♠ with 4♦"),
        Question("c20", "c19", "total of the hand 7♣ 8♦ 8♥ 9♠ with 9♣"),
        Question("c23", "c22", "flush of the hand 3♦ 7♦ 10♦ Q♦ with A♠"),
        Question("c25", "c22", "flush of the crib 3♦ 7♦ 10♦ Q♦ with A♠"),
    ), views=("ScoringQuiz", "HandQuestion"), kinds=_SHOW_KINDS, minutes=25,
        core=("c02", "c05", "c10", "c15", "c38"),
        local=(("es", "recuento"), ("pt", "contagem"))),
    Stop(4, "board_and_skunks", "board", questions=(
        Question("c05", "c04", "peg 8 from 23 and 17"),
        Question("c14", "c13", "race: pone Ann on 110 with 2♣ 3♦ 4♠ 6♥, dealer Ben on 108 with 7♣ 8♣ 7♥ 8♠,"
                               " starter 9♦"),
        Question("c20", "c19", "games for 121 to 75 in a game to 121"),
    ), views=("GamesQuestion", "PegQuestion", "RaceQuestion"), kinds=("skunk",), minutes=15, core=("c02", "c09", "c24"),
        local=(("es", "tablero_y_skunks"), ("pt", "tabuleiro_e_skunks"))),
    Stop(5, "three_guided_hands", "game", questions=(
        Question("c04", "c03", "guided hand a plain hand as pone"),
        Question("c06", "c05", "guided hand a hand as dealer"),
        Question("c08", "c07", "guided hand a close finish"),
    ), views=("GameTable", "GameReviewPanel"), kinds=("game",), minutes=10, core=("c02", "c03"),
        local=(("es", "tres_manos_guiadas"), ("pt", "tres_maos_guiadas"))),
    Stop(6, "hand_calculator_and_statistics", "statistics", questions=(
        Question("c08", "c07", "hands scoring 29"),
    ), views=("HandsScoringQuestion",), builds_tables=True, minutes=15,
        local=(("es", "calculadora_de_manos"), ("pt", "calculadora_de_maos"))),
    Stop(7, "crosscribb", "crosscribb", questions=(
        Question("c08", "c07", "line 4♣ 5♦ 6♥ 6♠ J♣"),
    ), views=("CrossCribbQuiz", "LineQuestion"), kinds=("crosscribb.line",), minutes=15,
        local=(("es", "crosscribb"), ("pt", "crosscribb"))),
    Stop(8, "statistics_lab", "statistics", builds_tables=True, minutes=15,
        local=(("es", "laboratorio_de_estadistica"), ("pt", "laboratorio_de_estatistica"))),
)
#: The stops' numbers, in order (what the progress store accepts).
NUMBERS: tuple[int, ...] = tuple(entry.number for entry in STOPS)


def _owned(pairs: Iterable[tuple[str, Stop]]) -> dict[str, Stop]:
    """Each name (a view, an item kind, a question's item) to the stop that lists it. A name belongs
    to one stop: listed by two, it is a slip of the pen, refused here."""
    found: dict[str, Stop] = {}
    for name, entry in pairs:
        if name in found:
            raise ValueError(f"{name!r} belongs to stop {found[name].number} and to stop {entry.number}")
        found[name] = entry
    return found


if any(entry.number != place for place, entry in enumerate(STOPS)):
    raise ValueError(f"the stops are numbered 0, 1, 2... in order; they are numbered {NUMBERS}")
_BY_VIEW = _owned((view, entry) for entry in STOPS for view in entry.views)
_owned((kind, entry) for entry in STOPS for kind in entry.kinds)
_owned((question.item, entry) for entry in STOPS for question in entry.questions)


def stop(number: int) -> Stop:
    """The stop numbered ``number``; a ``KeyError`` naming the numbers there are for any other."""
    if isinstance(number, int) and not isinstance(number, bool) and 0 <= number < len(STOPS):
        return STOPS[number]
    raise KeyError(f"no stop {number!r} in the course (its stops are 0 to {NUMBERS[-1]})")


def view_stop(view: str, *bases: str) -> Stop:
    """The stop whose answers the view (or try-it question) class named ``view`` records; for a class no
    stop names, the stop of the first of its ``bases`` (the names of its base classes, nearest first)
    one names.

    A class that records answers and is named by no stop is a bug, not an answer to drop: the
    ``KeyError`` says where to name it."""
    for name in (view, *bases):
        if name in _BY_VIEW:
            return _BY_VIEW[name]
    raise KeyError(f"no stop keeps the answers of {view!r}: name it in the views of the stop that teaches "
                   "what it asks (cribbage/registry/stops.py)")


def notebook_stop(file_name: str) -> Stop | None:
    """The stop whose notebook ``file_name`` is, by its name in any language (``03_the_show.ipynb``,
    ``03_recuento.ipynb``), or a learner's copy of it (``03_the_show-Copy1.ipynb``); None for any other
    file."""
    if file_name.endswith(".ipynb"):
        for entry in STOPS:
            if any(file_name.startswith(name.removesuffix(".ipynb")) for name in entry.notebooks):
                return entry
    return None
