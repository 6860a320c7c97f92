"""Set up the course for a class on this machine's JupyterHub, from a class list: one command.

    sudo .venv/bin/python -m hub.class_setup class.csv --teacher NAME --dir /srv/cribbage-class \\
        [--create-accounts] [--prefix jupyter-] [--admin NAME] [--language es] [--port 8000] \\
        [--tables build|skip] [--force]

run in the checkout (a class is set up from the repository: ``hub`` is not an installed package), then
start the hub with the command it prints (``.venv/bin/jupyterhub -f DIR/jupyterhub_config.py``).

It cannot harm the machine: everything is checked before anything is made, and what is made is undone if
a later step fails.

- **Accounts.** With ``--create-accounts`` every person of the class (the learners and the teacher) has
  the account ``<prefix><name>`` (``--prefix``, ``jupyter-`` by default, as The Littlest JupyterHub
  names its users): made if missing, so no class list can name an account of the machine's own. Without
  it, the names are accounts that must exist already, each an ordinary person's (a uid from ``UID_MIN``
  to ``UID_MAX`` of ``/etc/login.defs``, a login shell of ``/etc/shells``). ``root``, the system's
  accounts (``daemon``, ``bin``, ``www-data``, ``nobody``, any uid below 1000...) and names that are not
  user names are refused, for learners, ``--teacher`` and ``--admin`` alike; so are a display name
  longer than 80 characters or holding a line break or another control character, and a class list
  with no learner. Display names are never written to ``/etc/passwd``: the hub and the teacher's view
  read them from the class list.
- **The folder.** ``--dir`` is made if missing. A folder that is not empty and was not made by this
  command is refused, unless ``--force``, and then only if none of the entries below is in it already:
  nothing of it is deleted, overwritten or made readable. A folder that a learner's account could not
  reach (a folder on its way not open to all) or that anyone but root may change is refused.
- **A failure half-way** (a command that fails, Ctrl-C) undoes what this run made: the accounts it
  created (``userdel --remove``), the entries it added to the folder. If the command is killed instead,
  running it again finishes the class: an account of the class left without a password gets one.

What it makes in ``DIR`` (the folder is readable by everyone; ``state/`` and ``progress/`` only by root):

- ``python/``: the Python the learners' servers run. The project's ``.venv`` is built on a Python under
  ``/root`` that a learner's account cannot read, so the learners get a virtual environment of Debian's
  ``/usr/bin/python3`` (the same 3.11): with ``--install link`` (the default, no network) it reads the
  project's installed packages from the project's ``.venv`` (readable by all: ``/work/main/.venv/lib``);
  with ``--install pip`` the course is installed into it from the checkout with pip (a machine with a
  package index). Either way the course, JupyterLab, the widgets and JupyterLab's Spanish and Portuguese
  language packs are installed once, for everyone.
- ``course/``: the course's notebooks (English, ``es/``, ``pt/``, the start page), read-only; each
  learner gets their own copy, ``~/cribbage-course``, when their server first starts (the hub's
  ``pre_spawn_hook``, copied by the learner's own account), so their answers and edits are theirs.
- ``tables/``: the statistics lab's tables, built once here (``--tables build``, a few minutes) and
  read-only for the learners (``CRIBBAGE_CACHE_DIR``): nobody waits for a table, nobody can change one.
- ``jupyter/``: JupyterLab's defaults for the class (its menus in ``--language``, a learner may still pick
  another in Settings > Language; kernels of closed lessons shut down).
- ``class.csv``: the class list as the hub knows it (the accounts' names and the display names), which
  the teacher's view reads (who never started is listed too); readable by root and the teacher only.
- ``jupyterhub_config.py``: PAM logins (the local accounts), only the listed learners and the teacher
  allowed, the group ``teachers`` (the teacher), the teacher's live view as the service ``teacher`` that
  only the hub's admins and the group ``teachers`` may open, the proxy from npm
  (``hub/node_modules``, ``npm ci`` in ``hub/``); readable by root and the teacher only.
- ``progress/``: the class's answers, ``progress.sqlite3``, written by the progress service alone
  (``hub/progress_service.py``, the hub's service ``progress``: each answer a learner's kernel sends with
  the learner's own hub token, checked again with the engine) and read by the teacher's view; root's
  only (0700). A learner's own progress file stays in their home, as their copy.
- ``state/``: the hub's database and cookie secret, and with ``--create-accounts`` ``passwords.csv``
  (0600: each new account's first password, for the teacher to hand out).

Nothing is removed: the accounts of a class stay until an administrator runs ``userdel -r``.

Everything it says (its progress, its refusals, its help) is in the teacher's language, the locale's
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, which ``sudo`` passes on), as the rest of the course's
command line: keyed messages (:data:`MESSAGES`, English here) in the gettext domain ``hub``, Spanish and
Portuguese in ``hub/locale`` (``make catalogues``).
"""

from __future__ import annotations

