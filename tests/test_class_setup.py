"""hub.class_setup without a hub: the configuration it writes is Python JupyterHub can load, lets in
only the class and the teacher, gives the teacher's view to the teachers only, and runs the learners'
servers on a Python their accounts can read; a bad class list or teacher stops it before anything is made."""

from __future__ import annotations

import argparse
import grp
import pwd
import stat
from pathlib import Path

import pytest
from traitlets.config import Config

from cribbage.lang.messages import message, render
from cribbage.progress.roster import Member, read_roster
from cribbage.registry.languages import CODES as CODES_ALL
from cribbage.registry.languages import TRANSLATED
from hub import class_setup

ROOT = Path(__file__).resolve().parents[1]


def _args(**given: object) -> argparse.Namespace:
    values = {"ip": "127.0.0.1", "port": 8000, "hub_port": 8081, "proxy_api_port": 8001, "service_port": 8002,
              "progress_port": None, "admin": ["it"], "language": "pt", "tables": "build"}
    values.update(given)
    return argparse.Namespace(**values)


def _load(path: Path) -> Config:
    config = Config()
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), {"get_config": lambda: config})
    return config


def test_the_configuration_lets_in_the_class_and_gives_the_view_to_the_teachers(tmp_path):
    members = [Member("ana", "Ana Souza"), Member("bea", "Beatriz $Lima$")]
    config = _load(class_setup.write_config(tmp_path, members, "prof", _args()))
    assert config.Authenticator.allowed_users == {"ana", "bea", "prof"}
    assert config.Authenticator.admin_users == {"it"}
    assert config.JupyterHub.load_groups["teachers"] == {"users": ["prof"]}
    assert config.JupyterHub.load_roles == [{
        "name": "teacher-view",
        "description": "Open the teacher's live view of the class, and the learners' notebooks read-only",
        "groups": ["teachers"], "scopes": ["access:services!service=teacher", "custom:cribbage-course:read:notebooks"]}, {
        "name": "class-progress", "description": "Send one's own answers to the class's progress service",
        "groups": ["learners"], "scopes": ["access:services!service=progress"]}]
    # The notebooks' scope is the class's own, asked for by the view in the teacher's token.
    assert list(config.JupyterHub.custom_scopes) == ["custom:cribbage-course:read:notebooks"]
    assert config.JupyterHub.services[0]["oauth_client_allowed_scopes"] == ["custom:cribbage-course:read:notebooks"]
    store = str(tmp_path / "progress" / "progress.sqlite3")
    service, progress = config.JupyterHub.services
    assert service["name"] == "teacher" and service["url"] == "http://127.0.0.1:8002"
    assert service["command"][1:] == ["-m", "hub.teacher_view", "--roster", str(tmp_path / "class.csv"), "--store", store]
    assert service["cwd"] == str(ROOT)  # where python -m finds the hub package
    # The class's answers: the progress service writes the one store the teacher's view reads; a learner's
    # server token may reach it (the scope is the learners' only), and their servers are told where it is.
    assert progress["name"] == "progress" and progress["url"] == "http://127.0.0.1:8003"
    assert progress["command"][1:] == ["-m", "hub.progress_service", "--roster", str(tmp_path / "class.csv"),
                                       "--store", store]
    assert progress["environment"] == {"CRIBBAGE_CACHE_DIR": str(tmp_path / "tables")}
    assert "access:services!service=progress" in config.Spawner.server_token_scopes
    # The learners' servers: the class's own Python (Debian's, readable by their accounts), never the
    # project's .venv under /root; the shared tables and JupyterLab's defaults for the class.
    assert config.Spawner.cmd == [str(tmp_path / "python" / "bin" / "python"), "-m", "jupyterhub.singleuser"]
    assert config.Spawner.environment == {"CRIBBAGE_CACHE_DIR": str(tmp_path / "tables"),
                                          "JUPYTER_CONFIG_PATH": str(tmp_path / "jupyter"), "LANG": "pt_BR.UTF-8"}
    assert config.ConfigurableHTTPProxy.command == [str(ROOT / "hub" / "node_modules" / ".bin" / "configurable-http-proxy")]
    assert callable(config.Spawner.pre_spawn_hook)


