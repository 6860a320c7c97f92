"""The learner's copy: the lessons of one language copied into a folder of the learner's, and
brought up to a newer course without losing anything the learner typed.

A copy holds the stops (``00_start_here.ipynb`` ...) and ``rules.md`` as the course has them (a
lesson gets the "coming back" note at its top when it is first saved after a run:
:mod:`cribbage.lessons.notebooks`), and a record,
``.cribbage-course.json``: the course version the copy was made from and, for each file, what was
written (a hash of the file, and of each cell's source). The record is how an update tells the
learner's work from the course's:

- a lesson the newer course did not change is left exactly as the learner has it;
- a changed lesson is replaced by the newer one, into which go the cells the learner changed where
  the course did not change that cell (their answers: ``my_total = 12``) and the cells they added
  (after the cell they followed); a notebook with any work of the learner's is first kept as it was,
  whole, in ``backups/<date time>/``, so nothing they typed is lost even where the course changed
  the very cell they had typed in;
- a page (``rules.md``) the learner edited is kept there too before it is replaced;
- a lesson the copy holds under another of its names (a Spanish copy made when the lessons had their
  English names: ``03_the_show.ipynb``, now ``03_recuento.ipynb``) is first renamed, with JupyterLab's
  checkpoint of it and its tab in the copy's workspaces (else JupyterLab would try to reopen the old
  name), and then updated as above: the learner's answers go with it.

The answers the learner gave are recorded elsewhere (:mod:`cribbage.progress`): a copy, made or
updated, never touches them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import enum
import hashlib
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from cribbage.lang.messages import check_language, message, render
from cribbage.lang.system import system_reason
from cribbage.lessons import words  # noqa: F401  (the catalogue's words)
from cribbage.lessons.notebooks import RECORD, RETURN_CELL_ID, WORKSPACES, with_return_note
from cribbage.lessons.source import course_files
from cribbage.registry import stops
from cribbage.rules.errors import CribbageError

__all__ = ["RECORD", "CopyError", "CopyReport", "CopyState", "course_version", "default_folder", "inspect",
           "make_copy", "renames", "update_copy"]

# The copy's record (RECORD), in the copy's folder, is hidden from JupyterLab's file browser by its dot.
_FORMAT = 1


class CopyError(CribbageError):
    """A folder that cannot take or hold the course: not a copy, another language's, not writable."""


class CopyState(enum.Enum):
    """What a folder holds, for a language."""

    NEW = "new"            # nothing of the course yet: a copy can be made
    CURRENT = "current"    # a copy of this course version
    OLDER = "older"        # a copy of another (older) course version: it can be updated


@dataclass(frozen=True)
class CopyReport:
    """What making or updating a copy did."""

    folder: Path
    language: str
    state: CopyState            # what the folder held before
    added: tuple[str, ...]      # files written where there was none (a new copy, a new or deleted lesson)
    updated: tuple[str, ...]    # files replaced by the newer course's
    carried: int = 0            # cells of the learner's carried into the newer lessons
    backed_up: tuple[str, ...] = ()   # files kept as they were in ``backups``
    backups: Path | None = None
    renamed: tuple[tuple[str, str], ...] = ()   # (the name it had, its name now) of each lesson renamed


def default_folder(language: str) -> Path:
    """Where a learner's copy goes when they name no folder: ``cribbage-course/<language>`` in their
    documents folder, or in their data folder on a system without one (a server, a container)."""
    documents = Path(platformdirs.user_documents_dir())
    if documents.is_dir():
        return documents / "cribbage-course" / check_language(language)
    return Path(platformdirs.user_data_dir("cribbage-course", appauthor=False)) / "course" / check_language(language)


