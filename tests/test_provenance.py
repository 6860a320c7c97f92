"""Every stored result carries its provenance and is what the engine makes now.

A shipped result (stop 6's self-play) records a digest of the engine files it depends on: a change to
one of them without building it again fails here, naming the file and the command that rebuilds it.
A small rebuild through the builder's own code must agree with the shipped figures within their
intervals; the AI's tables (parameters, not results: see :mod:`cribbage.stats.provenance`) are each
checked by the test :data:`~cribbage.stats.provenance.SHIPPED` names.
"""

from __future__ import annotations

import ast
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

from cribbage.ai import deal_points as shipped_points
from cribbage.ai.endgame import DEAL_PARTS_USED
from cribbage.ai.expert import ExpertPlayer
from cribbage.ai.levels import play_game
from cribbage.ai.simulate import cut_short_part, deal_parts
from cribbage.lang.messages import message
from cribbage.stats import selfplay as selfplay_module
from cribbage.stats.cache import ENGINE_PARTS as ENGINE_VERSION_PARTS
from cribbage.stats.cache import source_digest
from cribbage.stats.provenance import ENGINE, SHIPPED, Provenance, stale_results
from cribbage.stats.selfplay import BUILD_COMMAND, ENGINE_PARTS, SAVED_RUN, Estimate, load_selfplay, selfplay_summary
from cribbage.stats.selfplay_report import per_deal_report, selfplay_report

ROOT = Path(__file__).resolve().parents[1]
#: Standard errors of a difference beyond which two runs disagree. Both runs are seeded, so a pass is
#: not luck that can change; four keeps a chance failure under one in ten thousand per figure.
Z_AGREE = 4.0


def test_no_shipped_result_is_stale():
    stale = stale_results()
    assert not stale, "\n".join(map(str, stale))


def _engine_copy(tmp_path: Path) -> Path:
    """The files the shipped results and measurements depend on, and the results and measurements
    themselves, copied under ``tmp_path``."""
    root = tmp_path / "cribbage"
    results = [s.path for s in SHIPPED if s.kind in ("result", "measured")]
    assert {"stats/data/selfplay_expert.json", "stats/data/strength.json"} <= set(results)
    parts = {p for result in results for p in json.loads((ENGINE / result).read_text())["provenance"].get("parts", ())}
    parts |= set(ENGINE_VERSION_PARTS)   # what a measurement depends on: the engine
    for pattern in sorted(parts):
        for path in ENGINE.glob(pattern):
            (root / path.relative_to(ENGINE)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, root / path.relative_to(ENGINE))
    for result in results:
        (root / result).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ENGINE / result, root / result)
    return root


@pytest.mark.parametrize(("changed", "names"), [
    # "provenance": the lab's tables, shipped built (stats/data/tables/provenance.json); "strength": the
    # expert's strength as benchmarks/strength.py measured it, stale on any change of the engine
    ("ai/expert.py", {"selfplay_expert", "position_calibration", "provenance", "strength"}),
    ("rules/show_scoring.py", {"selfplay_expert", "position_calibration", "provenance", "strength"}),
    ("ai/data/crib_weights.json", {"selfplay_expert", "position_calibration", "provenance", "strength"}),
    ("stats/selfplay.py", {"selfplay_expert"}),
    ("stats/position.py", {"position_calibration", "provenance", "strength"}),
    ("stats/keep.py", {"provenance", "strength"}),
])
def test_changing_a_file_a_result_depends_on_names_it_stale_until_it_is_built_again(tmp_path, changed, names):
    root = _engine_copy(tmp_path)
    assert stale_results(root) == stale_results()
    with open(root / changed, "a", encoding="utf-8") as handle:
        handle.write("\n")
    stale = [str(m) for m in stale_results(root)]
    assert {Path(line.split()[0]).stem for line in stale} == names
    assert all(("python benchmarks/strength.py --write" if "strength.json" in line else "python -m cribbage.build ")
               in line for line in stale)
    assert any(BUILD_COMMAND in line for line in stale) == ("selfplay_expert" in names)
    # building it again records the files as they are now: no longer stale
    for shipped in SHIPPED:
        if shipped.kind == "result" and Path(shipped.path).stem in names:
            path = root / shipped.path
            data = json.loads(path.read_text())
            made = Provenance.from_dict(data["provenance"])
            data["provenance"] = Provenance.record(made.parts, command=made.command, seed=made.seed, sample=10,
                                                   root=root).to_dict()
            path.write_text(json.dumps(data))
        if shipped.kind == "measured" and Path(shipped.path).stem in names:   # measured again
            path = root / shipped.path
            data = json.loads(path.read_text())
            data["provenance"]["engine"] = source_digest(ENGINE_VERSION_PARTS, root)
            path.write_text(json.dumps(data))
    assert stale_results(root) == []


