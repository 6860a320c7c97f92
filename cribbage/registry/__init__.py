"""The course's own lists, each kept once: its languages (:mod:`cribbage.registry.languages`) and its
stops (:mod:`cribbage.registry.stops`). Everything that needs a language or a stop reads them here.

The bottom layer of the engine: these modules import nothing but the standard library, so a build
step (``setup.py``) can read them by file path without importing the engine.
"""
