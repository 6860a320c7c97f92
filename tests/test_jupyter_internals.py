"""The contract between the calculator app and what it uses of Voilà and Jupyter Server that they do
not document (machinery/jupyter_internals.py): every such thing is still there in the installed
versions, a thing gone is named with its package and version, the packages are bounded above in
pyproject.toml, and the app's kernels read the names Voilà writes. Fast: classes and sources are
inspected, no server is started."""

from __future__ import annotations

import importlib.metadata
import json

from packaging.requirements import Requirement
from traitlets.utils.importstring import import_item

from apps import page_request
from machinery import jupyter_internals as internals
from machinery.jupyter_internals import USES, Use, missing, warm_pool, with_pages


def test_everything_the_adapter_uses_is_in_the_installed_versions() -> None:
    gone = missing()
    assert not gone, "what the app uses of Voilà or Jupyter Server changed (see machinery/jupyter_internals.py):\n" \
        + "\n".join(gone)


def test_a_thing_gone_is_named_with_its_package_its_version_and_why() -> None:
    voila = importlib.metadata.version("voila")
    gone = missing([
        Use("voila", "voila.app:Voila", ("init_handlers", "no_such_hook"), why="the reason"),
        Use("voila", "voila.app:Voila.listen", says=("self.app.listen(", "no such phrase"), why="another"),
        Use("voila", "voila.no_such_module:Thing", why="a third"),
        Use("jupyter_server", "jupyter_server.services.kernels.kernelmanager:MappingKernelManager.no_such_method"),
    ])
    assert gone[0] == f"voila {voila}: voila.app.Voila has no attribute 'no_such_hook'; the reason"
    assert gone[1] == f"voila {voila}: voila.app.Voila.listen no longer says 'no such phrase'; another"
    assert gone[2].startswith(f"voila {voila}: voila.no_such_module.Thing is gone (") and gone[2].endswith("a third")
    assert gone[3].startswith(f"jupyter_server {importlib.metadata.version('jupyter_server')}: ")
    assert len(gone) == 4


def test_every_package_it_leans_on_is_bounded_above_and_installed_within_the_bounds() -> None:
    # The project's dependencies as installed (make reinstalls it when pyproject.toml changes), and the
    # [app] extra's (Voilà, for the calculator app only); no other extra.
    lines = [Requirement(line) for line in importlib.metadata.requires("cribbage-course") or []]
    required = {line.name.replace("-", "_"): line for line in lines
                if line.marker is None or line.marker.evaluate({"extra": "app"})}
    for package in sorted({use.package for use in USES} | {"jupyter_client"}):
        requirement = required.get(package)
        assert requirement is not None, f"{package} is not among the project's dependencies"
        assert any(spec.operator in ("<", "<=", "~=", "==") for spec in requirement.specifier), \
            f"{requirement} has no upper bound"
        installed = importlib.metadata.version(package)
        assert requirement.specifier.contains(installed), f"{package} {installed} is outside {requirement}"


def test_the_apps_kernels_read_what_voila_writes() -> None:
    (names,) = [use.names for use in USES if use.owner == "voila.utils:ENV_VARIABLE"]
    assert set(page_request.VOILA_ENV) <= set(names), set(page_request.VOILA_ENV) - set(names)
    (says,) = [use.says for use in USES if use.owner == "voila.utils:wait_for_request"]
    assert page_request.QUERY_SOCKET in says


def test_the_pages_are_voilas_with_the_apps_handlers_and_my_deal_first() -> None:
    class Page(internals.PageHandler):
        pass

    class Files(internals.TemplateFilesHandler):
        pass

    voilas = [("/api/kernels", object), ("/voila/templates/(.*)", internals.TemplateFilesHandler),
              ("/(.*)", internals.PageHandler, {"notebook_path": "calculator.ipynb", "config": "c"})]
    out = with_pages(voilas, {internals.PageHandler: Page, internals.TemplateFilesHandler: Files},
                     [("/my-deal/?", "my_deal.ipynb")])
    assert out == [("/api/kernels", object), ("/voila/templates/(.*)", Files),
                   ("/my-deal/?", Page, {"notebook_path": "my_deal.ipynb", "config": "c"}),
                   ("/(.*)", Page, {"notebook_path": "calculator.ipynb", "config": "c"})]


def test_a_second_notebooks_pool_is_filled_as_the_first_is_configured() -> None:
    class Pools:
        def __init__(self) -> None:
            self.kernel_pools_config = {"default": {"pool_size": 3, "kernel_env_variables": {"A": "1"}}}
            self.filled: list[str] = []

        def fill_if_needed(self, notebook_name: str) -> None:
            self.filled.append(notebook_name)

    manager = Pools()
    assert warm_pool(manager, "my_deal.ipynb", 2)
    assert manager.kernel_pools_config["my_deal.ipynb"] == {"pool_size": 2, "kernel_env_variables": {"A": "1"}}
    assert manager.filled == ["my_deal.ipynb"]
    assert not warm_pool(object(), "my_deal.ipynb", 2)  # a Voilà without warm kernels keeps no pools


def test_the_app_runs_its_kernels_with_the_culler_that_spares_those_starting() -> None:
    from apps import calculator_app

    configured = json.loads((calculator_app.CONFIG / "voila.json").read_text())["VoilaConfiguration"]
    assert import_item(configured["multi_kernel_manager_class"]) is internals.StartingKernelsSpared
    assert issubclass(calculator_app.CalculatorVoila, internals.VoilaApp)
