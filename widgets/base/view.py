"""What every view shares: the language, a message line, guarded callbacks, the course's CSS,
and figures turned into PNG bytes for an ``Image`` widget (a swap of bytes redraws without flicker).
"""

from __future__ import annotations

import functools
import html
import io
import math
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

import ipywidgets as w

from cribbage import CribbageError
from widgets.base import answers
from widgets.base.refusal import Refused
from widgets.i18n import LANGUAGES, check_language, render

if TYPE_CHECKING:   # a view with no chart never loads matplotlib (see __init__.py)
    from matplotlib.figure import Figure

__all__ = ["CSS", "Guard", "Refused", "View", "close_all", "crib_badge", "figure_png", "fit_px", "guarded", "style_tag"]

F = TypeVar("F", bound=Callable[..., Any])
P = ParamSpec("P")
R = TypeVar("R")
V = TypeVar("V", bound="View")


class Guard(Protocol):
    """What :meth:`View._guard` is, for the parts of a view that take it: it wraps a callback so
    that a refusal becomes a message, and gives it back with the same arguments."""

    def __call__(self, fn: F, /) -> F: ...

# One stylesheet for every view. The card colours pass WCAG AA on white; selection and highlight
# are shown by a thick outline, a lift and a mark, never by colour alone. Its first rule is for the
# printed output beside the views: JupyterLab breaks it anywhere ("run of t|hree"), a lesson's
# spoken count reads better broken between words (a word longer than the line still breaks).
CSS = """
.jp-RenderedText pre { word-break: normal; }
.cc-view { font-size: 18px; line-height: 1.4; }
.cc-view .widget-label, .cc-view .widget-label-basic, .cc-view .widget-checkbox label { font-size: 18px; }
.cc-view .widget-text input, .cc-view .widget-button, .cc-view .jupyter-button { font-size: 18px; }
.cc-view .widget-text input { height: 36px; }
.cc-view .jupyter-button { height: 38px; }
.cc-view .jupyter-button:disabled:not(.cc-cardbtn) { background: #e8e8e8 !important; color: #444 !important;
  border: 1px dashed #999; box-shadow: none; }
.cc-view .widget-hbox { gap: 6px; flex-wrap: wrap; }
.cc-title { font-size: 24px; font-weight: 700; margin: 4px 0; }
.cc-msg { min-height: 1.6em; font-size: 18px; padding: 2px 8px; border-left: 6px solid transparent; }
.cc-msg-error { border-left-color: #D55E00; background: #fbe9e0; }
.cc-msg-ok { border-left-color: #009E73; background: #e3f4ee; }
.cc-msg-info { border-left-color: #0072B2; background: #e4eff7; }
.cc-notice { font-weight: 600; margin: 4px 0; }
.cc-notice::before { content: "⚠ "; }
.cc-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; padding: 10px 2px 14px 2px; }
.cc-card { display: inline-flex; flex-direction: column; justify-content: space-between; box-sizing: border-box;
  width: 78px; height: 112px; padding: 4px 7px; background: #fff; border: 2px solid #555; border-radius: 9px;
  box-shadow: 1px 2px 3px rgba(0,0,0,.25); font-family: "DejaVu Sans", Arial, sans-serif; color: #111;
  transition: transform .1s; }
.cc-card .cc-idx { font-size: 26px; font-weight: 700; line-height: 1; }
.cc-card .cc-pip { font-size: 44px; line-height: 1; text-align: center; }
.cc-card .cc-idx-b { font-size: 16px; text-align: right; line-height: 1; }
.cc-card.cc-hi { border: 5px double #000; transform: translateY(-10px); }
.cc-card.cc-hi .cc-idx-b::before { content: "● "; }
.cc-red { color: #C8102E !important; }
.cc-black { color: #111 !important; }
.cc-c4-clubs { color: #00754A !important; }
.cc-c4-diamonds { color: #0057B8 !important; }
.cc-c4-hearts { color: #C8102E !important; }
.cc-c4-spades { color: #111 !important; }
.cc-slot { display: inline-flex; flex-direction: column; align-items: center; }
.cc-slot-label { font-size: 15px; color: #333; margin-top: 4px; }
.cc-gap { width: 22px; }
.cc-empty { border: 2px dashed #999; box-shadow: none; background: #f6f6f6; }
.jupyter-widgets.jupyter-button.cc-cardbtn { font-size: 22px; font-weight: 700; width: 84px; height: 56px;
  padding: 0 2px; background: #fff; border: 2px solid #666; border-radius: 7px; flex: 0 0 auto; }
.jupyter-widgets.jupyter-button.cc-cardbtn.cc-small { font-size: 19px; width: 62px; height: 44px; margin: 1px; }
.jupyter-widgets.jupyter-button.cc-cardbtn.cc-selected { border: 4px solid #000; background: #FFF3C4;
  box-shadow: inset 0 0 0 2px #fff; }
.jupyter-widgets.jupyter-button.cc-cardbtn.cc-selected { position: relative; }
.jupyter-widgets.jupyter-button.cc-cardbtn.cc-selected::after { content: "✓"; color: #000; position: absolute;
  top: 0; right: 3px; font-size: 15px; line-height: 1.1; }
.jupyter-widgets.jupyter-button.cc-cardbtn:focus-visible { outline: 3px solid #0072B2; outline-offset: 2px; }
.jupyter-widgets.jupyter-button.cc-item { text-align: left; width: auto; max-width: 100%; height: auto; min-height: 34px;
  white-space: normal; font-size: 17px; background: #f4f4f4; border: 1px solid #bbb; }
.jupyter-widgets.jupyter-button.cc-item.cc-selected { border: 3px solid #000; background: #FFF3C4; }
.cc-big { font-size: 26px; font-weight: 700; }
.cc-text { font-size: 18px; }
.cc-spoken { font-size: 19px; font-style: italic; }
.cc-code { font-family: "DejaVu Sans Mono", monospace; font-size: 18px; }
.cc-badge { display: inline-block; margin: 2px 0 6px 0; padding: 3px 12px; font-size: 19px; font-weight: 700;
  border: 3px solid #000; border-radius: 6px; background: #FFF3C4; color: #111; }
"""