def test_without_built_tables_each_kernel_keeps_its_own(tmp_path):
    config = _load(class_setup.write_config(tmp_path, [Member("ana", "Ana")], "prof", _args(tables="skip")))
    assert "CRIBBAGE_CACHE_DIR" not in config.Spawner.environment


@pytest.mark.parametrize(("roster", "teacher", "says"), [
    ("username,display_name\nana,Ana\n", "Prof Souza", "'Prof Souza' is not a user name for the teacher"),
    ("username,display_name\nana,Ana\nprof,Prof\n", "prof", "prof is in the class list"),
    ("username,display_name\nAna Souza,Ana\n", "prof", "line 2"),
])
def test_a_bad_class_stops_the_setup_before_anything_is_made(tmp_path, capsys, monkeypatch, roster, teacher, says):
    monkeypatch.setattr(class_setup.os, "geteuid", lambda: 0)
    monkeypatch.setattr(class_setup, "PROXY", tmp_path)  # present, whatever the checkout has
    path = tmp_path / "class.csv"
    path.write_text(roster, encoding="utf-8")
    folder = tmp_path / "class"
    assert class_setup.main([str(path), "--teacher", teacher, "--dir", str(folder)]) == 2
    assert says in capsys.readouterr().err
    assert not folder.exists()


# --- A set-up that cannot harm the machine: every refusal comes before anything is made. ---------------

def _refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], roster: str,
             *options: str, folder: Path | None = None) -> str:
    """Run the set-up as root would, with no command allowed to run; return what it said on refusing."""
    commands: list[list[str]] = []

    def no_command(argv: list[str], **_given: object) -> None:
        commands.append(argv)
        raise AssertionError(f"the set-up ran {argv} before refusing")

    monkeypatch.setattr(class_setup.os, "geteuid", lambda: 0)
    monkeypatch.setattr(class_setup, "PROXY", tmp_path)
    monkeypatch.setattr(class_setup, "_run", no_command)
    path = tmp_path / "list.csv"
    path.write_text(roster, encoding="utf-8")
    folder = folder or tmp_path / "class"
    existed = folder.exists()
    assert class_setup.main([str(path), "--dir", str(folder), *options]) == 2
    assert commands == []  # no useradd, no venv, nothing
    if not existed:
        assert not folder.exists()
    return capsys.readouterr().err


SYSTEM = ["root", "daemon", "bin", "sys", "www-data", "nobody"]


@pytest.mark.parametrize("name", SYSTEM)
@pytest.mark.parametrize("create", [False, True])
def test_a_system_account_in_the_class_list_is_refused(tmp_path, monkeypatch, capsys, name, create):
    said = _refused(tmp_path, monkeypatch, capsys, f"username,display_name\nzzana,Ana\n{name},X\n",
                    "--teacher", "zzprof", *(["--create-accounts"] if create else []))
    assert f"{name} is a system account" in said


@pytest.mark.parametrize("name", SYSTEM)
def test_a_system_account_as_teacher_or_admin_is_refused(tmp_path, monkeypatch, capsys, name):
    roster = "username,display_name\nzzana,Ana\n"
    said = _refused(tmp_path, monkeypatch, capsys, roster, "--teacher", name, "--create-accounts")
    assert f"{name} is a system account: refused for the teacher" in said
    said = _refused(tmp_path, monkeypatch, capsys, roster, "--teacher", "zzprof", "--create-accounts", "--admin", name)
    assert f"{name} is a system account: refused for the admin" in said


@pytest.mark.parametrize("name", ["../x", "Ana", "-x", "a b", "x" * 33, ""])
def test_an_admin_that_is_not_a_user_name_is_refused(tmp_path, monkeypatch, capsys, name):
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzzana,Ana\n", "--teacher", "zzprof",
                    "--create-accounts", f"--admin={name}")
    assert f"{name!r} is not a user name for the admin" in said


