"""The Kubernetes values (hub/values.yaml with the class's values from hub.k8s_values), as zero-to-jupyterhub
4.2.0 would take them: merged over the chart's defaults as Helm merges, valid against the chart's schema
(both vendored in hub/k8s/), and rendered into a hub's configuration by the chart's own code, whose
authenticator lets in the class, the teacher and the admins and no one else. The single-user image
(hub/k8s/Dockerfile) makes what the values point at. The class's services (the progress service and the
teacher's view) are registered with the roles and scopes hub.class_setup gives them on one machine, and
their pod (``--manifests``) runs them as those services."""

from __future__ import annotations

import copy
import glob
import json
import os
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from jupyterhub.auth import Authenticator
from traitlets.config import Config

from cribbage.progress.roster import Member
from hub import class_setup, image_setup, k8s_values
from hub.class_setup import SetupError

ROOT = Path(__file__).resolve().parents[1]
K8S = ROOT / "hub" / "k8s"
CLASS = [Member("ana", "Ana Souza"), Member("bea", "Beatriz Lima"), Member("caio.reis", "Caio Reis")]


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def helm_merge(base: Any, over: Any) -> Any:
    """Helm's merge of a values file over another: maps merge key by key, anything else is replaced, a
    null removes the key."""
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return copy.deepcopy(over)
    merged = copy.deepcopy(base)
    for key, value in over.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = helm_merge(merged.get(key), value) if key in merged else copy.deepcopy(value)
    return merged


def _values(*overlays: Any) -> Any:
    values = _yaml(K8S / "chart-values.yaml")
    for overlay in (_yaml(ROOT / "hub" / "values.yaml"), *overlays):
        values = helm_merge(values, overlay)
    return values


def _schema_errors(values: Any) -> list[str]:
    validator = jsonschema.Draft7Validator(_yaml(K8S / "values.schema.yaml"))
    return [f"{'.'.join(map(str, error.absolute_path))}: {error.message}" for error in validator.iter_errors(values)]


def render(values: Any) -> Config:
    """The hub's configuration the chart's jupyterhub_config.py makes of ``values``: its own code for the
    services, roles, ``hub.config`` and ``hub.extraConfig`` (the parts that say who may sign in)."""
    chart = (K8S / "chart-jupyterhub_config.py.txt").read_text(encoding="utf-8")
    services = chart[chart.index('for key, service in get_config("hub.services"'):chart.index("# respect explicit null")]
    config_and_extra = chart[chart.index("# load hub.config values"):]

    def get_config(key: str, default: Any = None) -> Any:
        value = values
        for part in key.split("."):
            if not isinstance(value, dict) or part not in value:
                return default
            value = value[part]
        return copy.deepcopy(value)

    c = Config()
    exec(compile(services + config_and_extra, "jupyterhub_config.py", "exec"),
         {"c": c, "get_config": get_config, "get_secret_value": lambda key, default=None: "from the chart's secret",
          "glob": glob, "os": os})
    return c


def _class_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    roster = tmp_path / "class.csv"
    roster.write_text("username,display_name\n" + "".join(f"{m.user},{m.name}\n" for m in CLASS), encoding="utf-8")
    assert k8s_values.main([str(roster), "--teacher", "prof.souza", "--admin", "it-admin"]) == 0
    return yaml.safe_load(capsys.readouterr().out)  # the file helm is given: YAML (JSON is YAML)


def test_with_the_class_the_values_pass_the_charts_schema_and_let_in_the_class_only(tmp_path, capsys):
    values = _values(_class_values(tmp_path, capsys))
    assert _schema_errors(values) == []
    config = render(values)
    authenticator = Authenticator(config=config)
    assert authenticator.allow_all is False
    for user in [m.user for m in CLASS] + ["prof.souza", "it-admin"]:
        assert authenticator.check_allowed(user), user
    for user in ("eve", "root", "ana2", "jovyan"):
        assert not authenticator.check_allowed(user), user
    assert authenticator.admin_users == {"it-admin"}
    assert config.JupyterHub.load_groups == {"teachers": {"users": ["prof.souza"]},
                                             "learners": {"users": ["ana", "bea", "caio.reis"]}}
    # No display name reaches the hub.
    assert "Souza" not in json.dumps(values["hub"])


def test_the_schema_catches_a_wrong_value():
    # The check can fail: a key the chart does not know, and a value of the wrong type.
    assert any("hub" in error for error in _schema_errors(_values({"hub": {"allowedUsers": ["ana"]}})))
    assert _schema_errors(_values({"cull": {"timeout": "an hour"}}))


