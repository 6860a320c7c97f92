"""The teacher's report: many learners' progress files merged into one table (text, CSV, HTML).

Files are opened read-only; a file that is not a progress file (or is damaged, or newer) is named and
skipped, and so is a file that holds no answers. Inside a readable file, an answer at a stop or about a
skill this course does not have (a newer course, a tampered file) is left out, and an item kind it does
not know is dropped from its answer; each file says what was left out, so one odd file never ends the
report. The same learner in several files (a laptop and the hub) is one row, merged by identity (the
account), never by the typed name.

The table reads a question once per learner, by its first answer (:mod:`cribbage.progress.classdata`),
and names the item kinds actually missed (:mod:`cribbage.progress.misses`). The HTML page is built to
stay small and quick for a whole school (300 learners: well under 2 MB and 5 s): the table, the class's
item kinds and hardest questions as text with bars drawn in CSS, and a chart per skill: for a class of
up to :data:`NAMED_BARS`, a matplotlib chart with a bar per learner; for a bigger one, how many learners
reached each share, drawn in HTML (no matplotlib, no name).
Names are drawn as text, never as math. Only :func:`skill_chart_png` imports matplotlib.
"""

from __future__ import annotations

import base64
import html
import io
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from cribbage.lang.messages import Message, message, render
from cribbage.progress.classdata import ClassData, LearnerData
from cribbage.progress.export import write_csv as _write_csv
from cribbage.progress.export import write_xlsx as _write_xlsx
from cribbage.progress.items import describe_item
from cribbage.progress.store import KINDS, SKILLS, STOPS, Answer, ProgressFileError, read_progress
from cribbage.progress.summary import Tally
from cribbage.registry.languages import SOURCE

__all__ = ["NAMED_BARS", "ClassReport", "cleaned", "merge", "run", "share", "skill_chart_png",
           "table", "text_report", "write_csv", "write_html", "write_xlsx"]

#: The largest class whose charts have a bar per learner, with their names; a bigger one gets a histogram.
NAMED_BARS = 40


@dataclass
class ClassReport:
    """The class: each learner's answers, the files read, those skipped (with why), those with no
    answers, and what was left out of a file (with the file)."""

    data: ClassData = field(default_factory=ClassData)
    read: list[Path] = field(default_factory=list)
    skipped: list[tuple[Path, ProgressFileError]] = field(default_factory=list)
    empty: list[Path] = field(default_factory=list)
    notes: list[tuple[Path, Message]] = field(default_factory=list)

    @property
    def learners(self) -> dict[str, LearnerData]:
        """Each learner, by identity."""
        return self.data.learners

    @property
    def skills(self) -> list[str]:
        """The skills anyone answered about, in the course's order."""
        return self.data.skills


def cleaned(answers: Iterable[Answer], path: Path) -> tuple[list[Answer], list[tuple[Path, Message]]]:
    """``answers`` without what this course cannot read, and a note per kind of thing left out."""
    kept: list[Answer] = []
    odd: dict[str, Counter[str]] = {"stop": Counter(), "skill": Counter(), "kind": Counter()}
    for answer in answers:
        if answer.stop not in STOPS:
            odd["stop"][str(answer.stop)] += 1
            continue
        if answer.skill not in SKILLS:
            odd["skill"][answer.skill] += 1
            continue
        unknown = [kind for kind in answer.kinds if kind not in KINDS]
        if unknown:
            odd["kind"].update(unknown)
            answer = replace(answer, kinds=tuple(kind for kind in answer.kinds if kind in KINDS))
        kept.append(answer)
    notes = [(path, message(f"progress.report.unknown_{what}", path=str(path), n=sum(found.values()),
                            values=", ".join(sorted(found)[:5])))
             for what, found in odd.items() if found]
    return kept, notes


def merge(paths: Iterable[str | os.PathLike[str]], roster: Iterable[tuple[str, str]] = ()) -> ClassReport:
    """Read every file (never writing one) and merge their answers, learner by learner; ``roster``
    (identity, display name) adds the learners who never answered."""
    report = ClassReport()
    # How often each answer was given, the most any one file says: a copy of a file handed in twice
    # adds nothing, yet the same answer given twice in one second in one file counts twice.
    times: dict[Answer, int] = {}
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        if path.resolve() in seen:
            continue  # the same file named twice counts once
        seen.add(path.resolve())
        try:
            found = read_progress(path).answers
        except ProgressFileError as error:
            report.skipped.append((path, error))
            continue
        if not found:
            report.empty.append(path)
            continue
        kept, notes = cleaned(found, path)
        report.notes += notes
        report.read.append(path)
        for answer, n in Counter(kept).items():
            times[answer] = max(times.get(answer, 0), n)
    # In the order given (a stable sort: answers of one second keep their order in the file).
    ordered = sorted((answer for answer, n in times.items() for _ in range(n)), key=lambda a: a.at)
    report.data = ClassData.of(ordered, roster)
    return report


