"""The learner's progress as stop 0 shows it: what they have done, stop by stop, and where their
answers are kept (:mod:`widgets.progress.panel`)."""
