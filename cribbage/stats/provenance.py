"""Where a stored figure comes from: the engine it was made from, the command and seed, the date, the sample.

A figure the course quotes from a file (stop 6's self-play) was computed by the engine once and saved,
so a reader cannot see what made it. :class:`Provenance` is that record, written by the code that
computes the figure (the build, never a hand): the command and seed that reproduce it, the sample
size, the date, and the **engine version**, a digest of the source files the figure depends on
(:func:`cribbage.stats.cache.source_digest`, the digest the lab's table cache names its files by, taken
over the result's own files). When one of those files changes, the digest no longer matches and the
stored figure is stale: ``tests/test_provenance.py`` then fails, naming the file and the command that
builds it again.

:data:`SHIPPED` lists every data file the engine ships and what kind of thing it is, because they are
not alike:

- **results**: figures the course prints, computed by the engine (``stats/data/selfplay_expert.json``).
  They must be what the engine makes now, so they carry their provenance and are stale on any change of
  the files they depend on; a test also builds each again at a small size through the same code and
  checks the shipped one lies within the intervals of the small one.
- **parameters**: the tables the computer players read (``ai/data/*``, ``ai/deal_points.py``). They
  are built by the engine too (``python -m cribbage.build``), but they *define* the expert rather than
  describe it: rebuilding one changes how the expert plays (and the golden games). A change to a file
  they were built from (say, a comment in ``ai/discard.py``) does not make them wrong, so they are not
  stale on a digest; each is checked instead by a test that builds a slice of it again through its
  builder and compares it with the shipped one (named here), which fails when the code that made it
  would now make something else.
- **measured**: figures a benchmark measured, too long for the build (``stats/data/strength.json``, the
  expert's strength: half an hour of two cores, ``python benchmarks/strength.py --write``). They record
  the engine's version they were measured on (:func:`cribbage.stats.cache.engine_version`) and are stale
  on any change of the engine.
- **published**: figures copied from a publication with their source (``stats/data/crib_tables_published.json``),
  not computed by the engine: their provenance is the citation inside the file.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from babel.numbers import format_decimal

from cribbage.lang.messages import Message, add_catalogue, check_language, message, render
from cribbage.lang.translations import babel_locale
from cribbage.stats.cache import ENGINE_PARTS, source_digest

__all__ = ["ENGINE", "SHIPPED", "Provenance", "Shipped", "stale_results", "whole"]

#: The engine package: the root of every digest's file patterns and of :data:`SHIPPED`'s paths.
ENGINE = Path(__file__).resolve().parents[1]

WORDS = {
    # Under a figure a lesson prints: what made it. {command} is Python code, left as it is.
    "provenance.line": {"en": "made by {command} ({sample} {unit}, seed {seed}) on {made}, engine {engine}"},
    "provenance.unit.games": {"en": "games"},
    "provenance.stale": {"en": "{path} is stale: it was made from engine {recorded} of {parts}, which is now {current}. "
                               "Build it again with {command}"},
    "provenance.none": {"en": "{path} records no provenance (what made it): build it again with {command}"},
}

add_catalogue(WORDS)


@dataclass(frozen=True)
class Provenance:
    """What made a stored figure: see the module's docstring."""

    engine: str                  #: :func:`~cribbage.stats.cache.source_digest` of ``parts`` when it was made
    parts: tuple[str, ...]       #: the engine files it depends on, glob patterns under ``cribbage/``
    command: str                 #: what makes it again
    seed: str
    sample: int                  #: the sample's size, in ``unit``
    unit: str                    #: what was sampled ("games")
    made: str                    #: when, in UTC (ISO 8601, to the minute)

    @classmethod
    def record(cls, parts: Sequence[str], *, command: str, seed: str, sample: int, unit: str = "games",
               root: Path = ENGINE) -> Provenance:
        """The provenance of a figure made now from the engine's ``parts`` (under ``root``) by ``command``."""
        made = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
        return cls(source_digest(tuple(parts), root), tuple(parts), command, seed, sample, unit, made)

    def current_engine(self, root: Path = ENGINE) -> str:
        """The digest of the same files as they are now (under ``root``)."""
        return source_digest(self.parts, root)

    def is_current(self, root: Path = ENGINE) -> bool:
        """Whether the files the figure depends on are as they were when it was made."""
        return self.current_engine(root) == self.engine

    def describe(self, language: str | None = None) -> str:
        """One line for a reader, in ``language`` (the kernel's by default): the command, sample, seed,
        date and engine version."""
        return render(message("provenance.line", command=self.command, sample=whole(self.sample, language),
                              unit=message(f"provenance.unit.{self.unit}"), seed=self.seed, made=self.made[:10],
                              engine=self.engine), language)

    def to_dict(self) -> dict[str, Any]:
        return {"engine": self.engine, "parts": list(self.parts), "command": self.command, "seed": self.seed,
                "sample": self.sample, "unit": self.unit, "made": self.made}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Provenance:
        return cls(str(data["engine"]), tuple(data["parts"]), str(data["command"]), str(data["seed"]),
                   int(data["sample"]), str(data["unit"]), str(data["made"]))


