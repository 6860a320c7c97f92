"""The ``cribbage`` command line.

``cribbage score 5H 5D 6H 7S 8C [--crib]`` prints the itemized count of a hand (the starter last).
``cribbage discard 5H 5D 6H 7S 8C 9D [--dealer]`` ranks the 15 keeps by exact expected points.
``cribbage play [--level expert] [--target 121] [--muggins] [--seed N]`` is a game against the computer;
``--seats human,human`` seats two people at one screen instead.
``cribbage course [--dir FOLDER]`` copies the lessons into the learner's own folder and opens JupyterLab
there (:mod:`cribbage.cli.course`; what follows ``--`` goes to JupyterLab).
Bad input prints one line naming what was wrong and exits with status 2. Options go anywhere
(``cribbage score 5H 5D --crib 6H 7S 8C``). Ctrl-C says goodbye in one line and exits 130; output
that cannot be written ends quietly: 141 for a closed pipe (``| head``, as a program stopped by
SIGPIPE), 1 with one line for anything else (``> /dev/full``). Where the output cannot encode the
suit symbols (``PYTHONIOENCODING=cp1252``), cards are written with letters: ``5H``, not ``5♥``.
Everything it says follows ``--lang es|pt|en``, else the locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, as gettext reads them: ``LANG=es_ES.UTF-8``), else English: the engine's
sentences and errors, and the help, the usage and argparse's own errors (:mod:`cribbage.cli.parsing`).
Card codes, command names and option names are the same in every language.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, TextIO

from cribbage.ai.discard import advise_discard
from cribbage.cli.course import add_course
from cribbage.cli.display import escaped_character, shortened
from cribbage.cli.parsing import WholeNumber, argparse_words, language_asked, speaking, words
from cribbage.cli.progress import add_progress
from cribbage.cli.startup import ignore_interrupt_once_done, stop_handling_startup_interrupt
from cribbage.cli.table_terminal import run_table
from cribbage.cli.terminal import run
from cribbage.cli.two_seats import SEATING_CHOICES, seating
from cribbage.lang.messages import LANGUAGES, add_catalogue, get_language, message, set_language
from cribbage.lang.system import system_reason
from cribbage.registry.languages import SOURCE, from_locale
from cribbage.rules.cards import cards, quoted
from cribbage.rules.errors import CribbageError
from cribbage.rules.show_scoring import score_hand

__all__ = ["COMMANDS", "main"]


def _score(args: argparse.Namespace) -> int:
    five = cards(" ".join(args.cards))
    if len(five) != 5:
        raise CribbageError(message("cli.score.five", n=len(five)))
    result = score_hand(five[:4], five[4], crib=args.crib)
    print(message("cli.score.heading", what=message("cli.score.crib" if args.crib else "cli.score.hand"),
                  cards=result.hand, starter=result.starter))
    width = max(8, *(len(str(message(key))) + 1 for key in _KINDS))
    for item in result.items:
        shown = " ".join(str(c) for c in item.cards)
        kind = str(message(f"cli.kind.{item.kind}")) if f"cli.kind.{item.kind}" in _KINDS else item.kind
        print(f"  {kind:<{width}} {shown:<22} {item.points:>2}")
    print(f"  {result!s}")
    print(message("cli.score.total", n=result.total))
    return 0


def _add_score(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("score", help=words("cli.help.score"), description=words("cli.help.score"))
    parser.add_argument("cards", nargs="+", metavar=words("cli.metavar.cards"), help=words("cli.help.score.cards"))
    parser.add_argument("--crib", action="store_true", help=words("cli.help.score.crib"))
    parser.set_defaults(run=_score)


def _discard(args: argparse.Namespace) -> int:

    six = cards(" ".join(args.cards))
    advice = advise_discard(six, dealer=args.dealer)
    role = message("cli.discard.dealer" if args.dealer else "cli.discard.pone")
    print(message("cli.discard.heading", cards=six, role=role))
    print(message("cli.discard.table"))
    print(advice)
    best = advice.best
    print(message("cli.discard.best", keep=best.keep, away=best.discard, net=float(best.net), reason=best.message))
    return 0


def _add_discard(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("discard", help=words("cli.help.discard"), description=words("cli.help.discard"))
    parser.add_argument("cards", nargs="+", metavar=words("cli.metavar.cards"), help=words("cli.help.discard.cards"))
    role = parser.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_true", help=words("cli.help.discard.dealer"))
    role.add_argument("--pone", action="store_false", dest="dealer", help=words("cli.help.discard.pone"))
    parser.set_defaults(run=_discard)


def _play(args: argparse.Namespace) -> int:
    if args.players != 2:
        # Three or four at the table: the computer plays the other seats at the standard level.
        if args.muggins or args.seats != SEATING_CHOICES[0] or args.level != "expert":
            raise CribbageError(message("cli.play.table_options", players=args.players))
        run_table(players=args.players, seed=1 if args.seed is None else args.seed, target=args.target,
                  language=get_language())
        return 0
    # The game speaks the language main() chose from --lang or the locale, as the other commands do.
    run(seed=args.seed, level=args.level, target=args.target, muggins=args.muggins, language=get_language(),
        seats=seating(args.seats))
    return 0


def _add_play(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("play", help=words("cli.help.play"), description=words("cli.help.play"))
    parser.add_argument("--level", choices=("beginner", "standard", "expert"), default="expert",
                        help=words("cli.help.play.level"))
    parser.add_argument("--target", type=WholeNumber(), choices=(121, 61), default=121,
                        help=words("cli.help.play.target"))
    parser.add_argument("--muggins", action="store_true", help=words("cli.help.play.muggins"))
    parser.add_argument("--seed", type=WholeNumber(), default=None, metavar=words("cli.metavar.seed"),
                        help=words("cli.help.play.seed"))
    parser.add_argument("--seats", choices=SEATING_CHOICES, default=SEATING_CHOICES[0],
                        metavar=words("cli.metavar.seats"), help=words("cli.help.play.seats"))
    parser.add_argument("--players", type=WholeNumber(), choices=(2, 3, 4), default=2,
                        help=words("cli.help.play.players"))
    parser.set_defaults(run=_play)


#: Each subcommand registers itself here: a function that adds its parser.
COMMANDS: list[Callable[[argparse._SubParsersAction[Any]], None]] = [_add_score, _add_discard, _add_play]
COMMANDS.append(add_progress)
COMMANDS.append(add_course)


# The command line's own sentences (the rest come from the engine, or from argparse).
_KINDS = {
    "cli.kind.fifteen": {"en": "fifteen"},
    "cli.kind.pair": {"en": "pair"},
    "cli.kind.run": {"en": "run"},
    "cli.kind.flush": {"en": "flush"},
    "cli.kind.nobs": {"en": "nobs"},
}
add_catalogue(_KINDS)
add_catalogue({
    "cli.help.play.players": {"en": "3: three players, each alone; 4: four, as partners. The computer plays the other "
                                    "seats at the standard level (default 2: you against the computer)"},
    "cli.play.table_options": {"en": "with --players {players} the game is to 121 or 61 against the standard level: "
                                     "--level, --muggins and --seats are for two players"},
    "cli.help.description": {"en": "Cribbage: score hands, advise discards, play a game."},
    # The help of each command, and of its arguments and options.
    "cli.help.score": {"en": "itemize the show of a hand: four cards, then the starter"},
    "cli.help.score.cards": {"en": "e.g. 5H 5D 6H 7S 8C (the starter last)"},
    "cli.help.score.crib": {"en": "count it as a crib (flush only with all five)"},
    "cli.help.discard": {"en": "rank the 15 ways to keep four of six cards"},
    "cli.help.discard.cards": {"en": "six cards, e.g. 5H 5D 6H 7S 8C 9D"},
    "cli.help.discard.dealer": {"en": "you deal: the crib is yours"},
    "cli.help.discard.pone": {"en": "your opponent deals (default)"},
    "cli.help.play": {"en": "play a game against the computer"},
    # beginner, standard and expert are what is typed after --level: the same in every language.
    "cli.help.play.level": {"en": "the computer's level: beginner, standard or expert (default: expert)"},
    "cli.help.play.target": {"en": "the points that win: 121, or 61 for a short game (default: 121)"},
    "cli.help.play.muggins": {"en": "count your own hands; missed points can be taken"},
    "cli.help.play.seed": {"en": "the same seed deals the same game"},
    # The names of the values in the usage line: cribbage score [-h] cards [cards ...]
    "cli.metavar.cards": {"en": "cards"},
    "cli.metavar.seed": {"en": "SEED"},
    "cli.score.five": {"en": "give four cards and the starter (five cards), not {n}"},
    "cli.score.hand": {"en": "hand"},
    "cli.score.crib": {"en": "crib"},
    "cli.score.heading": {"en": "{what}: {cards}   starter: {starter}"},
    "cli.score.total": {"en": "total: {n}"},
    "cli.discard.dealer": {"en": "dealer: the crib is yours"},
    "cli.discard.pone": {"en": "pone: the crib is your opponent's"},
    "cli.discard.heading": {"en": "six cards: {cards}   ({role})"},
    "cli.discard.table": {"en": "expected points over every starter and every pair the opponent could lay away:"},
    "cli.discard.best": {"en": "best: keep {keep}, lay away {away} ({net:+.2f}): {reason}"},
    "cli.goodbye": {"en": "Stopped. Bye."},
    "cli.output_failed": {"en": "the output could not be written: {reason}"},
    "cli.output_closed": {"en": "the standard output is closed"},
})

# How long a path or a value named in an engine's refusal may be before it is cut: the paths of a
# class's files fit; a name of thousands of characters does not.
_LONGEST_NAMED = 200
STATUS_BAD_INPUT = 2
STATUS_OUTPUT_FAILED = 1
STATUS_CLOSED_PIPE = 128 + 13  # as a program stopped by SIGPIPE: what a shell shows for `yes | head`
STATUS_INTERRUPTED = 128 + 2   # as a program stopped by SIGINT (Ctrl-C)


def _printable(text: str) -> str:
    """``text`` with control characters written as escapes (``\\x1b``, ``\\n``), as the engine's
    messages quote what they were given: a terminal never receives a raw escape from an argument."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _cut_values(text: str, most: int = 40) -> str:
    """``text`` with every long value in it cut to ``most`` characters: a repr in quotes, or any run
    without a space (a number, an option, a path). argparse echoes what it was given whole (a
    10,000-digit --seed), as may a message that names a path given."""
    long_value = re.compile(rf"""'(?:[^'\\]|\\.){{{most + 1},}}'|"(?:[^"\\]|\\.){{{most + 1},}}"|\S{{{most + 1},}}""")

    def cut(found: re.Match[str]) -> str:
        value = found.group(0)
        if value[0] in "'\"" and value[-1] == value[0]:
            return value[0] + shortened(value[1:-1], most - 2) + value[0]
        return shortened(value, most)
    return long_value.sub(cut, text)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, status 2, like any other bad input
        print(f"cribbage: {_printable(_cut_values(message))}", file=sys.stderr)
        raise SystemExit(STATUS_BAD_INPUT)