def test_an_account_of_the_system_kind_is_refused_whatever_its_uid(tmp_path, monkeypatch, capsys):
    # An account above UID_MIN that nobody logs in to (a service's), and one above UID_MAX (as nobody).
    accounts = {"zzservice": pwd.struct_passwd(("zzservice", "x", 1500, 1500, "", "/srv", "/usr/sbin/nologin")),
                "zzhigh": pwd.struct_passwd(("zzhigh", "x", 65000, 65000, "", "/home/zzhigh", "/bin/bash"))}
    monkeypatch.setattr(class_setup, "account", accounts.get)
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzzservice,S\n", "--teacher", "zzhigh")
    assert "zzservice has no login shell (/usr/sbin/nologin)" in said
    accounts["zzservice"] = pwd.struct_passwd(("zzservice", "x", 1500, 1500, "", "/home/s", "/bin/bash"))
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzzservice,S\n", "--teacher", "zzhigh")
    assert "zzhigh is a system account (uid 65000" in said


def test_an_account_that_does_not_exist_is_refused_without_create_accounts(tmp_path, monkeypatch, capsys):
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzznobodyhere,A\n", "--teacher", "zzprof")
    assert "there is no account zznobodyhere for the learner" in said


def test_a_name_too_long_with_the_prefix_is_refused(tmp_path, monkeypatch, capsys):
    said = _refused(tmp_path, monkeypatch, capsys, f"username,display_name\n{'a' * 30},A\n", "--teacher", "zzprof",
                    "--create-accounts")
    assert f"'jupyter-{'a' * 30}' is not a user name for the learner" in said


@pytest.mark.parametrize(("cell", "says"), [
    ('"Ana\nSouza"', "zzana's display name holds a line break"),
    ('"Ana\rSouza"', "zzana's display name holds a line break"),
    ("Ana\x1b[31mSouza", "zzana's display name holds a line break or another control character"),
    ("Ana\u2028Souza", "zzana's display name holds a line break"),
    ("Ana\u202eazuoS", "zzana's display name holds a line break or another control character"),
])
def test_a_display_name_with_a_line_break_or_control_or_too_long_is_refused(tmp_path, monkeypatch, capsys, cell, says):
    said = _refused(tmp_path, monkeypatch, capsys, f"username,display_name\nzzbea,Bea\nzzana,{cell}\n",
                    "--teacher", "zzprof", "--create-accounts")
    assert says in said


def test_an_empty_class_list_is_refused(tmp_path, monkeypatch, capsys):
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\n", "--teacher", "zzprof", "--create-accounts")
    assert "names no learner" in said


def _someones_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "someone"
    (folder / "course").mkdir(parents=True)
    (folder / "course" / "important.txt").write_text("keep me", encoding="utf-8")
    (folder / "secret.txt").write_text("mine", encoding="utf-8")
    (folder / "secret.txt").chmod(0o600)
    folder.chmod(0o700)
    return folder


def _unchanged(folder: Path) -> None:
    assert sorted(path.name for path in folder.iterdir()) == ["course", "secret.txt"]
    assert (folder / "course" / "important.txt").read_text(encoding="utf-8") == "keep me"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "secret.txt").stat().st_mode) == 0o600


@pytest.mark.parametrize("force", [False, True])
def test_a_folder_that_is_not_empty_is_refused_and_left_as_it_was(tmp_path, monkeypatch, capsys, force):
    folder = _someones_folder(tmp_path)
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzzana,Ana\n", "--teacher", "zzprof",
                    "--create-accounts", *(["--force"] if force else []), folder=folder)
    assert ("already has course: even with --force, nothing there is overwritten" if force else
            "is not empty and was not made by this command") in said
    _unchanged(folder)


