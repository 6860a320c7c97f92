"""The statistics' DataFrames as stop 8 shows them: labels in the learner's words, numbers in the
language's symbols, while the frame itself keeps the data's identifiers for code and CSV."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from babel.numbers import get_decimal_symbol

from cribbage.lang.translations import babel_locale
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES, SOURCE, TRANSLATED
from cribbage.registry.stops import stop
from tests.course_outputs import COURSE
from widgets.i18n import render
from widgets.lab.frames import FRAME_LABELS, shown_frame


def _by_lead() -> pd.DataFrame:
    """The shape of stop 8's query: two sides' means, standard errors and deals by lead."""
    deals = pd.DataFrame({"lead": [4, 4, 3, 3, 3], "pone_play": [2.0, 3.0, 1.0, 2.0, 4.0],
                          "dealer_play": [3.0, 3.5, 2.0, 2.0, 5.0]})
    return deals.groupby("lead")[["pone_play", "dealer_play"]].agg(["mean", "sem", "size"]).round(2)


@pytest.mark.parametrize("language", CODES)
def test_a_shown_frame_says_its_labels_and_numbers_in_the_language(language):
    frame = _by_lead()
    before = frame.copy()
    shown = shown_frame(frame, language)
    pd.testing.assert_frame_equal(frame, before)                       # the data keeps its identifiers
    assert shown.index.name == render("frame.lead", language)
    assert list(shown.columns.get_level_values(0).unique()) == [render("frame.pone_play", language),
                                                                render("frame.dealer_play", language)]
    assert list(shown.columns.get_level_values(1)[:3]) == [render(f"frame.{k}", language)
                                                           for k in ("mean", "stderr", "size")]
    mark = get_decimal_symbol(babel_locale(language))
    means = shown.iloc[:, 0].tolist()
    assert means == [f"2{mark}33", f"2{mark}50"], means                # every mean with its two places
    assert shown.iloc[:, 2].tolist() == ["3", "2"]                     # the deals, whole
    if language != SOURCE:
        text = shown.to_html()
        for identifier in ("pone_play", "dealer_play", "mean", "sem", "size", "lead"):
            assert f">{identifier}<" not in text, identifier


def test_every_label_is_in_the_catalogue_and_the_rest_shown_as_it_is():
    for identifier, key in FRAME_LABELS.items():
        for language in TRANSLATED:
            assert render(key, language) != render(key, SOURCE), (identifier, language)
    frame = pd.DataFrame({"mean": [1.5], "mystery": ["x"]}, index=pd.Index(["5-5"]))
    shown = shown_frame(frame, "es")
    assert list(shown.columns) == ["media", "mystery"] and shown.index.tolist() == ["5-5"]
    assert shown.loc["5-5"].tolist() == ["1,5", "x"]


def test_stop_8_shows_its_frames_and_not_its_cache_folder():
    """The lesson's data cells end in shown_frame(...); its first cell prints no folder (developer
    material: stats.cache_dir() says it on request, the lab logs it)."""
    for path in (language_folder(code, COURSE) / stop(8).notebook_in(code) for code in CODES):
        cells = {c["id"]: "".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                 if c["cell_type"] == "code"}
        for cell in ("data-code", "data-code2"):
            assert cells[cell].splitlines()[-1].startswith("shown_frame("), (path, cell)
        assert not any("cache_dir" in source or "tables_kept" in source for source in cells.values()), path
