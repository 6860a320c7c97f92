"""The teacher's live view of a class: every learner's progress file read again as it changes, and the
page the teacher (or the projector) sees, refreshed every few seconds.

:class:`LiveClass` holds the class list and, for each member, where their progress files are (on a hub:
in their home, private to them; the view runs as the hub and reads them read-only). Each refresh reads
again only the files whose size or time stamp changed, so a class of 300 costs a few milliseconds when
nobody answered. Or, on a hub whose answers a progress service records (``--store``), one store for the
whole class, kept by the service alone. Either way the class list is the class: an answer is kept only
under an identity of the member whose file holds it (a learner's home file naming a classmate forges
nothing), and from a class store only the class list's identities are read (nobody adds a learner).
:func:`live_fragment` is the part of the page that changes: the class at each stop, the
roster (those who never started too) with each learner's current stop, last activity, time spent, first
tries and the item kinds they actually missed, then the class's first tries per item kind and per
question. The projector mode shows only the class, never a name. :func:`live_document` is the page
around it, which fetches the fragment again every :data:`REFRESH_SECONDS`. Every word is the teacher's
language's (``en``, ``es``, ``pt``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from cribbage.lang.messages import LANGUAGES, message, render
from cribbage.progress.classdata import ClassData, LearnerData
from cribbage.progress.items import describe_item
from cribbage.progress.roster import Member
from cribbage.progress.store import STOPS, Answer, ProgressFileError, read_progress
from cribbage.progress.summary import Tally
from cribbage.registry.languages import SOURCE

__all__ = ["REFRESH_SECONDS", "LiveClass", "language_of", "live_document", "live_fragment"]

#: How often the page asks for the class again.
REFRESH_SECONDS = 2


def language_of(asked: str | None, accept_language: str | None) -> str:
    """The teacher's language: ``?lang=`` if it is one of the course's, else the browser's first
    (``Accept-Language: pt-BR,pt;q=0.9``), else English."""
    if asked and asked in LANGUAGES:
        return asked
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE


@dataclass
class _Seen:
    stamp: tuple[int, int]
    answers: list[Answer]
    problem: ProgressFileError | None = None


@dataclass
class LiveClass:
    """A class list and where each member's progress files are, read again on :meth:`refresh`."""

    members: list[Member]
    files_of: Callable[[Member], Iterable[Path]]
    #: The class's one store (a progress service's), read instead of the members' files: its file, or what
    #: reads it (a database's, ``hub.class_store``: its answers, in the order given).
    store: Path | Callable[[], list[Answer]] | None = None
    _seen: dict[Path, _Seen] = field(default_factory=dict, repr=False)
    problems: list[tuple[Path, ProgressFileError]] = field(default_factory=list)
    _data: ClassData | None = field(default=None, repr=False)

    def _read(self, path: Path) -> list[Answer]:
        try:
            info = path.stat()
        except FileNotFoundError:
            self._seen.pop(path, None)
            return []
        except OSError:  # a folder the view may not enter, a name too long: the store's error says which
            self._seen.pop(path, None)
            try:
                return read_progress(path).answers  # it could be read after all (the modes just changed)
            except ProgressFileError as error:
                self.problems.append((path, error))
                return []
        stamp = (info.st_mtime_ns, info.st_size)
        seen = self._seen.get(path)
        if seen is None or seen.stamp != stamp:
            try:
                seen = _Seen(stamp, read_progress(path).answers)
            except ProgressFileError as error:
                seen = _Seen(stamp, [], error)
            self._seen[path] = seen
        if seen.problem is not None:
            self.problems.append((path, seen.problem))
        return seen.answers

    def _stored(self, store: Path | Callable[[], list[Answer]]) -> list[Answer]:
        if isinstance(store, Path):
            return self._read(store)
        try:
            return store()
        except ProgressFileError as error:  # the database is away: the class as it was last read
            self.problems.append((Path(str(getattr(getattr(store, '__self__', None), 'where', 'store'))), error))
            return [answer for learner in (self._data.learners.values() if self._data else ()) for answer in learner.answers]

    def refresh(self) -> ClassData:
        """The class as the files say now: each member by their hub identity, with the teacher's name
        for them; a learner chosen on a shared account (``hub:ana#…``) is a row of their own."""
        self.problems = []
        answers: list[Answer] = []
        if self.store is not None:
            listed = {member.identity for member in self.members}
            answers = [answer for answer in self._stored(self.store) if answer.identity in listed]
        else:
            for member in self.members:
                for path in sorted(self.files_of(member)):
                    answers += [answer for answer in self._read(path) if _belongs(answer, member)]
        answers.sort(key=lambda a: a.at)
        data = ClassData.of(answers, [(member.identity, member.name) for member in self.members])
        if self._data is not None:
            # A learner whose answers did not change keeps what was worked out for them (their tallies and
            # the kinds they missed), so a request after one answer recomputes one learner, not the class.
            for who, learner in data.learners.items():
                before = self._data.learners.get(who)
                if before is not None and before.name == learner.name and before.answers == learner.answers:
                    data.learners[who] = before
        self._data = data
        return data


