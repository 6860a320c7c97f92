"""The visitor's query string, read inside the app's kernel (the notebooks import it as ``page_request``:
the kernel runs in ``apps/``).

Voilà's own helper, ``voila.utils.get_query_string``, does the same, but importing ``voila.utils``
imports Voilà's server extension with it (Jupyter Server, JupyterLab Server, jsonschema): about
4 s of CPU in every kernel, the larger part of what a kernel costs before it can serve a page.
Thirty visitors at once on two cores paid it thirty times. This reads the same websocket with
only ``websockets``, as Voilà 0.5.13 does (``voila/utils.py``: ``wait_for_request``); the names of
the environment variables and the websocket's path are Voilà's, undocumented (item 7 of
:mod:`machinery.jupyter_internals`, whose contract test checks them against the installed Voilà).
"""

from __future__ import annotations

import json
import os

# Voilà sets these in the environment of the kernels it starts (voila.utils.ENV_VARIABLE).
PREHEAT = "VOILA_PREHEAT"
QUERY_STRING = "QUERY_STRING"
WS_PROTOCOL, APP_IP, APP_PORT = "VOILA_WS_PROTOCOL", "VOILA_APP_IP", "VOILA_APP_PORT"
WS_BASE_URL, SERVER_URL, KERNEL_ID = "VOILA_WS_BASE_URL", "VOILA_SERVER_URL", "VOILA_KERNEL_ID"
#: Every variable of Voilà's this module reads.
VOILA_ENV = (PREHEAT, QUERY_STRING, WS_PROTOCOL, APP_IP, APP_PORT, WS_BASE_URL, SERVER_URL, KERNEL_ID)
#: Where a warm kernel waits for its visitor's request (``<base URL><QUERY_SOCKET>/<kernel id>``).
QUERY_SOCKET = "voila/query"


def preheated() -> bool:
    """Whether this kernel was started ahead of its visitor, for Voilà's pool of warm kernels."""
    return os.environ.get(PREHEAT, "False") != "False"


def query_string() -> str:
    """The query string of the page this kernel serves; '' outside Voilà (as in JupyterLab).

    A kernel of Voilà's warm pool has no visitor yet: it waits here until Voilà hands it one,
    then takes that page's request (query string, server name, port, path) into its environment,
    as ``voila.utils.get_query_string`` does. A kernel started for a page has them already."""
    if preheated():
        from websockets.sync.client import connect  # only a warm kernel needs it

        protocol = os.environ.get(WS_PROTOCOL, "ws")
        host = os.environ.get(APP_IP, "127.0.0.1")
        port = os.environ.get(APP_PORT, "8866")
        base = os.environ.get(WS_BASE_URL, os.environ.get(SERVER_URL, "/"))
        kernel_id = os.environ.get(KERNEL_ID, "")
        # No timeout on the wait: a warm kernel waits as long as nobody comes (Voilà's does too).
        with connect(f"{protocol}://{host}:{port}{base}{QUERY_SOCKET}/{kernel_id}", open_timeout=30,
                     compression=None) as socket:
            request = json.loads(socket.recv())
        os.environ.update({str(name): str(value) for name, value in request.items()})
    return os.environ.get(QUERY_STRING, "")