import argparse
import csv
import grp
import io
import os
import pwd
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import sysconfig
import tempfile
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cribbage.cli.parsing import WholeNumber, speaking
from cribbage.lang.messages import Message, add_catalogue, message, use_language
from cribbage.lang.system import system_reason
from cribbage.progress.roster import USER_NAME, Member, read_roster
from cribbage.registry.languages import CODES, SOURCE, from_locale, language
from cribbage.registry.stops import STOPS
from machinery.lab_language import COURSE_SERVER_CONFIG, course_settings

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: The proxy JupyterHub talks to, from npm (``npm ci`` in ``hub/``, which ``.ci/run`` does).
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
#: The Python a learner's account can run (the project's own lives under /root).
LEARNER_PYTHON = Path("/usr/bin/python3")
TEACHERS_GROUP = "teachers"
#: The teacher's live view, run by the hub as a service (``python -m``, from the checkout).
TEACHER_VIEW = "hub.teacher_view"
#: The class's progress service, run by the hub as a service, which alone writes the class's answers.
PROGRESS_SERVICE = "hub.progress_service"
#: Its store, in a folder of root's (0700) that only the hub's services (root) may open.
PROGRESS_STORE = Path("progress") / "progress.sqlite3"
#: A class's kernels: a lesson left 20 minutes gives its memory back, its tab open or not (answers are recorded as given).
CLASS_KERNELS = {"cull_idle_timeout": 20 * 60, "cull_interval": 60, "cull_connected": True}
#: What ``--create-accounts`` puts before each name of the class (The Littlest JupyterHub's own).
PREFIX = "jupyter-"
#: The names of the system's accounts on Debian and its kin, refused whether or not they exist here.
SYSTEM_NAMES = frozenset({
    "root", "daemon", "bin", "sys", "sync", "games", "man", "lp", "mail", "news", "uucp", "proxy",
    "www-data", "backup", "list", "irc", "gnats", "nobody", "nogroup", "_apt", "messagebus", "sshd",
    "adm", "admin", "sudo", "wheel", "staff", "shadow", "operator", "halt", "shutdown", "postgres", "mysql",
    "systemd-network", "systemd-resolve", "systemd-timesync", "systemd-coredump", "polkitd", "avahi",
})
#: The shells of accounts nobody logs in to.
NO_LOGIN = frozenset({"/usr/sbin/nologin", "/sbin/nologin", "/bin/false", "/usr/bin/false", "/bin/sync"})
#: The longest display name (as the progress store's).
LONGEST_NAME = 80
#: What the set-up writes in the class's folder, and nothing else.
MARK = ".cribbage-class"
ENTRIES = (MARK, "state", "progress", "python", "course", "jupyter", "tables", "class.csv", "jupyterhub_config.py")
#: Characters that reorder or hide text (bidirectional controls): a name shown to a teacher holds none.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Where the set-up's Spanish and Portuguese are (``hub/locale/<language>/LC_MESSAGES/hub.po``).
LOCALE = HERE / "locale"
DOMAIN = "hub"

