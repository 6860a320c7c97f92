"""Set up the course for a class on this machine's JupyterHub, from a class list: one command.

    sudo .venv/bin/python -m hub.class_setup class.csv --teacher NAME --dir /srv/cribbage-class \\
        [--create-accounts] [--language es] [--port 8000] [--tables build|skip]

run in the checkout (a class is set up from the repository: ``hub`` is not an installed package), then
start the hub with the command it prints (``.venv/bin/jupyterhub -f DIR/jupyterhub_config.py``).

What it makes in ``DIR`` (the folder is readable by everyone; ``state/`` only by root):

- ``python/``: the Python the learners' servers run. The project's ``.venv`` is built on a Python under
  ``/root`` that a learner's account cannot read, so the learners get a virtual environment of Debian's
  ``/usr/bin/python3`` (the same 3.11): with ``--install link`` (the default, no network) it reads the
  project's installed packages from the project's ``.venv`` (readable by all: ``/work/main/.venv/lib``);
  with ``--install pip`` the course is installed into it from the checkout with pip (a machine with a
  package index). Either way the course, JupyterLab, the widgets and JupyterLab's Spanish and Portuguese
  language packs are installed once, for everyone.
- ``course/``: the course's notebooks (English, ``es/``, ``pt/``, the start page), read-only; each
  learner gets their own copy, ``~/cribbage-course``, when their server first starts (the hub's
  ``pre_spawn_hook``), so their answers and edits are theirs.
- ``tables/``: the statistics lab's tables, built once here (``--tables build``, a few minutes) and
  read-only for the learners (``CRIBBAGE_CACHE_DIR``): nobody waits for a table, nobody can change one.
- ``jupyter/``: JupyterLab's defaults for the class (its menus in ``--language``, a learner may still pick
  another in Settings > Language; kernels of closed lessons shut down).
- ``class.csv``: the class list the teacher's view reads (who never started is listed too).
- ``jupyterhub_config.py``: PAM logins (the local accounts), only the listed learners and the teacher
  allowed, the group ``teachers`` (the teacher), the teacher's live view as the service ``teacher`` that
  only the hub's admins and the group ``teachers`` may open, the proxy from npm
  (``hub/node_modules``, ``npm ci`` in ``hub/``).
- ``state/``: the hub's database and cookie secret, and with ``--create-accounts`` ``passwords.csv``
  (0600: each new account's first password, for the teacher to hand out).

``--create-accounts`` makes the local accounts that are missing (``useradd -m``; homes 0700, so no
learner reads another's files) with a random password each. Nothing is removed: the accounts of a
class stay until an administrator runs ``userdel -r``.
"""

from __future__ import annotations

import argparse
import csv
import os
import pwd
import secrets
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from cribbage.progress.roster import USER_NAME, Member, read_roster
from cribbage.registry.languages import CODES, SOURCE, language
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


class SetupError(Exception):
    """Something the setup cannot do, said in one line."""


def _run(argv: list[str], *, input: str | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(argv, capture_output=True, text=True, input=input, env=env)
    if done.returncode != 0:
        raise SetupError(f"{' '.join(argv[:3])}... failed: {(done.stderr or done.stdout).strip()[-400:]}")
    return done


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
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "course", target, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__",
                                                                           "locale", "*.po", "*.pot", "scratch*"))
    readable(target)


def jupyter_config(target: Path, language: str) -> None:
    """JupyterLab's and the server's defaults for every learner (``JUPYTER_CONFIG_PATH``)."""
    import json

    (target / "labconfig").mkdir(parents=True, exist_ok=True)
    (target / "labconfig" / "default_setting_overrides.json").write_text(
        json.dumps(course_settings(language), indent=2) + "\n", encoding="utf-8")
    (target / "jupyter_server_config.json").write_text(json.dumps(COURSE_SERVER_CONFIG, indent=2) + "\n",
                                                        encoding="utf-8")
    readable(target)


def build_tables(python: Path, tables: Path) -> None:
    """The statistics lab's tables, built by running its notebooks once here, then read-only for all."""
    tables.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "CRIBBAGE_CACHE_DIR": str(tables), "MPLCONFIGDIR": str(tables.parent / "state")}
    for notebook in (stop.notebook for stop in STOPS if stop.builds_tables):
        _run([str(python), "-m", "nbconvert", "--to", "notebook", "--execute", "--stdout",
              "--ExecutePreprocessor.timeout=1800", str(ROOT / "course" / notebook)], env=env)
    readable(tables)


def account_exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True