def _belongs(answer: Answer, member: Member) -> bool:
    """An answer in ``member``'s own file counts only as theirs, or as one of the learners chosen on
    their account (``hub:ana#...``): a file naming a classmate's identity is a forgery."""
    return answer.identity == member.identity or answer.identity.startswith(member.identity + "#")


def _words(key: str, language: str, **values: object) -> str:
    return html.escape(render(message(key, **values), language))


def _share(tally: Tally) -> str:
    return f"{round(100 * tally.right / tally.asked)}% ({tally.right}/{tally.asked})" if tally.asked else "–"


def _bar(tally: Tally, width: int = 110) -> str:
    filled = round(width * tally.right / tally.asked) if tally.asked else 0
    return (f'<span class="bar"><span style="width:{filled}px"></span></span>'
            f'<span class="num">{html.escape(_share(tally))}</span>')


def _ago(last: str, now: datetime, language: str) -> str:
    if not last:
        return "–"
    try:
        seconds = int((now - datetime.fromisoformat(last)).total_seconds())
    except ValueError:
        return "–"
    if seconds < 60:
        return _words("progress.live.just_now", language)
    if seconds < 3600:
        return _words("progress.live.minutes_ago", language, n=seconds // 60)
    if seconds < 86400:
        return _words("progress.live.hours_ago", language, n=seconds // 3600)
    return html.escape(last[:10])


def _missed(learner: LearnerData, language: str) -> str:
    parts = [f"{render(message(f'progress.kind.{kind}'), language)} ×{count}" for kind, count in learner.most_missed(2)]
    return html.escape("; ".join(parts))


def _stops(data: ClassData, language: str) -> str:
    counts = data.stop_counts()
    cells = [f'<th scope="col">{_words("progress.live.not_started", language)}</th>']
    cells += [f'<th scope="col">{_words("progress.live.stop", language, stop=stop)}</th>' for stop in STOPS]
    values = [counts.get(None, 0), *(counts.get(stop, 0) for stop in STOPS)]
    return (f'<table class="stops"><caption>{_words("progress.live.at_each_stop", language)}</caption>'
            f"<thead><tr>{''.join(cells)}</tr></thead><tbody><tr>"
            + "".join(f'<td class="n">{value}</td>' for value in values) + "</tr></tbody></table>")


def _roster(data: ClassData, language: str, now: datetime) -> str:
    head = "".join(f'<th scope="col">{_words(f"progress.live.{key}", language)}</th>'
                   for key in ("learner", "stop_now", "last", "minutes", "questions", "first_try", "missed"))
    rows = []
    for learner in data.ordered():
        if not learner.started:
            rows.append(f'<tr class="idle"><th scope="row">{html.escape(learner.name)}</th>'
                        f'<td colspan="6">{_words("progress.live.not_started", language)}</td></tr>')
            continue
        rows.append(f'<tr data-learner="{html.escape(learner.identity)}"><th scope="row">{html.escape(learner.name)}</th>'
                    f'<td class="n">{learner.current_stop}</td><td>{_ago(learner.last, now, language)}</td>'
                    f'<td class="n">{learner.minutes_spent}</td><td class="n">{learner.total.asked}</td>'
                    f"<td>{_bar(learner.total, 60)}</td><td>{_missed(learner, language)}</td></tr>")
    return (f'<table class="roster"><caption>{_words("progress.live.roster", language)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _kinds(data: ClassData, language: str) -> str:
    rows = sorted(data.kinds(), key=lambda row: (row[1].accuracy or 0.0, row[0]))
    if not rows:
        return ""
    body = "".join(f'<tr><th scope="row">{_words(f"progress.kind.{kind}", language)}</th><td>{_bar(tally)}</td>'
                   f'<td class="n">{missed_by}</td></tr>' for kind, tally, missed_by in rows)
    return (f'<table class="kinds"><caption>{_words("progress.live.by_kind", language)}</caption><thead><tr>'
            f'<th scope="col">{_words("progress.live.kind", language)}</th>'
            f'<th scope="col">{_words("progress.live.first_try", language)}</th>'
            f'<th scope="col">{_words("progress.live.missed_by", language)}</th></tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _questions(data: ClassData, language: str, most: int) -> str:
    rows = data.hardest(most)
    if not rows:
        return ""
    body = "".join(f'<tr><td class="n">{stop}</td><th scope="row">{html.escape(describe_item(item, language))}</th><td>{_bar(tally)}</td></tr>'
                   for stop, item, tally in rows)
    return (f'<table class="questions"><caption>{_words("progress.live.by_question", language)}'
            f'</caption><thead><tr><th scope="col">{_words("progress.live.stop_column", language)}</th>'
            f'<th scope="col">{_words("progress.live.question", language)}</th>'
            f'<th scope="col">{_words("progress.live.first_try", language)}</th></tr></thead>'
            f"<tbody>{body}</tbody></table>")


def live_fragment(data: ClassData, language: str = SOURCE, *, projector: bool = False,
                  now: datetime | None = None) -> str:
    """The part of the page that changes. ``projector``: the class only, no learner's name anywhere."""
    now = now or datetime.now(timezone.utc)
    started = sum(learner.started for learner in data.learners.values())
    answers = sum(len(learner.answers) for learner in data.learners.values())
    parts = [f'<p class="summary">{_words("progress.live.summary", language, n=started, total=len(data.learners))} · '
             f'{_words("progress.live.answers", language, n=answers)} · '
             f'{_words("progress.live.updated", language, time=now.strftime("%H:%M:%S"))}</p>',
             _stops(data, language)]
    if projector:
        parts += ['<div class="columns">', _kinds(data, language), _questions(data, language, 10), "</div>"]
    else:
        parts += ['<div class="columns">', _roster(data, language, now), "<div>", _kinds(data, language),
                  _questions(data, language, 15), "</div></div>"]
    return "\n".join(part for part in parts if part)


_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 14px; margin: 12px; color: #111; }
body.projector { font-size: 22px; }
h1 { font-size: 1.5em; margin: 0 0 4px 0; display: inline-block; } nav { display: inline-block; margin-left: 1.5em; }
nav a { margin-right: 1em; } .summary { margin: 4px 0 8px 0; }
table { border-collapse: collapse; margin: 0 18px 14px 0; } caption { text-align: left; font-weight: bold; padding: 4px 0; }
th, td { border: 1px solid #aaa; padding: 2px 6px; text-align: left; vertical-align: middle; }
thead th { background: #e4eff7; position: sticky; top: 0; } td.n { text-align: right; }
tr.idle th, tr.idle td { color: #555; background: #f6f6f6; }
.columns { display: flex; flex-wrap: wrap; align-items: flex-start; }
.bar { display: inline-block; width: 110px; height: 0.8em; border: 1px solid #000; vertical-align: middle; margin-right: 4px; }
.roster .bar { width: 60px; } .bar span { display: block; height: 100%; background: #0072B2; }
.num { white-space: nowrap; }
"""

_SCRIPT = """
const live = document.getElementById("live");
// The hub accepts a login cookie on a fetch only with the page's XSRF token beside it.
const xsrf = decodeURIComponent((document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || "");
async function again() {
  try {
    const answer = await fetch(live.dataset.source, {cache: "no-store", credentials: "same-origin",
                                                     headers: {"X-XSRFToken": xsrf}});
    if (answer.ok) { live.innerHTML = await answer.text(); live.setAttribute("aria-busy", "false"); }
  } catch (error) { /* the next try will tell */ }
  setTimeout(again, live.dataset.every * 1000);
}
setTimeout(again, live.dataset.every * 1000);
"""


def live_document(fragment: str, source: str, language: str = SOURCE, *, projector: bool = False,
                  other_view: str = "", gradebook: str = "") -> str:
    """The whole page: the title, a link to the other mode (``other_view``) and to the gradebook (its
    address ``gradebook``, never on the projector), the fragment, and the script that fetches ``source``
    (the fragment's address) again every :data:`REFRESH_SECONDS`."""
    title = _words("progress.live.title", language)
    other = _words("progress.live.to_teacher" if projector else "progress.live.to_projector", language)
    book = (f'<a href="{html.escape(gradebook)}">{_words("progress.book.to_book", language)}</a>'
            if gradebook and not projector else "")
    return (f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            f"<style>{_CSS}</style></head><body class=\"{'projector' if projector else 'teacher'}\">"
            f'<h1>{title}</h1><nav><a href="{html.escape(other_view)}">{other}</a>{book}</nav>'
            f'<main id="live" data-source="{html.escape(source)}" data-every="{REFRESH_SECONDS}">'
            f"{fragment}</main><script>{_SCRIPT}</script></body></html>")
