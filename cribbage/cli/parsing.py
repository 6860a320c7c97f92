"""The command line's parser in the learner's language: its own words and argparse's.

The language is known before anything is parsed: ``--lang`` found by :func:`language_asked` (a scan
of the arguments, as argparse would read them), else the locale. The command's help texts are
messages of the engine catalogue (``cli.help.*``); argparse's own words ("usage: ", "options",
"show this help message and exit", "the following arguments are required: %s", "invalid choice:
...") are messages too (``cli.argparse.*``), whose English is argparse's text exactly, so each
Spanish and Portuguese translation lives in the same ``.po`` catalogues as every other sentence.

How argparse is given them: argparse words everything through ``_()`` and ``ngettext()``, globals of
its module looked up at each call (when a parser is made, when help or usage is formatted, when an
error is raised). :func:`speaking` puts the catalogue's functions there while the command line is
built and parsed, and puts gettext's back afterwards. That is the one place every string passes, in
every Python from 3.10 to 3.13 (which word "usage:", "options", a wrong choice the same way; 3.10
alone words "argument --seed: ..." without ``_()``, so its ``ArgumentError.__str__`` is given 3.11's
for the block). A text a newer Python adds is said in English until the catalogue has it, never
dropped; tests/test_cli_i18n.py lists the running argparse's texts and names any the catalogue lacks.
The alternatives cover less: a HelpFormatter subclass (with ``add_help=False`` and our own ``-h``)
translates the help but not the errors, which argparse words deep inside its parsing; a gettext
domain for argparse's msgids is process-wide and follows the environment, not ``--lang``, and would
be a second kind of catalogue beside the keyed one.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Callable, Iterator, Sequence

from cribbage.lang.messages import LANGUAGES, Plural, Template, add_catalogue, message, render
from cribbage.registry.languages import SOURCE

__all__ = ["ARGPARSE", "FOR_PROGRAMMERS", "WholeNumber", "argparse_words", "language_asked", "speaking", "words"]

#: argparse's texts that a person may read, by key; the English is argparse's msgid, letter for letter.
ARGPARSE: dict[str, dict[str, Template]] = {
    # The help: the prefix of the usage line, the titles of its two sections, the -h option.
    "cli.argparse.usage": {"en": "usage: "},
    "cli.argparse.positionals": {"en": "positional arguments"},
    "cli.argparse.options": {"en": "options"},
    "cli.argparse.help": {"en": "show this help message and exit"},
    # Python 3.13: the help of --version, the title of sub-commands, a section's heading, a default.
    "cli.argparse.version": {"en": "show program's version number and exit"},
    "cli.argparse.subcommands": {"en": "subcommands"},
    "cli.argparse.heading": {"en": "%(heading)s:"},
    "cli.argparse.default": {"en": " (default: %(default)s)"},
    # The errors. %(argument_name)s is an option (--seed) or a name (cards); %(message)s one of the
    # errors below.
    "cli.argparse.argument": {"en": "argument %(argument_name)s: %(message)s"},
    "cli.argparse.required": {"en": "the following arguments are required: %s"},
    "cli.argparse.one_required": {"en": "one of the arguments %s is required"},
    "cli.argparse.unrecognized": {"en": "unrecognized arguments: %s"},
    "cli.argparse.ambiguous": {"en": "ambiguous option: %(option)s could match %(matches)s"},
    "cli.argparse.invalid_choice": {"en": "invalid choice: %(value)r (choose from %(choices)s)"},
    # %(type)s is the name of what was expected: "int", said in the language (cli.type.int).
    "cli.argparse.invalid_value": {"en": "invalid %(type)s value: %(value)r"},
    "cli.argparse.expected_one": {"en": "expected one argument"},
    "cli.argparse.expected_at_most_one": {"en": "expected at most one argument"},
    "cli.argparse.expected_at_least_one": {"en": "expected at least one argument"},
    "cli.argparse.expected_n": {"en": Plural("expected %s argument", "expected %s arguments")},
    "cli.argparse.not_allowed_with": {"en": "not allowed with argument %s"},
    # An option that takes no value was given one: --crib=yes.
    "cli.argparse.ignored_explicit": {"en": "ignored explicit argument %r"},
    "cli.argparse.unexpected_option": {"en": "unexpected option string: %s"},
    "cli.argparse.unknown_parser": {"en": "unknown parser %(parser_name)r (choices: %(choices)s)"},
    "cli.argparse.cannot_open": {"en": "can't open '%(filename)s': %(error)s"},
    "cli.argparse.error": {"en": "%(prog)s: error: %(message)s\n"},
    "cli.argparse.warning": {"en": "%(prog)s: warning: %(message)s\n"},
    "cli.argparse.deprecated_argument": {"en": "argument '%(argument_name)s' is deprecated"},
    "cli.argparse.deprecated_option": {"en": "option '%(option)s' is deprecated"},
    "cli.argparse.deprecated_command": {"en": "command '%(parser_name)s' is deprecated"},
}
add_catalogue(ARGPARSE)

#: argparse's texts that only a programmer reads (a parser built wrongly raises them as exceptions):
#: left in English, as Python's own errors are.
FOR_PROGRAMMERS = frozenset({
    "%r is not callable",
    "'required' is an invalid argument for positionals",
    ".__call__() not defined",
    'argument "-" with mode %r',
    "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r",
    "conflicting option string: %s",
    "conflicting subparser alias: %s",
    "conflicting subparser: %s",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "mutually exclusive arguments must be optional",
})

# The command line's words that are not sentences of its own commands.
add_catalogue({
    # The name argparse gives a number it could not read: "invalid int value: 'x'".
    "cli.type.int": {"en": "int"},
    # What the command line says of --lang in every command's help.
    "cli.help.lang": {"en": "the language of what it says (default: the locale's, else en)"},
    # The name of the sub-command in the usage line: cribbage [-h] command ...
    "cli.metavar.command": {"en": "command"},
})

_KEYS = {getattr(entry[SOURCE], "one", entry[SOURCE]): key for key, entry in ARGPARSE.items()}  # msgid -> key
# %s, %r, %(name)s, %d...: what a translation must keep, or argparse's "%" would fail on it.
_PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")


def _placeholders(text: str) -> list[str]:
    return sorted(found for found in _PLACEHOLDER.findall(text) if found != "%%")


def _checked(english: str, said: str) -> str:
    """The translation, unless it lost or changed a placeholder: then argparse's English."""
    return said if _placeholders(said) == _placeholders(english) else english