# What the set-up says to the teacher who runs it, English here; Spanish and Portuguese in hub/locale
# (make catalogues). Options (--force, --create-accounts), commands (useradd, npm ci), file names and
# the values ({user}, {folder}...) are written as they are typed: never translated.
MESSAGES: dict[str, dict[str, str]] = {
    # Who a name is for, said after "for": "... refused for the teacher".
    "hub.setup.role.learner": {"en": "the learner"},
    "hub.setup.role.teacher": {"en": "the teacher"},
    "hub.setup.role.admin": {"en": "the admin"},
    # The refusals, each said before anything is made.
    "hub.setup.not_root": {"en": "run it as root (sudo): it writes a hub's configuration, and may create accounts"},
    "hub.setup.no_proxy": {"en": "{proxy} is missing: run npm ci in {folder}"},
    "hub.setup.bad_prefix": {"en": "{prefix} is not a prefix for the class's accounts (say jupyter- or class2b-)"},
    # {roster} is the class list's file name, or hub.setup.the_class_list.
    "hub.setup.no_learner": {"en": "{roster} names no learner (a header and no row)"},
    "hub.setup.the_class_list": {"en": "the class list"},
    "hub.setup.teacher_in_list": {"en": "{teacher} is in the class list: the teacher is not a learner"},
    # {prefix}NAME: the prefix as given (jupyter-), then the word NAME as in the guide.
    "hub.setup.shared_account": {"en": "two people of the class would share an account (the class list names NAME "
                                       "and {prefix}NAME)"},
    # {name} is quoted: 'Ana Souza'. {role} is one of hub.setup.role.*.
    "hub.setup.not_user_name": {"en": "{name} is not a user name for {role}"},
    "hub.setup.not_user_name_length": {"en": "{name} is not a user name for {role} (at most 32 characters)"},
    "hub.setup.system_name": {"en": "{name} is a system account: refused for {role}"},
    "hub.setup.no_account": {"en": "there is no account {user} for {role}: add --create-accounts (it makes "
                                   "{prefix}NAME accounts), or make it with useradd"},
    "hub.setup.group_exists": {"en": "a group {user} exists: useradd could not make the account {user} for {role}"},
    "hub.setup.system_uid": {"en": "{user} is a system account (uid {uid}, not {lowest} to {highest}): refused for "
                                   "{role}"},
    "hub.setup.no_login_shell": {"en": "{user} has no login shell ({shell}), as a system account: refused for {role}"},
    "hub.setup.name_too_long": {"en": "{user}'s display name is longer than {most} characters"},
    "hub.setup.name_control": {"en": "{user}'s display name holds a line break or another control character"},
    "hub.setup.not_a_folder": {"en": "{folder} is not a folder"},
    "hub.setup.folder_not_empty": {"en": "{folder} is not empty and was not made by this command: choose another "
                                         "folder, or add --force to put the class beside what is there (nothing "
                                         "of it is changed)"},
    # {entries}: the names of the set-up's own entries already there (course, state...), as they are.
    "hub.setup.folder_taken": {"en": "{folder} already has {entries}: even with --force, nothing there is "
                                     "overwritten"},
    "hub.setup.folder_writable": {"en": "{folder} may be changed by an account other than root: choose another "
                                        "folder"},
    # {mode} is a file mode in octal (0700).
    "hub.setup.folder_closed": {"en": "{step} is closed to other accounts (mode {mode}): the learners could not "
                                      "reach {folder}; choose another folder"},
    # A failure half-way. {command} is the command as run (useradd --create-home ...), {said} its own
    # words (the system's, untranslated).
    "hub.setup.command_failed": {"en": "{command}... failed: {said}"},
    "hub.setup.undo_failed": {"en": "{error}; and undoing what was made: {problems}"},
    # An error of the system (a file that cannot be written): {reason} is the system's own words.
    "hub.setup.system_error": {"en": "{path}: {reason}"},
    "hub.setup.interrupted": {"en": "interrupted: what this run had made is taken back; the same command sets "
                                    "the class up again"},
    # The steps, each said as it starts (the Python and the tables take minutes).
    "hub.setup.step.python": {"en": "making the learners' Python in {folder}…"},
    "hub.setup.step.course": {"en": "copying the course to {folder}…"},
    "hub.setup.step.tables": {"en": "building the statistics lab's tables in {folder} (a few minutes)…"},
    "hub.setup.step.check": {"en": "checking that a learner's account can run the course…"},
    "hub.setup.accounts_created": {"en": "accounts created: {names}; first passwords in {path}"},
    # Said in place of the names above when every account existed already.
    "hub.setup.accounts_none": {"en": "none (all existed)"},
    "hub.setup.passwords_set": {"en": "passwords set for the accounts an earlier run left without one: {names}"},
    # The last lines: the files written, the command that starts the hub, the addresses to open.
    "hub.setup.wrote": {"en": "wrote {path}"},
    "hub.setup.start": {"en": "start the hub: {command}"},
    "hub.setup.open": {"en": "then open {url}: each person of the class logs in with their account"},
    "hub.setup.open_view": {"en": "the teacher's view: {url}"},
    # The command's help (--help). %% is a percent sign.
    "hub.setup.help.description": {"en": "Set up the Cribbage Course for a class on this machine's JupyterHub."},
    "hub.setup.help.roster": {"en": "the class list: CSV with username,display_name"},
    "hub.setup.help.teacher": {"en": "the teacher's user name (opens the live view)"},
    "hub.setup.help.dir": {"en": "the class's folder (made if missing; refused if another's)"},
    "hub.setup.help.force": {"en": "set the class up in a folder that is not empty (nothing in it is changed)"},
    "hub.setup.help.create_accounts": {"en": "each person of the class has the account PREFIX+NAME, made if missing"},
    "hub.setup.help.prefix": {"en": "the accounts' prefix with --create-accounts ({prefix})"},
    "hub.setup.help.admin": {"en": "a user who administers the hub (repeat for more)"},
    "hub.setup.help.language": {"en": "JupyterLab's default language"},
    # link and pip are typed as they are.
    "hub.setup.help.install": {"en": "the learners' Python: read this project's packages (link), or pip install "
                                     "the course"},
    # build and skip are typed as they are.
    "hub.setup.help.tables": {"en": "build the statistics lab's shared tables now (minutes), or skip: each "
                                    "learner's kernel builds its own"},
    "hub.setup.help.ip": {"en": "where the hub listens (0.0.0.0 for the class's network)"},
    "hub.setup.help.port": {"en": "the hub's port, which the class opens"},
    "hub.setup.help.hub_port": {"en": "the hub's own port, behind its proxy"},
    "hub.setup.help.proxy_api_port": {"en": "the port of the proxy's API"},
    "hub.setup.help.service_port": {"en": "the port of the teacher's view"},
    "hub.setup.help.progress_port": {"en": "the class's progress service (default: the service port + 1)"},
    "hub.setup.help.store_url": {"en": "keep the class's answers in this PostgreSQL database instead of the class's "
                                       "folder"},
    # The name of a value in the usage line: --teacher NAME, --dir FOLDER, --port PORT.
    "hub.setup.metavar.name": {"en": "NAME"},
    "hub.setup.metavar.folder": {"en": "FOLDER"},
    "hub.setup.metavar.port": {"en": "PORT"},
    "hub.setup.metavar.prefix": {"en": "PREFIX"},
    # A database's address, such as postgresql://USER:PASSWORD@HOST:PORT/DATABASE.
    "hub.setup.metavar.url": {"en": "URL"},
    "hub.setup.metavar.roster": {"en": "class.csv"},
}
add_catalogue(MESSAGES, domain=DOMAIN, locale_dir=LOCALE)


class SetupError(Exception):
    """Something the setup cannot do, said in one line (a message of :data:`MESSAGES`, said in the
    language of the moment it is printed)."""

    def __init__(self, said: Message) -> None:
        super().__init__(said)
        self.message = said

    def __str__(self) -> str:
        return str(self.message)


def role(name: str) -> Message:
    """Who a name is for, as the refusals say it: ``role("teacher")``."""
    return message(f"hub.setup.role.{name}")


def say(key: str, **values: object) -> None:
    """One line of the set-up's progress, in the teacher's language."""
    print(message(key, **values), flush=True)


