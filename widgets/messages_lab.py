"""Catalogue entries of the statistics lab's views (widgets/lab*.py), merged into
:data:`widgets.messages.MESSAGES`. English; es and pt in widgets/locale/."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- shared -----------------------------------------------------------------------------------
    "lab.own_crib": {"en": "my own crib (I deal)"},
    "lab.their_crib": {"en": "the opponent's crib (I am pone)"},
    "lab.crib_for": {"en": "Crib"},
    "lab.model": {"en": "Model"},
    "lab.model.uniform": {"en": "uniform (exact)"},
    "lab.model.expert": {"en": "expert discards (sampled)"},
    "lab.first_card": {"en": "First card"},
    "lab.second_card": {"en": "Second card"},
    "lab.role": {"en": "I am"},
    "lab.dealer": {"en": "dealer"},
    "lab.pone": {"en": "pone"},
    "lab.source": {"en": "Source: {source}"},
    "lab.method": {"en": "How it was measured: {method}"},
    # --- crib tables ------------------------------------------------------------------------------
    "lab.crib.title": {"en": "What two cards are worth in the crib"},
    "lab.crib.chart_title": {"en": "Average crib by the two cards laid away: {crib}, {model}"},
    "lab.crib.axis": {"en": "card laid away"},
    "lab.crib.pair": {"en": "Laying away {pair} to {crib}: the crib averages {ours} points under the {model} model."},
    "lab.crib.suits": {"en": "Of one suit {suited}, of two suits {offsuit}."},
    "lab.crib.published": {"en": "{author} published {value}."},
    "lab.crib.rank": {"en": "It is number {rank} of the 91 pairs, from the best crib down."},
    "lab.crib.compare": {"en": "Against {author}: {diff} points on average over the 91 pairs, correlation {corr}; "
                               "the largest gap is {pair} ({ours} here, {theirs} published)."},
    "lab.crib.lesson.own": {"en": "To your own crib, give fives, pairs and touching cards; a uniform "
                                  "opponent would help you more than a real pone, who keeps his good cards out of your crib."},
    "lab.crib.lesson.their": {"en": "To the opponent's crib, lay away cards far apart (a king with a ten or a nine); "
                                    "the dealer adds his best two, so every crib you feed is worth more than the uniform model says."},
    "lab.crib.scatter_title": {"en": "Computed here against published ({crib})"},
    "lab.crib.scatter_x": {"en": "published average crib"},
    "lab.crib.scatter_y": {"en": "computed average crib"},
    "lab.crib.same": {"en": "equal"},
    # --- win probability --------------------------------------------------------------------------
    "lab.pos.title": {"en": "Where do I stand?"},
    "lab.pos.mine": {"en": "My score"},
    "lab.pos.theirs": {"en": "Opponent's score"},
    "lab.pos.chance": {"en": "At {mine} to {theirs} as a deal begins, and you the {role}, you win {pct}% of games."},
    "lab.bad_rank": {"en": "A rank is A, 2 to 10, J, Q or K, not {value}."},
    "lab.bad_model": {"en": "The model is uniform or expert, not {value}."},
    "lab.bad_score": {"en": "A score is a whole number from 0 to {top}, not {value}."},
    "lab.method.schell-own": {"en": "computer analysis, both sides discarding as an expert program would"},
    "lab.method.schell-opponent": {"en": "computer analysis, both sides discarding as an expert program would"},
    "lab.method.hessel-opponent": {"en": "every six-card hand by rank, best discards on both sides, repeated until the averages settle; no crib flushes"},
    "lab.method.cribbagepro-own": {"en": "the cribs of games played on Cribbage Pro"},
    "lab.pos.chart_title": {"en": "The dealer's chance to win as a deal begins"},
    "lab.pos.x": {"en": "pone's score"},
    "lab.pos.y": {"en": "dealer's score"},
    "lab.pos.colorbar": {"en": "dealer wins (%)"},
    "lab.pos.here": {"en": "you are here"},
    "lab.pos.lesson": {"en": "The dealer's edge at 0-0 is {edge}%: the crib and the last card are worth a few points "
                             "a deal. Near the end, who counts first matters more than who is ahead: the pone counts "
                             "first in the show. Read from {deals} deals of expert self-play."},
    # --- keep tables ------------------------------------------------------------------------------
    "lab.keep.title": {"en": "The best keep of every deal"},
    "lab.keep.chart_title": {"en": "Value of the best keep ({deals} deals)"},
    "lab.keep.x": {"en": "hand + crib as dealer, hand - crib as pone (points)"},
    "lab.keep.y": {"en": "share of deals (%)"},
    "lab.keep.summary": {"en": "On average the best keep is worth {dealer} as dealer and {pone} as pone. "
                               "In {differ}% of deals the best four to keep as dealer are not the best as pone."},
    "lab.keep.lesson": {"en": "So look at who deals before you choose: more than half the time the crib changes the answer."},
    "lab.keep.at_least": {"en": "Worth at least"},
    "lab.keep.share": {"en": "A best keep worth {value} or more: {dealer}% of deals as dealer, {pone}% as pone."},
    # --- pegging ----------------------------------------------------------------------------------
    "lab.peg.title": {"en": "What the play gives"},
    "lab.peg.chart_title": {"en": "Points per deal in the play, by kind"},
    "lab.peg.lead_title": {"en": "Points in the play after the pone leads each rank"},
    "lab.peg.held_title": {"en": "Points in the play of a side that kept each rank"},
    "lab.peg.held": {"en": "a rank kept in hand"},
    "lab.peg.lead": {"en": "the pone's lead"},
    "lab.peg.summary": {"en": "The pone pegs {pone} a deal and the dealer {dealer} (Chambers: {c_pone} and {c_dealer})."},
    "lab.peg.often": {"en": "{kind}: the pone scores it in {pone}% of deals, the dealer in {dealer}%."},
    "lab.peg.lesson": {"en": "The dealer pegs more because he answers every lead and usually plays the last card. "
                             "As pone, mind your lead: a five gives the dealer the most, an ace, a two or a three the least "
                             "(nothing he plays on them makes fifteen). And low cards peg: both sides peg more "
                             "holding threes than holding kings."},
    "lab.kind.runs": {"en": "Runs"},
    "lab.kind": {"en": "Kind"},
}