class _CommandParser(_Parser):
    """A subcommand's parser: options may come before, between or after the cards."""

    _intermixing = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        # parse_known_intermixed_args calls back here for each of its two passes.
        # A command with commands of its own (``progress report``) cannot intermix: argparse refuses.
        if self._intermixing or self._subparsers is not None:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        saved_usage = self.usage
        try:
            if self.usage is None:
                # parse_known_intermixed_args keeps the usage for its errors by cutting off the first
                # seven characters, len("usage: "): in another language the prefix is not seven long.
                usage = self.format_usage()
                self.usage = usage[usage.find(self.prog):]
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False
            self.usage = saved_usage


# Where the output's encoding has no suit symbols, the letters that stand for them in card codes.
_LETTERS = {"♥": "H", "♦": "D", "♣": "C", "♠": "S", "♡": "H", "♢": "D", "♧": "C", "♤": "S",
            "✗": "x", "—": "-", "–": "-", "’": "'", "·": "|", "…": "..."}


def _in_letters(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unwritable = error.object[error.start:error.end]
    # A suit in letters; a byte that was not UTF-8 (a lone surrogate from a path) as git writes it, \377.
    return "".join(_LETTERS.get(ch) or escaped_character(ch) or "?" for ch in unwritable), error.end


codecs.register_error("cribbage.letters", _in_letters)


def _fit_encoding(stream: TextIO) -> None:
    """Write cards with letters where the encoding cannot write the suits (cp1252), and on any stream a
    byte that is not text (a path's) escaped, never a UnicodeEncodeError: the handler is only asked about
    what the encoding cannot write."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="cribbage.letters")


def _read_bytes_as_they_are(stream: TextIO) -> None:
    """Input that is not UTF-8 (``printf '\\xff' | cribbage play``) is read, its odd bytes as lone
    surrogates, so that the game can say the line was not understood: a decoding error would lose the
    rest of what was read with it."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="surrogateescape")


def _say(stream: TextIO, text: str) -> None:
    """Print a last line where it may not be possible: a failure here has nothing left to tell."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=stream, flush=True)


def _quiet_stdout() -> None:
    # Python flushes stdout once more at exit; aimed at /dev/null, that flush cannot fail again.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def language_of_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The course's language the locale asks for, in gettext's order
    (:func:`cribbage.registry.languages.from_locale`); English for C, POSIX or a language the course
    does not have."""
    return from_locale(environ) or SOURCE


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """``parser`` and every parser of its sub-commands, at any depth."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in dict.fromkeys(action.choices.values()):
                found.extend(_parsers(command))
    return found


def _parse(argv: Sequence[str], language: str) -> argparse.Namespace:
    """The arguments, read by a parser that says everything (help, usage, errors) in ``language``."""
    with speaking(language):
        parser = _Parser(prog="cribbage", description=words("cli.help.description"))
        sub = parser.add_subparsers(dest="command", required=True, parser_class=_CommandParser,
                                    metavar=words("cli.metavar.command"))
        for add in COMMANDS:
            add(sub)
        required = []
        for each in _parsers(parser):   # anywhere, like the other options (read before: language_asked)
            each.add_argument("--lang", choices=LANGUAGES, default=None, help=words("cli.help.lang"))
            # A missing command is said after an unknown option, not instead of it (cribbage --frob):
            # argparse would stop at the first.
            for action in each._actions:
                if isinstance(action, argparse._SubParsersAction) and action.required:
                    action.required = False
                    required.append(action)
        # What follows "--" is passed on by a command that takes it (cribbage course: JupyterLab's options).
        passed = list(argv[list(argv).index("--") + 1:]) if "--" in argv else []
        args, unknown = parser.parse_known_args(argv[:len(argv) - len(passed) - 1] if "--" in argv else argv)
        if passed and getattr(args, "passed_on", None) is None:
            unknown += passed
        args.passed_on = passed
        gettext, _ngettext = argparse_words(language)
        if unknown:
            parser.error(gettext("unrecognized arguments: %s") % " ".join(quoted(arg) for arg in unknown))
        for action in required:  # a command (or a command's command) named, but not the one it needs
            if action.dest in vars(args) and getattr(args, action.dest) is None:
                parser.error(gettext("the following arguments are required: %s") % action.metavar)
    return args


def _open_closed_streams() -> bool:
    """Standard streams closed by the shell (``>&-``, ``<&-``) are None in Python: the input reads as
    ended (a game says goodbye) and the error stream writes nowhere. Returns whether the output is closed."""
    closed = sys.stdout is None
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115  (for the life of the command)
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    return closed


def main(argv: Sequence[str] | None = None) -> int:
    # Ctrl-C from here on says goodbye (before, while the engine loads, cribbage.cli's own handler does).
    stop_handling_startup_interrupt()
    caller_language = get_language()  # main() called from Python (a test, a notebook) leaves it as it was
    try:
        output_closed = _open_closed_streams()
        for stream in (sys.stdout, sys.stderr):
            _fit_encoding(stream)
        _read_bytes_as_they_are(sys.stdin)
        arguments = list(sys.argv[1:] if argv is None else argv)
        # Known before the parser says anything: its help and its errors are in this language too.
        set_language(language_asked(arguments) or language_of_environment())
        if output_closed:
            _say(sys.stderr, f"cribbage: {message('cli.output_failed', reason=message('cli.output_closed'))}")
            return STATUS_OUTPUT_FAILED
        args = _parse(arguments, get_language())
        if args.lang is not None:
            set_language(args.lang)
        try:
            status: int = args.run(args)
        except CribbageError as error:  # control characters escaped: a message may name a path as given
            print(f"cribbage: {_printable(_cut_values(str(error), _LONGEST_NAMED))}", file=sys.stderr)
            status = STATUS_BAD_INPUT
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        _say(sys.stdout, "\n" + str(message("cli.goodbye")))
        return STATUS_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return STATUS_CLOSED_PIPE
    except OSError as error:  # such as a full disk: ENOSPC
        _quiet_stdout()
        _say(sys.stderr, f"cribbage: {message('cli.output_failed', reason=system_reason(error))}")
        return STATUS_OUTPUT_FAILED
    finally:
        set_language(caller_language)
        ignore_interrupt_once_done()

