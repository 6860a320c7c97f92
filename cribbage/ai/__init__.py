"""The computer: every decision a computer player makes, and self-play.

- :mod:`.players`: the :class:`~cribbage.ai.players.Player` protocol, the levels and :func:`player`.
- :mod:`.seat_view`: what a seat may see of the table, the typed view players read.
- :mod:`.discard`: the exact discard advice; :mod:`.play_choice`: choosing a card in the play.
- :mod:`.crib_model`, :mod:`.hand_model`, :mod:`.choice_model`, :mod:`.keep_pegging`: models of the
  opponent's crib, hand and choices, and of how a keep pegs, read from tables in ``data/`` (built by
  :mod:`cribbage.build`, which nothing here imports).
- :mod:`.endgame`: the chance of winning from a score, for the last deals.
- :mod:`.styles`: how other players choose their card (a one-ply look-ahead, a priority list), to read
  an opponent by.
- :mod:`.expert`: the expert, built on all of the above; :mod:`.why`: its hint's reason when the read
  of the opponent or the score decided its card.
- :mod:`.driver`: lets the computer seats of a game act; :mod:`.simulate`: self-play at scale.

The AI imports the rules, never statistics, widgets or plots.
"""
