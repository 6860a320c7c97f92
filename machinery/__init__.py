"""The Jupyter machinery of the course: below the views, above the engine, and no view of its own.

- :mod:`machinery.forked_kernels`: kernels forked from a warm process that has imported the course
  once (jupyter_client's kernel provisioner ``cribbage-forked``);
- :mod:`machinery.lab_language`: JupyterLab opened on a learner's copy, its menus in their language;
- :mod:`machinery.chart_cache`: charts drawn once and kept, so a new kernel shows one without matplotlib.
"""
