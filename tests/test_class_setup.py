"""hub.class_setup without a hub: the configuration it writes is Python JupyterHub can load, lets in
only the class and the teacher, gives the teacher's view to the teachers only, and runs the learners'
servers on a Python their accounts can read; a bad class list or teacher stops it before anything is made."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from traitlets.config import Config

from cribbage.progress.roster import Member
from hub import class_setup

ROOT = Path(__file__).resolve().parents[1]


def _args(**given: object) -> argparse.Namespace:
    values = {"ip": "127.0.0.1", "port": 8000, "hub_port": 8081, "proxy_api_port": 8001, "service_port": 8002,
              "admin": ["it"], "language": "pt", "tables": "build"}
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
        "name": "teacher-view", "description": "Open the teacher's live view of the class",
        "groups": ["teachers"], "scopes": ["access:services!service=teacher"]}]
    service = config.JupyterHub.services[0]
    assert service["name"] == "teacher" and service["url"] == "http://127.0.0.1:8002"
    assert service["command"][1:3] == ["-m", "hub.teacher_view"] and service["command"][-1] == str(tmp_path / "class.csv")
    assert service["cwd"] == str(ROOT)  # where python -m finds the hub package
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
