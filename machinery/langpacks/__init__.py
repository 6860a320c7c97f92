"""JupyterLab's own words (menus, toolbar, dialogs, launcher, status bar) in the course's languages: the
course's language packs, one per translated language, found by JupyterLab through the entry points
``jupyterlab.languagepack`` in ``pyproject.toml`` (``es_ES = machinery.langpacks.es_ES``...), the
supported way a language pack is installed.

Why the course ships its own: the official packs (``jupyterlab-language-pack-es-ES``, ``-pt-BR``,
4.5.post3) translate a part of JupyterLab only (697 and 989 of its messages), leave a learner's menus
half English (the Spanish "Run" and "Kernel" menus, the Portuguese menu bar), and cannot be completed
from outside: jupyterlab_server merges an extension's translations into a pack only when the
extension's version is newer than the pack's, and the packs' version is the word "jupyterlab". A pack
of the course's own holds every message of the official one, plus the course's translations of what a
learner sees and the official one lacks (or has wrong), in the official pack's words where it has them.

What is here (:mod:`machinery.langpacks.build` makes and checks it):

- ``po/<locale>/<domain>/official.po``: the official pack's translations, unchanged (read from its released
  ``jupyterlab.mo``: the source and version are in the file's header), under the pack's BSD licence
  (``LICENSE-language-packs.txt``, Project Jupyter Contributors);
- ``po/<locale>/<domain>/course.po``: the course's own (they win over the official one where both have a message);
- ``<locale>/locale/<locale>/LC_MESSAGES/jupyterlab.json``: the two merged, in the format JupyterLab's
  page reads (built by ``make catalogues``, checked by ``make check-catalogues``); ``<locale>/`` is the
  package the entry point names, whose folder jupyterlab_server reads every ``.json`` of.

The messages a learner sees are the ones JupyterLab's version line (:data:`build.JUPYTERLAB_LINE`,
pinned in ``pyproject.toml``) shows; ``tests/browser/test_lab_wholly_translated.py`` reads them in a
browser and names any that are still English, so an upgrade of JupyterLab that adds or renames one
fails a test before a learner sees it.
"""
