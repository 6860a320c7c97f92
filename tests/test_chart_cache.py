"""The calculator's charts and the hand distribution are made once per machine and read after, and a
changed widget, word or library is never shown from an older picture. (A new kernel showing a kept
chart without importing matplotlib, the picture the one a fresh drawing gives, starts processes:
tests/integration/test_fresh_interpreters.py.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cribbage.stats import hands
from machinery import chart_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(folder))
    return folder


def _drawer(png: bytes = b"\x89PNG picture"):
    calls = []

    def draw() -> bytes:
        calls.append(1)
        return png
    return draw, calls


def test_a_chart_is_drawn_once_then_read(cache: Path) -> None:
    draw, calls = _drawer()
    assert chart_cache.cached_png("one", draw) == b"\x89PNG picture"
    assert chart_cache.cached_png("one", draw) == b"\x89PNG picture"
    assert len(calls) == 1
    kept = list((cache / "charts").rglob("*.png"))
    assert [path.name for path in kept] == ["one.png"]
    assert kept[0].parent.name == chart_cache.drawing_version()
    assert not list((cache / "charts").rglob("*.tmp"))


def test_a_new_version_draws_again_and_removes_the_old_pictures(cache: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chart_cache, "drawing_version", lambda: "old")
    chart_cache.cached_png("one", _drawer(b"old picture")[0])
    monkeypatch.setattr(chart_cache, "drawing_version", lambda: "new")
    draw, calls = _drawer(b"new picture")
    assert chart_cache.cached_png("one", draw) == b"new picture" and calls == [1]
    assert sorted(path.name for path in (cache / "charts").iterdir()) == ["new"]


def test_the_version_follows_the_code_and_words_that_draw(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pkg").mkdir()
    words = tmp_path / "pkg" / "words.py"
    words.write_text("HAND = 'this hand'\n")
    monkeypatch.setattr(chart_cache, "_DRAWN_BY", ((tmp_path / "pkg", ("*.py",)),))
    versions = []
    for text in ("HAND = 'this hand'\n", "HAND = 'your hand'\n", "HAND = 'this hand'\n"):
        words.write_text(text)
        chart_cache.drawing_version.cache_clear()
        versions.append(chart_cache.drawing_version())
    chart_cache.drawing_version.cache_clear()
    assert versions[0] != versions[1] and versions[0] == versions[2]


def test_without_a_cache_folder_each_chart_is_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CRIBBAGE_CACHE_DIR", str(blocker / "cache"))
    draw, calls = _drawer()
    assert chart_cache.cached_png("one", draw) == b"\x89PNG picture"
    assert chart_cache.cached_png("one", draw) == b"\x89PNG picture"
    assert len(calls) == 2
    # The hand distribution too: counted, not refused.
    hands._kept_distribution.cache_clear()
    try:
        assert hands.hand_distribution().sum() == 12_994_800
    finally:
        hands._kept_distribution.cache_clear()


def test_a_full_disk_leaves_no_half_picture(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(self: Path, data: bytes) -> int:
        self.open("wb").write(data[:3])   # the disk filled up part way
        raise OSError(28, "No space left on device")
    draw, calls = _drawer()
    with monkeypatch.context() as disk:
        disk.setattr(Path, "write_bytes", full)
        assert chart_cache.cached_png("one", draw) == b"\x89PNG picture"
    assert [path.name for path in (cache / "charts").rglob("*") if path.is_file()] == []
    assert chart_cache.cached_png("one", draw) == b"\x89PNG picture" and len(calls) == 2
    assert [path.name for path in (cache / "charts").rglob("*.png")] == ["one.png"]


@pytest.mark.parametrize("name", ["", "../escape", "a/b", ".hidden"])
def test_a_name_that_is_not_a_plain_file_name_is_refused(cache: Path, name: str) -> None:
    with pytest.raises(ValueError, match="plain file name"):
        chart_cache.cached_png(name, _drawer()[0])


def test_the_hand_distribution_is_counted_once_and_read_after(cache: Path) -> None:
    hands._kept_distribution.cache_clear()
    try:
        for crib in (False, True):
            first = hands.hand_distribution(crib=crib)
            assert first.tolist() == list(hands._distribution(crib))
            first[0] = -1   # the caller's copy: the next caller still gets the counts
            assert hands.hand_distribution(crib=crib)[0] == hands._distribution(crib)[0]
        assert len(list(cache.glob("hand_distribution-*.npz"))) == 2
        hands._kept_distribution.cache_clear()
        assert hands.hand_distribution(crib=True).tolist() == list(hands._distribution(True))
    finally:
        hands._kept_distribution.cache_clear()


def test_hand_distribution_is_an_array_of_counts() -> None:
    counts = hands.hand_distribution()
    assert counts.dtype == np.int64 and counts.shape == (30,) and counts.sum() == 12_994_800
