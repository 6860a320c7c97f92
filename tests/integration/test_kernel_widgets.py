"""Memory in a real kernel: a cell run again closes the views its last run made, as JupyterLab runs it
(the request names the cell). The views' own bookkeeping, in the test's process, is
tests/test_widgets_memory.py's."""

from __future__ import annotations

import pytest

# A kernel started, and cells run in it again and again: seconds, so marked slow as its module was.
pytestmark = pytest.mark.slow


def _run_in_cell(client, code: str, cell: str) -> dict:
    """Run ``code`` as JupyterLab runs a notebook cell: the request names the cell's id."""
    request = client.session.msg("execute_request", {"code": code, "silent": False, "store_history": True,
                                                     "user_expressions": {}, "allow_stdin": False,
                                                     "stop_on_error": True}, metadata={"cellId": cell})
    client.shell_channel.send(request)
    while True:
        reply = client.get_shell_msg(timeout=120)
        if reply["parent_header"].get("msg_id") == request["header"]["msg_id"]:
            assert reply["content"]["status"] == "ok", reply["content"]
            return reply


def _live_in_kernel(client) -> int:
    request = client.execute("import warnings, ipywidgets as _w\nwith warnings.catch_warnings():\n"
                             "    warnings.simplefilter('ignore')\n    _n = len(_w.Widget.widgets)",
                             user_expressions={"n": "_n"})
    while True:
        reply = client.get_shell_msg(timeout=120)
        if reply["parent_header"].get("msg_id") == request:
            return int(reply["content"]["user_expressions"]["n"]["data"]["text/plain"])


def test_a_cell_run_again_closes_the_views_its_last_run_made():
    """The issue's case: re-running a calculator cell grew the kernel by ~255 widgets each time."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        code = "from widgets.calculator.hand import HandCalculator\ncalc = HandCalculator()\ncalc"
        _run_in_cell(client, code, "calc-cell")
        first = _live_in_kernel(client)
        for _ in range(5):
            _run_in_cell(client, code, "calc-cell")
        assert _live_in_kernel(client) == first
        # Another cell's views are its own: they stay, and so do the first cell's.
        _run_in_cell(client, "from widgets.drills.discard import DiscardDrill\ndrill = DiscardDrill()", "drill-cell")
        with_drill = _live_in_kernel(client)
        assert with_drill > first
        _run_in_cell(client, code, "calc-cell")
        assert _live_in_kernel(client) == with_drill
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