def create_accounts(members: list[Member], teacher: str, state: Path) -> list[str]:
    """The missing local accounts, each with a random first password kept in ``state/passwords.csv``."""
    made: list[tuple[str, str]] = []
    for user, name in [(m.user, m.name) for m in members] + [(teacher, teacher)]:
        if account_exists(user):
            continue
        _run(["useradd", "--create-home", "--shell", "/bin/bash", "--comment", name.replace(":", " "), user])
        home = Path(pwd.getpwnam(user).pw_dir)
        home.chmod(0o700)
        made.append((user, secrets.token_urlsafe(9)))
    if made:
        _run(["chpasswd"], input="".join(f"{user}:{password}\n" for user, password in made))
        passwords = state / "passwords.csv"
        fd = os.open(passwords, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", newline="") as out:
            csv.writer(out).writerows(made)
    return [user for user, _password in made]


CONFIG = '''\
"""JupyterHub for the Cribbage Course's class, written by hub/class_setup.py (run it again to change it)."""

import os
import pwd
import shutil
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

# The teacher's live view: only the hub's admins (their role has access:services) and the teachers.
c.JupyterHub.services = [{{
    "name": "teacher",
    "url": "http://127.0.0.1:{service_port}",
    "command": [{service_python!r}, "-m", {service_module!r}, "--roster", os.path.join(CLASS, "class.csv")],
    "cwd": {service_cwd!r},  # the checkout the class was set up from: its hub package
    "oauth_no_confirm": True,
    "display": True,
}}]
c.JupyterHub.load_roles = [{{
    "name": "teacher-view",
    "description": "Open the teacher's live view of the class",
    "groups": ["{teachers}"],
    "scopes": ["access:services!service=teacher"],
}}]

# Each learner's server: Debian's Python with the course installed once for all (CLASS/python), the
# statistics tables shared read-only, JupyterLab's defaults for the class, the course in their home.
c.Spawner.cmd = [os.path.join(CLASS, "python", "bin", "python"), "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/lab/tree/cribbage-course/start/index.ipynb"
c.Spawner.environment = {{
{tables_env}    "JUPYTER_CONFIG_PATH": os.path.join(CLASS, "jupyter"),
    "LANG": {lang_env!r},
}}
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120


def give_the_course(spawner):
    """The learner's own copy of the course, the first time their server starts."""
    user = pwd.getpwnam(spawner.user.name)
    target = os.path.join(user.pw_dir, "cribbage-course")
    if not os.path.exists(target):
        shutil.copytree(os.path.join(CLASS, "course"), target)
        subprocess.run(["chown", "-R", f"{{user.pw_uid}}:{{user.pw_gid}}", target], check=True)


c.Spawner.pre_spawn_hook = give_the_course
'''


def write_config(folder: Path, members: list[Member], teacher: str, args: argparse.Namespace) -> Path:
    text = CONFIG.format(
        folder=str(folder), learners=[m.user for m in members], teacher=teacher, ip=args.ip, port=args.port,
        hub_port=args.hub_port, proxy=str(PROXY), proxy_api_port=args.proxy_api_port, teachers=TEACHERS_GROUP,
        admins=set(args.admin or []), service_port=args.service_port, service_python=sys.executable,
        service_module=TEACHER_VIEW, service_cwd=str(ROOT), lang_env=language(args.language).system_locale,
        # Shared read-only tables only once built; else each learner's kernel builds its own in their home.
        tables_env='    "CRIBBAGE_CACHE_DIR": os.path.join(CLASS, "tables"),\n' if args.tables == "build" else "")
    path = folder / "jupyterhub_config.py"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o644)
    return path


def setup(args: argparse.Namespace) -> Path:
    """Everything the class needs in ``args.dir``; returns the hub's configuration file."""
    if os.geteuid() != 0:
        raise SetupError("run it as root (sudo): it writes a hub's configuration, and may create accounts")
    if not USER_NAME.match(args.teacher):
        raise SetupError(f"{args.teacher!r} is not a user name for the teacher")
    if not PROXY.exists():
        raise SetupError(f"{PROXY} is missing: run `npm ci` in {HERE}")
    members = read_roster(args.roster)
    if args.teacher in {m.user for m in members}:
        raise SetupError(f"{args.teacher} is in the class list: the teacher is not a learner")
    folder = Path(args.dir).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)
    state = folder / "state"
    state.mkdir(exist_ok=True)
    state.chmod(0o700)
    shutil.copyfile(args.roster, folder / "class.csv")
    (folder / "class.csv").chmod(0o600)  # the class's names: the hub and the teacher's view only
    python = learner_python(folder / "python", args.install)
    copy_course(folder / "course")
    jupyter_config(folder / "jupyter", args.language)
    if args.tables == "build":
        build_tables(python, folder / "tables")
    if args.create_accounts:
        made = create_accounts(members, args.teacher, state)
        print(f"accounts created: {', '.join(made) or 'none (all existed)'}; first passwords in {state / 'passwords.csv'}")
    missing = [user for user in [m.user for m in members] + [args.teacher] if not account_exists(user)]
    if missing:
        print(f"no local account yet for: {', '.join(missing)} (add --create-accounts, or useradd them)")
    else:
        check_learners_can_run(python, members[0].user if members else args.teacher)
    return write_config(folder, members, args.teacher, args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Set up the Cribbage Course for a class on this machine's JupyterHub.")
    parser.add_argument("roster", help="the class list: CSV with username,display_name")
    parser.add_argument("--teacher", required=True, help="the teacher's user name (opens the live view)")
    parser.add_argument("--dir", required=True, help="the class's folder (made if missing)")
    parser.add_argument("--create-accounts", action="store_true", help="useradd the accounts that are missing")
    parser.add_argument("--admin", action="append", help="a user who administers the hub (repeat for more)")
    parser.add_argument("--language", choices=CODES, default=SOURCE, help="JupyterLab's default language")
    parser.add_argument("--install", choices=("link", "pip"), default="link",
                        help="the learners' Python: read this project's packages (link), or pip install the course")
    parser.add_argument("--tables", choices=("build", "skip"), default="build",
                        help="build the statistics lab's shared tables now (minutes), or skip: each learner's kernel builds its own")
    parser.add_argument("--ip", default="127.0.0.1", help="where the hub listens (0.0.0.0 for the class's network)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--hub-port", type=int, default=8081)
    parser.add_argument("--proxy-api-port", type=int, default=8001)
    parser.add_argument("--service-port", type=int, default=8002)
    args = parser.parse_args(argv)
    try:
        config = setup(args)
    except (SetupError, OSError, ValueError) as error:  # the roster's errors are ValueErrors too
        print(f"class_setup: {error}", file=sys.stderr)
        return 2
    print(f"wrote {config}\nstart the hub: {ROOT / '.venv' / 'bin' / 'jupyterhub'} -f {config}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