def test_a_folder_learners_could_not_reach_is_refused_not_opened(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "closed"
    folder.mkdir(mode=0o700)
    folder.chmod(0o700)
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzzana,Ana\n", "--teacher", "zzprof",
                    "--create-accounts", folder=folder)
    assert "is closed to other accounts (mode 0700)" in said
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and list(folder.iterdir()) == []


def test_the_class_list_and_the_configuration_are_the_teachers_and_roots_only(tmp_path, monkeypatch):
    monkeypatch.setattr(class_setup, "teacher_group", lambda teacher: 4242 if teacher == "prof" else None)
    members = [Member("jupyter-ana", "Ana Souza"), Member("jupyter-bea", "Beatriz; \"Bia\" Lima")]
    for teacher, mode, group in (("prof", 0o640, 4242), ("other", 0o600, 0)):
        config = class_setup.write_config(tmp_path, members, teacher, _args())
        listed = class_setup.write_class_list(tmp_path, members, teacher)
        for path in (config, listed):
            assert (stat.S_IMODE(path.stat().st_mode), path.stat().st_gid) == (mode, group)
        # The list the teacher's view reads names the accounts, with the display names as given.
        assert read_roster(listed) == members
    assert sorted(path.name for path in tmp_path.iterdir()) == ["class.csv", "jupyterhub_config.py"]


def test_the_teachers_group_is_theirs_alone(monkeypatch):
    entries = [pwd.struct_passwd((name, "x", uid, gid, "", f"/home/{name}", "/bin/bash"))
               for name, uid, gid in (("prof", 1500, 1500), ("ana", 1501, 100), ("bea", 1502, 100))]
    monkeypatch.setattr(class_setup.pwd, "getpwall", lambda: entries)
    monkeypatch.setattr(class_setup, "account", {entry.pw_name: entry for entry in entries}.get)
    monkeypatch.setattr(class_setup.grp, "getgrgid", lambda gid: grp.struct_group(("g", "x", gid, [])))
    assert class_setup.teacher_group("prof") == 1500
    assert class_setup.teacher_group("ana") is None  # "users", shared with bea: root's alone then


def test_the_hub_starts_no_server_for_a_system_account(tmp_path, monkeypatch):
    config = _load(class_setup.write_config(tmp_path, [Member("ana", "Ana")], "prof", _args()))
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(pwd, "getpwnam", lambda name: pwd.struct_passwd((name, "x", 2, 2, "", str(home), "/bin/sh")))
    spawner = argparse.Namespace(user=argparse.Namespace(name="daemon"))
    with pytest.raises(ValueError, match="daemon is a system account"):
        config.Spawner.pre_spawn_hook(spawner)
    assert list(home.iterdir()) == []


def _guides_commands(module: str) -> list[tuple[str, list[str]]]:
    """The arguments of every ``python -m <module>`` command the teacher's guides print, in every language."""
    import shlex

    from cribbage.lessons.source import language_folder
    from cribbage.registry.languages import CODES

    found = []
    for code in CODES:
        guide = language_folder(code, ROOT / "course") / "TEACHING.md"
        for line in guide.read_text(encoding="utf-8").splitlines():
            if line.startswith("    ") and f" -m {module} " in line:
                words = shlex.split(line.split(">")[0])
                found.append((code, words[words.index(module) + 1:]))
    return found


def test_the_set_up_commands_the_guides_print_are_the_commands_options():
    commands = _guides_commands("hub.class_setup")
    assert sorted(code for code, _ in commands) == sorted(CODES_ALL)  # one per guide
    for code, argv in commands:
        args = class_setup.arguments().parse_args(argv)  # exits on an option the command does not have
        assert args.create_accounts and args.dir.startswith("/srv/cribbage-") and args.language in CODES_ALL, code


def test_the_kubernetes_commands_the_guides_print_run_as_printed(tmp_path, monkeypatch, capsys):
    from hub import k8s_values

    monkeypatch.chdir(tmp_path)
    commands = _guides_commands("hub.k8s_values")
    assert sorted(code for code, _ in commands) == sorted(CODES_ALL)
    for code, argv in commands:
        Path(argv[0]).write_text("username,display_name\nana,Ana Souza\n", encoding="utf-8")
        assert k8s_values.main(argv) == 0, (code, capsys.readouterr().err)
        assert '"allowed_users"' in capsys.readouterr().out