def fit_px(*keys: str, size: int = 18) -> int:
    """The width in px that the longest of these messages needs, in the language where it is longest
    (English, Spanish or Portuguese), at ``size`` px: a label, a description or a button sized by it
    shows its words whole in every language (widgets' labels are cut with "…", never wrapped).
    About 0.64 em a character, a little more than the widest common sans-serif (DejaVu Sans) needs."""
    longest = max(len(render(key, language)) for key in keys for language in LANGUAGES)
    return math.ceil(longest * 0.64 * size)


def style_tag() -> w.HTML:
    """A hidden widget carrying :data:`CSS`. A ``<style>`` element applies wherever it sits on the page."""
    return w.HTML(f"<style>{CSS}</style>", layout=w.Layout(display="none"))


def crib_badge(language: str) -> str:
    """A badge (HTML) saying, in words, that the cards shown are a crib and what that changes."""
    return (f'<div class="cc-badge cc-badge-crib" role="note">{html.escape(render("badge.crib", language))}</div>')


def figure_png(fig: Figure, *, dpi: int = 80, tight: bool = True) -> bytes:
    """The figure as PNG bytes. Figures here are built without pyplot, so nothing needs closing."""
    buffer = io.BytesIO()
    # A light compression: these pictures live a few seconds in a browser, not on a disk.
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight" if tight else None,
                pil_kwargs={"compress_level": 1})
    return buffer.getvalue()


