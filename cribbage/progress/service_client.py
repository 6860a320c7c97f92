"""On a class's hub: each answer the learner's own store records is also sent to the class's progress service.

``hub/class_setup.py`` puts :data:`ENV` (``CRIBBAGE_CLASS_SERVICE``, the service's address) in every
learner's server, whose kernels inherit it with the learner's hub token (``JUPYTERHUB_API_TOKEN``). The
service (``hub/progress_service.py``) asks the hub whose token it is, checks each answer again with the
engine and keeps it in the class's one store, which the teacher reads. The learner's own progress file
stays as it is: their copy, for their progress panel and for study away from the class.

Sending never loses an answer and never stops a view: the answer is in the learner's file before it is
sent; an answer the service could not take (down, busy, too many at once) waits in an outbox beside the
learner's file (:func:`outbox_of`, 0600) and goes with the next answer; :func:`deliver` returns a message
for the learner instead of raising. An answer the service refuses on its merits (it could not check it) is
not sent again. Off a hub (no :data:`ENV`) nothing is sent and nothing changes. Standard library only.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from cribbage.lang.messages import CATALOGUE, Message, add_catalogue, message, render
from cribbage.lang.system import system_reason

# The service's checks bring their words into the catalogue: the reasons it names, which a learner's
# kernel words with heard() (imported for that, not called).
from cribbage.progress import check as _checks  # noqa: F401

__all__ = ["ENV", "MOST_WAITING", "TOKEN_ENV", "deliver", "heard", "outbox_of", "said", "service_address"]

add_catalogue({
    "progress.service.waiting": {"en": "Your answer is kept on this computer; the class's record could not take it now "
                                       "({reason}): it will be sent with your next answer"},
    "progress.service.refused": {"en": "Your answer is kept on this computer, but the class's record refused it "
                                       "({reason}): tell your teacher"},
    # Why the class's progress service refused: it says which of these (and the values), the kernel words it.
    "progress.service.why.no_token": {"en": "the hub does not know this notebook's token"},
    "progress.service.why.not_listed": {"en": "your account is not on the class list"},
    "progress.service.why.too_big": {"en": "a request holds at most {most} bytes"},
    "progress.service.why.not_json": {"en": "the request could not be read"},
    "progress.service.why.bad_body": {"en": "a request holds 1 to {most} answers"},
    "progress.service.why.per_minute": {"en": "more than {most} answers in a minute: wait a moment"},
    "progress.service.why.in_all": {"en": "more than {most} answers in all: the class's record keeps no more for you"},
    "progress.service.why.not_an_answer": {"en": "an answer is sent with its question and what was answered"},
    "progress.service.why.store": {"en": "the class's record cannot be written just now"},
    "progress.service.why.away": {"en": "the class's record did not answer"},
    "progress.service.why.status": {"en": "the class's record answered with the code {status}"},
})

#: The progress service's address (``http://127.0.0.1:8003/services/progress/``), set on a class's hub only.
ENV = "CRIBBAGE_CLASS_SERVICE"
#: The learner's hub token, which the single-user server gives its kernels.
TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
#: The most answers kept waiting for the service (the learner's own file holds them all anyway).
MOST_WAITING = 500
#: How many answers go in one request (the service's limit).
PER_REQUEST = 50
#: How long a kernel waits for the service before keeping the answer for later.
TIMEOUT = 3.0


#: How deep a reason's messages may nest, and how long a value may be, as the kernel reads them.
_DEPTH, _VALUE_MOST = 4, 300


def said(reason: Message) -> dict[str, Any]:
    """A refusal's reason as the service sends it (JSON): its catalogue key and its values, so that the
    learner's kernel words it in her language (:func:`heard`). A value that is a message is sent as one; a
    number as a number; anything else (cards, a quoted answer) as its text, which no language changes."""
    def value(found: object) -> object:
        if isinstance(found, Message):
            return {"message": said(found)}
        if isinstance(found, (list, tuple)) and found and all(isinstance(item, Message) for item in found):
            return {"messages": [said(item) for item in found]}
        if isinstance(found, (int, float)) and not isinstance(found, bool):
            return found
        if isinstance(found, (list, tuple)):
            return " ".join(map(str, found))
        return str(found)

    return {"key": reason.key, "values": {name: value(found) for name, found in reason.values.items()}}


def heard(sent: object, depth: int = 0) -> Message | None:
    """The reason the service sent (:func:`said`), as a message of this kernel's catalogue; None when it is
    not one this kernel can word (an unknown key, a value missing or of no kind the service sends)."""
    if depth > _DEPTH or not isinstance(sent, dict) or not isinstance(sent.get("values", {}), dict):
        return None
    key = sent.get("key")
    if not isinstance(key, str) or key not in CATALOGUE:
        return None
    values: dict[str, Any] = {}
    for name, found in sent.get("values", {}).items():
        if isinstance(found, dict) and "message" in found:
            values[name] = heard(found["message"], depth + 1)
        elif isinstance(found, dict) and isinstance(found.get("messages"), list):
            values[name] = [heard(item, depth + 1) for item in found["messages"]]
        elif isinstance(found, (int, float)) and not isinstance(found, bool):
            values[name] = found
        elif isinstance(found, str):
            values[name] = found[:_VALUE_MOST]
        else:
            return None
        if values[name] is None or (isinstance(values[name], list) and None in values[name]):
            return None
    reason = Message(key, values)
    try:
        render(reason)  # every value the template names is there
    except (KeyError, IndexError, ValueError, TypeError):
        return None
    return reason


def _why(status: int, sent: object) -> Message:
    """What the learner reads of a refusal: the service's reason in her language, else what its status says."""
    found = heard(sent)
    if found is not None:
        return found
    if status == 0:
        return message("progress.service.why.away")
    return message("progress.service.why.status", status=str(status))