def _run(argv: list[str], *, input: str | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(argv, capture_output=True, text=True, input=input, env=env)
    if done.returncode != 0:
        raise SetupError(message("hub.setup.command_failed", command=" ".join(argv[:3]),
                                 said=(done.stderr or done.stdout).strip()[-400:]))
    return done


def login_defs(key: str, default: int) -> int:
    """A number of ``/etc/login.defs`` (``UID_MIN``, ``UID_MAX``), or ``default`` where it says none."""
    try:
        lines = Path("/etc/login.defs").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return default
    for line in lines:
        words = line.split()
        if len(words) >= 2 and words[0] == key and words[1].isdigit():
            return int(words[1])
    return default


def login_shells() -> frozenset[str]:
    """The shells ``/etc/shells`` lists, less those of accounts nobody logs in to."""
    try:
        lines = Path("/etc/shells").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return frozenset()
    return frozenset(line.strip() for line in lines if line.strip().startswith("/")) - NO_LOGIN


def readable(path: Path) -> None:
    """Everyone may read ``path`` (and walk its folders); nobody but its owner may change it."""
    for folder, _dirs, files in os.walk(path):
        os.chmod(folder, 0o755)
        for name in files:
            file = Path(folder) / name
            if not file.is_symlink():
                file.chmod(0o755 if os.access(file, os.X_OK) else 0o644)


def learner_python(target: Path, install: str) -> Path:
    """A virtual environment of Debian's Python that the learners' accounts can run, with the course."""
    python = target / "bin" / "python"
    if not python.exists():
        _run([str(LEARNER_PYTHON), "-m", "venv", "--without-pip" if install == "link" else "--upgrade-deps",
              str(target)])
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    if install == "link":
        ours = Path(sysconfig.get_paths()["purelib"])  # this (the project's) environment's packages
        (site / "cribbage-course.pth").write_text(f"import site; site.addsitedir({str(ours)!r})\n", encoding="utf-8")
        # Jupyter finds its server extensions (etc/jupyter) and JupyterLab's extensions, the widgets'
        # and the language packs (share/jupyter) under the environment's prefix: the project's, linked.
        for part in ("etc/jupyter", "share/jupyter"):
            link, source = target / part, Path(sys.prefix) / part
            link.parent.mkdir(parents=True, exist_ok=True)
            if not link.is_symlink() and source.is_dir():
                link.symlink_to(source, target_is_directory=True)
    else:
        _run([str(python), "-m", "pip", "install", "--quiet", f"{ROOT}[hub]" if (ROOT / "pyproject.toml").exists()
              else str(ROOT)])
    readable(target)
    return python


def check_learners_can_run(python: Path, user: str) -> None:
    """The learners' Python runs the course and a single-user server under a learner's account."""
    _run(["runuser", "-u", user, "--", str(python), "-c",
          "import cribbage.progress, widgets, jupyterlab, jupyterhub.singleuser, ipywidgets"],
         env={**os.environ, "HOME": "/tmp", "MPLCONFIGDIR": "/tmp"})


def copy_course(target: Path) -> None:
    """The course's notebooks, read-only for all; a rerun writes the course's files over and deletes none
    but a stop's notebook under a name the course no longer gives it (``es/03_the_show.ipynb``, now
    ``es/03_recuento.ipynb``): a new learner's copy would hold the lesson twice."""
    shutil.copytree(ROOT / "course", target, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "locale", "*.po", "*.pot",
                                                  "scratch*"))
    for code in CODES:
        for stop in STOPS:
            for old in set(stop.notebooks) - {stop.notebook_in(code)}:
                (target / language(code).lessons / old).unlink(missing_ok=True)
    readable(target)


def jupyter_config(target: Path, language: str) -> None:
    """JupyterLab's and the server's defaults for every learner (``JUPYTER_CONFIG_PATH``)."""
    import json

    (target / "labconfig").mkdir(parents=True, exist_ok=True)
    (target / "labconfig" / "default_setting_overrides.json").write_text(
        json.dumps(course_settings(language), indent=2) + "\n", encoding="utf-8")
    server = {**COURSE_SERVER_CONFIG, "MappingKernelManager": CLASS_KERNELS}  # a class's: culled open or not
    (target / "jupyter_server_config.json").write_text(json.dumps(server, indent=2) + "\n", encoding="utf-8")
    readable(target)


def build_tables(python: Path, tables: Path) -> None:
    """The statistics lab's tables, built by running its notebooks once here, then read-only for all."""
    tables.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "CRIBBAGE_CACHE_DIR": str(tables), "MPLCONFIGDIR": str(tables.parent / "state")}
    for notebook in (stop.notebook for stop in STOPS if stop.builds_tables):
        _run([str(python), "-m", "nbconvert", "--to", "notebook", "--execute", "--stdout",
              "--ExecutePreprocessor.timeout=1800", str(ROOT / "course" / notebook)], env=env)
    readable(tables)


def account(user: str) -> pwd.struct_passwd | None:
    """The machine's account named ``user``, or None."""
    try:
        return pwd.getpwnam(user)
    except KeyError:
        return None


def account_exists(user: str) -> bool:
    return account(user) is not None


def name_problem(name: str, for_: str) -> Message | None:
    """Why ``name``, as the class list or the command gives it, cannot be a person of the class (``for_``:
    learner, teacher or admin)."""
    if not USER_NAME.match(name):
        return message("hub.setup.not_user_name", name=repr(name), role=role(for_))
    found = account(name)
    if name in SYSTEM_NAMES or (found is not None and found.pw_uid < login_defs("UID_MIN", 1000)):
        return message("hub.setup.system_name", name=name, role=role(for_))
    return None


