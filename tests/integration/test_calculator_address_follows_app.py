"""The share link's address follows the calculator app: its address while something answers on its port,
the static page's once it stops (widgets/calculator/address.py). A listening socket: an integration test."""

from __future__ import annotations

import socket

import pytest

from widgets.calculator.address import ADDRESS_VARIABLE, calculator_address


def test_the_app_s_address_while_it_answers_else_the_static_page_s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ADDRESS_VARIABLE, raising=False)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert calculator_address(host="127.0.0.1", app_port=port, static_port=8000) == f"http://127.0.0.1:{port}/"
    assert calculator_address(host="127.0.0.1", app_port=port, static_port=8000) == "http://127.0.0.1:8000/"
    monkeypatch.setenv(ADDRESS_VARIABLE, "https://cribbage.example.org/calc/")
    assert calculator_address(app_port=port) == "https://cribbage.example.org/calc/"
