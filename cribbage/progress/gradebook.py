"""The teacher's gradebook in the browser: the class list with each learner's figures per stop, and one
learner's answers question by question.

:func:`gradebook_page` is the class: every learner of the class list (those who never started too, by
display name), the stops done, the share right at the first try over the course and per stop (with ✓ for
a stop done), the last answer; each name links to :func:`learner_page`, their answers in the order given
(when, the stop, the question in the teacher's language, what they answered, right or not, first try or
practice), the lessons they have open (JupyterLab's saved layout, :mod:`cribbage.progress.layout`: the tabs
and the one in front; without a layout, the stop of their latest answer, said so) and, for a teacher
allowed to read them, links to their notebooks, read-only. The gradebook shows the lesson in front too. The figures are :mod:`cribbage.progress.classdata`'s,
those of ``cribbage progress report`` and of the downloads (:mod:`cribbage.progress.export`), which the
page links to. For 300 learners the page is a plain table (no script, no picture): well under 1 MB.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from urllib.parse import quote

from cribbage.lang.messages import message, render
from cribbage.progress.classdata import ClassData, LearnerData
from cribbage.progress.items import describe_item
from cribbage.progress.layout import OpenLessons
from cribbage.progress.store import STOPS
from cribbage.progress.summary import Tally
from cribbage.registry import stops as _registry
from cribbage.registry.languages import SOURCE

__all__ = ["DOWNLOADS", "gradebook_page", "learner_page", "lesson_open", "page"]

#: The downloads the page offers: (address under the service, the catalogue's name for it).
DOWNLOADS: tuple[tuple[str, str], ...] = (("gradebook.csv", "progress.book.csv"),
                                          ("gradebook.xlsx", "progress.book.xlsx"),
                                          ("moodle.csv", "progress.book.moodle"))

_TITLES = {stop.number: stop.title for stop in _registry.STOPS}
# Each stop's notebook by each of its names (a learner's copy holds it under its language's, or an
# older copy under the English one).
_NOTEBOOKS = {stop.number: stop.notebooks for stop in _registry.STOPS}


def _words(key: str, language: str, **values: object) -> str:
    return html.escape(render(message(key, **values), language))


def _when(text: str) -> str:
    return html.escape(text[:19].replace("T", " ")) if text else "–"


def _figure(tally: Tally, done: bool = False, language: str = SOURCE) -> str:
    """A share as the gradebook's cells show it: the percent large, right/answered under it (``67% 2/3``),
    and ✓ for a stop done; a dash before any answer."""
    if not tally.asked:
        return "–"
    mark = f' <abbr title="{_words("progress.book.done", language)}">✓</abbr>' if done else ""
    return (f'<span class="pct">{round(100 * tally.right / tally.asked)}%{mark}</span> '
            f'<span class="of">{tally.right}/{tally.asked}</span>')


def _lesson(stop: int, language: str) -> str:
    return render(message("progress.book.lesson", stop=stop, title=render(message(_TITLES[stop]), language)),
                  language)


def lesson_open(learner: LearnerData, language: str, layout: OpenLessons | None = None) -> str | None:
    """What the learner has open, in words: with their saved ``layout``, the lessons open in it and the
    one in front (``stop 3 · The show`` ...); without one, the stop of their latest answer, said to be a
    guess from it; None when there is neither."""
    if layout is not None:
        if not layout.stops:
            return render(message("progress.book.open_none", saved=layout.saved[:16].replace("T", " ")), language)
        others = [_lesson(stop, language) for stop in layout.stops if stop != layout.front]
        values = {"saved": layout.saved[:16].replace("T", " "), "others": "; ".join(others)}
        if layout.front is None:
            return render(message("progress.book.open_tabs", **values), language)
        key = "progress.book.open_front_and" if others else "progress.book.open_front"
        return render(message(key, front=_lesson(layout.front, language), **values), language)
    if learner.current_stop is None:
        return None
    return render(message("progress.book.open_guess", lesson=_lesson(learner.current_stop, language)), language)


def _front_cell(learner: LearnerData, layout: OpenLessons | None, language: str) -> str:
    """The gradebook's cell for the lesson in front: its stop (titled with its name), the other lessons
    open after it; or the stop of the latest answer in italics, titled as a guess; a dash for neither."""
    if layout is not None:
        shown = ([layout.front] if layout.front is not None else []) + [s for s in layout.stops if s != layout.front]
        if not shown:
            return f'<td class="n" title="{html.escape(lesson_open(learner, language, layout) or "")}">–</td>'
        numbers = "".join(f'<strong>{stop}</strong>' if stop == layout.front else f" {stop}" for stop in shown)
        return f'<td class="n" title="{html.escape(lesson_open(learner, language, layout) or "")}">{numbers}</td>'
    if learner.current_stop is None:
        return '<td class="n">–</td>'
    return (f'<td class="n guess" title="{html.escape(lesson_open(learner, language) or "")}">'
            f"<em>{learner.current_stop}</em></td>")


_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 16px; margin: 14px 18px; color: #111; }
h1 { font-size: 1.5em; margin: 0 0 6px 0; } h2 { font-size: 1.2em; margin: 16px 0 6px 0; }
nav { margin: 0 0 10px 0; line-height: 1.8; } nav a { margin-right: 1.2em; white-space: nowrap; }
nav span { margin-right: 0.6em; } .legend, .open, .summary { margin: 4px 0 10px 0; max-width: 60em; }
table { border-collapse: collapse; margin: 6px 0 14px 0; }
th, td { border: 1px solid #999; padding: 4px 8px; text-align: left; vertical-align: middle; }
thead th { background: #e4eff7; } table.gradebook thead th { text-align: center; }
tbody tr:nth-child(even) td, tbody tr:nth-child(even) th { background: #f4f4f4; }
tbody th { white-space: nowrap; font-weight: normal; } table.gradebook tbody th { position: sticky; left: 0; background: #fff; }
td.n { text-align: right; white-space: nowrap; } td.done { background: #dff0d8 !important; }
.pct { display: block; font-weight: bold; } .of { display: block; font-size: 0.85em; color: #333; }
abbr { text-decoration: none; } tr.idle th, tr.idle td { color: #555; }
td.right { color: #1a6a1a; } td.wrong { color: #a31515; font-weight: bold; } ul.notebooks { columns: 2; }
table.answers tbody th { white-space: normal; min-width: 14em; } table.answers td.n { white-space: normal; }
"""


