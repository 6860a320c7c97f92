"""Monkey tests for the views: a seeded stream of random clicks and calls, with a check after each.

Each view's test lists what a clumsy learner (or a careless caller) may do, with how often, and what
must stay true throughout; this plays them. A move that cannot be made now (no card buttons left, say)
returns ``False`` and another is drawn, so the weights say how often a move is made, not tried.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

Move = Callable[[], "bool | None"]


def monkey(rng: random.Random, steps: int, moves: Sequence[tuple[float, Move]],
           check: Callable[[], None] | None = None) -> None:
    """Make ``steps`` moves drawn from ``moves`` (weight, move) with ``rng``; ``check()`` after each."""
    weights = [weight for weight, _ in moves]
    actions = [move for _, move in moves]
    for _ in range(steps):
        for _tries in range(100):
            if rng.choices(actions, weights)[0]() is not False:
                break
        if check is not None:
            check()


def click_any(rng: random.Random, buttons: object) -> bool:
    """Click one of ``buttons`` (any iterable of them) at random; False when there are none."""
    choices = list(buttons)  # type: ignore[call-overload]
    if not choices:
        return False
    rng.choice(choices).click()
    return True