def whole(n: int, language: str | None = None) -> str:
    """A whole number with its thousands grouped as ``language`` groups them (``10,000``, ``10.000``)."""
    return format_decimal(int(n), locale=babel_locale(check_language(language)))


Kind = Literal["result", "parameters", "measured", "published"]


@dataclass(frozen=True)
class Shipped:
    """A data file the engine ships: its path under ``cribbage/``, its kind (see the module's
    docstring), the command that builds it (empty for published figures) and the test that checks
    it is what that command makes now (``tests/FILE.py::test_name``)."""

    path: str
    kind: Kind
    command: str
    checked_by: str


#: The AI's tables by the name ``python -m cribbage.build`` builds them by: their file, and the test that
#: builds a slice of each again and compares it with the shipped one.
_PARAMETERS = {
    "crib_weights": ("ai/data/crib_weights.json",
                     "test_strategy.py::test_a_small_rebuild_of_the_crib_model_agrees_with_the_stored_one"),
    "keep_prior": ("ai/data/keep_prior.json", "test_strategy.py::test_a_small_rebuild_of_the_keep_prior_agrees_with_the_stored_one"),
    "peg_table": ("ai/data/peg_table.json", "test_strategy.py::test_the_play_table_is_what_its_builder_measures"),
    "choice_tables": ("ai/data/choice_tables.npz", "test_choice_model.py::test_the_stored_tables_are_what_the_builder_makes"),
    "one_ply_tables": ("ai/data/one_ply_tables.npz",
                       "test_choice_model.py::test_the_stored_one_ply_tables_are_what_the_builder_makes"),
    "deal_points": ("ai/deal_points.py", "test_provenance.py::test_the_deal_points_are_what_their_builder_counts"),
}

SHIPPED = (
    Shipped("stats/data/selfplay_expert.json", "result", "python -m cribbage.build selfplay",
            "tests/test_provenance.py::test_a_small_rebuild_of_each_result_agrees_with_the_shipped_one"),
    Shipped("stats/data/position_calibration.json", "result", "python -m cribbage.build calibration",
            "tests/test_calibration.py::test_a_small_rebuild_agrees_with_the_shipped_calibration"),
    Shipped("stats/data/tables/provenance.json", "result", "python -m cribbage.build lab_tables",
            "tests/test_calibration.py::test_the_shipped_lab_tables_are_what_the_engine_makes"),
    *(Shipped(path, "parameters", f"python -m cribbage.build {name}", f"tests/{test}")
      for name, (path, test) in _PARAMETERS.items()),
    Shipped("stats/data/strength.json", "measured", "python benchmarks/strength.py --write",
            "tests/test_strength_table.py::test_the_shipped_table_is_measured_on_this_engine"),
    Shipped("stats/data/crib_tables_published.json", "published", "", "tests/test_stats_crib.py"),
)


def stale_results(root: Path = ENGINE) -> list[Message]:
    """Why each shipped result or measurement (kinds ``result`` and ``measured``) is stale, one message
    each; empty when none is.

    A result is stale when the digest of the files it depends on is no longer the one it recorded,
    or when it records none (made before results carried their provenance); a measurement, when the
    engine's version is no longer the one it was measured on."""
    import json

    stale = []
    for shipped in SHIPPED:
        if shipped.kind not in ("result", "measured"):
            continue
        recorded = json.loads((root / shipped.path).read_text(encoding="utf-8")).get("provenance")
        path = f"cribbage/{shipped.path}"
        if shipped.kind == "measured":
            current = source_digest(ENGINE_PARTS, root)
            if recorded is None or recorded.get("engine") != current:
                stale.append(message("provenance.stale", path=path, recorded=(recorded or {}).get("engine", "?"),
                                     parts=", ".join(ENGINE_PARTS), current=current, command=shipped.command))
            continue
        made = None if recorded is None else Provenance.from_dict(recorded)
        if made is None:
            stale.append(message("provenance.none", path=path, command=shipped.command))
        elif not made.is_current(root):
            stale.append(message("provenance.stale", path=path, recorded=made.engine, parts=", ".join(made.parts),
                                 current=made.current_engine(root), command=shipped.command))
    return stale
