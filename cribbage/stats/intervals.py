"""One meaning for "±" in the whole course, and one rounding: a figure and half its 95% interval.

Everywhere the course writes ``a ± m`` (the lessons, the views, the lab, the reports of self-play),
``m`` is half the width of a 95% interval: :data:`Z95` standard errors (:func:`margin`). A standard
error shown on its own is called a standard error, never written after "±".

A figure is written to the decimal place its margin supports, no further (:func:`interval_places`):
the margin to two significant digits when its first three are 100 to 354, to one when they are 355
to 949, and 950 to 999 rounded up to the next power of ten with two (the Particle Data Group's rule,
*Review of Particle Physics*, "Rounding"). So ``8.791049`` with a standard error of ``0.024396`` is
``8.79 ± 0.05`` and ``5.4012`` with ``0.0101`` is ``5.401 ± 0.020``. :func:`shown_interval` writes both
in a language's number symbols; every view, lesson and report goes through it.
"""

from __future__ import annotations

import math

from cribbage.lang.messages import check_language
from cribbage.lang.translations import format_number
from cribbage.stats.selfplay import Z95

__all__ = ["Z95", "interval_places", "margin", "shown_interval"]

#: The places a figure keeps when its margin is 0 or not known (an exact figure is written so).
EXACT_PLACES = 2
#: The most places any figure is written with.
MOST_PLACES = 6


def margin(stderr: float) -> float:
    """Half the 95% interval of a figure with standard error ``stderr``.

    >>> round(margin(0.01), 4)
    0.0196
    """
    return Z95 * float(stderr)


def _rounding(half_width: float, percent: bool) -> tuple[int, float | None]:
    """The places, and the margin itself when it is rounded up to the next power of ten (else None)."""
    m = abs(float(half_width)) * (100 if percent else 1)
    if not math.isfinite(m) or m == 0:
        return EXACT_PLACES, None
    exponent = math.floor(math.log10(m))
    leading = round(m / 10.0 ** (exponent - 2))   # the first three digits, 100..1000
    up = None
    if leading >= 950:                             # rounds up to 1.0 of the next power of ten
        exponent, digits = exponent + 1, 2
        up = 10.0 ** exponent / (100 if percent else 1)
    else:
        digits = 2 if leading <= 354 else 1
    return min(MOST_PLACES, max(0, digits - 1 - exponent)), up


def interval_places(half_width: float, *, percent: bool = False) -> int:
    """The decimal places a figure and its margin ``half_width`` (half a 95% interval) are written
    with; with ``percent``, the places of the percentage (``0.0098`` is ``1.0`` percentage point).

    >>> interval_places(0.0478), interval_places(0.0196), interval_places(0.0098, percent=True)
    (2, 3, 1)
    """
    return _rounding(half_width, percent)[0]


def shown_interval(value: float, half_width: float, language: str | None = None, *, percent: bool = False,
                   sign: bool = False) -> tuple[str, str]:
    """``value`` and ``half_width`` (half its 95% interval) written in ``language``'s number symbols to
    the places the margin supports: ``("8.79", "0.05")``; with ``percent``, both as percentages
    (``("52.3%", "1.0%")``); with ``sign``, the value with its sign (``"+0.04"``).

    >>> shown_interval(8.791049, margin(0.024396)), shown_interval(0.523, 0.0098, "es", percent=True)[1]
    (('8.79', '0.05'), '1,0\xa0%')
    """
    language = check_language(language)
    places, up = _rounding(half_width, percent)
    kind = "%" if percent else "f"
    # 950 to 999 is rounded up, never down: 0.0095 is 0.010 (binary 0.0095 is a hair under it)
    half = abs(float(half_width)) if up is None else up
    return (format_number(value, language, f"{'+' if sign else ''}.{places}{kind}"),
            format_number(half, language, f".{places}{kind}"))
