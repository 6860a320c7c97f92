"""The progress store's and the teacher's report's words, in English (Spanish and Portuguese: cribbage/locale/).

Added to the engine catalogue (:func:`cribbage.lang.messages.add_catalogue`) when :mod:`cribbage.progress`
is imported. The skills and item kinds are the names a learner and a teacher read in the progress
panel and the report: "the crib flush", "a fifteen of three cards", "nobs", "go".
"""

from __future__ import annotations

Entry = dict[str, "str | tuple[str, str]"]  # a pair: singular and plural, chosen by the value n

#: Why a progress file cannot be read or written.
ERRORS: dict[str, Entry] = {
    "progress.not_database": {"en": "{path} is not a progress file: it is not an SQLite database (it was left untouched)"},
    "progress.foreign": {"en": "{path} is another program's SQLite database, not a progress file (it was left untouched)"},
    "progress.newer": {"en": "{path} was written by a newer version of the course (schema {found}; this one knows up to "
              "{known}): update the course to read it"},
    "progress.damaged": {"en": "{path} is a damaged progress file ({detail}); it was left untouched"},
    "progress.missing": {"en": "there is no progress file at {path}"},
    "progress.cannot_create": {"en": "cannot create the progress file {path}: the folder is not writable (set CRIBBAGE_PROGRESS "
              "to a folder you can write to)"},
    "progress.read_only": {"en": "cannot record in {path}: the file or its folder is read-only (nothing was changed)"},
    "progress.busy": {"en": "{path} stayed locked by another notebook for too long (nothing was changed): try again"},
    "progress.bad_stop": {"en": "a stop of the course is a number from 0 to {last}, not {value}"},
    "progress.bad_skill": {"en": "{value} is not a skill of the course (the skills: {known})"},
    "progress.bad_kind": {"en": "{value} is not an item kind of the course (the kinds: {known})"},
    "progress.bad_text": {"en": "the {field} must be text of 1 to {most} characters, not {value}"},
    "progress.odd_text": {"en": "the {field} holds a character that cannot be saved (a lone surrogate or a NUL, as a broken paste gives): {value}"},
    "progress.disk_full": {"en": "cannot record in {path}: the disk is full ({detail}); the file is intact: free some space and answer again"},
    "progress.bad_path": {"en": "a progress file is named by a path, not {value}"},
    "progress.cannot_choose": {"en": "cannot keep who this copy's learner is in {path} ({detail}): check that the folder exists and is yours"},
    "progress.no_home": {"en": "cannot find the home folder in {path}: set CRIBBAGE_PROGRESS to the full path of a file or a folder"},
    "progress.bad_missed": {"en": "points missed must be a whole number from 0 up, not {value}"},
    "progress.not_yours": {"en": "{path} belongs to another account, so it was neither read nor written (in a shared "
              "folder a classmate may have made it first): ask the teacher to remove it"},
    "progress.empty": {"en": "{path} is empty: no answer was ever written in it"},
    # What the operating system refused, said as the cause it is (never Python's OSError).
    "progress.folder_closed": {"en": "cannot open {path}: this account may not enter the folder {folder} (its permissions keep "
              "others out; nothing was read or changed): ask whoever owns it to let you in, or set CRIBBAGE_PROGRESS "
              "to a folder of your own"},
    "progress.file_closed": {"en": "cannot open {path}: this account may not read that file (its permissions keep others "
              "out; nothing was changed)"},
    "progress.name_too_long": {"en": "cannot use {path}: a name in it is longer than the file system allows (at most 255 "
              "bytes a name; nothing was read or changed): choose a shorter name"},
    "progress.system_refused": {"en": "cannot open {path}: the system refused ({reason}); nothing was changed"},
    "progress.truncated": {"en": "{path} is a damaged progress file: it is cut short ({size} bytes of the {expected} its "
              "header gives); it was left untouched"},
    "progress.header_changed": {"en": "{path} is a damaged progress file: its header gives schema version {found}, but its "
              "tables are not that version's (the header was changed), so it was neither read nor written"},
}