def _words(key: str, language: str, **values: object) -> str:
    return render(message(key, **values), language)


def share(tally: Tally | None) -> str:
    """``67% (8/12)``, or a dash before any answer."""
    if tally is None or not tally.asked:
        return "–"
    return f"{round(100 * tally.right / tally.asked)}% ({tally.right}/{tally.asked})"


def _missed(learner: LearnerData, language: str) -> str:
    worst = learner.most_missed(3)
    loose = learner.misses().get("", 0)
    parts = [_words("progress.report.missed_item", language, kind=_words(f"progress.kind.{kind}", language),
                    wrong=count, asked=learner.kind_tallies()[kind].asked) for kind, count in worst]
    if loose:
        parts.append(_words("progress.report.not_attributed", language, n=loose))
    return "; ".join(parts) or _words("progress.report.none", language)


def _stop_now(learner: LearnerData) -> str:
    stop = learner.current_stop
    return "–" if stop is None else str(stop)


def _last(learner: LearnerData) -> str:
    return learner.last[:16].replace("T", " ") if learner.last else "–"


def table(report: ClassReport, language: str = SOURCE) -> tuple[list[str], list[list[str]]]:
    """The header and one row per learner (those who never answered too): name, stops done, current
    stop, last answer, minutes spent, questions and the share right at the first try, that share per
    skill, and the item kinds missed most."""
    skills = report.skills
    header = [_words(f"progress.report.{key}", language)
              for key in ("learner", "stops_done", "current_stop", "last", "time", "questions", "accuracy")]
    header += [_words("progress.report.accuracy_of", language, skill=_words(f"progress.skill.{skill}", language))
               for skill in skills]
    header.append(_words("progress.report.most_missed", language))
    rows = []
    for learner in report.data.ordered():
        if not learner.started:
            rows.append([learner.name, _words("progress.report.not_started", language), "–", "–", "0", "0", "–"]
                        + ["–" for _ in skills] + ["–"])
            continue
        done = learner.stops_done
        rows.append([learner.name, f"{len(done)}/{len(STOPS)}" + (f" ({', '.join(map(str, done))})" if done else ""),
                     _stop_now(learner), _last(learner), str(learner.minutes_spent),
                     str(learner.total.asked), share(learner.total)]
                    + [share(learner.skill_tally(skill)) for skill in skills] + [_missed(learner, language)])
    return header, rows


def _file_lines(report: ClassReport, language: str) -> list[str]:
    lines = [_words("progress.report.files", language, n=len(report.read), skipped=len(report.skipped))]
    lines += [_words("progress.report.skipped", language, path=str(path), reason=render(error.message, language))
              for path, error in report.skipped]
    lines += [_words("progress.report.empty", language, path=str(path)) for path in report.empty]
    lines += [render(note, language) for _path, note in report.notes]
    return lines


def text_report(report: ClassReport, language: str = SOURCE) -> str:
    """The table as aligned text for a terminal, then the files skipped, empty, or read in part."""
    header, rows = table(report, language)
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [header, *rows]]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines + _file_lines(report, language))


def write_csv(report: ClassReport, path: str | os.PathLike[str], language: str = SOURCE) -> None:
    """The gradebook as CSV: see :func:`cribbage.progress.export.write_csv`."""
    _write_csv(report.data, path, language)


def write_xlsx(report: ClassReport, path: str | os.PathLike[str], language: str = SOURCE) -> None:
    """The gradebook as a spreadsheet: see :func:`cribbage.progress.export.write_xlsx`."""
    _write_xlsx(report.data, path, language)


