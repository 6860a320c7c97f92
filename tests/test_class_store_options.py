"""Where the class's store is named: ``--store`` (a progress file, as always), ``--store-url`` or
``CRIBBAGE_CLASS_STORE_URL`` (a PostgreSQL database) for the service and the teacher's view alike, and
``class_setup --store-url``, which puts the URL in the two services' environment, never on a command line
(a process list every account can read). The database itself: tests/integration/test_class_store_postgres.py."""

from __future__ import annotations

import argparse
from pathlib import Path

from traitlets.config import Config

from cribbage.progress.roster import Member
from hub import class_setup
from hub.class_store import URL_ENV, DatabaseStore, FileStore, add_store_arguments, chosen_store, open_store

URL = "postgresql://cribbage:s3cret@db.school.example:5432/class"


def _chosen(argv: list[str]) -> str | None:
    parser = argparse.ArgumentParser()
    add_store_arguments(parser, "the class's")
    return chosen_store(parser.parse_args(argv))


def test_a_url_wins_over_the_file_and_comes_from_the_environment_too(monkeypatch):
    monkeypatch.delenv(URL_ENV, raising=False)
    assert _chosen(["--store", "/srv/p.sqlite3"]) == "/srv/p.sqlite3"
    assert _chosen(["--store-url", URL]) == URL
    assert _chosen([]) is None
    monkeypatch.setenv(URL_ENV, URL)
    assert _chosen(["--store", "/srv/p.sqlite3"]) == URL


def test_a_path_or_sqlite_url_is_the_file_and_a_postgresql_url_the_database():
    assert isinstance(open_store(Path("/srv/p.sqlite3")), FileStore)
    assert open_store("sqlite:////srv/p.sqlite3").path == Path("/srv/p.sqlite3")  # type: ignore[union-attr]
    database = open_store(URL)
    assert isinstance(database, DatabaseStore) and "s3cret" not in repr(database) and "***" in database.where
    database.close()


def _config(tmp_path: Path, **given: object) -> Config:
    values = {"ip": "127.0.0.1", "port": 8000, "hub_port": 8081, "proxy_api_port": 8001, "service_port": 8002,
              "progress_port": None, "admin": ["it"], "language": "en", "tables": "skip", **given}
    path = class_setup.write_config(tmp_path, [Member("ana", "Ana")], "prof", argparse.Namespace(**values))
    config = Config()
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), {"get_config": lambda: config})
    return config


def test_class_setups_url_goes_to_both_services_environment_only(tmp_path):
    services = _config(tmp_path, store_url=URL).JupyterHub.services
    assert [service["environment"][URL_ENV] for service in services] == [URL, URL]
    assert all(URL not in " ".join(service["command"]) for service in services)
    assert class_setup.arguments().parse_args(["c.csv", "--teacher", "t", "--dir", "d", "--store-url", URL]).store_url == URL
    # Without it, the file as always (and nothing in the environment names a database).
    (tmp_path / "file").mkdir()
    for service in _config(tmp_path / "file").JupyterHub.services:
        assert URL_ENV not in service.get("environment", {}) and "--store" in service["command"]


def test_on_kubernetes_both_services_take_the_url_from_an_optional_secret():
    from hub import k8s_values

    [deployment] = [made for made in k8s_values.manifests() if made["kind"] == "Deployment"]
    containers = deployment["spec"]["template"]["spec"]["containers"]
    for container in containers:
        [entry] = [env for env in container["env"] if env["name"] == URL_ENV]
        assert entry["valueFrom"]["secretKeyRef"] == {"name": k8s_values.STORE_SECRET, "key": "url", "optional": True}
    assert len(containers) == 2