#: The broad skills, one or two per stop.
SKILLS: dict[str, Entry] = {
    "progress.skill.discard": {"en": "the discard"},
    "progress.skill.play": {"en": "the play"},
    "progress.skill.show": {"en": "the show"},
    "progress.skill.board": {"en": "the board"},
    "progress.skill.game": {"en": "whole hands and games"},
    "progress.skill.statistics": {"en": "statistics"},
    "progress.skill.crosscribb": {"en": "CrossCribb"},
}

#: Each stop's name, by its title's key (:attr:`cribbage.registry.stops.Stop.title`).
STOP_TITLES: dict[str, Entry] = {
    # A stop of the course, as its lesson's title names it after "Stop N ·" (stop 0's: before the colon);
    # the progress panel lists the stops by these names.
    "progress.stop.start_here": {"en": "Start here"},
    "progress.stop.deal_discard_crib": {"en": "The deal, the discard and the crib"},
    "progress.stop.the_play": {"en": "The play: counting to 31"},
    "progress.stop.the_show": {"en": "The show: counting your hand"},
    "progress.stop.board_and_skunks": {"en": "The board, 121 and skunks"},
    "progress.stop.three_guided_hands": {"en": "Three guided hands"},
    "progress.stop.hand_calculator_and_statistics": {"en": "The hand calculator, and what hands are worth"},
    "progress.stop.crosscribb": {"en": "CrossCribb"},
    "progress.stop.statistics_lab": {"en": "The statistics lab"},
}

#: The item kinds a learner practises: what a hand, a play or a choice contained.
KINDS: dict[str, Entry] = {
    "progress.kind.fifteen.2": {"en": "fifteens of two cards"},
    "progress.kind.fifteen.3": {"en": "fifteens of three cards"},
    "progress.kind.fifteen.4": {"en": "fifteens of four cards"},
    "progress.kind.fifteen.5": {"en": "fifteens of five cards"},
    "progress.kind.pair": {"en": "pairs"},
    "progress.kind.pair_royal": {"en": "pairs royal"},
    "progress.kind.double_pair_royal": {"en": "double pairs royal"},
    "progress.kind.run.3": {"en": "runs of three"},
    "progress.kind.run.4": {"en": "runs of four"},
    "progress.kind.run.5": {"en": "runs of five"},
    "progress.kind.double_run": {"en": "double runs"},
    "progress.kind.flush.hand": {"en": "the four-card flush"},
    "progress.kind.flush.five": {"en": "the five-card flush"},
    "progress.kind.flush.crib": {"en": "the crib flush"},
    "progress.kind.nobs": {"en": "nobs"},
    "progress.kind.his_heels": {"en": "his heels"},
    "progress.kind.zero": {"en": "hands worth nothing"},
    "progress.kind.play.fifteen": {"en": "fifteen in the play"},
    "progress.kind.play.thirty_one": {"en": "thirty-one"},
    "progress.kind.play.pair": {"en": "pairs in the play"},
    "progress.kind.play.run": {"en": "runs in the play"},
    "progress.kind.go": {"en": "go"},
    "progress.kind.last_card": {"en": "the last card"},
    "progress.kind.keep": {"en": "choosing the four to keep"},
    "progress.kind.crib_gift": {"en": "what to lay in the crib"},
    "progress.kind.pegging": {"en": "choosing the card to play"},
    "progress.kind.skunk": {"en": "skunks and the game's value"},
    "progress.kind.game": {"en": "finishing a game"},
    "progress.kind.crosscribb.line": {"en": "counting a CrossCribb line"},
    "progress.kind.other": {"en": "other questions"},
}

