"""The course's Spanish language pack for JupyterLab: this folder holds its ``locale/es_ES`` data (see
:mod:`machinery.langpacks`); JupyterLab finds it through the entry point ``jupyterlab.languagepack``."""