def service_address() -> str | None:
    """The class's progress service, when this kernel runs on a class's hub with a token; else None."""
    address = os.environ.get(ENV, "").strip()
    return address if address and os.environ.get(TOKEN_ENV) else None


def outbox_of(progress: Path) -> Path:
    """The answers waiting for the service, beside the learner's progress file."""
    return progress.with_name(progress.name + ".outbox.jsonl")


@contextmanager
def _locked(path: Path) -> Iterator[int]:
    """The outbox, opened (0600) and locked against the learner's other notebooks sending at the same time."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        try:
            import fcntl
        except ImportError:  # no fcntl (Windows): no hub there either
            fcntl = None  # type: ignore[assignment]
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)


def _read(fd: int) -> list[dict[str, Any]]:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    waiting = []
    for line in b"".join(chunks).decode("utf-8", "replace").splitlines():
        with suppress(ValueError):
            entry = json.loads(line)
            if isinstance(entry, dict):
                waiting.append(entry)
    return waiting


def _write(fd: int, waiting: list[dict[str, Any]]) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in waiting[-MOST_WAITING:]).encode())


def _post(address: str, answers: list[dict[str, Any]]) -> tuple[int, Message | None]:
    """The service's status for ``answers`` (0: no answer from it) and why it refused, if it did: the
    whole request (not 200), or else the first answer it refused."""
    import urllib.error  # only on a hub: the engine's import stays light elsewhere
    import urllib.request

    request = urllib.request.Request(
        address.rstrip("/") + "/answers", data=json.dumps({"answers": answers}).encode("utf-8"), method="POST",
        headers={"Authorization": f"token {os.environ.get(TOKEN_ENV, '')}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            try:
                refused = json.loads(response.read()).get("refused") or [{}]
            except (ValueError, AttributeError, OSError):
                refused = [{}]
            first = refused[0] if isinstance(refused, list) and isinstance(refused[0], dict) else {}
            return response.status, _why(response.status, first.get("why")) if first else None
    except urllib.error.HTTPError as error:
        try:
            why = json.loads(error.read()).get("why")
        except (ValueError, AttributeError, OSError):
            why = None
        return error.code, _why(error.code, why)
    except (OSError, ValueError):  # refused, timed out, no such host, a bad address: the service did not answer
        return 0, _why(0, None)


def deliver(answer: Mapping[str, Any], progress: Path) -> Message | None:
    """Send ``answer`` (as the service takes it: item, answer, stop, correct, kinds, revealed, at) and any
    that wait, to the class's service. None when all went (or off a hub); else what to tell the learner."""
    address = service_address()
    if address is None:
        return None
    try:
        with _locked(outbox_of(progress)) as fd:
            # Its id goes with it when it is sent again: the service keeps it once.
            waiting = [*_read(fd), {**answer, "id": secrets.token_hex(8)}]
            notice = None
            while waiting:
                status, why = _post(address, waiting[:PER_REQUEST])
                if status in (0, 429, 502, 503, 504):  # away or busy: they wait for the next answer
                    notice = message("progress.service.waiting", reason=why or _why(status, None))
                    break
                # Taken, or refused on its merits (an answer it cannot check, not on the class list, a request
                # it cannot read): sending it again would fail again; the answers stay in the learner's own file.
                if status != 200 or why is not None:
                    notice = message("progress.service.refused", reason=why or _why(status, None))
                waiting = waiting[PER_REQUEST:]
            _write(fd, waiting)
            return notice
    except OSError as error:  # the outbox cannot be written: the answer is in the learner's file all the same
        return message("progress.service.waiting", reason=system_reason(error))
