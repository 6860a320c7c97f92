"""What stop 6 prints of a run of self-play: its figures with their 95% intervals, and what made them.

Two reports of a :class:`~cribbage.stats.selfplay.SelfPlaySummary`, each ending in the run's provenance
(:meth:`cribbage.stats.provenance.Provenance.describe`), in the kernel's language or the one asked:

- :func:`selfplay_report`: the first dealer's share of wins and, with ``parts``, what each part of a
  complete deal is worth to each side (the figures Chambers published, which stop 6 sets beside ours);
- :func:`per_deal_report`: each part of a deal over all deals and over the complete ones, both shown
  where they differ at the precision printed, and a whole deal's worth three ways (all deals, complete
  deals, and the first deals of every game, which no game's end cut short). Why they differ is the
  censoring explained in :mod:`cribbage.stats.selfplay`.

These words are kept apart from :mod:`cribbage.stats.selfplay` because the saved run's provenance is a
digest of that module: rewording a line here must not make the saved figures stale.
"""

from __future__ import annotations

from cribbage.ai.simulate import DEAL_PARTS
from cribbage.lang.messages import add_catalogue, check_language, message, render
from cribbage.lang.translations import format_number
from cribbage.rules.checks import of_kind
from cribbage.stats.intervals import shown_interval
from cribbage.stats.provenance import whole
from cribbage.stats.selfplay import Estimate, SelfPlaySummary

__all__ = ["per_deal_report", "selfplay_report"]

WORDS = {
    # {rate} and {margin} are percentages, {conf} is 95% written the language's way: "±" is always a 95%
    # interval in the course.
    "selfplay.first_dealer": {"en": "{games} games, {deals} complete deals: the player who dealt first won {rate} ± {margin} "
                                    "of the games ({conf} interval)."},
    "selfplay.parts_pone": {"en": "pone, points a complete deal:   play {play} ± {play_m}, hand {hand} ± {hand_m}"},
    "selfplay.parts_dealer": {"en": "dealer, points a complete deal: play {play} ± {play_m}, hand {hand} ± {hand_m}, "
                                    "crib {crib} ± {crib_m}, his heels {heels} ± {heels_m}"},
    "selfplay.per_deal_head": {"en": "Points a deal, over all {all} deals and over the {complete} complete ones (± a {conf} interval):"},
    # {part:<16} pads the part's name to 16 characters, so the figures line up in a column (pad to the
    # longest name in your language).
    "selfplay.per_deal_both": {"en": "{part:<16} all deals {all} ± {all_m}   complete deals {complete} ± {complete_m}"},
    "selfplay.per_deal_same": {"en": "{part:<16} {value} ± {margin}, the same over all deals and complete deals"},
    "selfplay.part.pone_play": {"en": "pone's play"},
    "selfplay.part.pone_hand": {"en": "pone's hand"},
    "selfplay.part.dealer_play": {"en": "dealer's play"},
    "selfplay.part.dealer_hand": {"en": "dealer's hand"},
    "selfplay.part.crib": {"en": "crib"},
    "selfplay.part.his_heels": {"en": "his heels"},
    "selfplay.whole_deal": {"en": "A whole deal: {all} ± {all_m} over all deals, {complete} ± {complete_m} over the complete "
                                  "ones, {early} ± {early_m} over the first {early_deals} deals of every game, which no game's "
                                  "end left unfinished."},
}

add_catalogue(WORDS)


def _figures(e: Estimate, language: str) -> tuple[str, str]:
    """The mean and half its 95% interval as printed, to the places the margin supports."""
    return shown_interval(e.mean, e.margin, language)


def selfplay_report(run: SelfPlaySummary, language: str | None = None, *, parts: bool = True) -> str:
    """The first dealer's share of wins, with ``parts`` each part of a complete deal for the pone and
    the dealer, then the run's provenance: lines of text in ``language`` (the kernel's by default)."""
    run = of_kind(run, "run", SelfPlaySummary)
    first = run.first_dealer
    lang = check_language(language)
    rate, rate_margin = shown_interval(first.mean, first.margin, lang, percent=True)
    lines = [render(message("selfplay.first_dealer", games=whole(run.games, lang), deals=whole(run.deals, lang),
                            rate=rate, margin=rate_margin,
                            conf=format_number(0.95, lang, ".0%")),
                    lang)]
    if parts:
        shown = {name: _figures(e, lang) for name, e in run.parts.items()}
        lines.append(render(message("selfplay.parts_pone", play=shown["pone play"][0], play_m=shown["pone play"][1],
                                    hand=shown["pone hand"][0], hand_m=shown["pone hand"][1]), lang))
        lines.append(render(message("selfplay.parts_dealer", play=shown["dealer play"][0], play_m=shown["dealer play"][1],
                                    hand=shown["dealer hand"][0], hand_m=shown["dealer hand"][1], crib=shown["crib"][0],
                                    crib_m=shown["crib"][1], heels=shown["his heels"][0], heels_m=shown["his heels"][1]),
                            lang))
    return "\n".join([*lines, _provenance(run, lang)])


def per_deal_report(run: SelfPlaySummary, language: str | None = None) -> str:
    """Each part of a deal over all deals and over the complete ones (one figure where the two agree
    as printed), a whole deal's worth three ways, and the run's provenance."""
    run = of_kind(run, "run", SelfPlaySummary)
    lang = check_language(language)
    lines = [render(message("selfplay.per_deal_head", all=whole(run.all_deals, lang), complete=whole(run.deals, lang),
                            conf=format_number(0.95, lang, ".0%")),
                    lang)]
    for name in DEAL_PARTS:
        part = message("selfplay.part." + name.replace(" ", "_"))
        every, complete = run.parts_all[name], run.parts[name]
        if _figures(every, lang) == _figures(complete, lang):
            value, margin = _figures(complete, lang)
            lines.append("  " + render(message("selfplay.per_deal_same", part=part, value=value, margin=margin), lang))
        else:
            (a, a_m), (c, c_m) = _figures(every, lang), _figures(complete, lang)
            lines.append("  " + render(message("selfplay.per_deal_both", part=part, all=a, all_m=a_m, complete=c,
                                               complete_m=c_m), lang))
    totals = {which: _figures(e, lang) for which, e in run.totals.items()}
    lines.append(render(message("selfplay.whole_deal", all=totals["all"][0], all_m=totals["all"][1],
                                complete=totals["complete"][0], complete_m=totals["complete"][1],
                                early=totals["early"][0], early_m=totals["early"][1],
                                early_deals=whole(run.early_deals, lang)), lang))
    return "\n".join([*lines, _provenance(run, lang)])


def _provenance(run: SelfPlaySummary, language: str) -> str:
    return "" if run.provenance is None else run.provenance.describe(language)
