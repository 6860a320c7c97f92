"""The class's gradebook out of the course: CSV for any spreadsheet, ``.xlsx`` (openpyxl) for a school's.

One row per learner (those who never answered too) with an ID column (the learner's identity: the
hub or computer account), the name, and numbers in their own columns, never text such as
``67% (8/12)``: the stops done, the current stop, the minutes spent, the questions and the first tries
right, per stop and per skill, and the share right in percent. The columns are the same every week
(every stop and every skill of the course), so a gradebook can be pasted over.

A spreadsheet would run a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (a learner
named ``=HYPERLINK(...)``): in the CSV such a text cell starts with an apostrophe, which spreadsheets
show as text. In the ``.xlsx`` every text cell is stored as text, so it is never a formula and keeps
the name exactly. Spanish and Portuguese spreadsheets split a CSV on ``;`` (their decimal mark is the
comma), English ones on ``,``; the shares use the language's decimal mark. The last answer's time is a
date in the workbook (UTC), ISO 8601 text in the CSV.

:func:`moodle_csv` is the same class for Moodle's gradebook (*Grades ▸ Import ▸ CSV file*): a comma-
separated UTF-8 file with a header row, one row per learner, the column ``username`` to map to the
Moodle user's username (the hub's account names, ``hub:`` left out), the display name, and one grade per
column, each a plain number (a ``.`` as decimal mark, whatever the language) that Moodle maps to a new
or existing grade item: the course's share right at the first try in percent, each stop's, and the stops
done. A learner with no answer at a stop has an empty cell there (Moodle then leaves that grade as it is).
"""

from __future__ import annotations

import csv
import io
import os
from datetime import datetime, timezone

# Loaded with the module, not at the first workbook: the teacher's view imports this when it starts, so
# the first download after the hub started it does not wait for openpyxl (benchmarks/gradebook.py).
from openpyxl import Workbook  # type: ignore[import-untyped]
from openpyxl.cell import WriteOnlyCell  # type: ignore[import-untyped]
from openpyxl.styles import Font  # type: ignore[import-untyped]

from cribbage.lang.messages import message, render
from cribbage.lang.translations import format_number
from cribbage.progress.classdata import ClassData, LearnerData
from cribbage.progress.store import SKILLS, STOPS
from cribbage.progress.summary import Tally
from cribbage.registry.languages import LANGUAGES, SOURCE

__all__ = ["SEPARATOR", "csv_text", "gradebook", "moodle", "moodle_csv", "neutralised", "when", "write_csv",
           "write_xlsx", "xlsx_bytes"]

#: The CSV separator a spreadsheet in each language expects (the registry's ``csv_separator``).
SEPARATOR: dict[str, str] = {language.code: language.csv_separator for language in LANGUAGES}

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Cell = str | int | float | datetime | None


def when(text: str) -> datetime | None:
    """An answer's time (ISO 8601) as a datetime in UTC, or None for none or one that is not a time."""
    try:
        found = datetime.fromisoformat(text)
    except ValueError:
        return None
    return found.astimezone(timezone.utc) if found.tzinfo else found.replace(tzinfo=timezone.utc)


def neutralised(text: str) -> str:
    """``text`` as a CSV cell no spreadsheet runs: an apostrophe before a leading ``= + - @``, tab or CR.

    >>> neutralised('=HYPERLINK("http://x","Ana")')
    '\\'=HYPERLINK("http://x","Ana")'
    >>> neutralised("Ana")
    'Ana'
    """
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def _words(key: str, language: str, **values: object) -> str:
    return render(message(key, **values), language)


def _percent(tally: Tally) -> float | None:
    return round(100 * tally.right / tally.asked, 1) if tally.asked else None


def _missed(learner: LearnerData, language: str) -> str:
    return "; ".join(f"{_words(f'progress.kind.{kind}', language)} ({count})" for kind, count in learner.most_missed(3))


def gradebook(data: ClassData, language: str = SOURCE) -> tuple[list[str], list[list[Cell]]]:
    """The header and the rows: text cells as they are, numbers as numbers, None for "no answer yet"."""
    def col(key: str, **values: object) -> str:
        return _words(f"progress.export.{key}", language, **values)

    header = [col("id"), col("name"), col("stops_done"), col("current_stop"), col("last"), col("minutes"),
              col("questions"), col("right"), col("percent")]
    for stop in STOPS:
        header += [col("stop_questions", stop=stop), col("stop_right", stop=stop)]
    for skill in SKILLS:
        said = _words(f"progress.skill.{skill}", language)
        header += [col("skill_questions", skill=said), col("skill_right", skill=said),
                   col("skill_percent", skill=said)]
    header.append(col("most_missed"))
    rows: list[list[Cell]] = []
    for learner in data.ordered():
        total = learner.total
        row: list[Cell] = [learner.identity, learner.name, len(learner.stops_done), learner.current_stop,
                           when(learner.last), learner.minutes_spent, total.asked, total.right, _percent(total)]
        for stop in STOPS:
            tally = learner.stop_tally(stop)
            row += [tally.asked, tally.right]
        for skill in SKILLS:
            tally = learner.skill_tally(skill)
            row += [tally.asked, tally.right, _percent(tally)]
        row.append(_missed(learner, language))
        rows.append(row)
    return header, rows


