"""A chance to win, as a person reads it (no ipywidgets): the whole percentage the game table and
the board show beside a position, and a chance with its 95% interval (:func:`chance_interval`) as the
statistics lab and My deal say it."""

from __future__ import annotations

from widgets.i18n import number, render

__all__ = ["chance_interval", "chance_words", "percent"]


def percent(chance: float) -> str:
    """A chance as a whole percentage that never claims a certainty it does not have: "56", ">99", "<1"."""
    shown = round(100 * chance)
    if shown >= 100 and chance < 1:
        return ">99"
    if shown <= 0 and chance > 0:
        return "<1"
    return str(shown)


def chance_words(chance: float, language: str | None = None) -> str:
    """A chance as said after "is" or "was": "56%", "above 99%", "below 1%" (never ">99%")."""
    shown = percent(chance)
    key = {">": "board.chance_above", "<": "board.chance_below"}.get(shown[0], "board.chance_is")
    return render(key, language, n=shown.lstrip("<>"))


def chance_interval(chance: float, low: float, high: float, language: str | None = None) -> str:
    """A chance with its 95% interval, in whole percentages: "62% (95% interval: 60% to 64%)". The
    interval carries the model's own error, so a tenth of a percent would claim more than it knows."""
    return render("chance.interval", language, chance=chance_words(chance, language), conf=number(0.95, ".0%", language),
                  low=chance_words(low, language), high=chance_words(high, language))
