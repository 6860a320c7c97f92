"""Every number stops 6 and 8 state in their prose is the engine's: each is computed here from the
data and looked for, written the way the language writes it, in the English lesson and in the built
Spanish and Portuguese ones. A changed table or a changed sentence that no longer agree fail here."""

from __future__ import annotations

import json
import re
from math import comb

import numpy as np
import pytest

from cribbage.ai.simulate import DEAL_PARTS
from cribbage.build.course_i18n import local_name
from cribbage.lang.translations import format_number
from cribbage.lessons.source import language_folder
from cribbage.registry.languages import CODES
from cribbage.stats import (
    TOTAL_HANDS,
    best_hand_deals,
    crib_averages,
    deal_log,
    hand_distribution,
    keep_statistics,
    load_selfplay,
    mean_score,
    pegging_statistics,
    starter_outcomes,
)
from cribbage.stats.keep import DEAL_CLASSES, TOTAL_DEALS
from cribbage.stats.pegging import CHAMBERS_PLAY
from cribbage.stats.selfplay import SAVED_RUN
from tests.course_outputs import COURSE
from widgets.i18n import number
from widgets.lab.views import LAB_SETTINGS, RULES

STOP6 = "06_hand_calculator_and_statistics.ipynb"
STOP8 = "08_statistics_lab.ipynb"


def _cell(language: str, lesson: str, cell_id: str) -> str:
    path = language_folder(language, COURSE) / local_name(lesson, language)   # 06_calculadora_de_manos.ipynb
    cells = {c["id"]: "".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]}
    return re.sub(r"\s+", " ", cells[cell_id])  # a number may be split by a line break


def _written(value: float, spec: str, language: str) -> str:
    if spec == "d":
        return str(int(value))
    return number(value, spec, language) if spec == "," else format_number(value, language, spec)


def _says(text: str, value: float, spec: str, language: str) -> bool:
    # The spaces Babel writes (Spanish "7,8\u00a0%") count as the spaces the prose has.
    shown = _written(value, spec, language).replace("\u202f", " ").replace("\xa0", " ")
    pattern = re.escape(shown).replace("%", r"\s?%").replace(r"\ ", r"\s")
    return re.search(rf"(?<![\d.,]){pattern}(?![\d]|[.,]\d)", text.replace("\u202f", " ").replace("\xa0", " ")) is not None


def _check(lesson: str, cell_id: str, facts: list[tuple[float, str]]) -> None:
    missing = [(language, _written(v, spec, language)) for language in CODES for v, spec in facts
               if not _says(_cell(language, lesson, cell_id), v, spec, language)]
    assert not missing, f"{lesson} [{cell_id}] does not say: {missing}"


def test_stop6_what_every_hand_is_worth():
    counts = hand_distribution()
    crib = hand_distribution(crib=True)
    share_zero = counts[0] / counts.sum()
    assert int(np.argmax(counts)) == 4 and round(1 / share_zero) == 13
    impossible = [s for s in range(30) if counts[s] == 0]
    assert impossible == [19, 25, 26, 27]
    _check(STOP6, "c13", [(4, "d"), (mean_score(counts), ".2f"), (share_zero, ".1%"),
                          *[(s, "d") for s in impossible], (TOTAL_HANDS, ",")])
    for language, word in (("en", "thirteen"), ("es", "trece"), ("pt", "treze")):
        assert word in _cell(language, STOP6, "c13")
    flush_lost = 4 * comb(13, 4) * 39
    _check(STOP6, "c18", [(flush_lost, ","), (mean_score(crib), ".4f"), (mean_score(counts), ".4f")])
    # which scores more cribs than hands make, fewer, and as many: said whole, the gain of 7 with it
    gained = [s for s in range(30) if crib[s] > counts[s]]
    lost = [s for s in range(30) if crib[s] < counts[s]]
    same = [s for s in range(30) if crib[s] == counts[s] > 0]
    assert (gained, same) == ([0, 2, 3, 4, 5, 7], [1, 17, 22, 23, 24, 28, 29])
    assert lost == [6, *range(8, 17), 18, 20, 21]
    _check(STOP6, "c18", [*[(s, "d") for s in gained + same[:3] + [6, 8, 16, 18, 20, 21]], (crib[7] - counts[7], ",")])
    english = _cell("en", STOP6, "c18")
    assert "score 0, 2, 3, 4, 5 and 7" in english and "score 6, each score from 8 to 16, 18, 20 and 21" in english
    assert "score 1, 17, 22 and above" in english
    # the hands that lose a four-card flush as cribs are exactly the difference of the two averages
    assert (mean_score(counts) - mean_score(crib)) * TOTAL_HANDS == pytest.approx(4 * flush_lost)


def test_stop6_one_keep_starter_by_starter():
    outcomes = starter_outcomes("5H 5D 6H 7S", discards="KC QD")
    by_rank = {card.rank: points for card, points in outcomes.items()}
    assert len(outcomes) == 46
    _check(STOP6, "c25", [(min(outcomes.values()), "d"), (by_rank[4], "d"), (by_rank[8], "d"), (by_rank[5], "d")])
    assert max(outcomes.values()) == by_rank[5] and (by_rank[4], by_rank[8]) == (14, 12)


