"""Who a learner is: their account (the hub's user, else the computer's), never the name they type.

An **identity** is a short text the progress store keeps with every answer:

- ``hub:<user>`` on JupyterHub (``JUPYTERHUB_USER``, set by the hub in every learner's server);
- ``os:<account>`` elsewhere (the computer account the kernel runs as);
- ``<account identity>#<token>`` for one learner of several sharing a computer account (or one copy of
  the course): each picks who they are once (:func:`choose`), and the choice is kept in
  :data:`CHOICE_FILE` in the course's folder, so every notebook of that copy answers as them;
- ``name:<name>`` for a learner named by a script or a test (``ProgressStore(path, learner="Ana")``),
  and for the answers of files written before identities (schema 2 and older), kept apart by name.

The **display name** is what the panel and the teacher read; it is kept beside the identity and can be
corrected at any time without changing who the answers belong to. File names come from the identity
(:func:`file_stem`): readable where the account is, and always distinct (a hash of the whole identity),
so names such as ``..``, ``/`` or ``👩‍🎓`` can neither collide nor leave the folder.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import re
import secrets
from pathlib import Path

from cribbage.lang.messages import message
from cribbage.lang.system import system_reason
from cribbage.rules.checks import of_kind, plain_text
from cribbage.rules.errors import CribbageError

__all__ = [
    "CHOICE_FILE",
    "HUB_ENV",
    "account",
    "account_name",
    "choose",
    "chosen",
    "current_identity",
    "file_stem",
    "is_account",
    "new_profile",
    "system_user",
]

#: The environment variable JupyterHub sets to the learner's hub user name.
HUB_ENV = "JUPYTERHUB_USER"
#: The file, in the course's folder, that keeps who a learner on a shared account chose to be.
CHOICE_FILE = ".cribbage-learner.json"
#: How far up from the notebook's folder the choice is looked for (the start page sits one folder down).
_CHOICE_DEPTH = 3


def system_user() -> str:
    """The name the computer knows the learner by."""
    try:
        return getpass.getuser()
    except Exception:  # no user name in a bare container: say so plainly
        return "learner"


def account() -> str:
    """The identity of the account this kernel runs for: the hub's user, else the computer's."""
    hub = os.environ.get(HUB_ENV, "").strip()
    return f"hub:{hub}" if hub else f"os:{system_user()}"


def account_name() -> str:
    """The account's name as a person reads it (the first display name, until the learner gives one)."""
    return account().split(":", 1)[1]


def is_account(identity: str) -> bool:
    """Whether ``identity`` is an account's own (not a learner chosen on a shared account, not a name)."""
    return identity.startswith(("hub:", "os:")) and "#" not in identity


def file_stem(identity: str) -> str:
    """A file name for ``identity``: safe on every file system, readable, and distinct for every identity."""
    identity = _name(identity, "identity", 200)
    who = identity.split(":", 1)[-1]
    readable = re.sub(r"[^A-Za-z0-9_-]+", "_", who).strip("_-")[:32] or "learner"
    digest = hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{readable}-{digest}"


def new_profile(base: str | None = None) -> str:
    """A new identity for one more learner on this account (random: two Gabriels are two learners)."""
    return f"{base or account()}#{secrets.token_hex(6)}"


def _folder(value: object, name: str) -> Path | None:
    """A folder given as text or a path (None: the working folder), refused with the engine's error."""
    if value is None:
        return None
    if not isinstance(value, str):
        value = os.fspath(of_kind(value, name, (str, os.PathLike)))
    return Path(plain_text(value, name, empty=False))


def _name(value: object, name: str, most: int) -> str:
    return plain_text(value, name, most=most, empty=False)


def _choice_files(start: Path | None = None) -> list[Path]:
    try:
        folder = (_folder(start, "start") or Path.cwd()).resolve()
    except OSError:  # the working folder was removed (or cannot be looked at): no choice can be read there
        return []
    out = []
    for _ in range(_CHOICE_DEPTH):
        out.append(folder / CHOICE_FILE)
        if folder.parent == folder:
            break
        folder = folder.parent
    return out


def chosen(start: Path | None = None) -> tuple[str, str] | None:
    """The learner chosen for this copy of the course (identity, display name), or None.

    A choice made under another account (a copied folder) is not this account's and is ignored."""
    mine = account()
    for path in _choice_files(start):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        identity, name = data.get("id"), data.get("name")
        if isinstance(identity, str) and isinstance(name, str) and identity.startswith(mine + "#") and name.strip():
            return identity, name.strip()
    return None


def choose(identity: str, name: str, folder: Path | None = None) -> Path:
    """Keep, for this copy of the course (``folder``: the notebooks' folder), who its learner is.

    Choosing the account itself (``identity == account()``) removes the choice."""
    identity, name = _name(identity, "identity", 200), _name(name, "name", 80)
    try:
        path = (_folder(folder, "folder") or Path.cwd()) / CHOICE_FILE
    except OSError as err:  # the working folder was removed
        raise CribbageError(message("progress.cannot_choose", path=".", detail=system_reason(err))) from None
    try:
        if identity == account():
            path.unlink(missing_ok=True)
            return path
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"id": identity, "name": name}, out, ensure_ascii=False)
    except OSError as err:
        raise CribbageError(message("progress.cannot_choose", path=str(path), detail=system_reason(err))) from None
    return path


def current_identity(start: Path | None = None) -> str:
    """Who answers in this kernel: the learner chosen for this copy, else the account."""
    picked = chosen(start)
    return picked[0] if picked else account()