class View(w.VBox):
    """A view: a ``VBox`` with a language, a message line, and callbacks that never raise.

    A refused action (the engine's :class:`~cribbage.CribbageError`, or the view's own
    :class:`Refused`) becomes a message in the view's language and leaves the state as it was;
    anything else, a plain ``ValueError`` included, is a bug: shown as a message and kept in
    :attr:`internal_errors` so tests can fail on it.
    """

    def __init__(self, *, language: str | None = None, **kwargs: Any) -> None:
        self.language = check_language(language)
        self._message = w.HTML(value="", layout=w.Layout(width="100%"))
        self._message_text = ""
        # The notice line: what the learner must not miss (an answer not kept). Apart from the message
        # line, so that nothing a view says next (``_say("")`` included) erases it; put in place on demand.
        self._notice = w.HTML(value="", layout=w.Layout(width="100%"))
        self._notice_text = ""
        self.internal_errors: list[BaseException] = []
        super().__init__(**kwargs)
        self.add_class("cc-view")
        self.observe(self._keep_notice, names="children")
        _replace_earlier_runs(self)

    def close(self) -> None:
        """Close the view and every widget it made, shown or kept aside (the children, the message
        line, the widgets held in its attributes, and their layouts and styles): a view that is
        replaced, or a notebook cell run again, then frees its memory."""
        # Also called by the garbage collector, on views whose __init__ failed half way.
        for value in list(vars(self).values()):
            for part in _widgets_in(value):
                if part is not self:
                    close_all(part)
        for child in getattr(self, "children", ()):
            close_all(child)
        if isinstance(getattr(self, "layout", None), w.Widget):
            self.layout.close()
        super().close()
        # A closed view may still be held (IPython keeps a cell's result in Out[n] for a thousand
        # runs): letting go of its widgets lets them be freed all the same.
        for name, value in list(vars(self).items()):
            if not name.startswith("_trait") and _widgets_in(value):
                object.__setattr__(self, name, None)
        self.set_trait("children", ())

    # Messages ---------------------------------------------------------------------------------
    @property
    def message(self) -> str:
        """The message now shown, as plain text ("" for none)."""
        return self._message_text

    def _say(self, text: str, kind: str = "info") -> None:
        self._message_text = text
        if not text:
            self._message.value = ""
            return
        self._message.value = f'<div class="cc-msg cc-msg-{kind}" role="status">{html.escape(text)}</div>'

    @property
    def notice(self) -> str:
        """The notice now shown (an answer that was not kept, and why), as plain text ("" for none)."""
        return self._notice_text

    def _notify(self, text: str) -> None:
        """Show ``text`` in the view's notice line, just above its message line, until another notice
        (``""``: none). The view's own messages (:meth:`_say`) never touch it, and a view that rebuilds its children
        keeps it (see :meth:`_keep_notice`)."""
        self._notice_text = text
        self._notice.value = (f'<div class="cc-msg cc-msg-error cc-notice" role="alert">{html.escape(text)}</div>'
                              if text else "")
        self._place_notice()

    def _place_notice(self) -> None:
        children = list(getattr(self, "children", ()))
        if not self._notice_text or self._notice in children:
            return
        if self._message in children:
            at = children.index(self._message)
        else:  # after the hidden style tag, if the view starts with one: at the top
            at = 1 if children and isinstance(children[0], w.HTML) and children[0].layout.display == "none" else 0
        children.insert(at, self._notice)
        self.children = children

    def _keep_notice(self, _change: Any) -> None:
        if getattr(self, "_notice", None) is not None:
            self._place_notice()

    def _t(self, key: str, **values: Any) -> str:
        return render(key, self.language, **values)

    def _button(self, key: str, action: Callable[[], object], style: str = "", **layout: str) -> w.Button:
        """A button labelled with the message ``key`` in the view's language; a click runs ``action``
        guarded (a refusal becomes a message). ``style`` is ipywidgets' ``button_style``."""
        made = w.Button(description=self._t(key), button_style=style, layout=w.Layout(width="auto", **layout))
        made.on_click(self._guard(lambda _b: action()))
        return made

    # Progress ---------------------------------------------------------------------------------
    #: The course stop whose answers this view records (None: the stop its class is taught at).
    progress_stop: int | None = None

    def record_answer(self, item: str, answer: object, correct: bool, *, skill: str,
                      kinds: tuple[str, ...] | list[str] = (), missed: int = 0, revealed: bool | None = None) -> bool:
        """Keep the learner's answer in their progress file (see :mod:`widgets.base.answers`), at the stop
        that teaches this view. Only a bug raises: a view no stop names (a ``KeyError``, which the guard
        of the action that answered keeps as an internal error).

        ``revealed``: whether the view shows the answer after this answer (a later right answer to the same
        item then proves nothing); by default, when the answer is wrong (the view shows the right one).
        An answer that cannot be kept is said in the view's notice line (:meth:`_notify`), which the
        view's messages never erase."""
        return answers.record_answer(self, item, answer, correct, skill=skill, kinds=kinds, missed=missed,
                                     revealed=revealed)

    # Guarded callbacks ------------------------------------------------------------------------
    def _guard(self, fn: F) -> F:
        """Wrap a callback so a refused action becomes a message, never a traceback."""

        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Refused as refusal:
                self._say(refusal.text(self.language), "error")
            except CribbageError as error:   # the engine refused: say why, in the learner's language
                self._say(render(error.message, self.language), "error")
            except Exception as error:  # a bug (a plain ValueError too): say so, keep the widget alive, let tests see it
                self.internal_errors.append(error)
                self._say(self._t("err.internal", detail=type(error).__name__), "error")
            return None

        # ``wrapped`` takes fn's arguments and returns its result, or None when refused. Typed
        # Callable[P, R] -> Callable[P, R | None] (as guarded is), mypy could not infer the lambdas
        # given to it that call a @guarded method defined further down ("Cannot infer type of lambda").
        return wrapped  # type: ignore[return-value]