def test_stop6_the_29_and_the_recap():
    deals, total = best_hand_deals()
    counts = hand_distribution()
    one_in_hands, one_in_deals = TOTAL_HANDS // counts[29], round(total / deals)
    years = round(total / deals / (100 * 52))
    assert (one_in_hands, one_in_deals, years) == (3_248_700, 216_580, 42)  # the independent figures
    run = load_selfplay()
    pone_hand = run.parts["pone hand"].mean
    dealer = sum(run.parts[p].mean for p in ("dealer play", "dealer hand", "crib", "his heels"))
    pone = run.parts["pone play"].mean + pone_hand
    _check(STOP6, "c31", [(TOTAL_HANDS, ","), (mean_score(counts), ".2f"), (one_in_hands, ","), (one_in_deals, ","),
                          (years, "d"), (100, "d"), (46, "d"), (round(pone_hand), "d"), (round(dealer - pone), "d")])
    _check(STOP6, "c28", [(SAVED_RUN["games"], ",")])
    _check(STOP6, "c27", [(mean_score(counts), ".2f")])


def test_stop6_the_saved_selfplay_is_a_sample_large_enough_to_quote():
    run = load_selfplay()
    assert run.games == SAVED_RUN["games"] and run.seed == str(SAVED_RUN["seed"])
    # the first dealer's share to within a point either way, each part of a deal to within a tenth
    assert run.first_dealer.margin < 0.011 and max(e.margin for e in run.parts.values()) < 0.1
    # Chambers' published per-deal figures for good players, which stop 6 sets beside ours
    assert abs(run.parts["pone hand"].mean - 8.1) < 0.2 and abs(run.parts["crib"].mean - 4.7) < 0.2


@pytest.mark.slow
def test_stop8_numbers_and_recap():
    _check(STOP8, "68243296", [(50 * comb(49, 2), ","), (LAB_SETTINGS["crib_samples"], ",")])
    _check(STOP8, "f87afd63", [(TOTAL_DEALS, ","), (DEAL_CLASSES, ","), (46, "d")])
    _check(STOP8, "d2a8b3f6", [(9, "d"), (56, "d"), (91, "d")])
    # the position model's recalibration and its check: the games the shipped calibration was made from
    from cribbage.stats.calibrated import load_calibration
    sets = load_calibration().sets
    _check(STOP8, "8d8ee6a2", [(sets["recalibrate"]["games"], ","), (sets["held_out"]["games"], ",")])
    # "A pair of fives is worth about 9 in your own crib under either model"
    uniform_own, uniform_theirs = crib_averages("uniform", dealer=True), crib_averages("uniform", dealer=False)
    expert_own = crib_averages("expert", dealer=True, samples=1500, seed=7, cache=False)
    expert_theirs = crib_averages("expert", dealer=False, samples=1500, seed=7, cache=False)
    assert round(uniform_own[5, 5]) == 9 and round(expert_own[5, 5]) == 9
    # "the expert model within about a tenth of Schell's on average; uniform half a point low for the
    # opponent's crib and high for your own"
    assert abs(expert_own.compare("schell-own").mean_difference) < 0.15
    assert abs(expert_theirs.compare("schell-opponent").mean_difference) < 0.15
    assert -0.7 < uniform_theirs.compare("schell-opponent").mean_difference < -0.4
    assert 0.3 < uniform_own.compare("schell-own").mean_difference < 0.6
    # "The dealer wins about 56% of games from 0-0": the saved run's interval holds 56%
    first = load_selfplay().first_dealer
    assert first.low <= 0.56 + 0.005 and first.high >= 0.56 - 0.005
    # "More than half the time the best keep as dealer is not the best as pone"
    assert keep_statistics(sample=5000, seed=3, cache=False).differ_share > 0.5
    # "The dealer pegs more than the pone, mostly from the last card and pairs"
    log = deal_log(120, seed="facts", cache=False)
    stats = pegging_statistics(log)
    gap = stats.by_kind[1] - stats.by_kind[0]
    assert gap.sum() > 0
    biggest = {stats.kinds[i] for i in np.argsort(-gap)[:2]}
    assert biggest == {"last card", "pair"}, dict(zip(stats.kinds, gap.round(2)))
    # "Chambers measured 2.0 and 3.5"; "A game ends at the peg that reaches 121, so its last deal is
    # usually cut short"
    _check(STOP8, "b14c7374", [(CHAMBERS_PLAY["pone"], ".1f"), (CHAMBERS_PLAY["dealer"], ".1f"), (RULES["target"], "d")])
    assert len(log.cut) > log.games / 2 and stats.censored == len(log.cut)
    # "The dealer's hand and the crib, counted last, are what a game's end most often leaves uncounted"
    never = (log.cut.parts[:, :5] == 0).mean(axis=0)   # the parts in DEAL_PARTS order, his heels left out
    assert {DEAL_PARTS[i] for i in np.argsort(-never)[:2]} == {"dealer hand", "crib"}, dict(zip(DEAL_PARTS, never))
