"""What the calculator app needs of Voilà and Jupyter Server that they do not document, in one place.

The app (:mod:`apps.calculator_app`) writes a page's first paint before any kernel is taken, queues its
visitors and counts their kernels. Voilà 0.5's public extension points cannot carry that:
``VoilaConfiguration.prelaunch_hook`` runs before a kernel is started for a page, but Voilà refuses it
together with ``preheat_kernel`` (the pool of warm kernels that makes a page fast) and it cannot write to
the page; ``page_config_hook`` changes only the page's JavaScript settings; ``progressive_rendering`` is
refused with ``preheat_kernel`` too. What Voilà's configuration does carry, the app configures
(``apps/config/voila.json``: the template, the pool, the culler, ``multi_kernel_manager_class`` naming
:class:`StartingKernelsSpared`; ``Voila.tornado_settings`` for its own state). The rest is here, each
piece with the reason no public way does it:

1. ``voila.tornado.handler.TornadoVoilaHandler`` (:data:`PageHandler`), Voilà's page handler, is
   subclassed: its ``get`` makes the page, and through ``get_generator`` asks ``self.kernel_manager``
   either for a warm kernel (``get_rendered_notebook``, which returns ``(render task, rendered cells,
   kernel id)``) or to start one (``start_kernel``); ``notebook_path`` is the notebook it serves.
   :class:`HandingOut` stands in for the kernel manager to note the kernel each page is given.
2. ``voila.static_file_handler.TemplateStaticFileHandler`` (:data:`TemplateFilesHandler`), the
   templates' files, is subclassed to answer 404 to a path that climbs out of its folder (through
   Tornado's documented ``parse_url_path``).
3. ``voila.app.Voila.init_handlers`` returns ``(pattern, handler, settings)`` triples, the page handler's
   settings holding ``notebook_path``: :func:`with_pages` swaps in the app's handlers and adds pages.
4. ``voila.app.Voila.listen`` serves through ``self.app.listen(port, ip)``: :func:`limit_request_heads`
   gives Tornado's HTTP server its ``max_header_size`` and its listen queue (``backlog``) there (no
   configuration of Voilà reaches them).
5. Voilà's kernel pools: ``fill_if_needed(notebook_name=...)`` of its pooling kernel manager, with the
   configurable ``kernel_pools_config``: :func:`warm_pool` fills a second notebook's pool on demand.
6. Jupyter Server's ``MappingKernelManager.cull_kernel_if_idle`` and the ``last_activity`` it reads:
   :class:`StartingKernelsSpared` keeps the culler off kernels still starting.
7. In the app's kernels, :mod:`apps.page_request` reads the link as Voilà's documented
   ``voila.utils.wait_for_request`` does (its environment variables, ``voila.utils.ENV_VARIABLE``, and
   its websocket ``voila/query/<kernel id>``) without importing Voilà's server (4 s of CPU in every
   kernel). It cannot import this module, so the contract test checks its names against Voilà's.
8. In the learner's copy, :mod:`machinery.lab_language` writes JupyterLab's first workspace where
   jupyterlab_server keeps the workspace ``default``: the file name its ``workspaces_handler`` makes
   with ``slugify`` and ``WORKSPACE_EXTENSION`` (not documented). It cannot import this module either
   (Voilà's server, at every start of the course), so the contract test checks those names.
9. Jupyter Server's ``JupyterHandler.write_error`` renders its error templates, whose ``page.html`` asks
   for ``static_url``, which needs a ``static_path`` setting Voilà's application does not have: every error
   of such a handler (Voilà's page, ``/voila/labextensions/``, ``/voila/api/themes/``, ``/logout``) failed
   a second time in ``write_error``, answered with an empty page and logged two tracebacks.
   :func:`with_pages` mixes the app's own error pages into every handler that writes HTML errors (those
   that answer JSON, Jupyter Server's ``APIHandler``, keep theirs), and puts the app's ``/logout`` in
   place of ``identity_provider.logout_handler_class`` (whose ``logout.html`` fails the same way).

``pyproject.toml`` bounds each of these packages above (``voila<0.6``, ``jupyter_server<3``,
``jupyterlab_server<3``), and
:func:`missing` names, with the installed version, whatever of this a new release no longer offers
(``tests/test_jupyter_internals.py``). jupyter_client's private API is not used anywhere: the forked
kernels' provisioner (:mod:`machinery.forked_kernels`) keeps to the provisioners' documented API.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["USES", "HandingOut", "LogoutHandler", "PageHandler", "StartingKernelsSpared", "TemplateFilesHandler", "Use",
           "VoilaApp", "allow_unauthenticated", "limit_request_heads", "logout_handler", "missing", "warm_pool",
           "with_pages"]

#: A handler's place in a Tornado application: its URL pattern, its class, and its settings (if any).
HandlerSpec = tuple[Any, ...]

if TYPE_CHECKING:
    # Voilà ships no type information: here is what the app uses of its classes, as the type checker
    # is to see it (the classes themselves are Voilà's, below).
    from traitlets.config import Application

    class PageHandler(JupyterHandler):
        notebook_path: str

        async def prepare(self, **kwargs: Any) -> None: ...

        def get(self, path: str | None = None) -> Awaitable[None] | None: ...  # tornado.web.authenticated

    class TemplateFilesHandler(tornado.web.StaticFileHandler): ...

    class VoilaApp(Application):
        app: tornado.web.Application
        root_dir: str
        server_url: str
        kernel_manager: Any
        identity_provider: Any
        tornado_settings: dict[str, Any]

        def init_handlers(self) -> list[HandlerSpec]: ...

        def listen(self) -> None: ...

        def stop(self) -> None: ...
else:
    # Voilà's application (documented), its page handler (item 1) and its templates' files handler
    # (item 2): the app subclasses all three.
    from voila.app import Voila as VoilaApp
    from voila.static_file_handler import TemplateStaticFileHandler as TemplateFilesHandler
    from voila.tornado.handler import TornadoVoilaHandler as PageHandler


@dataclass(frozen=True)
class Use:
    """One thing of a package's that this module relies on: ``owner`` (``module:qualified.name``) must
    have every attribute of ``names``, and its source must say every phrase of ``says``."""

    package: str
    owner: str
    names: tuple[str, ...] = ()
    says: tuple[str, ...] = ()
    why: str = ""


#: Everything of the list in the module's docstring, as :func:`missing` checks it.
USES: tuple[Use, ...] = (
    Use("voila", "voila.tornado.handler:TornadoVoilaHandler", ("get", "get_generator", "prepare"),
        why="the app's page handler subclasses it (item 1)"),
    Use("voila", "voila.handler:VoilaHandler.get_generator",
        says=("self.notebook_path", "self.kernel_manager.get_rendered_notebook(", "self.kernel_manager.start_kernel("),
        why="HandingOut notes the kernel a page is given through these calls (item 1)"),
    Use("voila", "voila.voila_kernel_manager:voila_kernel_manager_factory",
        says=("kernel_pools_config", "def fill_if_needed(", "notebook_name", "def get_rendered_notebook(",
              "return render_task, renderer.rendered_cache, kernel_id"),
        why="warm_pool fills My deal's pool; HandingOut reads the kernel id a warm page is given (items 1, 5)"),
    Use("voila", "voila.static_file_handler:TemplateStaticFileHandler", ("parse_url_path",),
        why="the templates' files handler is subclassed (item 2)"),
    Use("voila", "voila.app:Voila", ("init_handlers", "listen", "tornado_settings"),
        why="the app's handlers replace Voilà's in its list; its settings carry the app (items 3, 4)"),
    Use("voila", "voila.app:Voila.init_handlers", says=("TornadoVoilaHandler", '"notebook_path"'),
        why="with_pages finds the page handler's settings (item 3)"),
    Use("voila", "voila.app:Voila.listen", says=("self.app.listen(",),
        why="limit_request_heads gives the HTTP server its header limit there (item 4)"),
    Use("voila", "voila.configuration:VoilaConfiguration", ("multi_kernel_manager_class",),
        why="apps/config/voila.json names StartingKernelsSpared there (item 6)"),
    Use("voila", "voila.utils:ENV_VARIABLE",
        ("VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_IP", "VOILA_APP_PORT", "VOILA_WS_PROTOCOL",
         "VOILA_WS_BASE_URL", "VOILA_SERVER_URL", "QUERY_STRING"),
        why="apps.page_request reads the link in a warm kernel as Voilà does (item 7)"),
    Use("voila", "voila.utils:wait_for_request", says=("voila/query",),
        why="apps.page_request waits on the same websocket (item 7)"),
    Use("jupyter_server", "jupyter_server.services.kernels.kernelmanager:MappingKernelManager",
        ("cull_kernel_if_idle", "get_kernel"),
        why="StartingKernelsSpared overrides the culler's look at one kernel (item 6)"),
    Use("jupyter_server", "jupyter_server.services.kernels.kernelmanager:MappingKernelManager.cull_kernel_if_idle",
        says=("last_activity",),
        why="a kernel still starting has no last_activity yet (item 6)"),
    Use("jupyter_server", "jupyter_server.base.handlers:JupyterHandler.write_error",
        says=("self.render_template(",),
        why="its error templates need a static_path Voilà does not set: the app writes its own (item 9)"),
    Use("jupyter_server", "jupyter_server.auth.identity:IdentityProvider",
        ("logout_handler_class", "get_handlers", "clear_login_cookie", "login_available"),
        why="the /logout Voilà serves is the identity provider's: the app's replaces it (item 9)"),
    Use("jupyter_server", "jupyter_server.auth.logout:LogoutHandler", ("get",),
        why="the app's /logout subclasses it, writing its own page (item 9)"),
    Use("jupyterlab_server", "jupyterlab_server.workspaces_handler", ("slugify", "WORKSPACE_EXTENSION"),
        why="machinery.lab_language names the copy's first workspace file as JupyterLab's server does (item 8)"),
)


def _resolve(owner: str) -> object:
    module, _, qualified = owner.partition(":")
    found: object = importlib.import_module(module)
    for name in filter(None, qualified.split(".")):   # no name: the module itself
        found = getattr(found, name)
    return found


def missing(uses: Sequence[Use] = USES) -> list[str]:
    """One line for each thing of ``uses`` the installed packages no longer offer, naming the package,
    its version and what is gone; empty when all is there."""
    lines = []
    for use in uses:
        try:
            version = importlib.metadata.version(use.package)
        except importlib.metadata.PackageNotFoundError:
            version = "(not installed)"
        where = f"{use.package} {version}: {use.owner.replace(':', '.')}"
        try:
            owner = _resolve(use.owner)
        except (ImportError, AttributeError) as error:
            lines.append(f"{where} is gone ({error}); {use.why}")
            continue
        lines += [f"{where} has no attribute {name!r}; {use.why}" for name in use.names if not hasattr(owner, name)]
        if use.says:
            try:
                source = inspect.getsource(owner)  # type: ignore[arg-type]
            except (OSError, TypeError) as error:
                lines.append(f"{where}: its source cannot be read ({error}); {use.why}")
                continue
            lines += [f"{where} no longer says {phrase!r}; {use.why}" for phrase in use.says if phrase not in source]
    return lines


class HandingOut:
    """The kernel manager as Voilà's page handler sees it (item 1), calling ``note(kernel_id)`` for every
    kernel it gives the page, from the warm pool or started for it; anything else is the manager's."""

    def __init__(self, manager: Any, note: Callable[[str], None]) -> None:
        self._manager, self._note = manager, note

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        found = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._note(found[2])  # (render task, rendered cells, kernel id)
        return found

    async def start_kernel(self, **kwargs: Any) -> str:
        kernel_id: str = await ensure_async(self._manager.start_kernel(**kwargs))
        self._note(kernel_id)
        return kernel_id


