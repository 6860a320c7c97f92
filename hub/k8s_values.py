"""The class list as zero-to-jupyterhub values: who may sign in, who teaches, who administers.

    .venv/bin/python -m hub.k8s_values class.csv --teacher prof.souza --admin it-admin > class-values.yaml
    helm upgrade --install cribbage jupyterhub/jupyterhub --version 4.2.0 -n cribbage --create-namespace \\
        -f hub/values.yaml -f class-values.yaml

``hub/values.yaml`` keeps ``Authenticator.allow_all: false`` (a school's sign-in knows every pupil of the
school, not only this class); the values written here add the class: ``Authenticator.allowed_users`` (the
learners of the class list, the teacher and the admins), ``Authenticator.admin_users`` (``--admin``) and the hub's
groups ``teachers`` (the teacher: the teacher's view is theirs) and ``learners``. The user names are the
sign-in's (``username_claim``, ``preferred_username`` in ``hub/values.yaml``), checked as
:mod:`hub.class_setup` checks them; display names stay out of the hub (the teacher's view reads the class
list). Run it again, then ``helm upgrade``, when the class changes.

The class's two services run as on one machine (:mod:`hub.class_setup`), with the same roles and scopes:
the progress service (the only writer of the class's answers) and the teacher's view (``--store``: it
reads them), both registered in ``hub.services`` and run, as zero-to-jupyterhub documents for a service
of one's own, in a pod of their own beside the hub, given their API tokens from the chart's Secret
(``hub.services.<name>.apiToken``). ``--manifests FILE`` writes that pod's Deployment (the two services,
one container each, from the course's image, whose checkout holds ``hub``), its Service and the
PersistentVolumeClaim of the answers, which only the progress service mounts read-write (the teacher's
view, in the same pod, read-only); the class list is the Secret ``cribbage-class-list`` (``kubectl create
secret generic cribbage-class-list --from-file=class.csv``), mounted there read-only, so display names
never enter the chart's values. Where the Secret ``cribbage-class-store`` holds a ``url``, a school's
PostgreSQL database, both services keep and read the answers there instead (:mod:`hub.class_store`). The learners' servers are told the progress service's address
(``CRIBBAGE_CLASS_SERVICE``, by ``hub.extraConfig``) and may reach it (``singleuser.networkPolicy``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cribbage.lang.messages import message
from cribbage.progress.roster import Member, read_roster
from cribbage.progress.service_client import ENV as CLASS_SERVICE_ENV
from hub.class_setup import (
    PROGRESS_SERVICE,
    TEACHER_VIEW,
    TEACHERS_GROUP,
    SetupError,
    display_name_problem,
    name_problem,
)
from hub.class_store import URL_ENV as STORE_URL_ENV
from hub.progress_service import NAME as PROGRESS
from hub.teacher_view import NOTEBOOK_SCOPE

TEACHER = "teacher"
LEARNERS_GROUP = "learners"
#: The pod of the class's services, and its Service (the address the proxy and the learners use).
SERVICES_POD = "cribbage-class"
PORTS = {TEACHER: 8002, PROGRESS: 8003}
#: In that pod: the checkout in the course's image (hub/k8s/Dockerfile), the class list, the answers.
CHECKOUT = "/opt/cribbage/src"
ROSTER_SECRET = "cribbage-class-list"
ROSTER = "/srv/cribbage/class/class.csv"
STORE_CLAIM = "cribbage-class-progress"
STORE_FOLDER = "/srv/cribbage/progress"
STORE = f"{STORE_FOLDER}/progress.sqlite3"
#: The Secret that may hold a PostgreSQL URL for the answers instead (``kubectl create secret generic
#: cribbage-class-store --from-literal=url=postgresql://USER:PASSWORD@HOST:5432/DATABASE``).
STORE_SECRET = "cribbage-class-store"
#: The chart's hub: its API inside the cluster, and its Secret holding the services' tokens.
HUB_API = "http://hub:8081/hub/api"
HUB_SECRET = "hub"
#: The labels that let a pod reach the hub's API (the chart's hub NetworkPolicy admits them).
HUB_ACCESS = {"hub.jupyter.org/network-access-hub": "true"}

#: Run by the hub when a learner's server starts (hub.extraConfig): the progress service's address, for
#: the learners only (the group the class's values load), as hub.class_setup's pre_spawn_hook gives it.
CLASS_SERVICE_HOOK = f'''
def cribbage_class_service(spawner):
    """A learner's server is told where the class's progress service is; nobody else's."""
    if spawner.user.name in set(c.JupyterHub.load_groups[{LEARNERS_GROUP!r}]["users"]):
        spawner.environment = {{**spawner.environment,
                                {CLASS_SERVICE_ENV!r}: "http://{SERVICES_POD}:{PORTS[PROGRESS]}/services/{PROGRESS}/"}}


