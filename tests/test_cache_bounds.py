"""The engine's caches are bounded, so a process that plays game after game stays within its memory.

The rules' and the computer players' functions cache their results with ``functools.lru_cache``; the
expert's fill as it plays, and before issue 53 (caches of up to 2**17 entries) a process grew to
293 MB by 3,200 self-play games. ``benchmarks/memory.py`` measures the RSS over 10,000 games (under
150 MB with the sizes checked here); these tests keep a new or grown cache from undoing that.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest

import cribbage.ai
import cribbage.rules

# The largest cache holds results of a few hundred bytes: 2**15 of them are about 7 MB. All of them
# together hold at most 2**17: with them full, 10,000 self-play games run in about 120 MB (benchmarks/memory.py).
MOST_IN_ONE = 1 << 15
MOST_IN_ALL = 1 << 17


def _caches() -> dict[str, Any]:
    out = {}
    for package in (cribbage.rules, cribbage.ai):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for attr, value in vars(module).items():
                if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == info.name:
                    out[f"{info.name}.{attr}"] = value
    return out


CACHES = _caches()


def test_the_caches_are_found() -> None:
    assert "cribbage.ai.play_search.solve" in CACHES
    assert "cribbage.ai.play_choice.next_points" in CACHES


@pytest.mark.parametrize("name", sorted(CACHES))
def test_every_cache_is_bounded(name: str) -> None:
    maxsize = CACHES[name].cache_info().maxsize
    assert maxsize is not None, f"{name} is unbounded: give it a maxsize"
    assert maxsize <= MOST_IN_ONE, f"{name} may hold {maxsize:,} results, more than {MOST_IN_ONE:,}"


def test_the_caches_together_hold_at_most_the_budget() -> None:
    total = sum(cache.cache_info().maxsize or 0 for cache in CACHES.values())
    assert total <= MOST_IN_ALL, f"the caches may hold {total:,} results in all, more than {MOST_IN_ALL:,}"