#: The teacher's report.
REPORT: dict[str, Entry] = {
    "progress.report.title": {"en": "Cribbage Course: the class's progress"},
    "progress.report.learner": {"en": "learner"},
    "progress.report.stops_done": {"en": "stops done"},
    "progress.report.answers": {"en": "answers"},
    "progress.report.accuracy": {"en": "accuracy"},
    "progress.report.accuracy_of": {"en": "accuracy: {skill}"},
    "progress.report.most_missed": {"en": "most missed"},
    "progress.report.missed_item": {"en": "{kind} ({wrong} of {asked} wrong)"},
    "progress.report.none": {"en": "nothing missed"},
    "progress.report.skipped": {"en": "skipped {path}: {reason}"},
    "progress.report.files": {"en": ("{n} file read, {skipped} skipped", "{n} files read, {skipped} skipped")},
    "progress.report.chart_title": {"en": "{skill}: share of right answers per learner"},
    "progress.report.chart_axis": {"en": "right answers (%)"},
    "progress.report.no_answers": {"en": "no answers yet"},
    "progress.report.wrote": {"en": "wrote {path}"},
    "progress.report.would_overwrite": {"en": "{path} is one of the progress files being read: the report is never written over a learner's file"},
    "progress.report.nothing": {"en": "no progress file could be read"},
    "progress.report.questions": {"en": "questions"},
    "progress.report.current_stop": {"en": "stop now"},
    "progress.report.last": {"en": "last answer (UTC)"},
    "progress.report.time": {"en": "minutes"},
    "progress.report.not_started": {"en": "not started"},
    "progress.report.not_attributed": {"en": ("{n} wrong total no kind explains", "{n} wrong totals no kind explains")},
    "progress.report.empty": {"en": "{path} holds no answers yet (read, nothing to report)"},
    "progress.report.unknown_stop": {"en": ("{path}: {n} answer at a stop this course does not have ({values}) was left out",
                                            "{path}: {n} answers at stops this course does not have ({values}) were left out")},
    "progress.report.unknown_skill": {"en": ("{path}: {n} answer about a skill this course does not know ({values}) was left out",
                                             "{path}: {n} answers about skills this course does not know ({values}) were left out")},
    "progress.report.unknown_kind": {"en": ("{path}: an item kind this course does not know ({values}) was left out of {n} answer",
                                            "{path}: item kinds this course does not know ({values}) were left out of {n} answers")},
    "progress.report.started": {"en": ("{n} of {total} learners has started", "{n} of {total} learners have started")},
    "progress.report.kinds_title": {"en": "The class by item kind: right at the first try"},
    "progress.report.kind": {"en": "item kind"},
    "progress.report.first_try": {"en": "right at the first try"},
    "progress.report.missed_by": {"en": "learners who missed it"},
    "progress.report.hardest": {"en": "The hardest questions"},
    "progress.report.stop": {"en": "stop"},
    "progress.report.question": {"en": "question"},
    "progress.report.chart_spread": {"en": "{skill}: learners by share of right answers"},
    "progress.report.chart_learners": {"en": "learners"},
}

#: The class list (a CSV of user names and display names).
ROSTER: dict[str, Entry] = {
    "progress.roster.empty": {"en": "{path} is empty: a class list has a header row (username,display_name), then a row per learner"},
    "progress.roster.no_user_column": {"en": "{path} has no username column (its header: {header}); the header must be username,display_name"},
    "progress.roster.too_long": {"en": "{path} lists more than {most} learners: is it the class list?"},
    "progress.roster.bad_user": {"en": "{path}, line {line}: ‘{value}’ is not a user name (lower-case letters, digits,"
                                       " _ - and ., starting with a letter, up to 32)"},
    "progress.roster.twice": {"en": "{path}, line {line}: the user {value} is listed twice"},
    "progress.roster.bad_name": {"en": "{path}, line {line}: the display name is longer than 80 characters or holds a character that cannot be saved"},
    "progress.roster.not_utf8": {"en": "{path} is not UTF-8 text: save the class list as CSV UTF-8"},
    "progress.roster.unreadable": {"en": "cannot read the class list {path}: {reason}"},
}

