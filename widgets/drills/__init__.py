"""The drills, quizzes and questions a learner answers in the lessons: a first deal
(:mod:`widgets.drills.deal`), the discard drill (:mod:`widgets.drills.discard`), the pegging walkthrough
and practice (:mod:`widgets.drills.walkthrough`, over :mod:`widgets.drills.pegging_session`), the scoring
quiz (:mod:`widgets.drills.quiz`), the try-it questions (:mod:`widgets.drills.exercise`) and what a lesson
shows only once its try-it is answered (:mod:`widgets.drills.after_answer`)."""
