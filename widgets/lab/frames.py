"""A pandas table as a learner reads it: the statistics' DataFrames shown in the learner's words.

A table's ``to_frame()`` keeps the data's identifiers (``pone_play``, ``mean``, ``stderr``), which
code and a CSV file need as they are. What a lesson shows is :func:`shown_frame`'s copy: each column
and index label that the catalogue names (``frame.*`` in :mod:`widgets.i18n.messages`, in the glossary's
words) said in the language, and every number written in the language's symbols by Babel (``2,24``
in Spanish and Portuguese), each column with the decimal places its values need. A sampled mean
shown with its standard error's column (``intervals={"mean": "stderr"}``) is written as the course
writes every sampled figure, ``8.79 ± 0.05``: ± half its 95% interval, to the places the interval
supports (:func:`cribbage.stats.intervals.shown_interval`). The copy is for reading, not for
computing: its numbers are text.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np
import pandas as pd

from cribbage.stats.intervals import margin, shown_interval
from widgets.i18n import check_language, decimal_places, number, render

__all__ = ["FRAME_LABELS", "shown_frame"]

#: The data's identifiers a shown table says in words, each with its message (two identifiers of
#: one idea share one: pandas' ``sem`` and the tables' ``stderr`` are both the standard error).
FRAME_LABELS = {
    "lead": "frame.lead",
    "pone_play": "frame.pone_play",
    "pone_hand": "frame.pone_hand",
    "dealer_play": "frame.dealer_play",
    "dealer_hand": "frame.dealer_hand",
    "crib": "frame.crib",
    "his_heels": "frame.his_heels",
    "mean": "frame.mean",
    "sem": "frame.stderr",
    "stderr": "frame.stderr",
    "size": "frame.size",
    "samples": "frame.samples",
    "pair": "frame.pair",
    "published": "frame.published",
    "recomputed": "frame.recomputed",
    "recomputed_uniform": "frame.recomputed_uniform",
    "uniform": "frame.uniform",
    "difference": "frame.difference",
    "all_deals": "frame.all_deals",
    "complete_deals": "frame.complete_deals",
}

#: A mean written with its interval, as its column is labelled ("mean ± 95% interval").
_WITH_INTERVAL = {"mean": "frame.mean_interval"}


def _label(label: Hashable, language: str) -> Hashable:
    key = FRAME_LABELS.get(label) if isinstance(label, str) else None
    return label if key is None else render(key, language)


def _labels(index: pd.Index, language: str) -> pd.Index:
    """An index's labels and names in words (each level of a MultiIndex); its values, if numbers,
    in the language's symbols."""
    names = [_label(name, language) for name in index.names]
    if isinstance(index, pd.MultiIndex):
        levels = [_labels(level, language) for level in index.levels]
        return index.set_levels(levels).set_names(names)
    if pd.api.types.is_numeric_dtype(index.dtype) and not pd.api.types.is_bool_dtype(index.dtype):
        return pd.Index(_numbers(index, language), name=names[0])
    return pd.Index([_label(value, language) for value in index], name=names[0])


def _numbers(values: Iterable[Any], language: str) -> list[str]:
    """Whole numbers with the language's grouping (``1.169`` in Portuguese), others with the decimal
    places the column needs (as pandas shows them, at most 6) and the language's decimal mark."""
    values = list(values)
    if all(isinstance(v, (int, np.integer)) for v in values):
        return [number(int(v), ",", language) for v in values]
    places = decimal_places(float(v) for v in values)
    return ["" if pd.isna(v) else number(float(v), f".{places}f", language) for v in values]


def shown_frame(frame: pd.DataFrame, language: str | None = None, *,
                intervals: dict[Hashable, Hashable] | None = None) -> pd.DataFrame:
    """A copy of ``frame`` to show a learner: labels in ``language`` (the kernel's by default),
    numbers in its symbols. Labels the catalogue does not name (:data:`FRAME_LABELS`) are shown as
    they are, as is text in the cells.

    >>> frame = pd.DataFrame({"mean": [2.245, 8.5], "size": [1169, 30]}, index=pd.Index([4, 3], name="lead"))
    >>> shown = shown_frame(frame, "pt")
    >>> list(shown.columns), shown.index.name, shown.loc["4"].tolist()
    (['média', 'distribuições'], 'saída do não carteador', ['2,245', '1.169'])
    """
    language = check_language(language)
    shown = frame.copy()
    for mean, stderr in (intervals or {}).items():
        shown[mean] = [" ± ".join(shown_interval(float(m), margin(float(e)), language))
                       for m, e in zip(frame[mean], frame[stderr])]
        shown = shown.drop(columns=[stderr])
    for i, dtype in enumerate(shown.dtypes):
        if pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype):
            shown.isetitem(i, _numbers(shown.iloc[:, i], language))
    with_interval = [(i, name) for i, name in enumerate(shown.columns) if name in (intervals or {})]
    shown.columns = _labels(shown.columns, language)
    if with_interval:   # the label says the cells are a mean ± half its interval
        labels = list(shown.columns)
        for i, name in with_interval:
            key = _WITH_INTERVAL.get(name) if isinstance(name, str) else None
            labels[i] = labels[i] if key is None else render(key, language, conf=number(0.95, ".0%", language))
        shown.columns = pd.Index(labels)
    shown.index = _labels(shown.index, language)
    return shown