#: The teacher's live view.
LIVE: dict[str, Entry] = {
    "progress.live.title": {"en": "The class now"},
    "progress.live.to_projector": {"en": "Projector view (no names)"},
    "progress.live.to_teacher": {"en": "Teacher's view (names)"},
    "progress.live.summary": {"en": ("{n} of {total} learners has started", "{n} of {total} learners have started")},
    "progress.live.answers": {"en": ("{n} answer", "{n} answers")},
    "progress.live.updated": {"en": "updated at {time} UTC"},
    "progress.live.at_each_stop": {"en": "Learners at each stop now"},
    "progress.live.not_started": {"en": "not started"},
    "progress.live.stop": {"en": "stop {stop}"},
    "progress.live.roster": {"en": "The class list"},
    "progress.live.learner": {"en": "learner"},
    "progress.live.stop_now": {"en": "stop now"},
    "progress.live.last": {"en": "last answer"},
    "progress.live.minutes": {"en": "minutes"},
    "progress.live.questions": {"en": "questions"},
    "progress.live.first_try": {"en": "right at the first try"},
    "progress.live.missed": {"en": "missed most"},
    "progress.live.just_now": {"en": "just now"},
    "progress.live.minutes_ago": {"en": ("{n} minute ago", "{n} minutes ago")},
    "progress.live.hours_ago": {"en": ("{n} hour ago", "{n} hours ago")},
    "progress.live.by_kind": {"en": "The class by item kind"},
    "progress.live.kind": {"en": "item kind"},
    "progress.live.missed_by": {"en": "learners who missed it"},
    "progress.live.by_question": {"en": "The hardest questions"},
    "progress.live.stop_column": {"en": "stop"},
    "progress.live.question": {"en": "question"},
}

#: The gradebook's columns (CSV and .xlsx): one number per cell.
EXPORT: dict[str, Entry] = {
    "progress.export.sheet": {"en": "class"},
    "progress.export.id": {"en": "ID"},
    "progress.export.name": {"en": "name"},
    "progress.export.stops_done": {"en": "stops done"},
    "progress.export.current_stop": {"en": "current stop"},
    "progress.export.last": {"en": "last answer (UTC)"},
    "progress.export.minutes": {"en": "minutes spent"},
    "progress.export.questions": {"en": "questions"},
    "progress.export.right": {"en": "questions right at the first try"},
    "progress.export.percent": {"en": "right (%)"},
    "progress.export.stop_questions": {"en": "stop {stop}: questions"},
    "progress.export.stop_right": {"en": "stop {stop}: right"},
    "progress.export.skill_questions": {"en": "{skill}: questions"},
    "progress.export.skill_right": {"en": "{skill}: right"},
    "progress.export.skill_percent": {"en": "{skill}: right (%)"},
    "progress.export.most_missed": {"en": "most missed (times)"},
}

#: A question as the teacher reads it (:mod:`cribbage.progress.items`): the cards are drawn as symbols.
ITEMS: dict[str, Entry] = {
    "progress.item.quiz.hand": {"en": "count of the hand {cards} with the starter {starter}"},
    "progress.item.quiz.crib": {"en": "count of the crib {cards} with the starter {starter}"},
    "progress.item.discard.dealer": {"en": "discard from {cards} (dealer)"},
    "progress.item.discard.pone": {"en": "discard from {cards} (pone)"},
    "progress.item.play_step": {"en": "points of step {step} of the solved play {name}"},
    "progress.item.crosscribb.row": {"en": "CrossCribb: count of row {n}"},
    "progress.item.crosscribb.column": {"en": "CrossCribb: count of column {n}"},
    "progress.item.guided": {"en": "guided hand {n}"},
    "progress.item.game": {"en": "a game played to the end"},
    "progress.item.count.fifteens.hand": {"en": "the fifteens of the hand {cards} with {starter}"},
    "progress.item.count.fifteens.crib": {"en": "the fifteens of the crib {cards} with {starter}"},
    "progress.item.count.pairs.hand": {"en": "the pairs of the hand {cards} with {starter}"},
    "progress.item.count.pairs.crib": {"en": "the pairs of the crib {cards} with {starter}"},
    "progress.item.count.runs.hand": {"en": "the runs of the hand {cards} with {starter}"},
    "progress.item.count.runs.crib": {"en": "the runs of the crib {cards} with {starter}"},
    "progress.item.count.flush.hand": {"en": "the flush of the hand {cards} with {starter}"},
    "progress.item.count.flush.crib": {"en": "the flush of the crib {cards} with {starter}"},
    "progress.item.count.nobs.hand": {"en": "nobs in the hand {cards} with {starter}"},
    "progress.item.count.nobs.crib": {"en": "nobs in the crib {cards} with {starter}"},
    "progress.item.count.total.hand": {"en": "total of the hand {cards} with {starter}"},
    "progress.item.count.total.crib": {"en": "total of the crib {cards} with {starter}"},
    "progress.item.play_cards": {"en": "points pegged by the last card of {cards}"},
    "progress.item.line": {"en": "CrossCribb: count of the line {cards}"},
    "progress.item.line_starter": {"en": "CrossCribb: count of the line {cards} holding the starter {starter}"},
    "progress.item.games": {"en": "games won at {winner} to {loser} in a game to {target}"},
    "progress.item.peg": {"en": "pegging {points} with the pegs on {front} and {back}"},
    "progress.item.race": {"en": "who wins: pone on {pone}, dealer on {dealer}, starter {starter}"},
    "progress.item.keeps": {"en": "ways to keep four of {cards}"},
    "progress.item.hands_scoring": {"en": "hands scoring {points}"},
}