c.KubeSpawner.pre_spawn_hook = cribbage_class_service
'''


def services_values() -> dict[str, Any]:
    """The hub's side of the class's services: registered, their roles and scopes (hub.class_setup's)."""
    return {
        "services": {
            TEACHER: {"url": f"http://{SERVICES_POD}:{PORTS[TEACHER]}", "oauth_no_confirm": True,
                      # The view asks for this scope in the teacher's token: a learner's notebook, read-only.
                      "oauth_client_allowed_scopes": [NOTEBOOK_SCOPE], "display": True},
            PROGRESS: {"url": f"http://{SERVICES_POD}:{PORTS[PROGRESS]}", "display": False},
        },
        "loadRoles": {
            "teacher-view": {"description": "Open the teacher's live view of the class, and the learners' notebooks read-only",
                             "groups": [TEACHERS_GROUP],
                             "scopes": [f"access:services!service={TEACHER}", NOTEBOOK_SCOPE]},
            "class-progress": {"description": "Send one's own answers to the class's progress service",
                               "groups": [LEARNERS_GROUP], "scopes": [f"access:services!service={PROGRESS}"]},
        },
        "extraConfig": {"cribbage-class-service": CLASS_SERVICE_HOOK},
    }


def hub_config() -> dict[str, Any]:
    """``hub.config``: the custom scope, and the learners' server tokens able to reach the progress service."""
    return {
        "JupyterHub": {"custom_scopes": {NOTEBOOK_SCOPE: {
            "description": "Open the class's learners' notebooks read-only in the teacher's view"}}},
        # A learner's server token (which its kernels inherit): the server role's scopes, and the progress
        # service's (given only to whoever holds it: the learners).
        "Spawner": {"server_token_scopes": ["users:activity!user", "access:servers!server",
                                            f"access:services!service={PROGRESS}"]},
    }


def network_values() -> dict[str, Any]:
    """The chart's NetworkPolicies opened for the services' pod: the proxy reaches both, a learner's server
    the progress service."""
    to_pod = {"podSelector": {"matchLabels": {"app": SERVICES_POD}}}
    return {
        "proxy": {"chp": {"networkPolicy": {"egress": [
            {"to": [to_pod], "ports": [{"port": port, "protocol": "TCP"} for port in PORTS.values()]}]}}},
        "singleuser": {"networkPolicy": {"egress": [
            {"to": [to_pod], "ports": [{"port": PORTS[PROGRESS], "protocol": "TCP"}]}]}},
    }


def _container(name: str, module: str, extra: list[str], env: dict[str, str], store_read_only: bool) -> dict[str, Any]:
    port = PORTS[name]
    environment = {"JUPYTERHUB_SERVICE_NAME": name, "JUPYTERHUB_API_URL": HUB_API, "JUPYTERHUB_BASE_URL": "/",
                   "JUPYTERHUB_SERVICE_PREFIX": f"/services/{name}/",
                   "JUPYTERHUB_SERVICE_URL": f"http://0.0.0.0:{port}", **env}
    return {
        "name": name, "image": "registry.example.school/cribbage-course:2026.12", "workingDir": CHECKOUT,
        "command": ["python", "-m", module, "--roster", ROSTER, "--store", STORE, *extra],
        "ports": [{"name": name, "containerPort": port}],
        "env": [{"name": key, "value": value} for key, value in environment.items()] + [
            {"name": "JUPYTERHUB_API_TOKEN", "valueFrom": {"secretKeyRef": {
                "name": HUB_SECRET, "key": f"hub.services.{name}.apiToken"}}},
            # A school's PostgreSQL, where the Secret names one: its URL wins over the claim's file.
            {"name": STORE_URL_ENV, "valueFrom": {"secretKeyRef": {"name": STORE_SECRET, "key": "url", "optional": True}}}],
        "volumeMounts": [{"name": "class-list", "mountPath": str(Path(ROSTER).parent), "readOnly": True},
                         {"name": "answers", "mountPath": STORE_FOLDER, "readOnly": store_read_only}],
    }


def manifests() -> list[dict[str, Any]]:
    """The services' pod (a Deployment of one: SQLite has one writer), its Service, the answers' claim."""
    labels = {"app": SERVICES_POD}
    progress = _container(PROGRESS, PROGRESS_SERVICE, [], {}, store_read_only=False)
    teacher = _container(TEACHER, TEACHER_VIEW, [], {
        "JUPYTERHUB_CLIENT_ID": f"service-{TEACHER}",
        "JUPYTERHUB_OAUTH_CALLBACK_URL": f"/services/{TEACHER}/oauth_callback"}, store_read_only=True)
    return [
        {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": STORE_CLAIM, "labels": labels},
         "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}},
        {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": SERVICES_POD, "labels": labels},
         "spec": {"replicas": 1, "strategy": {"type": "Recreate"}, "selector": {"matchLabels": labels},
                  "template": {"metadata": {"labels": {**labels, **HUB_ACCESS}}, "spec": {
                      # The image's user (jovyan, group users): the claim and the class list are its group's.
                      "securityContext": {"runAsUser": 1000, "runAsGroup": 100, "fsGroup": 100},
                      "containers": [progress, teacher],
                      "volumes": [
                          {"name": "class-list", "secret": {"secretName": ROSTER_SECRET, "defaultMode": 0o440}},
                          {"name": "answers", "persistentVolumeClaim": {"claimName": STORE_CLAIM}}]}}}},
        {"apiVersion": "v1", "kind": "Service", "metadata": {"name": SERVICES_POD, "labels": labels},
         "spec": {"selector": labels, "ports": [{"name": name, "port": port, "targetPort": port}
                                                for name, port in PORTS.items()]}},
    ]


def class_values(members: list[Member], teacher: str, admins: list[str]) -> dict[str, Any]:
    """The values that let the class in: raises SetupError for a name the set-up would refuse."""
    if not members:
        raise SetupError(message("hub.setup.no_learner", roster=message("hub.setup.the_class_list")))
    problems = [name_problem(teacher, "teacher"), *(name_problem(admin, "admin") for admin in admins)]
    problems += [problem for member in members
                 for problem in (name_problem(member.user, "learner"), display_name_problem(member))]
    if teacher in {member.user for member in members}:
        problems.append(message("hub.setup.teacher_in_list", teacher=teacher))
    first = next((problem for problem in problems if problem), None)
    if first:
        raise SetupError(first)
    learners = [member.user for member in members]
    config = hub_config()
    config["JupyterHub"]["load_groups"] = {TEACHERS_GROUP: {"users": [teacher]}, LEARNERS_GROUP: {"users": learners}}
    # The admins too, as the hub adds them when it starts: the authenticator's own answer is the hub's.
    config["Authenticator"] = {"allowed_users": list(dict.fromkeys([*learners, teacher, *admins])),
                               "admin_users": list(admins)}
    return {"hub": {"config": config, **services_values()}, **network_values()}


def arguments() -> argparse.ArgumentParser:
    """The command's options (the guides' commands are checked against them)."""
    parser = argparse.ArgumentParser(description="Write the class list as zero-to-jupyterhub values (YAML).")
    parser.add_argument("roster", help="the class list: CSV with username,display_name")
    parser.add_argument("--teacher", required=True, help="the teacher's user name on the school's sign-in")
    parser.add_argument("--admin", action="append", default=[], help="a user who administers the hub (repeat)")
    parser.add_argument("--manifests", help="also write the class services' Deployment, Service and volume claim "
                        "here (kubectl apply -f)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = arguments().parse_args(argv)
    try:
        values = class_values(read_roster(args.roster), args.teacher, args.admin)
    except (SetupError, ValueError) as error:  # the roster's errors are ValueErrors
        print(f"k8s_values: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(f"# The class of {args.roster} (python -m hub.k8s_values): helm ... -f hub/values.yaml -f this\n")
    sys.stdout.write(json.dumps(values, indent=2, ensure_ascii=False) + "\n")  # JSON is YAML: helm reads it
    if args.manifests:
        with open(args.manifests, "w", encoding="utf-8") as out:
            out.write("# The class's services (python -m hub.k8s_values --manifests): kubectl apply -n NAMESPACE -f this\n")
            out.write("---\n".join(json.dumps(manifest, indent=2) + "\n" for manifest in manifests()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
