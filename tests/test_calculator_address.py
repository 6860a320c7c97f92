"""A shared hand's link is a whole link: the calculator app's address when it runs, else the static page's
(widgets/calculator/address.py), and stop 6 shows one."""

from __future__ import annotations

import json

import pytest

from cribbage.registry import stops
from tests.course_times import COURSE
from widgets import HandCalculator
from widgets.calculator.address import ADDRESS_VARIABLE, calculator_address


def test_the_variable_names_a_class_s_calculator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ADDRESS_VARIABLE, "https://cribbage.example.org/calc/")
    assert calculator_address() == "https://cribbage.example.org/calc/"


def test_a_lesson_s_calculator_link_opens_in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ADDRESS_VARIABLE, "http://localhost:8000/")
    calc = HandCalculator(base_url=calculator_address(), chart=False)
    calc.load_code("4S8D3D6D/2C")
    assert calc.link == "http://localhost:8000/?hand=4S8D3D6D&starter=2C&crib=0"


def test_stop_6_shows_a_whole_link() -> None:
    cells = json.loads((COURSE / stops.stop(6).notebook).read_text(encoding="utf-8"))["cells"]
    printed = "".join(output.get("text", "") for cell in cells if cell["cell_type"] == "code"
                      for output in cell.get("outputs", []) if "link" in "".join(cell["source"]))
    links = [line.split()[-1] for line in printed.splitlines() if "?hand=" in line]
    assert links and all(link.startswith("http://") for link in links), printed
