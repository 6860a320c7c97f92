"""ipywidgets views over the cribbage engine: they show and ask; rules stay in :mod:`cribbage`."""