def test_a_file_the_result_does_not_depend_on_leaves_it_current(tmp_path):
    root = _engine_copy(tmp_path)
    before = stale_results(root)
    (root / "stats" / "dictionary.py").write_text("# the data dictionary: no result depends on it\n")
    assert stale_results(root) == before


def test_a_result_without_provenance_is_stale(tmp_path):
    root = _engine_copy(tmp_path)
    path = root / "stats/data/selfplay_expert.json"
    data = json.loads(path.read_text())
    data.pop("provenance", None)
    path.write_text(json.dumps(data))
    assert str(stale_results(root)[0]) == ("cribbage/stats/data/selfplay_expert.json records no provenance (what made it): "
                                           "build it again with python -m cribbage.build selfplay")


def test_the_build_command_checks_the_results_and_its_listing_names_a_stale_one(monkeypatch, capsys):
    from cribbage.build import __main__ as build

    assert build.main(["--check"]) == 0 and "every shipped result is current" in capsys.readouterr().out
    monkeypatch.setattr(build, "stale_results", lambda: [message("provenance.none", path="cribbage/x.json", command="c")])
    assert build.main(["--check"]) == 1 and "cribbage/x.json records no provenance" in capsys.readouterr().out
    assert build.main([]) == 0 and "cribbage/x.json records no provenance" in capsys.readouterr().out


def test_every_shipped_data_file_says_what_it_is_and_what_checks_it():
    listed = {s.path for s in SHIPPED}
    on_disk = {p.relative_to(ENGINE).as_posix() for folder in ("ai/data", "stats/data") for p in (ENGINE / folder).iterdir()
               if p.is_file()}
    on_disk.add("stats/data/tables/provenance.json")   # the lab's tables shipped built: it lists them
    assert on_disk | {"ai/deal_points.py"} == listed, "list each data file in cribbage.stats.provenance.SHIPPED"
    for shipped in SHIPPED:
        test_file, _, name = shipped.checked_by.partition("::")
        tree = ast.parse((ROOT / test_file).read_text(encoding="utf-8"))
        names = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        assert not name or name in names, f"{shipped.path}: {shipped.checked_by} is no test"
        assert (shipped.kind == "published" or shipped.command.startswith("python -m cribbage.build ")
                or (shipped.kind == "measured" and shipped.command.startswith("python benchmarks/")))


def _agree(small: Estimate, shipped: Estimate) -> bool:
    return abs(small.mean - shipped.mean) <= Z_AGREE * math.hypot(small.stderr, shipped.stderr)


