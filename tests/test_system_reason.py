"""Why the operating system refused, said in the reader's language (issue 53): the system's own words
(``strerror``) are English whatever the learner reads, so every message that names the cause names
:func:`cribbage.lang.system.system_reason` instead."""

from __future__ import annotations

import errno
import os

import pytest

from cribbage.lang.messages import render
from cribbage.lang.system import WORDS, system_reason
from cribbage.registry.languages import CODES

WORDED = sorted(key.removeprefix("system.") for key in WORDS if key != "system.other")


@pytest.mark.parametrize("code", WORDED)
def test_each_common_cause_is_worded_in_each_language_not_in_the_systems_english(code: str) -> None:
    number = getattr(errno, code)
    reason = system_reason(OSError(number, os.strerror(number)))
    assert reason.key == f"system.{code}"
    said = {language: render(reason, language) for language in CODES}
    assert len(set(said.values())) == len(CODES), said   # each language its own words
    for language, text in said.items():
        assert os.strerror(number) not in text, (language, text)


@pytest.mark.parametrize("language", CODES)
def test_another_cause_is_named_by_its_code(language: str) -> None:
    said = render(system_reason(OSError(errno.EBUSY, os.strerror(errno.EBUSY))), language)
    assert "EBUSY" in said and os.strerror(errno.EBUSY) not in said
    assert "OSError" in render(system_reason(OSError("no number")), language)


def test_the_outbox_that_cannot_be_written_says_why_in_the_learners_language(tmp_path, monkeypatch) -> None:
    from cribbage.progress import service_client

    monkeypatch.setattr(service_client, "service_address", lambda: "http://127.0.0.1:9")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(service_client, "_locked", full)
    notice = service_client.deliver({"item": "x"}, tmp_path / "progress.sqlite3")
    assert notice is not None and notice.key == "progress.service.waiting"
    assert "no queda espacio en el disco" in render(notice, "es")
    assert os.strerror(errno.ENOSPC) not in render(notice, "pt")


def test_a_store_fault_the_catalogue_does_not_word_names_its_code(tmp_path) -> None:
    from cribbage.progress.store import _fault

    said = render(_fault(OSError(errno.EBUSY, os.strerror(errno.EBUSY)), tmp_path / "p.sqlite3").message, "pt")
    assert "EBUSY" in said and os.strerror(errno.EBUSY) not in said


def test_the_class_set_up_says_why_the_system_refused_in_the_teachers_language() -> None:
    from hub.class_setup import failure

    said = render(failure(PermissionError(errno.EACCES, os.strerror(errno.EACCES), "/srv/class")), "es")
    assert "/srv/class" in said and "esta cuenta no tiene permiso" in said and os.strerror(errno.EACCES) not in said
    # No file named: the reason alone, not ": the reason"
    assert render(failure(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))), "pt") == "não há mais espaço no disco"
