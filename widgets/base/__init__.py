"""What every view is: a :class:`~widgets.base.view.View` that shows and asks, whose refusals are said as
messages (:mod:`widgets.base.refusal`), and the learner's answers kept in their progress file
(:mod:`widgets.base.answers`)."""
