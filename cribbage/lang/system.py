"""The operating system's refusals, worded in the reader's language.

An ``OSError`` carries the system's own words (``strerror``: "No space left on device"), in English
whatever language the person reads. Where a message names why the system refused, it names
:func:`system_reason` instead: the common causes from the catalogue, any other by its code (``EBUSY``),
which a person or a teacher can look up.
"""

from __future__ import annotations

import errno

from cribbage.lang.messages import Message, add_catalogue, message

__all__ = ["system_reason"]

WORDS = {
    # Why the operating system refused to read or write a file or a folder (after a colon or in brackets).
    "system.ENOSPC": {"en": "no space is left on the disk"},
    "system.EDQUOT": {"en": "the account's share of the disk is used up"},
    "system.EACCES": {"en": "this account has no permission for it"},
    "system.EPERM": {"en": "the system does not allow it"},
    "system.EROFS": {"en": "the disk is read-only"},
    "system.ENOENT": {"en": "there is no such file or folder"},
    "system.ENOTDIR": {"en": "a part of the path is not a folder"},
    "system.EISDIR": {"en": "it is a folder, not a file"},
    "system.EEXIST": {"en": "it exists already"},
    "system.ENAMETOOLONG": {"en": "a name in the path is too long"},
    "system.EIO": {"en": "the disk could not be read or written"},
    "system.EMFILE": {"en": "too many files are open"},
    "system.ENOEXEC": {"en": "it is not a program this system can start"},
    "system.other": {"en": "the system's error {code}"},
}

add_catalogue(WORDS)


def system_reason(error: OSError) -> Message:
    """Why the system refused, in the catalogue's words: ``message("system.ENOSPC")`` for a full disk,
    ``message("system.other", code="EBUSY")`` for a cause the catalogue does not word."""
    code = errno.errorcode.get(error.errno) if isinstance(error.errno, int) else None
    if code is not None and f"system.{code}" in WORDS:
        return message(f"system.{code}")
    return message("system.other", code=code or type(error).__name__)
