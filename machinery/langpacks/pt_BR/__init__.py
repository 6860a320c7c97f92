"""The course's Brazilian Portuguese language pack for JupyterLab: this folder holds its ``locale/pt_BR``
data (see :mod:`machinery.langpacks`); JupyterLab finds it through the entry point ``jupyterlab.languagepack``."""
