"""CrossCribb: the board of a game against the computer (:mod:`widgets.crosscribb.board`, over
:mod:`widgets.crosscribb.model`), its grid and words (:mod:`widgets.crosscribb.grid`), and the quiz on a
line's count (:mod:`widgets.crosscribb.quiz`)."""
