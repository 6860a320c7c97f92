"""hub.class_setup with real accounts (useradd, as root): a failure half-way takes back the accounts and
the folder it made; a run killed half-way is finished by the next, passwords included; the accounts carry
no display name, and the class list and the hub's configuration are root's and the teacher's only.

Needs root (skipped otherwise, except in CI where it fails). Every account the tests name is removed
after them, whatever happened; so is the class's folder.
"""

from __future__ import annotations

import csv
import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub import class_setup

ROOT = Path(__file__).resolve().parents[2]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"true", "1", "yes"}


@pytest.fixture
def class_names() -> Iterator[tuple[str, Path]]:
    """A prefix no account has, and a folder (0755, root's) to set the class up in; both cleaned after."""
    if os.geteuid() != 0 or not Path("/usr/sbin/useradd").exists():
        if _in_ci():
            pytest.fail("the set-up's account tests need root and useradd (CI=true: they must run)", pytrace=False)
        pytest.skip("the set-up's account tests make local accounts: run them as root")
    prefix = f"zcs{secrets.token_hex(2)}-"
    top = Path(tempfile.mkdtemp(prefix="cribbage-setup-"))
    top.chmod(0o755)  # the learners' accounts walk through it to the class's Python
    try:
        yield prefix, top
    finally:
        for entry in pwd.getpwall():
            if entry.pw_name.startswith(prefix):
                subprocess.run(["userdel", "--remove", entry.pw_name], capture_output=True)
                subprocess.run(["groupdel", entry.pw_name], capture_output=True)
        shutil.rmtree(top, ignore_errors=True)


def _command(prefix: str, top: Path) -> list[str]:
    roster = top / "list.csv"
    roster.write_text('username,display_name\nana,"Ana Souza"\nbea,Beatriz Lima\n', encoding="utf-8")
    return [str(roster), "--teacher", "prof", "--dir", str(top / "class"), "--create-accounts", "--prefix", prefix,
            "--tables", "skip"]


def _accounts(prefix: str) -> list[str]:
    return sorted(entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(prefix))


def test_a_failure_half_way_takes_back_the_accounts_and_the_folder(class_names, monkeypatch, capsys):
    prefix, top = class_names
    monkeypatch.setattr(class_setup, "PROXY", Path(sys.executable))  # present, whatever the checkout has
    seen = []

    def fails(python: Path, user: str) -> None:  # the last step, once every account is made
        seen.extend(_accounts(prefix))
        raise class_setup.SetupError("the learners' Python would not run")

    monkeypatch.setattr(class_setup, "check_learners_can_run", fails)
    assert class_setup.main(_command(prefix, top)) == 2
    assert "the learners' Python would not run" in capsys.readouterr().err
    assert seen == [f"{prefix}ana", f"{prefix}bea", f"{prefix}prof"]  # made, then taken back
    assert _accounts(prefix) == []
    assert not any(Path("/home", user).exists() for user in seen)
    assert subprocess.run(["getent", "group", *seen], capture_output=True).returncode == 2  # no group left
    assert sorted(path.name for path in top.iterdir()) == ["list.csv"]


def _killed_at_the_first_password(prefix: str, top: Path) -> None:
    """A run of the set-up that dies (as by kill -9) when it would set a password: its first account
    exists, locked."""
    killed = subprocess.run([sys.executable, "-c", f"""
import os, sys
from pathlib import Path
from hub import class_setup
class_setup.PROXY = Path(sys.executable)
real = class_setup._run
def dies_at_the_password(argv, **given):
    if argv[0] == "chpasswd":
        os._exit(9)
    return real(argv, **given)
class_setup._run = dies_at_the_password
class_setup.main({_command(prefix, top)!r})
"""], cwd=ROOT, capture_output=True, text=True)
    assert killed.returncode == 9, killed.stderr
    assert _accounts(prefix) == [f"{prefix}ana"]


def test_a_run_killed_half_way_is_finished_by_the_next_passwords_included(class_names, monkeypatch, capsys):
    import pamela

    prefix, top = class_names
    _killed_at_the_first_password(prefix, top)
    monkeypatch.setattr(class_setup, "PROXY", Path(sys.executable))
    assert class_setup.main(_command(prefix, top)) == 0, capsys.readouterr().err
    said = capsys.readouterr().out
    assert f"accounts created: {prefix}bea, {prefix}prof" in said
    assert f"passwords set for the accounts an earlier run left without one: {prefix}ana" in said
    folder = top / "class"
    with open(folder / "state" / "passwords.csv", encoding="utf-8") as file:
        passwords = dict(csv.reader(file))  # the last line of an account is its password
    assert sorted(passwords) == _accounts(prefix) == [f"{prefix}ana", f"{prefix}bea", f"{prefix}prof"]
    for user, password in passwords.items():
        pamela.authenticate(user, password, service="login")  # raises if the password is not the account's
        with pytest.raises(pamela.PAMError):
            pamela.authenticate(user, password + "x", service="login")
        assert pwd.getpwnam(user).pw_gecos == ""  # no display name in /etc/passwd for all to read
    # The class list (the accounts' names) and the configuration: root's and the teacher's only.
    prof, ana = f"{prefix}prof", f"{prefix}ana"
    for path in (folder / "class.csv", folder / "jupyterhub_config.py"):
        assert oct(path.stat().st_mode & 0o777) == oct(0o640) and path.stat().st_gid == pwd.getpwnam(prof).pw_gid
        assert subprocess.run(["runuser", "-u", prof, "--", "cat", str(path)], capture_output=True).returncode == 0
        assert subprocess.run(["runuser", "-u", ana, "--", "cat", str(path)], capture_output=True).returncode == 1
    assert (folder / "class.csv").read_text(encoding="utf-8") == (
        f"username,display_name\n{prefix}ana,Ana Souza\n{prefix}bea,Beatriz Lima\n")


def test_a_spanish_set_up_says_every_line_in_spanish(class_names, monkeypatch, capsys):
    """A teacher whose locale is Spanish (LANG=es_ES.UTF-8, which sudo passes on): every line the set-up
    prints, its steps, the accounts it made and finished, the files it wrote and the addresses to open,
    is the catalogue's Spanish, and none holds an English word."""
    from english import english_in

    from cribbage.lang.messages import message, render

    prefix, top = class_names
    _killed_at_the_first_password(prefix, top)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setattr(class_setup, "PROXY", Path(sys.executable))
    assert class_setup.main(_command(prefix, top)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    folder = top / "class"
    config = folder / "jupyterhub_config.py"
    expected = [("hub.setup.step.python", {"folder": str(folder / "python")}),
                ("hub.setup.step.course", {"folder": str(folder / "course")}),
                ("hub.setup.accounts_created", {"names": f"{prefix}bea, {prefix}prof",
                                                "path": str(folder / "state" / "passwords.csv")}),
                ("hub.setup.passwords_set", {"names": f"{prefix}ana"}),
                ("hub.setup.step.check", {}),
                ("hub.setup.wrote", {"path": str(config)}),
                ("hub.setup.start", {"command": f"{ROOT / '.venv' / 'bin' / 'jupyterhub'} -f {config}"}),
                ("hub.setup.open", {"url": "http://127.0.0.1:8000/hub/login"}),
                ("hub.setup.open_view", {"url": "http://127.0.0.1:8000/services/teacher/"})]
    lines = out.splitlines()
    assert lines == [render(message(key, **values), "es") for key, values in expected]
    for line, (key, values) in zip(lines, expected):
        assert line != render(message(key, **values), "en"), line
        assert english_in(line, "es") == [], line
