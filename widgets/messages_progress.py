"""Catalogue entries of the progress panel, merged into :data:`widgets.messages.MESSAGES`.

Same form as the main catalogue: one entry per key, its English (es and pt: widgets/locale/). The skills
and item kinds are the engine's words (:mod:`cribbage.progress.words`), said through ``say``.
"""

from __future__ import annotations

from cribbage.messages import Plural

MESSAGES: dict[str, dict[str, str]] = {
    "progress.title": {"en": "Your progress"},
    "progress.recording_as": {"en": "Your answers are kept as {name}, in {path}"},
    "progress.ask_name": {"en": "Your name (the teacher's report shows it):"},
    "progress.save_name": {"en": "Keep this name"},
    "progress.name_saved": {"en": "From now on your answers are kept as {name}."},
    "progress.stop": {"en": "Stop"},
    "progress.status": {"en": "Status"},
    "progress.answers": {"en": "Answers"},
    "progress.accuracy": {"en": "Right"},
    "progress.done": {"en": "✓ done"},
    "progress.started": {"en": "◐ started"},
    "progress.not_started": {"en": "○ not started"},
    "progress.reset": {"en": "Reset stop {stop}"},
    "progress.confirm": {"en": Plural("Forget your {n} answer at stop {stop}? This cannot be undone.",
                     "Forget your {n} answers at stop {stop}? This cannot be undone.")},
    "progress.confirm_yes": {"en": "Yes, forget them"},
    "progress.confirm_no": {"en": "No, keep them"},
    "progress.was_reset": {"en": Plural("Stop {stop}: {n} answer forgotten.", "Stop {stop}: {n} answers forgotten.")},
    "progress.kept": {"en": "Nothing was forgotten."},
    "progress.next": {"en": "What to practise next"},
    "progress.next_item": {"en": "{kind}: {wrong} of {asked} wrong (stop {stop})"},
    "progress.next_none": {"en": "Nothing missed yet: carry on with the next stop not done."},
    "progress.goal": {"en": "A stop is done after {n} right answers there."},
    "progress.refresh": {"en": "Refresh"},
    "progress.not_kept": {"en": "Your answer was not kept: {reason}"},
    "progress.stop.0": {"en": "Start here"},
    "progress.stop.1": {"en": "The deal, the discard and the crib"},
    "progress.stop.2": {"en": "The play: counting to 31"},
    "progress.stop.3": {"en": "The show: counting your hand"},
    "progress.stop.4": {"en": "The board, 121 and skunks"},
    "progress.stop.5": {"en": "Three guided hands"},
    "progress.stop.6": {"en": "The hand calculator and statistics"},
    "progress.stop.7": {"en": "CrossCribb"},
    "progress.stop.8": {"en": "The statistics lab"},
}
