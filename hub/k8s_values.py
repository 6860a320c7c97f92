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
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cribbage.progress.roster import Member, read_roster
from hub.class_setup import TEACHERS_GROUP, SetupError, display_name_problem, name_problem


def class_values(members: list[Member], teacher: str, admins: list[str]) -> dict[str, Any]:
    """The values that let the class in: raises SetupError for a name the set-up would refuse."""
    if not members:
        raise SetupError("the class list names no learner (a header and no row)")
    problems = [name_problem(teacher, "teacher"), *(name_problem(admin, "admin") for admin in admins)]
    problems += [problem for member in members
                 for problem in (name_problem(member.user, "learner"), display_name_problem(member))]
    if teacher in {member.user for member in members}:
        problems.append(f"{teacher} is in the class list: the teacher is not a learner")
    first = next((problem for problem in problems if problem), None)
    if first:
        raise SetupError(first)
    learners = [member.user for member in members]
    return {"hub": {"config": {
        # The admins too, as the hub adds them when it starts: the authenticator's own answer is the hub's.
        "Authenticator": {"allowed_users": list(dict.fromkeys([*learners, teacher, *admins])),
                          "admin_users": list(admins)},
        "JupyterHub": {"load_groups": {TEACHERS_GROUP: {"users": [teacher]}, "learners": {"users": learners}}},
    }}}


def arguments() -> argparse.ArgumentParser:
    """The command's options (the guides' commands are checked against them)."""
    parser = argparse.ArgumentParser(description="Write the class list as zero-to-jupyterhub values (YAML).")
    parser.add_argument("roster", help="the class list: CSV with username,display_name")
    parser.add_argument("--teacher", required=True, help="the teacher's user name on the school's sign-in")
    parser.add_argument("--admin", action="append", default=[], help="a user who administers the hub (repeat)")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
