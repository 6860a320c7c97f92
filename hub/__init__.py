"""The course for a class on JupyterHub, above the engine (run from the checkout, not installed).

- :mod:`hub.class_setup`: one command sets up a class on this machine from a class list;
- :mod:`hub.teacher_view`: the teacher's live view, a JupyterHub service.
"""