@pytest.mark.parametrize(("rows", "teacher", "admin", "says"), [
    ("ana,Ana\n", "root", "it", "root is a system account: refused for the teacher"),
    ("ana,Ana\n", "prof", "../x", "'../x' is not a user name for the admin"),
    ("ana,Ana\nwww-data,W\n", "prof", "it", "www-data is a system account"),
    ('ana,"Ana\nSouza"\n', "prof", "it", "ana's display name holds a line break"),
    ("", "prof", "it", "names no learner"),
    ("ana,Ana\n", "ana", "it", "ana is in the class list"),
])
def test_a_class_the_set_up_would_refuse_writes_no_values(tmp_path, capsys, rows, teacher, admin, says):
    roster = tmp_path / "class.csv"
    roster.write_text("username,display_name\n" + rows, encoding="utf-8")
    assert k8s_values.main([str(roster), "--teacher", teacher, f"--admin={admin}"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and says in err
    with pytest.raises(SetupError):
        k8s_values.class_values([Member("root", "R")], "prof", [])


def test_the_image_makes_what_the_values_point_at(tmp_path):
    dockerfile = (K8S / "Dockerfile").read_text(encoding="utf-8")
    values = _yaml(ROOT / "hub" / "values.yaml")
    folder = re.search(r"python -m hub\.image_setup (\S+) ", dockerfile).group(1)
    environment = dict(re.findall(r"(CRIBBAGE_CACHE_DIR|JUPYTER_CONFIG_PATH)=(\S+)", dockerfile))
    assert environment == {"CRIBBAGE_CACHE_DIR": f"{folder}/tables", "JUPYTER_CONFIG_PATH": f"{folder}/jupyter"}
    assert values["singleuser"]["extraEnv"]["CRIBBAGE_CACHE_DIR"] == environment["CRIBBAGE_CACHE_DIR"]
    assert f"{folder}/course ~/cribbage-course" in " ".join(values["singleuser"]["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert ".venv" in (K8S / "Dockerfile.dockerignore").read_text(encoding="utf-8").split()
    # What the image's step makes (its tables are built by the same code as a class's: skipped here).
    image_setup.make_image_folder(tmp_path / "opt", "pt", "skip")
    assert (tmp_path / "opt" / "course" / values["singleuser"]["defaultUrl"].split("cribbage-course/")[1]).is_file()
    assert json.loads((tmp_path / "opt" / "jupyter" / "labconfig" / "default_setting_overrides.json").read_text())
    assert oct((tmp_path / "opt" / "course").stat().st_mode & 0o777) == oct(0o755)


def _one_machine_config(tmp_path: Path) -> Config:
    """The hub's configuration hub.class_setup writes for the same class on one machine, as the hub reads it."""
    args = class_setup.arguments().parse_args(["class.csv", "--teacher", "prof.souza", "--dir", str(tmp_path),
                                               "--admin", "it-admin", "--tables", "skip"])
    tmp_path.mkdir()
    path = class_setup.write_config(tmp_path, CLASS, "prof.souza", args)
    c = Config()
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), {"get_config": lambda: c})
    return c


def _listed(value: Any) -> list[Any]:
    """A list the config holds (the chart's code appends to one it has not set: a lazy value)."""
    return value.get_value([]) if hasattr(value, "get_value") else list(value)


def _roles(config: Config) -> dict[str, tuple[list[str], list[str]]]:
    return {role["name"]: (role["groups"], role["scopes"]) for role in _listed(config.JupyterHub.load_roles)}


def test_the_class_services_have_the_roles_and_scopes_of_the_one_machine_set_up(tmp_path, capsys):
    config = render(_values(_class_values(tmp_path, capsys)))
    machine = _one_machine_config(tmp_path / "machine")
    assert _roles(config) == _roles(machine) and set(_roles(config)) == {"teacher-view", "class-progress"}
    assert config.JupyterHub.custom_scopes == machine.JupyterHub.custom_scopes
    assert config.Spawner.server_token_scopes == machine.Spawner.server_token_scopes
    assert config.JupyterHub.load_groups == machine.JupyterHub.load_groups
    services = {service["name"]: service for service in _listed(config.JupyterHub.services)}
    by_hand = {service["name"]: service for service in _listed(machine.JupyterHub.services)}
    assert set(services) == set(by_hand) == {"teacher", "progress"}
    for name, service in services.items():
        for key in ("oauth_no_confirm", "oauth_client_allowed_scopes", "display"):
            assert service.get(key) == by_hand[name].get(key), (name, key)
        assert service["api_token"] == "from the chart's secret"  # the chart's own, handed to the pod below
    # The learners' servers, and only theirs, are told the progress service's address.
    class Spawner:
        def __init__(self, name: str) -> None:
            self.user, self.environment = type("User", (), {"name": name})(), {"LANG": "pt_BR.UTF-8"}

    told = {}
    for user in ["ana", "prof.souza", "it-admin"]:
        spawner = Spawner(user)
        config.KubeSpawner.pre_spawn_hook(spawner)
        told[user] = spawner.environment.get("CRIBBAGE_CLASS_SERVICE")
    assert told == {"ana": services["progress"]["url"] + "/services/progress/", "prof.souza": None, "it-admin": None}


def test_the_services_pod_runs_the_registered_services_with_the_store_only_it_writes(tmp_path, capsys):
    values = _values(_class_values(tmp_path, capsys))
    roster = tmp_path / "class.csv"
    manifests_file = tmp_path / "class-services.yaml"
    assert k8s_values.main([str(roster), "--teacher", "prof.souza", "--manifests", str(manifests_file)]) == 0
    capsys.readouterr()
    text = manifests_file.read_text(encoding="utf-8")
    assert "Souza" not in text and "Souza" not in json.dumps(values)  # the class list is a Secret of its own
    manifests = {document["kind"]: document for document in yaml.safe_load_all(text)}
    assert set(manifests) == {"PersistentVolumeClaim", "Deployment", "Service"}
    pod = manifests["Deployment"]["spec"]["template"]
    containers = {container["name"]: container for container in pod["spec"]["containers"]}
    machine = {service["name"]: service["command"] for service in _listed(_one_machine_config(tmp_path / "m").JupyterHub.services)}
    claim = next(volume["name"] for volume in pod["spec"]["volumes"]
                 if volume.get("persistentVolumeClaim", {}).get("claimName") == manifests["PersistentVolumeClaim"]["metadata"]["name"])
    ports = {port["name"]: port["port"] for port in manifests["Service"]["spec"]["ports"]}
    for service in _listed(render(values).JupyterHub.services):
        name, container = service["name"], containers[service["name"]]
        # The hub's address of the service is the Service's, on the container's port.
        assert service["url"] == f"http://{manifests['Service']['metadata']['name']}:{ports[name]}"
        assert container["ports"][0]["containerPort"] == ports[name]
        # The module and options the one-machine hub runs (--roster, --store), on the pod's paths.
        assert container["command"][1:3] == machine[name][1:3]
        assert [word for word in container["command"] if word.startswith("--")] == [
            word for word in machine[name] if isinstance(word, str) and word.startswith("--")]
        env = {item["name"]: item.get("value", item.get("valueFrom")) for item in container["env"]}
        assert env["JUPYTERHUB_SERVICE_NAME"] == name and env["JUPYTERHUB_SERVICE_PREFIX"] == f"/services/{name}/"
        assert env["JUPYTERHUB_API_TOKEN"] == {"secretKeyRef": {"name": "hub", "key": f"hub.services.{name}.apiToken"}}
        mounts = {mount["name"]: mount["readOnly"] for mount in container["volumeMounts"]}
        assert mounts[claim] is (name != "progress")  # only the progress service writes the answers
    # The pod may reach the hub's API; the proxy and the learners' servers may reach the pod.
    assert pod["metadata"]["labels"]["hub.jupyter.org/network-access-hub"] == "true"
    assert values["singleuser"]["networkPolicy"]["egress"][0]["ports"] == [{"port": ports["progress"], "protocol": "TCP"}]


@pytest.mark.parametrize("make", ["class", "image"])
def test_a_class_servers_cull_idle_kernels_open_or_not(tmp_path, make):
    # The one-machine class's servers (hub.class_setup) and the image's (hub.image_setup) read the same
    # config: a lesson left idle gives its kernel's memory back, its tab open or not.
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from traitlets.config.loader import JSONFileConfigLoader

    if make == "class":
        class_setup.jupyter_config(tmp_path / "jupyter", "es")
    else:
        image_setup.make_image_folder(tmp_path, "es", "skip")
    loaded = JSONFileConfigLoader("jupyter_server_config.json", str(tmp_path / "jupyter")).load_config()
    kernels = MappingKernelManager(config=loaded)  # the server's own class reads the settings by their names
    assert kernels.cull_connected is True
    assert 0 < kernels.cull_interval <= 60 and 5 * 60 <= kernels.cull_idle_timeout <= 60 * 60
    assert loaded.KernelProvisionerFactory.default_provisioner_name == "cribbage-forked"  # the rest kept