# The views made by each notebook cell, by the cell's id, with the run that made them. A cell run
# again shows new views in place of its old ones, which nothing can reach any more but the kernel's
# registry of widgets: closing them keeps a notebook's memory flat however often a cell is re-run.
_CELL_VIEWS: dict[str, tuple[str, list[weakref.ref[View]]]] = {}


def _running_cell() -> tuple[str, str] | None:
    """The id of the notebook cell being run and of this run (None outside a cell: in a click's
    callback, a script, or a front end that does not send cell ids)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    parent = kernel.get_parent() or {}
    cell = (parent.get("metadata") or {}).get("cellId")
    run = (parent.get("header") or {}).get("msg_id")
    if not cell or not run or (parent.get("header") or {}).get("msg_type") != "execute_request":
        return None
    return str(cell), str(run)


def _replace_earlier_runs(view: View) -> None:
    running = _running_cell()
    if running is None:
        return
    cell, run = running
    earlier_run, views = _CELL_VIEWS.get(cell, (run, []))
    if earlier_run != run:
        for ref in views:
            old = ref()
            if old is not None:
                old.close()
        views = []
    views.append(weakref.ref(view))
    _CELL_VIEWS[cell] = (run, views)


def close_all(widget: w.Widget) -> None:
    """Close a widget for good, with its children and the layout and style widgets it owns."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    for part in ("layout", "style"):
        owned = getattr(widget, part, None)
        if isinstance(owned, w.Widget):
            owned.close()
    widget.close()


def _widgets_in(value: object) -> list[w.Widget]:
    """The widgets a view's attribute holds: itself, or those in a list, tuple or dict of them."""
    if isinstance(value, w.Widget):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [item for item in value if isinstance(item, w.Widget)]
    return []


def guarded(method: Callable[Concatenate[V, P], R]) -> Callable[Concatenate[V, P], R | None]:
    """Make a public method of a :class:`View` show a refusal as a message instead of raising."""

    @functools.wraps(method)
    def wrapper(self: V, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        return self._guard(method)(self, *args, **kwargs)

    return wrapper
