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

from cribbage.lang.messages import Message, add_catalogue, message

__all__ = ["ENV", "MOST_WAITING", "TOKEN_ENV", "deliver", "outbox_of", "service_address"]

add_catalogue({
    "progress.service.waiting": {"en": "Your answer is kept on this computer; the class's record could not take it now "
                                       "({reason}): it will be sent with your next answer"},
    "progress.service.refused": {"en": "Your answer is kept on this computer, but the class's record refused it "
                                       "({reason}): tell your teacher"},
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


def _post(address: str, answers: list[dict[str, Any]]) -> tuple[int, str]:
    """The service's status for ``answers`` and, when it is not 200, why (0: no answer from it)."""
    import urllib.error  # only on a hub: the engine's import stays light elsewhere
    import urllib.request

    request = urllib.request.Request(
        address.rstrip("/") + "/answers", data=json.dumps({"answers": answers}).encode("utf-8"), method="POST",
        headers={"Authorization": f"token {os.environ.get(TOKEN_ENV, '')}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, ""
    except urllib.error.HTTPError as error:
        try:
            why = str(json.loads(error.read()).get("error", error.reason))
        except (ValueError, AttributeError, OSError):
            why = str(error.reason)
        return error.code, why[:200]
    except (OSError, ValueError) as error:  # refused, timed out, no such host, a bad address
        return 0, str(getattr(error, "reason", error))[:200]


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
                if status == 200:
                    waiting = waiting[PER_REQUEST:]
                    continue
                if status in (0, 429, 502, 503, 504):  # away or busy: they wait for the next answer
                    notice = message("progress.service.waiting", reason=why or str(status))
                    break
                # Refused on its merits (not on the class list, a request it cannot read): sending it again
                # would fail again; the answers stay in the learner's own file.
                notice = message("progress.service.refused", reason=why or str(status))
                waiting = waiting[PER_REQUEST:]
            _write(fd, waiting)
            return notice
    except OSError as error:  # the outbox cannot be written: the answer is in the learner's file all the same
        return message("progress.service.waiting", reason=error.strerror or str(error))
