"""The message catalogue: every string a widget shows, in English (the source).

One entry per key, ``{"en": template}``; the other languages are read from
``widgets/locale/<language>/LC_MESSAGES/widgets.po`` at import (:func:`cribbage.messages.translate`). Texts are ``str.format`` templates; the names in braces
are filled in by :func:`widgets.i18n.t`. The cribbage words follow the course's source documents:
Spanish *cuna*, *carta inicial*, *quince*, *pareja*, *trío*, *secuencia*, *color*; Portuguese *cesta*,
*virada*, *quinze*, *par*, *trinca*, *sequência*, *flush*. *Nobs*, *Go* and *skunk* stay as they are.
"""

from __future__ import annotations

from pathlib import Path

from cribbage.messages import translate

#: Where the widgets' translations live (gettext layout), and their domain.
WIDGETS_LOCALE = Path(__file__).resolve().parent / "locale"
WIDGETS_DOMAIN = "widgets"

MESSAGES: dict[str, dict[str, str]] = {
    # --- cards -----------------------------------------------------------------------------------
    "suit.clubs": {"en": "clubs"},
    "suit.diamonds": {"en": "diamonds"},
    "suit.hearts": {"en": "hearts"},
    "suit.spades": {"en": "spades"},
    "rank.1": {"en": "ace"},
    "rank.2": {"en": "two"},
    "rank.3": {"en": "three"},
    "rank.4": {"en": "four"},
    "rank.5": {"en": "five"},
    "rank.6": {"en": "six"},
    "rank.7": {"en": "seven"},
    "rank.8": {"en": "eight"},
    "rank.9": {"en": "nine"},
    "rank.10": {"en": "ten"},
    "rank.11": {"en": "jack"},
    "rank.12": {"en": "queen"},
    "rank.13": {"en": "king"},
    "card.name": {"en": "{rank} of {suit}"},
    "card.starter": {"en": "starter"},
    "card.selected": {"en": "selected"},
    "picker.full": {"en": "You have already picked {n}. Click a picked card to put it back first."},
    "picker.unknown": {"en": "{card} is not one of the cards on offer."},
    "picker.picked": {"en": "Picked: {cards}"},
    "picker.none": {"en": "nothing yet"},
    # --- items of a count (the show and the play) ----------------------------------------------
    "item.fifteen": {"en": "Fifteen"},
    "item.pair": {"en": "Pair"},
    "item.pair royal": {"en": "Pair royal"},
    "item.double pair royal": {"en": "Double pair royal"},
    "item.run": {"en": "Run of {n}"},
    "item.flush": {"en": "Flush of {n}"},
    "item.nobs": {"en": "Nobs (the jack of the starter's suit)"},
    "item.thirty-one": {"en": "Thirty-one"},
    "item.go": {"en": "Go"},
    "item.last card": {"en": "Last card"},
    "item.his heels": {"en": "His heels (a jack turned as starter)"},
    "item.line": {"en": "{what}: {cards} for {points}"},
    "item.none": {"en": "No fifteens, pairs, runs, flush or nobs: nineteen, as players say (0)."},
    # --- common to the views -------------------------------------------------------------------
    "err.internal": {"en": "Something went wrong inside the widget ({detail}). Nothing was changed."},
    "err.not_a_card": {"en": "Not a card: {text}. Write cards like 5H, 10S, JD or 5♥."},
    # A public method given the wrong kind of value by code: say what was expected.
    "err.not_cards": {"en": "Expected cards (Card objects, or text such as 5H 5D), not {value}."},
    "err.not_line": {"en": "Expected a line of the board (one of cribbage.crosscribb.LINES), not {value}."},
    "err.not_yes_no": {"en": "{what} is True or False, not {value}."},
    "err.no_guided": {"en": "The guided hands are numbered 1 to {n}, not {value}."},
    "err.bad_seed": {"en": "The seed is a whole number, not {value}."},
    "err.duplicate": {"en": "{card} appears twice: every card is different."},
    "err.too_long": {"en": "That is far too much text for a hand ({n} characters)."},
    "err.count": {"en": "A hand is four cards and a starter: five cards in all, not {n}."},
    # --- the hand calculator -------------------------------------------------------------------
    "calc.title": {"en": "Hand calculator"},
    "calc.help": {"en": "Click four cards for the hand, then the starter, or type them (the starter last)."},
    "calc.type": {"en": "Cards"},
    "calc.placeholder": {"en": "5H 5D 6H 7S 8C"},
    "calc.score": {"en": "Score it"},
    "calc.clear": {"en": "Clear"},
    "calc.crib": {"en": "Count as a crib"},
    "calc.log": {"en": "Log scale"},
    "calc.need": {"en": "Pick {n} more: the hand is four cards, then the starter."},
    "calc.total": {"en": "{total} points"},
    "calc.total_one": {"en": "1 point"},
    "calc.items": {"en": "The count, item by item (click one to see its cards):"},
    "calc.spoken": {"en": "Said aloud: “{text}”"},
    "calc.share_at_most": {"en": "{at_most}% of all {what}s score {total} or less; {more}% score more."},
    "calc.share_top": {"en": "No {what} scores more than 29: only {share}% of all {what}s score it."},
    "calc.what.hand": {"en": "hand"},
    "calc.what.crib": {"en": "crib"},
    "calc.code": {"en": "Share code"},
    "calc.link": {"en": "Link"},
    "calc.load": {"en": "Open code"},
    "calc.link_ignored": {"en": "The link was ignored: {why}"},
    "calc.link_unknown_key": {"en": "it has an unknown part {key}."},
    "calc.link_missing": {"en": "it needs both hand= and starter=."},
    "calc.link_bad_lang": {"en": "it asks for the language {value}; the calculator speaks {choices}."},
    "calc.link_bad_crib": {"en": "crib= must be 0 or 1, not {value}."},
    "calc.link_hand_count": {"en": "hand= needs four cards, not {n}."},
    "calc.link_starter_count": {"en": "starter= needs one card, not {n}."},
    "calc.link_repeated": {"en": "{key} is given more than once."},
    "calc.link_not_text": {"en": "it is not text."},
    "calc.loaded": {"en": "Opened {code}."},
    "calc.share_help": {"en": "Paste a share code or a link here and press “{button}” to open that hand."},
    "calc.stale": {"en": "Not read, so the count below is still the last {what} read: {cards}."},
    "calc.crib_badge": {"en": "CRIB"},
    "calc.crib_rule": {"en": "Counted as a crib: a flush needs all five cards, the starter too."},
    # --- the scoring quiz ----------------------------------------------------------------------
    "quiz.title": {"en": "Count the hand"},
    "quiz.title_crib": {"en": "Count the crib"},
    "badge.crib": {"en": "CRIB: a flush counts only with all five cards"},
    "quiz.which": {"en": "Solved hand {n} of {of}"},
    "quiz.random": {"en": "Random hand (seed {seed})"},
    "quiz.prompt": {"en": "Your count"},
    "quiz.placeholder": {"en": "a number, 0 to 29"},
    "quiz.check": {"en": "Check"},
    "quiz.next": {"en": "Next hand"},
    "quiz.muggins": {"en": "Muggins"},
    "quiz.right": {"en": "Right: {total}."},
    "quiz.wrong_low": {"en": "Not quite: you said {claim}, the count is {total}."},
    "quiz.wrong_high": {"en": "Too many: you said {claim}, the count is {total}."},
    "quiz.muggins_took": {"en": "Muggins! You missed {missed} points: your opponent pegs them."},
    "quiz.muggins_took_one": {"en": "Muggins! You missed 1 point: your opponent pegs it."},
    "quiz.score_line": {"en": "Right {right} · Wrong {wrong}"},
    "quiz.pegs_line": {"en": "Pegged: you {you}, opponent {them} (muggins)"},
    "quiz.bad_number": {"en": "Enter your count as a whole number, like 12 (not {text})."},
    "quiz.out_of_range": {"en": "A count is between 0 and 29, not {n}."},
    "quiz.no_hand": {"en": "There is no hand {n}: hands are numbered from 0 (the five solved ones are 0 to 4)."},
    "quiz.already": {"en": "This hand is already answered: press “Next hand”."},
    "quiz.lesson.twelve": {"en": "Two fives and a run: two runs of four share the cards."},
    "quiz.lesson.double_double": {"en": "A double-double run: two pairs inside a run of three make four runs."},
    "quiz.lesson.crib_flush": {"en": "A crib: four hearts make no flush unless the starter is a heart too. As a hand, the same cards would add a flush of four."},
    "quiz.lesson.nobs": {"en": "Look for the jack of the starter's suit: one for his nobs."},
    "quiz.lesson.twenty_nine": {"en": "The best hand there is: three fives, the jack of the starter's suit, and the fourth five turned."},
    # --- the board -----------------------------------------------------------------------------
    "board.you": {"en": "You"},
    "board.opponent": {"en": "Opponent"},
    "board.front": {"en": "front peg"},
    "board.back": {"en": "back peg"},
    "board.skunk_line": {"en": "skunk line"},
    "board.double_line": {"en": "double-skunk line"},
    "board.game_hole": {"en": "game hole"},
    "board.start": {"en": "start"},
    "board.scores": {"en": "{a}: {sa}   ·   {b}: {sb}"},
    "board.prev": {"en": "◀ Previous"},
    "board.next": {"en": "Next ▶"},
    "board.step": {"en": "Finish {n} of {of}"},
    "board.no_finish": {"en": "No finish is shown yet."},
    "result.win": {"en": "{w} to {l}: a win, one game."},
    "result.skunk": {"en": "{w} to {l}: skunk, two games."},
    "result.double skunk": {"en": "{w} to {l}: double skunk, {games} games."},
    "result.why.win": {"en": "The loser reached the skunk line ({line})."},
    "result.why.skunk": {"en": "The loser did not reach the skunk line ({line})."},
    "result.why.double skunk": {"en": "The loser did not even reach the double-skunk line ({line})."},
    # --- charts --------------------------------------------------------------------------------
    "chart.dist_title": {"en": "Scores of all 12,994,800 {what}s"},
    "chart.score": {"en": "score"},
    "chart.share": {"en": "share of {what}s (%)"},
    "chart.mean": {"en": "mean {mean}"},
    "chart.impossible": {"en": "impossible"},
    "chart.this_hand": {"en": "this {what}: {score}"},
    "chart.starters_title": {"en": "Keeping {hand}: the score for each of the {n} possible starters"},
    "chart.starter_rank": {"en": "starter (grouped by rank; hatching and legend give the suit)"},
    "chart.points": {"en": "points"},
    "chart.selfplay_title": {"en": "Self-play: average points per deal"},
    "chart.per_deal": {"en": "points per deal"},
    "chart.cat.play": {"en": "the play"},
    "chart.cat.hand": {"en": "hand"},
    "chart.cat.crib": {"en": "crib"},
    "chart.cat.heels": {"en": "his heels"},
    "chart.cat.total": {"en": "total"},
    "chart.cat.dealer": {"en": "dealer"},
    "chart.cat.pone": {"en": "pone"},
}

# The widgets of the play, the game table and CrossCribb keep their entries in files of their own.
from .messages_crosscribb import MESSAGES as _CROSSCRIBB  # noqa: E402
from .messages_exercise import MESSAGES as _EXERCISE  # noqa: E402
from .messages_lab import MESSAGES as _LAB  # noqa: E402
from .messages_play import MESSAGES as _PLAY  # noqa: E402
from .messages_table import MESSAGES as _TABLE  # noqa: E402
from .messages_progress import MESSAGES as _PROGRESS  # noqa: E402

for _part in (_PLAY, _TABLE, _CROSSCRIBB, _LAB, _EXERCISE, _PROGRESS):
    _clash = MESSAGES.keys() & _part.keys()
    if _clash:
        raise KeyError(f"catalogue keys defined twice: {sorted(_clash)}")
    MESSAGES.update(_part)

# Spanish and Portuguese (and any other language) come from widgets/locale/<language>/LC_MESSAGES/widgets.po.
translate(MESSAGES, WIDGETS_LOCALE, WIDGETS_DOMAIN)
