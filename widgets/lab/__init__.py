"""The statistics lab of stop 8: its views (:mod:`widgets.lab.views`), their charts
(:mod:`widgets.lab.charts`) and the tables as a lesson shows them, in the learner's words
(:mod:`widgets.lab.frames`)."""