def page(title: str, body: str, language: str = SOURCE) -> str:
    """A whole page of the gradebook around ``body`` (already HTML)."""
    return (f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            f"<style>{_CSS}</style></head><body><h1>{title}</h1>{body}</body></html>")


def _stop_cell(learner: LearnerData, stop: int, language: str) -> str:
    done = learner.done(stop)
    return (f'<td class="n{" done" if done else ""}" data-stop="{stop}">'
            f"{_figure(learner.stop_tally(stop), done, language)}</td>")


def gradebook_page(data: ClassData, language: str = SOURCE, *, learner_link: str = "learner?lang={language}&user=",
                   live_link: str = "", downloads: Sequence[tuple[str, str]] = DOWNLOADS,
                   layouts: Mapping[str, OpenLessons | None] | None = None) -> str:
    """The class's gradebook: a row per learner of the class list. ``learner_link`` is the address a name
    links to (the learner's account follows it); ``live_link`` the live view's; ``downloads`` the files';
    ``layouts`` each learner's saved layout by their identity (None, or a learner missing: none saved)."""
    title = _words("progress.book.title", language)
    started = sum(learner.started for learner in data.learners.values())
    links = [f'<a href="{html.escape(live_link)}">{_words("progress.book.to_live", language)}</a>'] if live_link else []
    links.append(f'<span>{_words("progress.book.downloads", language)}</span>')
    links += [f'<a href="{html.escape(address)}?lang={language}" download>{_words(key, language)}</a>'
              for address, key in downloads]
    # Two header rows: "stop" over the stops' numbers (each titled with the stop's name), so that nine
    # stops fit beside the names on a projector.
    head = "".join(f'<th scope="col" rowspan="2">{_words(f"progress.book.{key}", language)}</th>'
                   for key in ("learner", "stops_done", "first_try"))
    head += f'<th scope="colgroup" colspan="{len(STOPS)}">{_words("progress.book.stop_column", language)}</th>'
    head += f'<th scope="col" rowspan="2">{_words("progress.book.last", language)}</th>'
    head += f'<th scope="col" rowspan="2">{_words("progress.book.front_column", language)}</th></tr><tr>'
    head += "".join(f'<th scope="col" title="{_words(_TITLES[stop], language)}">{stop}</th>' for stop in STOPS)
    link = learner_link.format(language=language)
    rows = []
    for learner in data.ordered():
        account = learner.identity.removeprefix("hub:")
        name = (f'<a href="{html.escape(link + quote(account, safe=""))}">{html.escape(learner.name)}</a>'
                if link else html.escape(learner.name))
        idle = "" if learner.started else ' class="idle"'
        rows.append(f'<tr{idle} data-learner="{html.escape(learner.identity)}"><th scope="row">{name}</th>'
                    f'<td class="n">{len(learner.stops_done)}/{len(STOPS)}</td><td class="n">{_figure(learner.total)}</td>'
                    + "".join(_stop_cell(learner, stop, language) for stop in STOPS)
                    + f'<td class="n">{_when(learner.last)}</td>'
                    + _front_cell(learner, (layouts or {}).get(learner.identity), language) + "</tr>")
    body = (f"<nav>{''.join(links)}</nav>"
            f'<p class="summary">{_words("progress.live.summary", language, n=started, total=len(data.learners))}</p>'
            f'<p class="legend">{_words("progress.book.legend", language)}</p>'
            f'<table class="gradebook"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return page(title, body, language)


def learner_page(learner: LearnerData, language: str = SOURCE, *, back: str = "",
                 notebooks: Sequence[tuple[str, str]] | None = None, layout: OpenLessons | None = None) -> str:
    """One learner's answers, question by question, in the order given; ``notebooks`` (name, address)
    their notebooks to open read-only (None: this teacher may not, so none is listed); ``layout`` the
    lessons open in their saved layout (None: none saved, so the latest answer's stop is shown)."""
    title = _words("progress.book.answers_of", language, name=learner.name)
    parts = [f'<nav><a href="{html.escape(back)}">{_words("progress.book.back", language)}</a></nav>'] if back else []
    lesson = lesson_open(learner, language, layout)
    if lesson is not None:
        parts.append(f'<p class="open">{html.escape(lesson)}</p>')
    parts.append(_answers(learner, language))
    if notebooks is not None:
        # The notebook of the lesson in front (in each language's folder of their copy) first, in bold.
        front = layout.front if layout is not None else learner.current_stop
        now = _NOTEBOOKS.get(front, ()) if front is not None else ()
        ordered = sorted(notebooks, key=lambda pair: pair[0].rsplit("/", 1)[-1] not in now)
        items = "".join(f'<li><a href="{html.escape(address)}">'
                        + (f"<strong>{html.escape(name)}</strong>" if name.rsplit("/", 1)[-1] in now else html.escape(name))
                        + "</a></li>" for name, address in ordered)
        parts.append(f'<h2>{_words("progress.book.notebooks", language)}</h2>'
                     + (f'<ul class="notebooks">{items}</ul>' if items
                        else f'<p>{_words("progress.book.no_notebooks", language)}</p>'))
    return page(title, "".join(parts), language)


def _answers(learner: LearnerData, language: str) -> str:
    """The learner's answers as a table, in the order given (or a line saying there is none yet)."""
    if not learner.answers:
        return f'<p>{_words("progress.book.no_answer", language)}</p>'
    head = "".join(f'<th scope="col">{_words(f"progress.book.{key}", language)}</th>'
                   for key in ("when", "stop_column", "question", "answer", "result", "counted"))
    first = {id(answer) for answer in learner.first_tries().values()}
    right, wrong = _words("progress.book.right", language), _words("progress.book.wrong", language)
    counted = {True: _words("progress.book.first", language), False: _words("progress.book.practice", language)}
    rows = [f'<tr><td class="n">{_when(a.at)}</td><td class="n">{a.stop}</td>'
            f"<th scope=\"row\">{html.escape(describe_item(a.item, language))}</th><td>{html.escape(a.answer)}</td>"
            f'<td class="{"right" if a.correct else "wrong"}">{right if a.correct else wrong}</td>'
            f"<td>{counted[id(a) in first]}</td></tr>" for a in learner.answers]
    return f'<table class="answers"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
