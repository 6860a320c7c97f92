"""The rules of cribbage, exactly as ``course/rules.md`` tells them.

Cards and the deck (:mod:`.cards`), counting by rank (:mod:`.ranks`), the show (:mod:`.show_scoring`)
and the play (:mod:`.play_scoring`), a count said aloud (:mod:`.counting`), the game as a state
machine (:mod:`.game`) with its actions (:mod:`.actions`), records (:mod:`.events`) and options
(:mod:`.options`), the pegs on the board (:mod:`.pegboard`), what a finished game is worth
(:mod:`.result`), a deal's play replayed (:mod:`.replay`), and the errors (:mod:`.errors`).

The rules of a game as one value (:mod:`.ruleset`), and the game at the table for three and four
players (:mod:`.table`, with its refusals in :mod:`.table_words`) with what each seat may see of it
(:mod:`.seat_view`): ``Game(seed, rules=Rules(players=3))``.

The rules import only :mod:`cribbage.lang` (their messages): no computer player, no statistics.
"""
