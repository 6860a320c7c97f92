"""A chance to win, as a person reads it (no ipywidgets): a percentage that claims no certainty it does
not have, and a chance with its 95% interval (:func:`chance_interval`) as the game table, the board,
My deal and the statistics lab say it, every figure written to the places its interval supports
(:func:`cribbage.stats.intervals.interval_places`)."""

from __future__ import annotations

from cribbage.stats.intervals import interval_places
from widgets.i18n import number, render

__all__ = ["bound_words", "chance_interval", "chance_places", "chance_range", "chance_words", "percent",
           "share_interval"]


def percent(chance: float, places: int = 0, language: str | None = None) -> str:
    """A chance as a percentage to ``places`` decimals that never claims a certainty it does not have:
    "56", ">99", "<1" (with one place "56.3", ">99.9", "<0.1"); 0 and 1 exactly are "0" and "100"."""
    if chance <= 0 or chance >= 1:
        return "0" if chance <= 0 else "100"
    step = 10.0 ** -places
    shown = round(100 * chance, places)
    if shown >= 100:
        return ">" + number(100 - step, f".{places}f", language)
    if shown <= 0:
        return "<" + number(step, f".{places}f", language)
    return number(100 * chance, f".{places}f", language)


def chance_words(chance: float, language: str | None = None, places: int = 0) -> str:
    """A chance as said after "is" or "was": "56%", "above 99%", "below 1%" (never ">99%"); to
    ``places`` decimals of a percent."""
    shown = percent(chance, places, language)
    key = {">": "board.chance_above", "<": "board.chance_below"}.get(shown[0], "board.chance_is")
    return render(key, language, n=shown.lstrip("<>"))


def chance_places(chance: float, low: float, high: float) -> int:
    """The decimals of a percent a chance and its interval are written with: those its wider side
    supports (a margin of 1.9 points is written 60.4% to 64.2%, one of 4 points 58% to 66%)."""
    return interval_places(max(chance - low, high - chance), percent=True)


def bound_words(share: float, places: int, language: str | None = None) -> str:
    """An end of an interval, a bare percentage to ``places`` decimals ("60.4%", Spanish "60,4 %"): it
    follows "from" and "to", which a chance said after "is" does not ("del 60 %" in Spanish)."""
    return number(share, f".{0 if share <= 0 or share >= 1 else places}%", language)


def chance_range(chance: float, low: float, high: float, language: str | None = None) -> tuple[str, str, str]:
    """The chance as :func:`chance_words` says it, and its interval's low and high ends
    (:func:`bound_words`), all to the places the interval supports."""
    places = chance_places(chance, low, high)
    return (chance_words(chance, language, places), bound_words(low, places, language),
            bound_words(high, places, language))


def chance_interval(chance: float, low: float, high: float, language: str | None = None) -> str:
    """A chance with its 95% interval: "62.3% (95% interval: 60.4% to 64.2%)". The interval carries the
    model's own error, so the figures keep only the places it supports."""
    said, low_said, high_said = chance_range(chance, low, high, language)
    return _with_interval(said, low_said, high_said, language)


def share_interval(share: float, low: float, high: float, language: str | None = None) -> str:
    """A share of games with its 95% interval, the share bare as :func:`bound_words` writes it (it follows
    "wins", which a chance said after "is" does not): "55.9% (95% interval: 54.0% to 57.8%)"."""
    places = chance_places(share, low, high)
    said, low_said, high_said = (bound_words(end, places, language) for end in (share, low, high))
    return _with_interval(said, low_said, high_said, language)


def _with_interval(said: str, low: str, high: str, language: str | None) -> str:
    return render("chance.interval", language, chance=said, conf=number(0.95, ".0%", language), low=low, high=high)