def _csv_cell(cell: Cell, language: str) -> str:
    if cell is None:
        return ""
    if isinstance(cell, datetime):
        return cell.isoformat(timespec="seconds")
    if isinstance(cell, float):
        return format_number(cell, language, ".1f")
    if isinstance(cell, int):
        return str(cell)
    return neutralised(cell)


def write_csv(data: ClassData, path: str | os.PathLike[str], language: str = SOURCE) -> None:
    """The gradebook as CSV in UTF-8 with a byte-order mark (spreadsheets then read the accents),
    separated as the language's spreadsheets expect (:data:`SEPARATOR`)."""
    with open(path, "w", newline="", encoding="utf-8-sig") as out:
        out.write(csv_text(data, language))


def csv_text(data: ClassData, language: str = SOURCE) -> str:
    """The gradebook's CSV as text (without the byte-order mark :func:`write_csv` puts first)."""
    header, rows = gradebook(data, language)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=SEPARATOR[language])
    writer.writerow([neutralised(cell) for cell in header])
    writer.writerows([_csv_cell(cell, language) for cell in row] for row in rows)
    return out.getvalue()


def write_xlsx(data: ClassData, path: str | os.PathLike[str], language: str = SOURCE) -> None:
    """The gradebook as an Excel workbook: one sheet, the header frozen, numbers as numbers, the last
    answer as a date and time (UTC), text as text."""
    with open(path, "wb") as out:
        out.write(xlsx_bytes(data, language))


def xlsx_bytes(data: ClassData, language: str = SOURCE) -> bytes:
    """The workbook :func:`write_xlsx` writes, as bytes (the teacher's view sends them)."""
    header, rows = gradebook(data, language)
    book = Workbook(write_only=True)  # written row by row: a school's class in a fraction of the time
    sheet = book.create_sheet(_words("progress.export.sheet", language)[:31])
    sheet.freeze_panes = "C2"
    sheet.column_dimensions["A"].width = 18
    sheet.column_dimensions["B"].width = 24
    bold = Font(bold=True)
    sheet.append([_cell(sheet, value, bold) for value in header])
    for row in rows:
        sheet.append([_cell(sheet, value) if isinstance(value, (str, datetime)) else value for value in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cell(sheet: object, value: Cell, font: object = None) -> object:
    if isinstance(value, datetime):  # Excel has no time zone: the column's header says UTC
        cell = WriteOnlyCell(sheet, value=value.astimezone(timezone.utc).replace(tzinfo=None))
        cell.number_format = "yyyy-mm-dd hh:mm:ss"
        return cell
    if font is None and isinstance(value, str) and not value.startswith("="):
        return value  # openpyxl stores it as text as it is: only "=..." would become a formula
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # text, even "=HYPERLINK(...)": openpyxl would store a formula
    if font is not None:
        cell.font = font
    return cell


def moodle(data: ClassData, language: str = SOURCE) -> tuple[list[str], list[list[Cell]]]:
    """The header and the rows of :func:`moodle_csv`: account, name, then grades as numbers (None: none)."""
    def col(key: str, **values: object) -> str:
        return _words(f"progress.book.moodle.{key}", language, **values)

    header = [col("username"), col("name"), col("course"), *(col("stop", stop=stop) for stop in STOPS),
              col("stops_done")]
    rows: list[list[Cell]] = []
    for learner in data.ordered():
        account = learner.identity.removeprefix("hub:").removeprefix("os:")
        rows.append([account, learner.name, _percent(learner.total),
                     *(_percent(learner.stop_tally(stop)) for stop in STOPS), len(learner.stops_done)])
    return header, rows


def moodle_csv(data: ClassData, language: str = SOURCE) -> str:
    """The class for Moodle's grade import (see the module's docstring): always ``,`` and a ``.`` decimal
    mark, which Moodle's CSV import reads in every language; text cells neutralised as in the CSV."""
    header, rows = moodle(data, language)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([neutralised(cell) for cell in header])
    writer.writerows(["" if cell is None else cell if isinstance(cell, (int, float)) else neutralised(str(cell))
                      for cell in row] for row in rows)
    return out.getvalue()