def with_pages(handlers: Sequence[HandlerSpec], replaced: dict[type, type],
               pages: Sequence[tuple[str, str]], *, error_pages: type | None = None) -> list[HandlerSpec]:
    """Voilà's ``handlers`` (item 3) with each class of ``replaced`` swapped for its replacement, and a
    page handler for each ``(pattern, notebook path)`` of ``pages``, as the notebook's is set up but
    for its notebook, before it (it takes every path). With ``error_pages`` (a class defining
    ``write_error``), every handler that writes its errors as an HTML page, as Jupyter Server's or
    Tornado's do, writes them with it instead (item 9)."""
    def own(handler: Any) -> Any:
        handler = replaced.get(handler, handler)
        if error_pages is None or not _html_errors(handler):
            return handler
        return type(handler.__name__, (error_pages, handler), {"__module__": handler.__module__})

    out: list[HandlerSpec] = [(spec[0], own(spec[1]), *spec[2:]) for spec in handlers]
    replaced = {**replaced, **{spec[1]: out[i][1] for i, spec in enumerate(handlers)}}
    page_class = replaced.get(PageHandler, PageHandler)
    at = next(i for i, spec in enumerate(out) if spec[1] is page_class)
    for pattern, notebook in pages:
        out.insert(at, (pattern, page_class, {**out[at][2], "notebook_path": notebook}))
    return out