def argparse_words(language: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``gettext`` and ``ngettext`` for argparse's texts in ``language``, from the catalogue; a text
    the catalogue does not have (a programmer's error, a newer Python's) stays in English."""
    def gettext(text: str) -> str:
        key = _KEYS.get(text)
        return text if key is None else _checked(text, render(message(key), language))

    def ngettext(singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        key = _KEYS.get(singular)
        return english if key is None else _checked(english, render(message(key, n=n), language))

    return gettext, ngettext


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """argparse says its words in ``language`` inside this block (see the module's docstring). The
    swap is for the whole process, as argparse's gettext is: the command line is the program, and
    nothing else parses arguments while it does."""
    gettext, ngettext = argparse_words(language)
    ours: dict[str, object] = {"_": gettext, "ngettext": ngettext}
    if sys.version_info < (3, 11):
        # Python 3.10 words "argument --seed: ..." without _(); 3.11 and later as below.
        def said(error: argparse.ArgumentError) -> str:
            if error.argument_name is None:
                return error.message
            return gettext("argument %(argument_name)s: %(message)s") % {
                "argument_name": error.argument_name, "message": error.message}
        ours["ArgumentError.__str__"] = said
    saved = {name: _swap(name, value) for name, value in ours.items()}
    try:
        yield
    finally:
        for name, value in saved.items():
            _swap(name, value)


def _swap(name: str, value: object) -> object:
    """Put ``value`` at argparse's ``name`` (``_`` or ``ArgumentError.__str__``); return what was there."""
    owner: object = argparse
    if "." in name:
        owner_name, name = name.split(".")
        owner = getattr(argparse, owner_name)
    was = vars(owner)[name]
    setattr(owner, name, value)  # argparse's stubs do not declare its gettext aliases
    return was


def words(key: str) -> str:
    """A help text of the catalogue in the printing language, as argparse takes it: argparse reads
    a help as a %-template (``%(default)s``), so a "%" in the words is written "%%"."""
    return str(message(key)).replace("%", "%%")


class WholeNumber:
    """``int`` for an option's value, with a name in the printing language: argparse names the type
    in its error ("invalid int value: 'x'", "número entero no válido: 'x'")."""

    def __init__(self) -> None:
        self.__name__ = str(message("cli.type.int"))

    def __call__(self, text: str) -> int:
        return int(text)


def language_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, found before the parser says anything (its help, its
    errors): the last ``--lang X`` or ``--lang=X`` before ``--``, as argparse keeps the last; a
    shortened ``--l``, ``--la``, ``--lan`` too, as argparse takes them. None when there is none, or when it
    names no language of the course (the parser then says so, in the locale's language)."""
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if len(name) < 3 or not "--lang".startswith(name):
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        if value in LANGUAGES:
            found = value
    return found