#: The teacher's gradebook in the browser (:mod:`cribbage.progress.gradebook`) and its LMS import.
GRADEBOOK: dict[str, Entry] = {
    "progress.book.title": {"en": "Gradebook"},
    "progress.book.to_book": {"en": "Gradebook"},
    "progress.book.to_live": {"en": "The class now"},
    "progress.book.downloads": {"en": "Download:"},
    "progress.book.csv": {"en": "spreadsheet (CSV)"},
    "progress.book.xlsx": {"en": "Excel workbook (.xlsx)"},
    "progress.book.moodle": {"en": "Moodle grade import (CSV)"},
    "progress.book.learner": {"en": "learner"},
    "progress.book.stops_done": {"en": "stops done"},
    "progress.book.first_try": {"en": "right at the first try"},
    "progress.book.last": {"en": "last answer (UTC)"},
    "progress.book.stop": {"en": "stop {stop}"},
    "progress.book.stop_column": {"en": "stop"},
    "progress.book.done": {"en": "done"},
    "progress.book.legend": {"en": "Each stop: the share of its questions right at the first try (right/answered); "
                                   "✓ the stop is done (each of its questions answered right)."},
    "progress.book.answers_of": {"en": "Answers of {name}"},
    "progress.book.back": {"en": "Back to the gradebook"},
    "progress.book.open_guess": {"en": "Lesson open now, guessed from their latest answer (no layout saved): {lesson}"},
    "progress.book.open_front": {"en": "Lesson open in JupyterLab (layout saved {saved} UTC), in front: {front}"},
    "progress.book.open_front_and": {"en": "Lessons open in JupyterLab (layout saved {saved} UTC), in front: {front}; also open: {others}"},
    "progress.book.open_tabs": {"en": "Lessons open in JupyterLab (layout saved {saved} UTC), none in front: {others}"},
    "progress.book.open_none": {"en": "No lesson open in JupyterLab (layout saved {saved} UTC)"},
    "progress.book.front_column": {"en": "lesson in front"},
    "progress.book.lesson": {"en": "stop {stop} · {title}"},
    "progress.book.no_answer": {"en": "No answer yet."},
    "progress.book.when": {"en": "when (UTC)"},
    "progress.book.question": {"en": "question"},
    "progress.book.answer": {"en": "their answer"},
    "progress.book.result": {"en": "result"},
    "progress.book.right": {"en": "right"},
    "progress.book.wrong": {"en": "wrong"},
    "progress.book.counted": {"en": "counted as"},
    "progress.book.first": {"en": "first try"},
    "progress.book.practice": {"en": "practice"},
    "progress.book.notebooks": {"en": "Their notebooks, read-only"},
    "progress.book.no_notebooks": {"en": "No notebook of theirs was found."},
    "progress.book.notebook_title": {"en": "{notebook}, by {name} (read-only)"},
    "progress.book.forbidden": {"en": "Only the class's teachers may open learners' notebooks."},
    "progress.book.not_found": {"en": "There is no such learner or notebook in this class."},
    "progress.book.moodle.username": {"en": "username"},
    "progress.book.moodle.name": {"en": "full name"},
    "progress.book.moodle.course": {"en": "Cribbage course: right at the first try (%)"},
    "progress.book.moodle.stop": {"en": "Cribbage course, stop {stop}: right at the first try (%)"},
    "progress.book.moodle.stops_done": {"en": "Cribbage course: stops done"},
}

PARTS = (ERRORS, SKILLS, STOP_TITLES, KINDS, REPORT, EXPORT, ROSTER, LIVE, ITEMS, GRADEBOOK)
