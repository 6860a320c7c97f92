"""The teacher's report: many learners' progress files merged into one table (text, CSV, HTML).

Files are opened read-only; a file that is not a progress file (or is damaged, or newer) is named and
skipped. The same learner in several files (a laptop and the hub) is one row. The HTML page has the
table and one bar chart per skill, drawn with matplotlib (imported here, only when drawing), in large
type for a projector; each bar carries its number, so nothing is told by colour alone.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cribbage.lang.messages import message, render
from cribbage.progress.store import SKILLS, STOPS, Answer, ProgressFileError, open_read_only
from cribbage.progress.summary import LearnerProgress, Tally, summarize

__all__ = ["ClassReport", "merge", "table", "text_report", "write_csv", "write_html"]


@dataclass
class ClassReport:
    """The class: each learner's progress, the files read and the files skipped (with why)."""

    learners: dict[str, LearnerProgress] = field(default_factory=dict)
    read: list[Path] = field(default_factory=list)
    skipped: list[tuple[Path, ProgressFileError]] = field(default_factory=list)

    @property
    def skills(self) -> list[str]:
        """The skills anyone answered about, in the course's order."""
        seen = {skill for progress in self.learners.values() for skill in progress.skills}
        return [skill for skill in SKILLS if skill in seen]


def merge(paths: Iterable[str | os.PathLike[str]]) -> ClassReport:
    """Read every file (never writing one) and merge their answers, learner by learner."""
    report = ClassReport()
    # How often each answer was given, the most any one file says: a copy of a file handed in twice
    # adds nothing, yet the same answer given twice in one second (a try-it run again) counts twice,
    # as the learner's panel counts it.
    times: dict[Answer, int] = {}
    for given in paths:
        path = Path(given)
        if any(path.resolve() == done.resolve() for done in report.read):
            continue  # the same file named twice counts once
        try:
            found = open_read_only(path)
        except ProgressFileError as error:
            report.skipped.append((path, error))
            continue
        report.read.append(path)
        for answer, n in Counter(found).items():
            times[answer] = max(times.get(answer, 0), n)
    report.learners = summarize(answer for answer, n in times.items() for _ in range(n))
    return report


def _words(key: str, language: str, **values: object) -> str:
    return render(message(key, **values), language)


def _share(tally: Tally | None) -> str:
    if tally is None or not tally.asked:
        return "–"
    return f"{round(100 * tally.right / tally.asked)}% ({tally.right}/{tally.asked})"


def _missed(progress: LearnerProgress, language: str) -> str:
    worst = progress.most_missed(3)
    if not worst:
        return _words("progress.report.none", language)
    return "; ".join(_words("progress.report.missed_item", language, kind=_words(f"progress.kind.{kind}", language),
                            wrong=tally.wrong, asked=tally.asked) for kind, tally in worst)


def table(report: ClassReport, language: str = "en") -> tuple[list[str], list[list[str]]]:
    """The header and one row per learner: name, stops done, answers, accuracy, accuracy per skill,
    most-missed item kinds."""
    skills = report.skills
    header = [_words(f"progress.report.{key}", language) for key in ("learner", "stops_done", "answers", "accuracy")]
    header += [_words("progress.report.accuracy_of", language, skill=_words(f"progress.skill.{skill}", language))
               for skill in skills]
    header.append(_words("progress.report.most_missed", language))
    rows = []
    for name in sorted(report.learners, key=str.casefold):
        progress = report.learners[name]
        done = progress.stops_done
        rows.append([name, f"{len(done)}/{len(STOPS)}" + (f" ({', '.join(map(str, done))})" if done else ""),
                     str(progress.total.asked), _share(progress.total)]
                    + [_share(progress.skills.get(skill)) for skill in skills] + [_missed(progress, language)])
    return header, rows


def text_report(report: ClassReport, language: str = "en") -> str:
    """The table as aligned text for a terminal, then the files skipped and why."""
    header, rows = table(report, language)
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [header, *rows]]
    lines.insert(1, "  ".join("-" * width for width in widths))
    lines.append(_words("progress.report.files", language, n=len(report.read), skipped=len(report.skipped)))
    lines += [_words("progress.report.skipped", language, path=str(path), reason=render(error.message, language))
              for path, error in report.skipped]
    return "\n".join(lines)