def _guides_report_commands() -> list[tuple[str, str]]:
    """Every ``cribbage progress report`` command the teacher's guides print, in every language, as printed."""
    from cribbage.lessons.source import language_folder

    return [(code, line.strip()) for code in CODES_ALL
            for line in (language_folder(code, ROOT / "course") / "TEACHING.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("    ") and "cribbage progress report" in line]


def test_the_report_commands_the_guides_print_run_as_printed(tmp_path, monkeypatch, capsys):
    """Each guide's report command, its glob expanded as a shell would, run in a folder holding the class
    list and two files handed in: one of a learner of the list (her hub identity), one of another."""
    import glob
    import shlex

    from cribbage.cli.main import main
    from cribbage.progress import ProgressStore

    commands = _guides_report_commands()
    assert sorted(code for code, _ in commands) == sorted(CODES_ALL)  # one per guide
    for code, line in commands:
        folder = tmp_path / code
        folder.mkdir()
        monkeypatch.chdir(folder)
        words = shlex.split(line)
        assert words[:3] == ["cribbage", "progress", "report"] and "sudo" not in words, line
        roster = words[words.index("--roster") + 1]
        Path(roster).write_text("username,display_name\nana,Ana Souza\ncaio,Caio Reis\n", encoding="utf-8")
        pattern = next(word for word in words if "*" in word)
        Path(pattern).parent.mkdir()
        ProgressStore(Path(pattern).parent / "ana.sqlite3", identity="hub:ana").record(
            3, "hand 5H 5D 6H 7S / 8C", "12", True, skill="show", kinds=("pair",))
        ProgressStore(Path(pattern).parent / "x.sqlite3", learner="Xavier").record(
            3, "hand 5H 5D 6H 7S / 8C", "10", False, skill="show", kinds=("pair",))
        argv = [found for word in words[1:] for found in (sorted(glob.glob(word)) if "*" in word else [word])]
        assert main(argv) == 0, (code, capsys.readouterr().err)
        printed = capsys.readouterr().out
        for name in ("Ana Souza", "Caio Reis", "Xavier"):  # by display name, who never answered too
            assert name in printed, (code, printed)
        for word in words:
            if word.endswith((".html", ".xlsx")):
                assert Path(word).stat().st_size > 0, (code, word)


def test_only_a_learners_server_is_told_where_the_class_record_is(tmp_path, monkeypatch):
    """The pre-spawn hook puts the progress service's address in a learner's server, not the teacher's."""
    import pwd as pwd_module
    import types

    config = _load(class_setup.write_config(tmp_path, [Member("ana", "Ana")], "prof", _args(progress_port=9123)))
    hook = config.Spawner.pre_spawn_hook
    monkeypatch.setitem(hook.__globals__, "pwd", types.SimpleNamespace(
        getpwnam=lambda name: pwd_module.struct_passwd((name, "x", 1500, 1500, "", str(tmp_path), "/bin/sh"))))
    for name in ("ana", "prof"):
        (tmp_path / "cribbage-course").mkdir(exist_ok=True)  # the course is there already: nothing copied
        spawner = types.SimpleNamespace(user=types.SimpleNamespace(name=name), environment={"LANG": "pt_BR.UTF-8"})
        hook(spawner)
        told = spawner.environment.get("CRIBBAGE_CLASS_SERVICE")
        assert told == ("http://127.0.0.1:9123/services/progress/" if name == "ana" else None)


def test_the_class_s_course_copied_again_holds_each_lesson_once_under_its_name_now(tmp_path):
    # A class set up when the Spanish lessons had English names: set up again, a new learner's copy
    # would get es/03_the_show.ipynb beside es/03_recuento.ipynb. The old name goes; a file of the
    # teacher's own stays.
    from cribbage.registry.languages import language
    from cribbage.registry.stops import STOPS

    target = tmp_path / "course"
    (target / "es").mkdir(parents=True)
    (target / "es" / STOPS[3].notebook).write_text("{}", encoding="utf-8")
    (target / "es" / "mis_notas.ipynb").write_text("{}", encoding="utf-8")
    class_setup.copy_course(target)
    for code in CODES_ALL:
        folder = target / language(code).lessons
        assert sorted(p.name for p in folder.glob("[0-9][0-9]_*.ipynb")) == [stop.notebook_in(code) for stop in STOPS]
    assert (target / "es" / "mis_notas.ipynb").exists()


# --- The set-up speaks the teacher's language: every refusal in Spanish and Portuguese. ---------------

def _english_of(said: str) -> str:
    """The English words of a line the set-up printed (its values, names and paths, are no words)."""
    from english import english_in

    return " / ".join(english_in(said, _language_of_the_run[0]))


_language_of_the_run = ["en"]


@pytest.fixture(params=TRANSLATED)
def teachers_language(request, monkeypatch):
    """The teacher's locale: a Spanish or Portuguese set-up (LANGUAGE first, as gettext reads it)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", request.param)
    _language_of_the_run[0] = request.param
    return str(request.param)


def _in(language: str, key: str, **values: object) -> str:
    """What the set-up says for ``key`` in ``language``; checked to be the translation, not the English."""
    said = render(message(key, **values), language)
    assert said != render(message(key, **values), "en"), key
    return said


REFUSALS = [  # (class list, options, message key, its values; "role" names one of hub.setup.role.*)
    ("username,display_name\nzzana,Ana\nroot,X\n", ["--teacher", "zzprof", "--create-accounts"],
     "hub.setup.system_name", {"name": "root", "role": "learner"}),
    ("username,display_name\nzzana,Ana\nwww-data,X\n", ["--teacher", "zzprof"],
     "hub.setup.system_name", {"name": "www-data", "role": "learner"}),
    ("username,display_name\nzzana,Ana\n", ["--teacher", "daemon", "--create-accounts"],
     "hub.setup.system_name", {"name": "daemon", "role": "teacher"}),
    ("username,display_name\nzzana,Ana\n", ["--teacher", "zzprof", "--create-accounts", "--admin=../x"],
     "hub.setup.not_user_name", {"name": "'../x'", "role": "admin"}),
    ('username,display_name\nzzana,"Ana\nSouza"\n', ["--teacher", "zzprof", "--create-accounts"],
     "hub.setup.name_control", {"user": "zzana"}),
    ("username,display_name\n", ["--teacher", "zzprof", "--create-accounts"], "hub.setup.no_learner", {}),
    ("username,display_name\nzznobodyhere,A\n", ["--teacher", "zzprof"],
     "hub.setup.no_account", {"user": "zznobodyhere", "role": "learner", "prefix": "jupyter-"}),
]


@pytest.mark.parametrize(("roster", "options", "key", "values"), REFUSALS, ids=[r[2] + "-" + str(i) for i, r in enumerate(REFUSALS)])
def test_each_refusal_is_said_in_the_teachers_language(tmp_path, monkeypatch, capsys, teachers_language, roster,
                                                        options, key, values):
    language = teachers_language
    if key == "hub.setup.no_learner":
        values = {"roster": str(tmp_path / "list.csv")}
    values = {name: class_setup.role(value) if name == "role" else value for name, value in values.items()}
    said = _refused(tmp_path, monkeypatch, capsys, roster, *options).strip()
    assert said == f"class_setup: {_in(language, key, **values)}"
    assert not _english_of(said), said


def test_a_folder_not_empty_is_refused_in_the_teachers_language(tmp_path, monkeypatch, capsys, teachers_language):
    folder = _someones_folder(tmp_path)
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nzzana,Ana\n", "--teacher", "zzprof",
                    "--create-accounts", folder=folder).strip()
    assert said == f"class_setup: {_in(teachers_language, 'hub.setup.folder_not_empty', folder=str(folder))}"
    assert not _english_of(said), said
    _unchanged(folder)


def test_not_root_is_said_in_the_teachers_language(tmp_path, monkeypatch, capsys, teachers_language):
    monkeypatch.setattr(class_setup.os, "geteuid", lambda: 1000)
    path = tmp_path / "list.csv"
    path.write_text("username,display_name\nzzana,Ana\n", encoding="utf-8")
    assert class_setup.main([str(path), "--teacher", "zzprof", "--dir", str(tmp_path / "class")]) == 2
    said = capsys.readouterr().err.strip()
    assert said == f"class_setup: {_in(teachers_language, 'hub.setup.not_root')}"
    assert not (tmp_path / "class").exists()


def test_the_class_lists_own_errors_are_said_in_the_teachers_language(tmp_path, monkeypatch, capsys, teachers_language):
    said = _refused(tmp_path, monkeypatch, capsys, "username,display_name\nAna Souza,Ana\n", "--teacher", "zzprof").strip()
    assert said == f"class_setup: {_in(teachers_language, 'progress.roster.bad_user', path=str(tmp_path / 'list.csv'), line=2, value='Ana Souza')}"


def _set_up_half_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, top: Path) -> int:
    """The set-up run as root in a new folder of ``top`` (0755), its checks passed; its exit status."""
    monkeypatch.setattr(class_setup.os, "geteuid", lambda: 0)
    monkeypatch.setattr(class_setup, "PROXY", tmp_path)
    monkeypatch.setattr(class_setup, "folder_problem", lambda folder, force: None)  # under pytest's 0700 folder
    path = tmp_path / "list.csv"
    path.write_text("username,display_name\nzzana,Ana\n", encoding="utf-8")
    top.mkdir()
    top.chmod(0o755)
    return class_setup.main([str(path), "--teacher", "zzprof", "--dir", str(top / "class"), "--create-accounts"])


def test_a_failure_half_way_is_said_in_the_teachers_language_and_undone(tmp_path, monkeypatch, capsys,
                                                                         teachers_language):
    """A command that fails (the learners' Python cannot be made): said in the language, with the
    command's own words after it; the folder it had made is gone."""
    import subprocess

    monkeypatch.setattr(class_setup.subprocess, "run", lambda argv, **given: subprocess.CompletedProcess(
        argv, 1, "", "Error: no space left on device"))
    top = tmp_path / "top"
    assert _set_up_half_way(tmp_path, monkeypatch, top) == 2
    out, err = capsys.readouterr()
    command = f"{class_setup.LEARNER_PYTHON} -m venv"
    assert err.strip() == "class_setup: " + _in(teachers_language, "hub.setup.command_failed", command=command,
                                                   said="Error: no space left on device")
    assert out.strip() == _in(teachers_language, "hub.setup.step.python", folder=str(top / "class" / "python"))
    assert list(top.iterdir()) == []


def test_ctrl_c_half_way_is_said_in_the_teachers_language_and_undone(tmp_path, monkeypatch, capsys, teachers_language):
    def interrupted(target: Path, install: str) -> Path:
        raise KeyboardInterrupt

    monkeypatch.setattr(class_setup, "learner_python", interrupted)
    top = tmp_path / "top"
    assert _set_up_half_way(tmp_path, monkeypatch, top) == 130
    assert capsys.readouterr().err.strip() == f"class_setup: {_in(teachers_language, 'hub.setup.interrupted')}"
    assert list(top.iterdir()) == []


def test_the_help_is_in_the_teachers_language(capsys, teachers_language):
    with pytest.raises(SystemExit):
        class_setup.main(["--help"])
    said = capsys.readouterr().out
    assert _in(teachers_language, "hub.setup.help.create_accounts") in " ".join(said.split())
    assert not _english_of(said.replace("username,display_name", "")), said
