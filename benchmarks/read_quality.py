"""How well the expert reads the opponent's hand at its first card of a deal, and how well it could.

    python benchmarks/read_quality.py [--opponent ev_table] [--games 1000] [--ideal 100] [--samples 100000]

At each first card of the expert's in the play (the pone's lead; the dealer's answer, their lead
seen), the expert's weights over the 1,820 keeps the opponent may hold (``TableView.opponent_keeps``)
give the true keep a probability; the mean of its log over the positions is the read's log score
(higher is sharper; a read that spreads its weight evenly over N keeps scores -log N). Reported:

- the log score with the keep prior (``cribbage.ai.hand_model.prior``) raised to a power t, the rest
  of the read as it is: t = 1 is the read itself, 0 leaves the prior out; if another t scored
  better, the prior would be too flat or too sharp;
- with ``--ideal N``, against ``ev_table`` only, at N of the dealer's answers: the read an ideal
  reader of ev_table would have, by sampling: their six drawn ``--samples`` times from the cards
  the dealer has not seen, laid away by ev_table's own discard, kept if that keep leads the card they
  led (the one-ply tables, which ev_table's lead always matches); the true keep's share of the samples
  kept (half a sample spread over all keeps, so none is 0) beside the expert's read on the same
  positions.

The games are the expert against the opponent, the expert in seat 0 in even games and seat 1 in odd
ones, seeds ``read/i``; the ideal's games ``ideal/i``, the expert dealing. Figures:
benchmarks/EXPERT.md.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage.ai.choice_model import card_chosen, keep_row
from cribbage.ai.driver import turns
from cribbage.ai.expert import ExpertPlayer, TableView
from cribbage.ai.hand_model import KEEPS, prior
from cribbage.ai.players import action_for
from cribbage.rules.cards import FULL_DECK
from cribbage.rules.events import Phase
from cribbage.rules.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from references import EvTablePlayer, reference  # beside this script

POWERS = (0.0, 0.5, 0.8, 1.0, 1.2, 1.5, 2.0)


def first_cards(opponent: str, games: int, prefix: str, *,
                expert_deals: bool = False) -> Iterator[tuple[Game, int, TableView]]:
    """Each position where the expert plays its first card of a deal against ``opponent``: (game,
    expert's seat, its read of the table). With ``expert_deals``, only the dealer's answers."""
    for i in range(games):
        expert, other = ExpertPlayer(seed=1), reference(opponent, seed=2)
        seat_of_expert = i % 2
        players = [expert, other] if seat_of_expert == 0 else [other, expert]
        game = Game(f"{prefix}/{i}")
        for seat in turns(game):
            if seat == seat_of_expert and game.phase is Phase.PLAY and len(game.hand(seat)) == 4:
                dealer = game.dealer == seat
                if not expert_deals or (dealer and len(game.series) == 1):
                    table = expert.read_opponent(TableView.from_game(game, seat), game, seat)
                    if table.view.starter is not None and table.view.opponent_cards >= 3:
                        yield game, seat, table
            game.apply(action_for(players[seat], game, seat))


def read_of(table: TableView) -> tuple[np.ndarray, np.ndarray]:
    """The keeps the read weighs (rows of :data:`KEEPS`) and their weights."""
    rows, weight = table.opponent_keeps()
    return (np.arange(len(KEEPS)) if rows is None else rows), weight


def log_score(rows: np.ndarray, weight: np.ndarray, true: int) -> float:
    found = np.flatnonzero(rows == true)
    if not len(found) or weight[found[0]] <= 0:
        return -math.inf
    return math.log(weight[found[0]] / weight.sum())


def by_power(opponent: str, games: int) -> str:
    scores: dict[tuple[str, float], list[float]] = {}
    for game, seat, table in first_cards(opponent, games, "read"):
        rows, weight = read_of(table)
        true = keep_row(c.rank for c in game.kept(1 - seat))
        keep_prior = prior(dealer=not table.view.dealer)[rows]
        where = "answer" if table.view.series else "lead"
        for power in POWERS:
            scores.setdefault((where, power), []).append(log_score(rows, weight * keep_prior ** (power - 1), true))
    lines = [f"the read's log score of the true keep against {opponent}, {games} games, the prior to the power t:"]
    for where in ("lead", "answer"):
        figures = "  ".join(f"t={t}: {np.mean(scores[(where, t)]):.3f}" for t in POWERS)
        lines.append(f"  {where:<7}({len(scores[(where, 1.0)])} positions)  {figures}")
    return "\n".join(lines)


def ideal(positions: int, samples: int) -> str:
    """The sampled ideal read of ev_table at the dealer's answer, beside the expert's (module docstring)."""
    discarder = EvTablePlayer()
    rng = random.Random(5)
    ours, best = [], []
    for game, seat, table in first_cards("ev_table", 10 * positions, "ideal", expert_deals=True):
        rows, weight = read_of(table)
        true = keep_row(c.rank for c in game.kept(1 - seat))
        ours.append(log_score(rows, weight, true))
        assert game.starter is not None  # the play has begun
        seen = {*game.hand(seat), *game.kept(seat), *game.discards(seat), game.starter}
        unseen = [c for c in FULL_DECK if c not in seen]
        led, starter = game.series[0].rank, game.starter.rank
        kept: Counter[int] = Counter()
        for _ in range(samples):
            six = rng.sample(unseen, 6)
            away = discarder.choose_discard(six, dealer=False)
            row = keep_row(c.rank for c in six if c not in away)
            if card_chosen(starter, (), 4, False, row, "one_ply") == led:
                kept[row] += 1
        best.append(math.log((kept[true] + 0.5 / len(KEEPS)) / (sum(kept.values()) + 0.5)))
        if len(ours) == positions:
            break
    return (f"the dealer's answer against ev_table, {len(ours)} positions, {samples} sampled sixes each: "
            f"the expert's read {np.mean(ours):.3f}, the ideal read {np.mean(best):.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="ev_table")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--ideal", type=int, default=0, help="positions for the sampled ideal read (ev_table)")
    parser.add_argument("--samples", type=int, default=100_000)
    args = parser.parse_args(argv)
    print(by_power(args.opponent, args.games))
    if args.ideal:
        print(ideal(args.ideal, args.samples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