def write_csv(report: ClassReport, path: str | os.PathLike[str], language: str = "en") -> None:
    """The table as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the accents)."""
    header, rows = table(report, language)
    with open(path, "w", newline="", encoding="utf-8-sig") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(rows)


def skill_chart_png(report: ClassReport, skill: str, language: str = "en") -> bytes:
    """A horizontal bar per learner: the share of right answers about ``skill``, its number on the bar."""
    from matplotlib.figure import Figure  # only the report draws; the engine never imports matplotlib

    names = sorted((name for name, p in report.learners.items() if skill in p.skills), key=str.casefold)
    tallies = [report.learners[name].skills[skill] for name in names]
    fig = Figure(figsize=(11, 1.2 + 0.7 * max(len(names), 1)))
    ax = fig.add_subplot()
    shares = [100 * t.right / t.asked for t in tallies]
    bars = ax.barh(range(len(names)), shares, color="#0072B2", edgecolor="#000", height=0.6)
    for bar, tally, share in zip(bars, tallies, shares):
        ax.text(min(share, 100) + 1, bar.get_y() + bar.get_height() / 2,
                f"{round(share)}% ({tally.right}/{tally.asked})", va="center", fontsize=18)
    ax.set_yticks(range(len(names)), names, fontsize=18)
    ax.invert_yaxis()
    ax.set_xlim(0, 125)
    ax.set_xticks(range(0, 101, 25))
    ax.tick_params(axis="x", labelsize=16)
    ax.set_xlabel(_words("progress.report.chart_axis", language), fontsize=18)
    ax.set_title(_words("progress.report.chart_title", language, skill=_words(f"progress.skill.{skill}", language)),
                 fontsize=22, loc="left")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return buffer.getvalue()


_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 22px; margin: 24px; color: #111; }
h1 { font-size: 34px; } table { border-collapse: collapse; margin: 16px 0 28px 0; }
th, td { border: 1px solid #555; padding: 8px 12px; text-align: left; vertical-align: top; }
th { background: #e4eff7; } tr:nth-child(even) td { background: #f4f4f4; }
img { display: block; max-width: 100%; margin: 8px 0 28px 0; } .skipped { color: #8a2a00; }
"""


def write_html(report: ClassReport, path: str | os.PathLike[str], language: str = "en") -> None:
    """A page for the projector: the table, then one chart per skill, then the files skipped."""
    header, rows = table(report, language)
    title = html.escape(_words("progress.report.title", language))
    parts = [f'<!doctype html><html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>'
             f"<style>{_CSS}</style></head><body><h1>{title}</h1><table><thead><tr>"]
    parts += [f'<th scope="col">{html.escape(cell)}</th>' for cell in header]
    parts.append("</tr></thead><tbody>")
    for row in rows:
        parts.append(f'<tr><th scope="row">{html.escape(row[0])}</th>'
                     + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[1:]) + "</tr>")
    parts.append("</tbody></table>")
    if not report.learners:
        parts.append(f"<p>{html.escape(_words('progress.report.no_answers', language))}</p>")
    for skill in report.skills:
        alt = _words("progress.report.chart_title", language, skill=_words(f"progress.skill.{skill}", language))
        data = base64.b64encode(skill_chart_png(report, skill, language)).decode("ascii")
        parts.append(f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">')
    parts.append(f"<p>{html.escape(_words('progress.report.files', language, n=len(report.read), skipped=len(report.skipped)))}</p>")
    for skipped, error in report.skipped:
        parts.append('<p class="skipped">' + html.escape(_words(
            "progress.report.skipped", language, path=str(skipped), reason=render(error.message, language))) + "</p>")
    parts.append("</body></html>")
    Path(path).write_text("\n".join(parts), encoding="utf-8")


def run(paths: Sequence[str | os.PathLike[str]], *, csv_path: str | os.PathLike[str] | None = None,
        html_path: str | os.PathLike[str] | None = None, language: str = "en") -> tuple[ClassReport, str]:
    """Merge ``paths``, write the CSV and HTML asked for, and return the report with its text."""
    inputs = {Path(p).resolve() for p in paths}
    for out in (csv_path, html_path):
        if out is not None and Path(out).resolve() in inputs:
            raise ProgressFileError(message("progress.report.would_overwrite", path=str(out)))
    report = merge(paths)
    if csv_path is not None:
        write_csv(report, csv_path, language)
    if html_path is not None:
        write_html(report, html_path, language)
    return report, text_report(report, language)
