"""The builders of the engine's data tables, one module per table, never imported at run time.

The runtime modules of :mod:`cribbage.ai` only read their tables; the code that makes a table lives
here, at the top layer beside :mod:`cribbage.cli`, so it may use the whole engine (the expert plays
itself to measure some) without an import circle.

- :mod:`.crib_weights`: ``ai/data/crib_weights.json``, the expert crib model;
- :mod:`.keep_prior`: ``ai/data/keep_prior.json``, how often each keep is kept;
- :mod:`.peg_table`: ``ai/data/peg_table.json``, how each keep pegs (reads the crib weights);
- :mod:`.choice_tables`: ``ai/data/choice_tables.npz``, the classic look-ahead's first cards;
- :mod:`.one_ply_tables`: ``ai/data/one_ply_tables.npz``, the one-ply look-ahead's, keep by keep;
- :mod:`.deal_points`: ``ai/deal_points.py``, points per part of a deal in self-play (reads them all).

``python -m cribbage.build`` lists them and how long each takes; ``python -m cribbage.build NAME``
rebuilds one (several names: in the order given).
"""