def _html_errors(handler: Any) -> bool:
    """Whether ``handler`` writes its errors as Jupyter Server's pages (its templates, item 9) or
    Tornado's plain ones do, not as JSON."""
    return (isinstance(handler, type) and issubclass(handler, tornado.web.RequestHandler)
            and handler.write_error in (JupyterHandler.write_error, tornado.web.RequestHandler.write_error))


def logout_handler(voila: VoilaApp) -> type:
    """The class of the ``/logout`` handler that Voilà's identity provider serves (item 9)."""
    found: type = voila.identity_provider.logout_handler_class
    return found


def limit_request_heads(voila: VoilaApp, max_header_size: int, backlog: int | None = None) -> None:
    """Voilà's HTTP server, when it listens (item 4), accepts request heads up to ``max_header_size`` bytes,
    and keeps up to ``backlog`` connections waiting to be accepted (Tornado's default otherwise, 128)."""
    listen = partial(voila.app.listen, max_header_size=max_header_size)
    if backlog:
        listen = partial(listen, backlog=backlog)
    voila.app.listen = listen  # type: ignore[method-assign]


def warm_pool(manager: Any, notebook: str, size: int) -> bool:
    """Keep ``size`` warm kernels for ``notebook`` (a path relative to Voilà's root) from now on, as Voilà
    keeps them for the notebook it serves (item 5); False when the manager keeps no pools (Voilà
    without ``preheat_kernel``)."""
    if not hasattr(manager, "fill_if_needed"):
        return False
    pools = dict(manager.kernel_pools_config)
    pools[notebook] = {**pools.get("default", {}), "pool_size": size}
    manager.kernel_pools_config = pools
    manager.fill_if_needed(notebook_name=notebook)
    return True


class StartingKernelsSpared(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, whose culler leaves a kernel alone while it starts (item 6).

    The race (seen as a ``TraitError`` in the log, and a red test): jupyter_client lists a new kernel
    as soon as its process has started (a task of its own); Jupyter Server gives it ``last_activity``
    only when its ``start_kernel``, awaiting that task, resumes, at least one turn of the event loop
    later. The culler's periodic callback, due in that turn, reads the unset trait, whose default
    (None) is not a datetime. Voilà's warm kernels start while pages are served, so on a loaded
    machine the culler sometimes runs exactly there. Such a kernel is not idle, it is starting: it is
    skipped, and looked at again at the next round."""

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self or not self.get_kernel(kernel_id).trait_has_value("last_activity"):
            return  # gone already, or still starting
        cull: Callable[[str], Awaitable[None]] = super().cull_kernel_if_idle  # untyped in Jupyter Server
        await cull(kernel_id)
