"""The game table: a whole game against the computer (:mod:`widgets.table.view`), what it shows of the
game at each step (:mod:`widgets.table.model`) in words (:mod:`widgets.table.words`), and the guided
hands of stop 5 (:mod:`widgets.table.guided`)."""
