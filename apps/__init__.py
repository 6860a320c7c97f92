"""The course's two hand calculators for the public, above the views (run from the checkout, not installed).

- :mod:`apps.calculator_app`: the Voilà app a class opens (``make calculator``, ``python -m
  apps.calculator_app``), serving the calculator and My deal with a first paint before any kernel; its
  workers :mod:`apps.first_paint`; :mod:`apps.page_request`, which its kernels import to read the link;
- :mod:`apps.static_calculator`: the same calculator as a folder of plain files, the engine run by Pyodide
  in the visitor's browser (``python -m apps.static_calculator.build``).
"""