def test_a_small_rebuild_of_each_result_agrees_with_the_shipped_one(tmp_path, monkeypatch):
    from cribbage.build import selfplay as builder

    shipped = load_selfplay()
    made = shipped.provenance
    assert made is not None and made.command == BUILD_COMMAND and made.seed == str(SAVED_RUN["seed"])
    assert made.sample == shipped.games == SAVED_RUN["games"] and made.parts == ENGINE_PARTS
    # the builder's own code, on other games (another seed: the shipped run's first games would agree
    # with it because they are part of it)
    monkeypatch.setattr(builder, "OUTPUT", tmp_path / "small.json")
    monkeypatch.setattr(builder, "SAVED_RUN", {"games": 120, "seed": "provenance check", "level": "expert"})
    builder.write(parallel=False)
    small = selfplay_module.SelfPlaySummary.from_json((tmp_path / "small.json").read_text())
    assert small.provenance is not None and small.provenance.command == BUILD_COMMAND
    pairs = [(f"{name}, complete deals", small.parts[name], e) for name, e in shipped.parts.items()]
    pairs += [(f"{name}, all deals", small.parts_all[name], e) for name, e in shipped.parts_all.items()]
    pairs += [(f"a whole deal, {which} deals", small.totals[which], e) for which, e in shipped.totals.items()]
    pairs.append(("the first dealer's wins", small.first_dealer, shipped.first_dealer))
    assert len(pairs) == 16
    disagree = [(what, round(a.mean, 3), round(b.mean, 3)) for what, a, b in pairs if not _agree(a, b)]
    assert not disagree, f"the shipped self-play disagrees with a small rebuild: {disagree}; {BUILD_COMMAND}"


def _mean_sd(counts) -> tuple[float, float, float]:
    """Mean, standard deviation and size of a sample given as counts of 0, 1, 2... points."""
    counts = np.asarray(counts, dtype=float)
    values = np.arange(len(counts))
    mean = (values * counts).sum() / counts.sum()
    return mean, math.sqrt(((values - mean) ** 2 * counts).sum() / counts.sum()), counts.sum()


def _disagreeing(shipped, fresh) -> list[str]:
    """The parts whose mean in ``fresh`` lies outside ``shipped``'s within :data:`Z_AGREE` errors."""
    out = []
    for name in DEAL_PARTS_USED:
        (mean, sd, n), (small_mean, _, small_n) = _mean_sd(shipped[name]), _mean_sd(fresh[name])
        if abs(small_mean - mean) > Z_AGREE * sd * math.sqrt(1 / small_n + 1 / n):
            out.append(f"{name}: {small_mean:.2f} now, {mean:.2f} shipped")
    return out


def test_the_deal_points_are_what_their_builder_counts():
    from cribbage.build import deal_points as builder

    fresh = builder.measure(40, "provenance check")
    assert not _disagreeing(shipped_points.COUNTS, fresh), "python -m cribbage.build deal_points"
    # the check tells the parts apart: the pone's play counted as the crib is caught
    swapped = {**fresh, "crib": fresh["pone play"], "pone play": fresh["crib"]}
    assert len(_disagreeing(shipped_points.COUNTS, swapped)) == 2


def test_every_deal_is_complete_or_the_one_the_games_end_cut_short():
    for i in range(4):
        game = play_game([ExpertPlayer(seed=1), ExpertPlayer(seed=2)], seed=f"cut short/{i}")
        rows, cut = deal_parts(game), cut_short_part(game)
        assert len(rows) + (cut is not None) == game.deal_number
        worth = sum(e.points if e.worth is None else e.worth for e in game.events)
        assert sum(map(sum, rows)) + (sum(cut) if cut else 0) == worth


def test_per_deal_figures_are_taken_over_all_deals_and_complete_ones():
    run = selfplay_summary(12, seed="censoring")
    assert run.all_deals > run.deals and run.parts_all["pone play"].n == run.totals["all"].n == run.all_deals
    assert run.totals["complete"].n == run.deals and run.totals["early"].n == run.early_deals * run.games
    every = sum(run.parts_all[name].mean for name in run.parts_all)
    assert every == pytest.approx(run.totals["all"].mean)
    # the cut-short deals never reach their crib: the crib over all deals is the complete deals' diluted
    assert run.parts_all["crib"].mean * run.all_deals == pytest.approx(run.parts["crib"].mean * run.deals)
    text = per_deal_report(run, "en")
    assert f"over all {run.all_deals} deals and over the {run.deals} complete ones" in text
    assert f"first {run.early_deals} deals of every game" in text and run.provenance is not None
    assert run.provenance.describe("en") in text and "seed censoring" in text
    assert "stats.selfplay_summary(12, seed='censoring', level='expert')" in selfplay_report(run, "en", parts=False)
    assert run == selfplay_module.SelfPlaySummary.from_json(run.to_json())
