"""Where the hand calculator's share link points, so that the link a lesson shows is a whole link.

The calculator app (``make calculator``, Voilà) serves a link's hand at ``http://localhost:8866/?hand=...``
(Voilà's default port); the static page (``python -m apps.static_calculator.serve``) at
``http://localhost:8000/?hand=...``. A lesson's calculator has no page address of its own (it runs in
JupyterLab), so :func:`calculator_address` gives it one: ``$CRIBBAGE_CALCULATOR_URL`` when set (a class's
calculator on its own server), else the app's address when something answers on the app's port of this
machine, else the static page's.
"""

from __future__ import annotations

import os
import socket

__all__ = ["ADDRESS_VARIABLE", "APP_PORT", "STATIC_PORT", "calculator_address"]

#: ``make calculator``'s port (Voilà's default; ``make calculator PORT=...`` serves another).
APP_PORT = 8866
#: ``python -m apps.static_calculator.serve``'s default port (``apps.static_calculator.serve.DEFAULT_PORT``).
STATIC_PORT = 8000
#: The environment variable that names a class's calculator: the link's address, as it is.
ADDRESS_VARIABLE = "CRIBBAGE_CALCULATOR_URL"
# A connection on this machine is accepted or refused at once; the wait is for a machine that drops it.
_PROBE_SECONDS = 0.3


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=_PROBE_SECONDS):
            return True
    except OSError:
        return False


def calculator_address(*, host: str = "localhost", app_port: int = APP_PORT, static_port: int = STATIC_PORT) -> str:
    """The address a share link starts with (the hand's query follows it): see the module's docstring.

    >>> os.environ[ADDRESS_VARIABLE] = "https://cribbage.example.org/calculator/"
    >>> calculator_address()
    'https://cribbage.example.org/calculator/'
    >>> del os.environ[ADDRESS_VARIABLE]
    """
    chosen = os.environ.get(ADDRESS_VARIABLE, "").strip()
    if chosen:
        return chosen
    port = app_port if _listening(host, app_port) else static_port
    return f"http://{host}:{port}/"
