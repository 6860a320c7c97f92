"""The browser-test machinery proven on small notebooks of its own: real clicks and typing
reach the kernel and come back, and every kind of failure the checks promise to catch is caught."""

import pytest
from lab_page import NotebookError

FIXTURES = "_browser_fixtures"


def test_click_and_type_reach_the_kernel_and_come_back(open_notebook) -> None:
    notebook = open_notebook(f"{FIXTURES}/button_label.ipynb")
    counter = notebook.find_cell("button.on_click(count)")
    assert notebook.text(counter).splitlines() == ["Count", "Not clicked yet"]

    notebook.click("Count", cell=counter)
    assert "Clicked 1 time(s)" in notebook.text(counter)
    notebook.click("Count", cell=counter)
    assert "Clicked 2 time(s)" in notebook.text(counter)

    greeter = notebook.find_cell("widgets.Text(")
    notebook.type("Ada", cell=greeter, placeholder="Your name")
    notebook.expect_text(greeter, "Hello, Ada")
    notebook.type("Grace", cell=greeter, label="Name", submit=True)
    assert notebook.text(greeter).endswith("Hello, Grace")

    chooser = notebook.find_cell("widgets.Dropdown(")
    assert notebook.text(chooser).endswith("Clubs, hand")
    notebook.select("Hearts", cell=chooser)
    notebook.check("Crib", cell=chooser)
    assert notebook.text(chooser).endswith("Hearts, crib")
    notebook.screenshot("machinery-button-label", cell=counter)

    # An error in a callback is shown nowhere in JupyterLab; the helpers still catch it.
    with pytest.raises(NotebookError, match="this button is meant to fail"):
        notebook.click("Break")
    # Only once: the next action is judged on its own.
    notebook.click("Count", cell=counter)
    assert "Clicked 3 time(s)" in notebook.text(counter)


def test_a_missing_button_is_named_with_those_that_exist(open_notebook) -> None:
    notebook = open_notebook(f"{FIXTURES}/button_label.ipynb")
    with pytest.raises(NotebookError, match=r"0 buttons named 'Nope'.*'Count'"):
        notebook.click("Nope", cell=notebook.find_cell("button.on_click(count)"))


def test_an_error_and_a_widget_that_cannot_be_drawn_fail_the_run(open_notebook) -> None:
    # One notebook for both, to open one page: the broken widget comes first, since Run All
    # stops at the error.
    with pytest.raises(NotebookError) as failure:
        open_notebook(f"{FIXTURES}/broken.ipynb")
    report = str(failure.value)
    assert "cell 0: Error displaying widget" in report
    assert "cell 2: ZeroDivisionError" in report


def test_a_dialog_in_the_page_would_be_caught(voila_page) -> None:
    # The Voilà tests' "nothing ran" could fail: markup that runs opens a dialog, recorded.
    with voila_page.page.expect_event("dialog", timeout=30_000):
        voila_page.page.set_content("<img src=x onerror=alert(1)>")
    assert voila_page.dialogs == ["alert: 1"]


def test_a_close_that_hangs_is_ended_by_killing_the_browser(capsys) -> None:
    import threading

    from browser_servers import within_time

    killed = threading.Event()

    def hung_close() -> None:
        # As a page's close does once its browser is killed under it: it returns, with an error.
        if not killed.wait(30):
            raise AssertionError("the watchdog never fired")
        raise RuntimeError("Target page, context or browser has been closed\nBrowser logs: ...")

    within_time(hung_close, "a hung page", seconds=0.2, kill=killed.set)
    assert killed.is_set()
    assert "a hung page did not close in 0.2 s: Chromium was killed (Target page" in capsys.readouterr().out

    def failing_close() -> None:
        raise RuntimeError("a real error")

    with pytest.raises(RuntimeError, match="a real error"):
        within_time(failing_close, "a page", seconds=30, kill=killed.set)
    within_time(lambda: None, "a page that closes", seconds=30, kill=lambda: None)