def skill_chart_png(report: ClassReport, skill: str, language: str = SOURCE) -> bytes:
    """The class's shares of right first tries about ``skill``: a bar per learner, with the learner's
    name and the number on it (the page draws it for a class of up to :data:`NAMED_BARS`)."""
    from matplotlib.figure import Figure  # only the report draws; the engine never imports matplotlib

    learners = [(learner.name, learner.skill_tally(skill)) for learner in report.data.ordered()]
    learners = [(name, tally) for name, tally in learners if tally.asked]
    fig = Figure(figsize=(10, 0.9 + 0.42 * max(len(learners), 1)))
    ax = fig.add_subplot()
    shares = [100 * tally.right / tally.asked for _name, tally in learners]
    bars = ax.barh(range(len(learners)), shares, color="#0072B2", edgecolor="#000", height=0.6)
    for bar, (_name, tally), value in zip(bars, learners, shares):
        ax.text(min(value, 100) + 1, bar.get_y() + bar.get_height() / 2,
                f"{round(value)}% ({tally.right}/{tally.asked})", va="center", fontsize=13, parse_math=False)
    # parse_math=False: a name is text, never math ("$_$" would not draw, "Ana $ouza $" would turn italic).
    ax.set_yticks(range(len(learners)), [name for name, _tally in learners], fontsize=13, parse_math=False)
    ax.invert_yaxis()
    ax.set_xlim(0, 125)
    ax.set_xticks(range(0, 101, 25))
    ax.set_xlabel(_words("progress.report.chart_axis", language), fontsize=13, parse_math=False)
    title = _words("progress.report.chart_title", language, skill=_words(f"progress.skill.{skill}", language))
    ax.tick_params(axis="x", labelsize=12)
    ax.set_title(title, fontsize=16, loc="left", parse_math=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80, bbox_inches="tight")
    return buffer.getvalue()


