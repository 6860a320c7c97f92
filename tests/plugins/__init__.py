"""The test suite's own pytest plugins, loaded by ``-p plugins.course`` (pyproject.toml's addopts).

pyproject.toml's ``pythonpath`` puts tests/ on ``sys.path`` before pytest loads ``-p`` plugins, so this
package is found by its name wherever pytest is started; the repository has no conftest.py at its top.
:mod:`plugins.course` loads the others:

- :mod:`plugins.course`: the environment every test and every process they start inherits (the
  exercise answers, a throw-away progress folder, the forked kernels);
- :mod:`plugins.layers`: the layers by where a test lives (the markers, their timeouts), and the
  fast layer kept free of processes and servers;
- :mod:`plugins.scheduling`: what must share a pytest-xdist worker (``--dist loadgroup``);
- :mod:`plugins.views`: a test fails when a view caught an internal error;
- :mod:`plugins.browser_faults`: the browser's own failures, retried once, counted at the end.
"""
