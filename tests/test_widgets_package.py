"""The ``widgets`` package: every name it offers is there, and a view loads only what it shows (a
lesson without a board or a chart never loads matplotlib, about 0.3 s of its kernel's start)."""

from __future__ import annotations

import widgets


def test_every_name_offered_is_there_and_only_those():
    for name in widgets.__all__:
        assert getattr(widgets, name) is not None, name
    assert sorted(widgets.__all__) == sorted(set(widgets.__all__))
    assert set(widgets._WHERE) <= set(widgets.__all__) and set(widgets.__all__) <= set(dir(widgets))
    try:
        widgets.NoSuchView  # noqa: B018
    except AttributeError as error:
        assert "NoSuchView" in str(error)
    else:
        raise AssertionError("an unknown name was given")
