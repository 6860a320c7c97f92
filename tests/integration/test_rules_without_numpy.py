"""The rules and the words import no numpy: ``import cribbage``, the cards, the scoring of the show and
of the play, the messages and the catalogues run where numpy is not (a browser's Pyodide, see
apps/static_calculator/). Each check runs in a fresh interpreter whose import of numpy fails."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

# A meta-path finder first in line, refusing numpy and anything under it.
BLOCK_NUMPY = textwrap.dedent("""
    import sys

    class NoNumpy:
        def find_spec(self, name, path=None, target=None):
            if name == "numpy" or name.startswith("numpy."):
                raise ImportError(f"numpy is blocked in this test ({name})")
            return None

    sys.meta_path.insert(0, NoNumpy())
""")


def run_without_numpy(code: str) -> object:
    """Runs ``code`` (which prints one JSON value last) with numpy blocked; returns that value."""
    result = subprocess.run([sys.executable, "-c", BLOCK_NUMPY + textwrap.dedent(code)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_block_works() -> None:
    code = """
        import json
        try:
            import numpy
        except ImportError:
            print(json.dumps("blocked"))
    """
    assert run_without_numpy(code) == "blocked"


@pytest.mark.parametrize("module", [
    "cribbage",
    "cribbage.rules.cards",
    "cribbage.rules.show_scoring",
    "cribbage.rules.counting",
    "cribbage.rules.play_scoring",
    "cribbage.lang",
    "cribbage.lang.messages",
    "cribbage.lang.catalogue",
])
def test_imports_without_numpy(module: str) -> None:
    code = f"""
        import importlib, json, sys
        importlib.import_module({module!r})
        print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] == "numpy")))
    """
    assert run_without_numpy(code) == []


def test_scores_hands_without_numpy() -> None:
    code = """
        import json, random
        from cribbage import FULL_DECK, Card, cards, hand_total, render, score_hand, score_play
        out = {}
        s = score_hand(cards("5C 5D 6H 7S"), Card.parse("8C"))
        out["show"] = [s.total, s.fifteens, s.pairs, s.runs, str(s)]
        out["crib"] = score_hand("5H JH QH KH", "5S", crib=True).total
        out["29"] = score_hand("5C 5D 5H JS", "5S").total
        out["play"] = score_play(cards("5H 5D 5C")).total
        out["es"] = render(score_hand("5H JH QH KH", "5S").spoken(), "es")
        rng = random.Random(30)
        agree = True
        for _ in range(500):
            five = rng.sample(FULL_DECK, 5)
            agree &= score_hand(five[:4], five[4]).total == hand_total(five[:4], five[4])
        out["agree"] = agree
        print(json.dumps(out))
    """
    out = run_without_numpy(code)
    assert isinstance(out, dict)
    assert out["show"] == [12, 2, 2, 8,
                           "fifteen two, a pair is four, a run of four is eight, and another run of four is twelve"]
    assert out["crib"] == 17  # six fifteens, a pair, a run of three; no flush of four in a crib
    assert out["29"] == 29
    assert out["play"] == 8  # fifteen two and a pair royal
    assert out["es"].startswith("quince")
    assert out["agree"] is True


def test_the_lazy_names_still_import() -> None:
    """With numpy there, every name of ``cribbage.__all__`` is still there (imported on first use)."""
    import cribbage

    missing = [name for name in cribbage.__all__ if getattr(cribbage, name, None) is None]
    assert missing == []
    from cribbage import advise_discard, stats

    assert callable(advise_discard)
    assert int(stats.hand_distribution().sum()) == 12_994_800
    assert set(cribbage.__all__) <= set(dir(cribbage))
    with pytest.raises(AttributeError):
        cribbage.no_such_name  # noqa: B018