def account_problem(user: str, for_: str, *, may_create: bool) -> Message | None:
    """Why the account ``user`` cannot be the ``for_``'s: a system account's, or missing."""
    if not USER_NAME.match(user):
        return message("hub.setup.not_user_name_length", name=repr(user), role=role(for_))
    found = account(user)
    if found is None:
        if not may_create:
            return message("hub.setup.no_account", user=user, role=role(for_), prefix=PREFIX)
        try:
            grp.getgrnam(user)
        except KeyError:
            return None
        return message("hub.setup.group_exists", user=user, role=role(for_))
    lowest, highest = login_defs("UID_MIN", 1000), login_defs("UID_MAX", 60000)
    if not lowest <= found.pw_uid <= highest:  # the numbers as the system writes them: no grouping
        return message("hub.setup.system_uid", user=user, uid=str(found.pw_uid), lowest=str(lowest),
                       highest=str(highest), role=role(for_))
    if found.pw_shell not in login_shells():
        return message("hub.setup.no_login_shell", user=user, shell=found.pw_shell, role=role(for_))
    return None


def display_name_problem(member: Member) -> Message | None:
    """Why a display name cannot be shown to the teacher: too long, or a line break or control character."""
    if len(member.name) > LONGEST_NAME:
        return message("hub.setup.name_too_long", user=member.user, most=LONGEST_NAME)
    if any(unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs") or char in BIDI_CONTROLS for char in member.name):
        return message("hub.setup.name_control", user=member.user)
    return None


def folder_problem(folder: Path, *, force: bool) -> Message | None:
    """Why the class cannot be set up in ``folder``: another's files, or a folder learners cannot reach."""
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir():
            return message("hub.setup.not_a_folder", folder=str(folder))
        ours = (folder / MARK).is_file()
        if not ours and any(folder.iterdir()):
            if not force:
                return message("hub.setup.folder_not_empty", folder=str(folder))
            taken = [name for name in ENTRIES if os.path.lexists(folder / name)]
            if taken:
                return message("hub.setup.folder_taken", folder=str(folder), entries=", ".join(taken))
        mode = folder.stat()
        if mode.st_uid != 0 or mode.st_mode & 0o022:
            return message("hub.setup.folder_writable", folder=str(folder))
    for step in [folder, *folder.parents]:
        if step.exists() and not step.stat().st_mode & stat.S_IXOTH:
            return message("hub.setup.folder_closed", step=str(step), folder=str(folder),
                           mode=f"{stat.S_IMODE(step.stat().st_mode):04o}")
    return None


@dataclass
class Plan:
    """The class as it will be made: every name checked, nothing made yet."""

    folder: Path
    learners: list[Member]  # the accounts' names (with the prefix where the set-up creates them)
    teacher: str
    admins: list[str]

    @property
    def accounts(self) -> list[str]:
        return [member.user for member in self.learners] + [self.teacher]


def plan(args: argparse.Namespace) -> Plan:
    """Check everything the set-up will use; raise SetupError (or the class list's ValueError) at the first
    problem, before anything is made."""
    if os.geteuid() != 0:
        raise SetupError(message("hub.setup.not_root"))
    if not PROXY.exists():
        raise SetupError(message("hub.setup.no_proxy", proxy=str(PROXY), folder=str(HERE)))
    prefix = args.prefix
    if not USER_NAME.match(prefix) or not prefix.endswith("-") or len(prefix) > 16:
        raise SetupError(message("hub.setup.bad_prefix", prefix=repr(prefix)))
    members = read_roster(args.roster)
    if not members:
        raise SetupError(message("hub.setup.no_learner", roster=str(args.roster)))
    problems = [name_problem(args.teacher, "teacher")]
    if not problems[0] and args.teacher in {member.user for member in members}:
        problems = [message("hub.setup.teacher_in_list", teacher=args.teacher)]
    problems += [problem for member in members
                 for problem in (name_problem(member.user, "learner"), display_name_problem(member))]
    problems += [name_problem(admin, "admin") or account_problem(admin, "admin", may_create=False)
                 for admin in args.admin or []]

    def named(user: str) -> str:
        return prefix + user if args.create_accounts and not user.startswith(prefix) else user

    learners = [Member(named(member.user), member.name) for member in members]
    teacher = named(args.teacher)
    if len({member.user for member in learners} | {teacher}) < len(learners) + 1:
        problems.append(message("hub.setup.shared_account", prefix=prefix))
    problems += [account_problem(member.user, "learner", may_create=args.create_accounts) for member in learners]
    problems.append(account_problem(teacher, "teacher", may_create=args.create_accounts))
    folder = Path(os.path.abspath(args.dir))
    problems.append(folder_problem(folder, force=args.force))
    first = next((problem for problem in problems if problem), None)
    if first:
        raise SetupError(first)
    return Plan(folder, learners, teacher, list(args.admin or []))


@dataclass
class Made:
    """What this run made, so a failure half-way can take it back."""

    paths: list[Path] = field(default_factory=list)
    accounts: list[str] = field(default_factory=list)
    passwords: Path | None = None

    def entry(self, path: Path) -> Path:
        """``path``, to be removed on a failure if it does not exist yet."""
        if not os.path.lexists(path):
            self.paths.append(path)
        return path

    def undo(self) -> list[str]:
        """Remove what this run made; the problems met doing it."""
        problems = []
        for user in reversed(self.accounts):
            done = subprocess.run(["userdel", "--remove", user], capture_output=True, text=True)
            if done.returncode not in (0, 12):  # 12: the home could not be removed (none made)
                problems.append(f"userdel {user}: {done.stderr.strip()}")
            subprocess.run(["groupdel", user], capture_output=True)
        if self.passwords is not None and self.passwords.exists():
            # Each line is written before its account is made: keep only those of accounts that exist.
            with open(self.passwords, encoding="utf-8", newline="") as file:
                rows = [row for row in csv.reader(file) if row and account_exists(row[0])]
            text = io.StringIO()
            csv.writer(text).writerows(rows)
            self.passwords.write_text(text.getvalue(), encoding="utf-8")
        for path in reversed(self.paths):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            elif os.path.lexists(path):
                path.unlink()
        return problems


def password_status(user: str) -> str:
    """``passwd --status``'s word for ``user``'s password: P (usable), L (locked) or NP (none)."""
    return _run(["passwd", "--status", user]).stdout.split()[1]


def _set_password(user: str, password: str) -> None:
    _run(["chpasswd"], input=f"{user}:{password}\n")


def create_accounts(plan: Plan, passwords: Path, made: Made) -> tuple[list[str], list[str]]:
    """The class's missing accounts, each with a random first password in ``passwords``; and the accounts a
    killed run made whose password was not set yet. Returns both lists of names."""
    made.passwords = passwords
    recorded: dict[str, str] = {}
    if passwords.exists():
        with open(passwords, encoding="utf-8", newline="") as file:
            recorded = {row[0]: row[1] for row in csv.reader(file) if len(row) >= 2}
    created, finished = [], []
    for user in plan.accounts:
        if account_exists(user):
            # Made by an earlier run (it is in the list) that stopped before its password was set.
            if user in recorded and password_status(user) in ("L", "NP"):
                _set_password(user, recorded[user])
                finished.append(user)
            continue
        password = secrets.token_urlsafe(9)
        # Written (and on disk) before the account exists: a run killed after useradd leaves an account
        # whose password the next run finds here and sets.
        fd = os.open(passwords, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", newline="") as out:
            csv.writer(out).writerow([user, password])
            out.flush()
            os.fsync(out.fileno())
        _run(["useradd", "--create-home", "--shell", "/bin/bash", user])  # no --comment: names stay private
        made.accounts.append(user)
        found = account(user)
        assert found is not None
        Path(found.pw_dir).chmod(0o700)
        _set_password(user, password)
        created.append(user)
    return created, finished


def teacher_group(teacher: str) -> int | None:
    """The teacher's own group (the group of their account and of nobody else's), or None."""
    found = account(teacher)
    if found is None or found.pw_gid == 0:
        return None
    try:
        group = grp.getgrgid(found.pw_gid)
    except KeyError:
        return None
    if any(member != teacher for member in group.gr_mem):
        return None
    if any(other.pw_gid == found.pw_gid and other.pw_name != teacher for other in pwd.getpwall()):
        return None
    return found.pw_gid


def write_private(path: Path, text: str, teacher: str) -> None:
    """``path`` holding ``text``, readable by root and the teacher's own group only (root alone if the
    teacher has none), never readable by anyone else even for a moment."""
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        group = teacher_group(teacher)
        if os.geteuid() == 0:
            os.chown(name, 0, group if group is not None else 0)
        os.chmod(name, 0o640 if group is not None else 0o600)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def write_class_list(folder: Path, learners: list[Member], teacher: str) -> Path:
    """The class list as the hub knows it (the accounts' names) for the teacher's view."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["username", "display_name"])
    writer.writerows([member.user, member.name] for member in learners)
    path = folder / "class.csv"
    write_private(path, text.getvalue(), teacher)
    return path


CONFIG = '''\
"""JupyterHub for the Cribbage Course's class, written by hub/class_setup.py (run it again to change it)."""

import os
import pwd
import subprocess

CLASS = {folder!r}
LEARNERS = {learners!r}
TEACHER = {teacher!r}

c = get_config()  # noqa: F821  (JupyterHub gives it)
c.JupyterHub.bind_url = "http://{ip}:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///" + os.path.join(CLASS, "state", "jupyterhub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(CLASS, "state", "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.pid_file = os.path.join(CLASS, "state", "proxy.pid")

# Logins are the machine's accounts (PAM); only the class may log in.
c.JupyterHub.authenticator_class = "pam"
c.Authenticator.allowed_users = set(LEARNERS) | {{TEACHER}}
c.Authenticator.admin_users = {admins!r}
c.JupyterHub.load_groups = {{"{teachers}": {{"users": [TEACHER]}}, "learners": {{"users": LEARNERS}}}}

# The class's answers: the progress service alone writes them (CLASS/progress, root's only), each checked
# again with the engine, under the hub's name for the learner's token; the teacher's view reads that store.
STORE = os.path.join(CLASS, {store!r})
PROGRESS_URL = "http://127.0.0.1:{progress_port}"

# The teacher's live view: only the hub's admins (their role has access:services) and the teachers.
c.JupyterHub.services = [{{
    "name": "teacher",
    "url": "http://127.0.0.1:{service_port}",
    "command": [{service_python!r}, "-m", {service_module!r}, "--roster", os.path.join(CLASS, "class.csv"),
                "--store", STORE],
    "cwd": {service_cwd!r},  # the checkout the class was set up from: its hub package
    "oauth_no_confirm": True,
    # The view asks the hub for this scope in the teacher's token: with it, a learner's notebook opens read-only.
    "oauth_client_allowed_scopes": ["custom:cribbage-course:read:notebooks"],
    "display": True,
    "environment": {{{store_env}}},
}}, {{
    "name": "progress",
    "url": PROGRESS_URL,
    "command": [{service_python!r}, "-m", {progress_module!r}, "--roster", os.path.join(CLASS, "class.csv"),
                "--store", STORE],
    "cwd": {service_cwd!r},
    "environment": {{{store_env}{service_tables}}},
    "display": False,
}}]
c.JupyterHub.custom_scopes = {{"custom:cribbage-course:read:notebooks": {{
    "description": "Open the class's learners' notebooks read-only in the teacher's view"}}}}
c.JupyterHub.load_roles = [{{
    "name": "teacher-view",
    "description": "Open the teacher's live view of the class, and the learners' notebooks read-only",
    "groups": ["{teachers}"],
    "scopes": ["access:services!service=teacher", "custom:cribbage-course:read:notebooks"],
}}, {{
    "name": "class-progress",
    "description": "Send one's own answers to the class's progress service",
    "groups": ["learners"],
    "scopes": ["access:services!service=progress"],
}}]
# A learner's server token (JUPYTERHUB_API_TOKEN, which its kernels inherit) may reach the progress service
# too: the server role's scopes, and that one (given only to whoever holds it: the learners).
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", "access:services!service=progress"]

# Each learner's server: Debian's Python with the course installed once for all (CLASS/python), the
# statistics tables shared read-only, JupyterLab's defaults for the class, the course in their home.
c.Spawner.cmd = [os.path.join(CLASS, "python", "bin", "python"), "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/cribbage/open?path=cribbage-course/start/index.ipynb"
c.Spawner.environment = {{
{tables_env}    "JUPYTER_CONFIG_PATH": os.path.join(CLASS, "jupyter"),
    "LANG": {lang_env!r},
}}
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120


def give_the_course(spawner):
    """The learner's own copy of the course, the first time their server starts; never for a system account."""
    user = pwd.getpwnam(spawner.user.name)
    if not {uid_min} <= user.pw_uid <= {uid_max}:
        raise ValueError(f"{{spawner.user.name}} is a system account: no server for it")
    target = os.path.join(user.pw_dir, "cribbage-course")
    if not os.path.lexists(target):
        # Copied by the learner's own account: root never writes in a home the learner controls.
        subprocess.run(["runuser", "-u", spawner.user.name, "--", "cp", "-r", "--",
                        os.path.join(CLASS, "course"), target], check=True)
    if spawner.user.name in LEARNERS:  # a learner's answers go to the class's record too
        spawner.environment = {{**spawner.environment,
                                "CRIBBAGE_CLASS_SERVICE": PROGRESS_URL + "/services/progress/"}}


c.Spawner.pre_spawn_hook = give_the_course
'''


def write_config(folder: Path, members: list[Member], teacher: str, args: argparse.Namespace) -> Path:
    """The hub's configuration for the class, readable by root and the teacher only."""
    text = CONFIG.format(
        folder=str(folder), learners=[m.user for m in members], teacher=teacher, ip=args.ip, port=args.port,
        hub_port=args.hub_port, proxy=str(PROXY), proxy_api_port=args.proxy_api_port, teachers=TEACHERS_GROUP,
        admins=set(args.admin or []), service_port=args.service_port, service_python=sys.executable,
        service_module=TEACHER_VIEW, service_cwd=str(ROOT), progress_module=PROGRESS_SERVICE,
        progress_port=args.progress_port or args.service_port + 1, store=str(PROGRESS_STORE),
        # A school's PostgreSQL instead of the file: in the services' environment, never in the process list.
        store_env=f'"CRIBBAGE_CLASS_STORE_URL": {args.store_url!r}, ' if getattr(args, "store_url", None) else "",
        service_tables='"CRIBBAGE_CACHE_DIR": os.path.join(CLASS, "tables")' if args.tables == "build" else "",
        lang_env=language(args.language).system_locale,
        uid_min=login_defs("UID_MIN", 1000), uid_max=login_defs("UID_MAX", 60000),
        # Shared read-only tables only once built; else each learner's kernel builds its own in their home.
        tables_env='    "CRIBBAGE_CACHE_DIR": os.path.join(CLASS, "tables"),\n' if args.tables == "build" else "")
    path = folder / "jupyterhub_config.py"
    write_private(path, text, teacher)
    return path


@contextmanager
def undone_on_failure() -> Iterator[Made]:
    """What is made inside, taken back if anything fails (Ctrl-C too)."""
    made = Made()
    try:
        yield made
    except BaseException as error:
        problems = made.undo()
        if problems:
            said: Message | str = (error.message if isinstance(error, SetupError) else
                                   message("hub.setup.interrupted") if isinstance(error, KeyboardInterrupt) else
                                   str(error))
            raise SetupError(message("hub.setup.undo_failed", error=said, problems="; ".join(problems))) from error
        raise


def setup(args: argparse.Namespace) -> Path:
    """Everything the class needs in ``args.dir``; returns the hub's configuration file."""
    class_ = plan(args)
    folder = class_.folder
    with undone_on_failure() as made:
        if not folder.exists():
            missing = [step for step in [folder, *folder.parents] if not step.exists()]
            folder.mkdir(parents=True)  # fails if another made it meanwhile: then it is not this run's to undo
            made.paths.append(missing[-1])  # the first folder made: everything under it is this run's
            for step in missing:
                step.chmod(0o755)
        made.entry(folder / MARK).write_text("made by hub.class_setup: its class's folder\n", encoding="utf-8")
        state = made.entry(folder / "state")
        state.mkdir(exist_ok=True)
        state.chmod(0o700)
        progress = made.entry(folder / "progress")  # the class's answers: the hub's services (root) only
        progress.mkdir(exist_ok=True)
        progress.chmod(0o700)
        say("hub.setup.step.python", folder=str(folder / "python"))
        python = learner_python(made.entry(folder / "python"), args.install)
        say("hub.setup.step.course", folder=str(folder / "course"))
        copy_course(made.entry(folder / "course"))
        jupyter_config(made.entry(folder / "jupyter"), args.language)
        if args.tables == "build":
            say("hub.setup.step.tables", folder=str(folder / "tables"))
            build_tables(python, made.entry(folder / "tables"))
        if args.create_accounts:
            created, finished = create_accounts(class_, state / "passwords.csv", made)
            say("hub.setup.accounts_created", names=", ".join(created) or message("hub.setup.accounts_none"),
                path=str(state / "passwords.csv"))
            if finished:
                say("hub.setup.passwords_set", names=", ".join(finished))
        say("hub.setup.step.check")
        check_learners_can_run(python, class_.learners[0].user)
        made.entry(folder / "class.csv")
        made.entry(folder / "jupyterhub_config.py")
        write_class_list(folder, class_.learners, class_.teacher)
        return write_config(folder, class_.learners, class_.teacher, args)


def help_text(key: str, **values: object) -> str:
    """A help of the catalogue in the language of the moment, as argparse takes it (a %-template)."""
    return str(message(key, **values)).replace("%", "%%")


def arguments() -> argparse.ArgumentParser:
    """The command's options (the guides' commands are checked against them), its help in the language
    of the moment (:func:`cribbage.lang.messages.use_language`)."""
    def words(key: str, **values: object) -> str:
        return help_text(f"hub.setup.help.{key}", **values)

    name, port = str(message("hub.setup.metavar.name")), str(message("hub.setup.metavar.port"))
    number = WholeNumber()
    parser = argparse.ArgumentParser(prog="python -m hub.class_setup", description=words("description"))
    parser.add_argument("roster", metavar=str(message("hub.setup.metavar.roster")), help=words("roster"))
    parser.add_argument("--teacher", required=True, metavar=name, help=words("teacher"))
    parser.add_argument("--dir", required=True, metavar=str(message("hub.setup.metavar.folder")), help=words("dir"))
    parser.add_argument("--force", action="store_true", help=words("force"))
    parser.add_argument("--create-accounts", action="store_true", help=words("create_accounts"))
    parser.add_argument("--prefix", default=PREFIX, metavar=str(message("hub.setup.metavar.prefix")),
                        help=words("prefix", prefix=PREFIX))
    parser.add_argument("--admin", action="append", metavar=name, help=words("admin"))
    parser.add_argument("--language", choices=CODES, default=SOURCE, help=words("language"))
    parser.add_argument("--install", choices=("link", "pip"), default="link", help=words("install"))
    parser.add_argument("--tables", choices=("build", "skip"), default="build", help=words("tables"))
    parser.add_argument("--ip", default="127.0.0.1", help=words("ip"))
    parser.add_argument("--port", type=number, default=8000, metavar=port, help=words("port"))
    parser.add_argument("--hub-port", type=number, default=8081, metavar=port, help=words("hub_port"))
    parser.add_argument("--proxy-api-port", type=number, default=8001, metavar=port, help=words("proxy_api_port"))
    parser.add_argument("--service-port", type=number, default=8002, metavar=port, help=words("service_port"))
    parser.add_argument("--progress-port", type=number, default=None, metavar=port, help=words("progress_port"))
    parser.add_argument("--store-url", metavar=str(message("hub.setup.metavar.url")), help=words("store_url"))
    return parser


def teachers_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the set-up speaks: the locale's, as the course's command line reads it; else English."""
    return from_locale(environ) or SOURCE


def address(args: argparse.Namespace) -> str:
    """Where the class opens the hub: its address, this machine's name when it listens on every one."""
    host = socket.getfqdn() if args.ip in ("0.0.0.0", "", "::") else args.ip
    return f"http://{host}:{args.port}"


def failure(error: BaseException) -> Message | str:
    """What the set-up says of an error that stopped it: its own message, or why the system refused."""
    if isinstance(error, SetupError):
        return error.message
    if isinstance(error, OSError):
        reason = system_reason(error)
        return message("hub.setup.system_error", path=str(error.filename), reason=reason) if error.filename else reason
    return str(error)  # the class list's errors (ValueError) are the course's messages: said in the language


def main(argv: list[str] | None = None) -> int:
    with use_language(teachers_language()) as language, speaking(language):
        args = arguments().parse_args(argv)
        try:
            config = setup(args)
        except (SetupError, OSError, ValueError) as error:
            print(f"class_setup: {failure(error)}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:  # what the run made is taken back already (undone_on_failure)
            print(f"\nclass_setup: {message('hub.setup.interrupted')}", file=sys.stderr)
            return 130
        say("hub.setup.wrote", path=str(config))
        say("hub.setup.start", command=f"{ROOT / '.venv' / 'bin' / 'jupyterhub'} -f {config}")
        say("hub.setup.open", url=f"{address(args)}/hub/login")
        say("hub.setup.open_view", url=f"{address(args)}/services/teacher/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