_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 15px; margin: 16px; color: #111; }
h1 { font-size: 26px; margin: 0 0 8px 0; } h2 { font-size: 20px; margin: 22px 0 6px 0; }
table { border-collapse: collapse; margin: 6px 0 14px 0; }
th, td { border: 1px solid #999; padding: 3px 7px; text-align: left; vertical-align: top; }
thead th { background: #e4eff7; position: sticky; top: 0; }
tbody tr:nth-child(even) td, tbody tr:nth-child(even) th { background: #f4f4f4; }
td.n { text-align: right; white-space: nowrap; } td.missed { max-width: 26em; }
.bar { display: inline-block; height: 0.8em; background: #0072B2; border: 1px solid #000; vertical-align: middle; }
img { display: block; max-width: 100%; margin: 6px 0 16px 0; } .note { color: #8a2a00; margin: 2px 0; }
th[scope="row"] { min-width: 8em; } td.missed { min-width: 18em; }
caption { text-align: left; font-weight: bold; font-size: 17px; padding: 4px 0; }
table.spread td { border: none; border-bottom: 2px solid #000; vertical-align: bottom; text-align: center; width: 70px; }
table.spread tfoot th { border: none; background: none; font-weight: normal; text-align: center; }
table.spread .col { display: block; margin: 0 auto; width: 44px; background: #0072B2; border: 1px solid #000; }
"""


def _bar(tally: Tally) -> str:
    width = round(120 * tally.right / tally.asked) if tally.asked else 0
    return f'<span class="bar" style="width:{width}px"></span> {html.escape(share(tally))}'


def _cells(row: Sequence[str]) -> str:
    out = f'<th scope="row">{html.escape(row[0])}</th>'
    for i, cell in enumerate(row[1:], start=1):
        kind = ' class="missed"' if i == len(row) - 1 else (' class="n"' if i > 1 else "")
        out += f"<td{kind}>{html.escape(cell)}</td>"
    return out


def _spread(report: ClassReport, skill: str) -> list[int]:
    """How many learners reached each tenth of right first tries about ``skill`` (0–9%, ..., 90–100%)."""
    counts = [0] * 10
    for learner in report.learners.values():
        tally = learner.skill_tally(skill)
        if tally.asked:
            counts[min(9, int(10 * tally.right / tally.asked))] += 1
    return counts


def _spread_html(report: ClassReport, skill: str, language: str) -> str:
    """The class's spread over ``skill`` as a bar chart in HTML: each bar carries its number."""
    counts = _spread(report, skill)
    top = max(counts) or 1
    title = html.escape(_words("progress.report.chart_spread", language, skill=_words(f"progress.skill.{skill}", language)))
    bars = "".join(f'<td><span class="n">{count}</span><span class="col" style="height:{round(120 * count / top)}px">'
                   "</span></td>" for count in counts)
    labels = "".join(f"<th scope=\"col\">{10 * i}–{10 * i + 9 if i < 9 else 100}%</th>" for i in range(10))
    return (f'<table class="spread"><caption>{title}</caption><tbody><tr>{bars}</tr></tbody>'
            f"<tfoot><tr>{labels}</tr></tfoot></table>")


#: How many of the hardest questions the page lists.
HARDEST = 15


def write_html(report: ClassReport, path: str | os.PathLike[str], language: str = SOURCE) -> None:
    """A page for the teacher and the projector: the table, the class's item kinds and hardest
    questions, one chart per skill, then the files skipped, empty or read in part."""
    header, rows = table(report, language)
    title = html.escape(_words("progress.report.title", language))
    parts = [f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
             '<meta name="viewport" content="width=device-width, initial-scale=1">'
             f"<title>{title}</title><style>{_CSS}</style></head><body><h1>{title}</h1>"]
    started = sum(learner.started for learner in report.learners.values())
    parts.append("<p>" + html.escape(_words("progress.report.started", language, n=started,
                                            total=len(report.learners))) + "</p><table><thead><tr>")
    parts += [f'<th scope="col">{html.escape(cell)}</th>' for cell in header]
    parts.append("</tr></thead><tbody>")
    parts += [f"<tr>{_cells(row)}</tr>" for row in rows]
    parts.append("</tbody></table>")
    if not report.learners:
        parts.append(f"<p>{html.escape(_words('progress.report.no_answers', language))}</p>")
    kinds = report.data.kinds()
    if kinds:
        parts.append(f"<h2>{html.escape(_words('progress.report.kinds_title', language))}</h2><table><thead><tr>"
                     + "".join(f'<th scope="col">{html.escape(_words(key, language))}</th>'
                               for key in ("progress.report.kind", "progress.report.first_try",
                                           "progress.report.missed_by"))
                     + "</tr></thead><tbody>")
        for kind, tally, missed_by in sorted(kinds, key=lambda k: (k[1].accuracy or 0.0, k[0])):
            parts.append(f'<tr><th scope="row">{html.escape(_words(f"progress.kind.{kind}", language))}</th>'
                         f'<td>{_bar(tally)}</td><td class="n">{missed_by}</td></tr>')
        parts.append("</tbody></table>")
    questions = report.data.hardest(HARDEST)
    if questions:
        parts.append(f"<h2>{html.escape(_words('progress.report.hardest', language))}"
                     "</h2><table><thead><tr>"
                     + "".join(f'<th scope="col">{html.escape(_words(key, language))}</th>'
                               for key in ("progress.report.stop", "progress.report.question",
                                           "progress.report.first_try"))
                     + "</tr></thead><tbody>")
        for stop, item, tally in questions:
            parts.append(f'<tr><td class="n">{stop}</td><th scope="row">{html.escape(describe_item(item, language))}</th>'
                         f"<td>{_bar(tally)}</td></tr>")
        parts.append("</tbody></table>")
    for skill in report.skills:
        if len(report.learners) > NAMED_BARS:  # a histogram of the class, drawn in HTML: no name, no wait
            parts.append(_spread_html(report, skill, language))
            continue
        alt = _words("progress.report.chart_title", language, skill=_words(f"progress.skill.{skill}", language))
        data = base64.b64encode(skill_chart_png(report, skill, language)).decode("ascii")
        parts.append(f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">')
    parts += [f'<p class="note">{html.escape(line)}</p>' for line in _file_lines(report, language)]
    parts.append("</body></html>")
    Path(path).write_text("\n".join(parts), encoding="utf-8")


def run(paths: Sequence[str | os.PathLike[str]], *, csv_path: str | os.PathLike[str] | None = None,
        html_path: str | os.PathLike[str] | None = None, xlsx_path: str | os.PathLike[str] | None = None,
        language: str = SOURCE, roster: Iterable[tuple[str, str]] = ()) -> tuple[ClassReport, str]:
    """Merge ``paths``, write the CSV, HTML and spreadsheet asked for, and return the report with its text."""
    inputs = {Path(p).resolve() for p in paths}
    for out in (csv_path, html_path, xlsx_path):
        if out is not None and Path(out).resolve() in inputs:
            raise ProgressFileError(message("progress.report.would_overwrite", path=str(out)))
    report = merge(paths, roster)
    if csv_path is not None:
        write_csv(report, csv_path, language)
    if html_path is not None:
        write_html(report, html_path, language)
    if xlsx_path is not None:
        write_xlsx(report, xlsx_path, language)
    return report, text_report(report, language)