def _sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def _source(cell: Mapping[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _notebook_bytes(notebook: Mapping[str, Any]) -> bytes:
    # As Jupyter writes notebooks: one space of indent, keys as they are, a final newline.
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _written(language: str) -> dict[str, bytes]:
    """What a copy holds of each course file: the file as the course has it."""
    return {name: path.read_bytes() for name, path in course_files(language).items()}


def _version(files: Mapping[str, bytes]) -> str:
    return _sha("\n".join(f"{name} {_sha(data)}" for name, data in sorted(files.items())))


def course_version(language: str) -> str:
    """The version of the course in ``language`` as a copy would hold it (a hash of its files)."""
    return _version(_written(language))


def _entry(name: str, data: bytes) -> dict[str, Any]:
    entry: dict[str, Any] = {"sha256": _sha(data)}
    if name.endswith(".ipynb"):
        cells = json.loads(data)["cells"]
        entry["cells"] = {cell["id"]: _sha(_source(cell)) for cell in cells if "id" in cell}
    return entry


def _read_record(folder: Path) -> dict[str, Any] | None:
    path = folder / RECORD
    if not path.exists():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(record, dict) or not isinstance(record.get("files"), dict):
            raise ValueError("not a record of a course copy")
    except (OSError, ValueError) as error:
        raise CopyError(message("lessons.damaged_record", path=str(path), detail=str(error))) from error
    return record


def inspect(folder: Path, language: str) -> CopyState:
    """What ``folder`` holds of the course in ``language``; :class:`CopyError` when it cannot take it."""
    language = check_language(language)
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise CopyError(message("lessons.not_a_folder", folder=str(folder)))
    record = _read_record(folder) if folder.exists() else None
    if record is None:
        # Any name a stop's notebook has had: a folder of someone's own is no copy under any of them.
        others = [name for entry in stops.STOPS for name in entry.notebooks]
        for name in dict.fromkeys([*course_files(language), *others]):
            if (folder / name).exists():
                raise CopyError(message("lessons.not_a_copy", folder=str(folder), name=name))
        return CopyState.NEW
    if record.get("language") != language:
        raise CopyError(message("lessons.other_language", folder=str(folder), found=str(record.get("language"))))
    return CopyState.CURRENT if record.get("course") == course_version(language) else CopyState.OLDER


def renames(folder: Path, language: str) -> list[tuple[str, str]]:
    """(the name it has, the name it gets) of each lesson of the copy in ``folder`` that an update
    renames: one the copy wrote under another of the stop's names (its English name, in a copy made
    before the lessons had names in ``language``), when nothing is in the way of its new name."""
    language = check_language(language)
    folder = Path(folder)
    record = _read_record(folder) if folder.is_dir() else None
    if record is None:
        return []
    found = []
    for entry in stops.STOPS:
        name = entry.notebook_in(language)
        if (folder / name).exists():
            continue
        for old in entry.notebooks:
            if old != name and old in record["files"] and (folder / old).is_file():
                found.append((old, name))
                break
    return found


def _checkpoint(folder: Path, name: str) -> Path:
    # Where JupyterLab keeps a notebook's checkpoint (File > Revert to checkpoint), beside it.
    return folder / ".ipynb_checkpoints" / f"{Path(name).stem}-checkpoint{Path(name).suffix}"


def _renamed_in(value: Any, old: str, new: str) -> Any:
    """A workspace's JSON with the document ``old`` named ``new``: its path (``03_the_show.ipynb``) and
    the ids JupyterLab gives its tab (``notebook:03_the_show.ipynb``), as values and as keys."""
    if isinstance(value, str):
        return new if value == old else value[:-len(old)] + new if value.endswith(f":{old}") else value
    if isinstance(value, list):
        return [_renamed_in(item, old, new) for item in value]
    if isinstance(value, dict):
        return {_renamed_in(key, old, new): _renamed_in(item, old, new) for key, item in value.items()}
    return value


def _rename(folder: Path, old: str, new: str, entries: dict[str, Any]) -> None:
    """The lesson ``old`` of the copy renamed ``new`` (its checkpoint and its tabs in the copy's
    workspaces too), its record moved with it."""
    (folder / old).rename(folder / new)
    if _checkpoint(folder, old).is_file() and not _checkpoint(folder, new).exists():
        _checkpoint(folder, old).rename(_checkpoint(folder, new))
    for workspace in sorted(path for path in (folder / WORKSPACES).glob("*") if path.is_file()):
        try:
            layout = json.loads(workspace.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue   # not JupyterLab's (or damaged): JupyterLab itself will say so
        renamed = _renamed_in(layout, old, new)
        if renamed != layout:
            _write(workspace, (json.dumps(renamed, indent=1) + "\n").encode("utf-8"))
    entries[new] = entries.pop(old)


def _write(path: Path, data: bytes) -> None:
    """Write through a side file renamed into place: a copy interrupted never holds half a lesson."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    partial.write_bytes(data)
    partial.replace(path)


def _save_record(folder: Path, language: str, files: Mapping[str, bytes], entries: dict[str, Any]) -> None:
    record = {"format": _FORMAT, "language": language, "course": _version(files), "files": entries}
    _write(folder / RECORD, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode("utf-8"))


@contextlib.contextmanager
def _writing(folder: Path) -> Iterator[None]:
    """Turn an OSError while writing the copy into the learner's error, naming the folder."""
    try:
        yield
    except OSError as error:
        detail = system_reason(error)
        raise CopyError(message("lessons.cannot_write", folder=str(folder), detail=detail)) from error


def make_copy(folder: Path, language: str) -> CopyReport:
    """Copy the course in ``language`` into ``folder`` (a new copy), or put back the files a copy of
    this version lacks (a lesson the learner deleted). A copy of another version is left to
    :func:`update_copy`; what the learner changed is never overwritten here."""
    language = check_language(language)
    folder = Path(folder)
    state = inspect(folder, language)
    if state is CopyState.OLDER:
        raise ValueError("the copy is of another course version: update_copy() brings it up to date")
    files = _written(language)
    record = _read_record(folder) if state is CopyState.CURRENT else None
    entries: dict[str, Any] = dict(record["files"]) if record else {}
    added = []
    with _writing(folder):
        for name, data in files.items():
            if not (folder / name).exists():
                _write(folder / name, data)
                entries[name] = _entry(name, data)
                added.append(name)
        if added or record is None:
            _save_record(folder, language, files, entries)
    return CopyReport(folder, language, state, tuple(added), ())


def _merged(new: bytes, learner: Mapping[str, Any], recorded: Mapping[str, str],
            language: str) -> tuple[bytes, int, bool]:
    """The newer lesson ``new`` with the learner's work in it: (the notebook, the cells carried,
    whether the learner's notebook held any work of theirs). A lesson the learner had run keeps its
    "coming back" note (in this course's words)."""
    notebook = json.loads(new)
    cells: list[dict[str, Any]] = notebook["cells"]
    newer = {cell.get("id"): cell for cell in cells}
    carried, touched, previous = 0, False, None
    for position, cell in enumerate(learner.get("cells", [])):
        cell_id = cell.get("id") or f"learner-{position}"
        if cell_id == RETURN_CELL_ID:
            previous = cell_id
            continue
        source = _source(cell)
        if cell_id in recorded:
            if _sha(source) != recorded[cell_id]:
                touched = True
                course_cell = newer.get(cell_id)
                # Carried only where the course left that cell as it was: else the backup has it.
                if course_cell is not None and _sha(_source(course_cell)) == recorded[cell_id]:
                    course_cell["source"] = source
                    carried += 1
        else:   # a cell the learner added: after the cell it followed, if the newer lesson has it
            touched = True
            added = {key: value for key, value in cell.items() if key != "outputs"}
            added["id"] = cell_id
            if added.get("cell_type") == "code":
                added["outputs"], added["execution_count"] = [], None
            at = next((i + 1 for i, c in enumerate(cells) if c.get("id") == previous), len(cells))
            cells.insert(at, added)
            newer[cell_id] = added
            carried += 1
        previous = cell_id
    if any(cell.get("id") == RETURN_CELL_ID for cell in learner.get("cells", [])):
        notebook = with_return_note(notebook, language)
    return _notebook_bytes(notebook), carried, touched


def update_copy(folder: Path, language: str, *, now: dt.datetime | None = None) -> CopyReport:
    """Bring a copy of an older course version up to this one (see the module's docstring)."""
    language = check_language(language)
    folder = Path(folder)
    state = inspect(folder, language)
    if state is not CopyState.OLDER:
        return make_copy(folder, language)
    record = _read_record(folder)
    assert record is not None   # an OLDER copy has one
    files = _written(language)
    entries: dict[str, Any] = dict(record["files"])
    stamp = (now or dt.datetime.now()).strftime("%Y-%m-%d %H.%M.%S")
    backups = folder / render(message("lessons.backups"), language) / stamp
    added, updated, backed_up, carried = [], [], [], 0
    renamed = renames(folder, language)
    with _writing(folder):
        # First under the names this course gives them, so the update below finds the learner's work.
        for old, new in renamed:
            _rename(folder, old, new, entries)
        for name, data in files.items():
            target = folder / name
            recorded = entries.get(name, {})
            if not target.exists():
                _write(target, data)
                added.append(name)
            elif recorded.get("sha256") == _sha(data):
                continue   # the course did not change this file: the learner's stays as it is
            else:
                current = target.read_bytes()
                if name.endswith(".ipynb"):
                    try:
                        learner = json.loads(current)
                    except ValueError:
                        learner, touched, merged, kept = {}, True, data, 0
                    else:
                        merged, kept, touched = _merged(data, learner, recorded.get("cells", {}), language)
                    carried += kept
                else:
                    merged, touched = data, _sha(current) != recorded.get("sha256")
                if touched:
                    _write(backups / name, current)
                    backed_up.append(name)
                _write(target, merged)
                updated.append(name)
            # What the course wrote is what the next update compares with (not the merged file).
            entries[name] = _entry(name, data)
        _save_record(folder, language, files, entries)
    return CopyReport(folder, language, state, tuple(added), tuple(updated), carried, tuple(backed_up),
                      backups if backed_up else None, tuple(renamed))
