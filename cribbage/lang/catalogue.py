"""The engine's words: every sentence it says to a person, in English (the source).

Plain data, read by :mod:`cribbage.lang.messages`: ``key -> {"en": template}``; the Spanish and
Portuguese are in ``cribbage/locale/<language>/LC_MESSAGES/cribbage.po`` (:mod:`cribbage.lang.translations`). Templates are
``str.format`` text naming the message's values; a :class:`~cribbage.lang.messages.Plural` is chosen by ``n``.
Keys are stable: a view or a test names them, and translators will work from them. The Spanish and
Portuguese use the seeds' vocabulary: cuna / cesta, carta inicial / virada, quince / quinze,
pareja / par, trío / trinca, secuencia / sequência, repartidor / carteador.
"""

from __future__ import annotations

from cribbage.lang.plural import Plural

Entry = dict[str, str]

#: Words other messages are made of: the players, lists, ranks.
WORDS: dict[str, Entry] = {
    "role.dealer.the": {"en": "the dealer"},
    "role.dealer.of": {"en": "the dealer's"},
    "role.dealer.to": {"en": "to the dealer"},
    "role.pone.the": {"en": "the pone"},
    "role.pone.of": {"en": "the pone's"},
    "role.pone.to": {"en": "to the pone"},
    # Before the first deal a player has no role yet: the seat's number.
    "role.player.the": {"en": "player {n}"},
    "role.player.of": {"en": "player {n}'s"},
    "role.player.to": {"en": "to player {n}"},
    "name.of": {"en": "{name}'s"},
    "name.to": {"en": "to {name}"},
    "list.and": {"en": "{most} and {last}"},
    "rank.plural": {"en": "{label}s"},
    "rank.plural.1": {"en": "aces"},
    "rank.plural.11": {"en": "jacks"},
    "rank.plural.12": {"en": "queens"},
    "rank.plural.13": {"en": "kings"},
    # While sentences move into the catalogue: a sentence not yet given a key, as it was written.
    "plain": {"en": "{text}"},
}

#: Reading cards and dealing them (cards.py).
CARDS: dict[str, Entry] = {
    "card.bad_rank": {"en": "rank must be 1 (ace) to 13 (king), not {value}"},
    "card.bad_suit": {"en": "suit must be a Suit, not {value}"},
    "card.not_card": {"en": "not a card: {text} (write cards like 5H, 10S, JD)"},
    "card.ace_is_a": {"en": "not a card: {text} (type A for an ace: {ace})"},
    "card.too_long": {"en": "too much text for a list of cards ({n} characters)"},
    "card.not_cards": {"en": "not a card or list of cards: {text}"},
    "card.too_many": {"en": "more than 52 cards: that is not a list of cards from one deck"},
    "card.duplicate": {"en": "duplicate card: {card} appears twice"},
    "deck.cannot_deal": {"en": "cannot deal {each} cards to {hands} players from {n} cards"},
    "deck.cut_empty": {"en": "cannot cut an empty deck"},
    "deck.cannot_draw": {"en": "cannot draw {want} cards from {n}"},
}

#: Where a deal stands, named in errors ("... and this is the play").
WHEN: dict[str, Entry] = {
    "when.discard": {"en": "the discard"},
    "when.cut": {"en": "the cut"},
    "when.play": {"en": "the play"},
    "when.show": {"en": "the show"},
    "when.deal_over": {"en": "the end of the deal (start the next one)"},
    "when.over": {"en": "the end of the game"},
}

#: A game's refusals (game.py, result.py, the counting rule).
GAME: dict[str, Entry] = {
    "game.bad_seed": {"en": "the seed must be an int or a str, not {value}"},
    "game.bad_target": {"en": "a game is played to 121 or 61, not {value}"},
    "game.bad_double_skunk": {"en": "a double skunk counts 3 or 4 games, not {value}"},
    "game.beside_rules": {"en": "{name}={value} disagrees with the rules given, which say {rules}: say it once, in rules"},
    "game.table_option": {"en": "{name} is not an option of a game of {players} players: it takes dealer=, scores= and deals=, and its target goes in its rules"},
    "game.two_players": {"en": "this game is for two players, not {players}"},
    "game.bad_muggins": {"en": "muggins is True or False, not {value}"},
    "game.bad_deals": {"en": "deals must be a list of at most {most} stacked deals (hands, starter), not {value}"},
    "game.bad_dealer": {"en": "the dealer must be seat 0 or 1, not {value}"},
    "game.bad_scores": {"en": "scores must be two whole numbers from 0 to {most}, not {value}"},
    "game.bad_back_pegs": {"en": "back pegs must be two whole numbers, each player's score before their last "
                                 "points, not {value}"},
    "game.back_peg_ahead": {"en": "seat {seat}'s back peg must be behind its front peg ({front}): a whole number "
                                  "from 0 to {most}, not {value}"},
    "game.back_peg_at_start": {"en": "seat {seat} has no points, so its back peg is at the start (0), not {value}"},
    "game.bad_deal_number": {"en": "the deal number must be a whole number from 1 up, not {value}"},
    "game.deal_too_late": {"en": "deal {deal} cannot begin at scores that total {total}: every deal pegs at least "
                                 "its last card, so the deal is at most {most}"},
    "game.deal_needs_dealer": {"en": "a game that begins at deal {deal} needs its dealer: the cut for deal comes "
                                     "before deal 1 only"},
    "game.bad_discards": {"en": "discards are two pairs of cards: seat 0's and seat 1's"},
    "game.nothing_to_undo": {"en": "there is nothing to undo"},
    "game.not_an_action": {"en": "not an action: {value}"},
    "game.no_such_player": {"en": "no such player: {value} (the players are seats 0 and 1)"},
    "game.over": {"en": "the game is over: {result}"},
    "game.discard_when": {"en": "cards are laid away before the play, and this is {when}"},
    "game.already_laid_away": {"en": "{seat} has already laid away two cards to the crib"},
    "game.lay_away_two": {"en": "lay away exactly two cards, not {n}"},
    "game.named_twice": {"en": "{card} is named twice: lay away two different cards"},
    "game.not_held": {"en": "{seat} does not hold {card}"},
    "game.play_when": {"en": "no card can be played now: this is {when}"},
    "game.not_your_turn": {"en": "it is {turn:of} turn, not {seat:of}"},
    "game.past_31": {"en": "{card} would make the count {count}, past 31"},
    "game.past_31_go": {"en": "{card} would make the count {count}, past 31: say go"},
    "game.go_when": {"en": "go is said in the play, and this is {when}"},
    "game.go_playable": {"en": "you hold a playable card: say go only when nothing fits ({card} makes {count})"},
    "game.count_auto": {"en": "the show is counted automatically: muggins is off in this game"},
    "game.count_when": {"en": "hands are counted in the show, and this is {when}"},
    "game.count_whose_hand": {"en": "{owner:of} hand is counted now"},
    "game.count_whose_crib": {"en": "the crib is counted now, by {owner}"},
    "count.not_whole": {"en": "a count is a whole number of points, 0 or more, not {value}"},
    "count.too_high.hand": {"en": "{n} is more than this hand holds: count again"},
    "count.too_high.crib": {"en": "{n} is more than this crib holds: count again"},
    "muggins.off": {"en": "muggins is off in this game"},
    "muggins.nothing": {"en": "there is nothing to claim: the last count missed no points"},
    "muggins.own": {"en": "{seat} cannot claim muggins on their own count"},
    "game.deal_not_over": {"en": "the deal is not over: this is {when}"},
    "game.stacked_shape": {"en": "stacked deal {number} must be (hands, starter) with hands the six cards "
                                 "of seat 0 and of seat 1"},
    "player.discard_needs_six": {"en": "{seat} holds {n} cards: a discard is chosen from the six dealt"},
    "driver.bad_seats": {"en": "the computer players sit at seats 0 and 1, not {value}"},
    "driver.computers_seat": {"en": "{seat} is a computer's seat: it moves by itself"},
    "game.stacked_six": {"en": "stacked deal {number}: seat {seat} must get six cards, not {n}"},
    "result.winner_not_whole": {"en": "the winner's score must be a whole number, not {value}"},
    "result.loser_not_whole": {"en": "the loser's score must be a whole number, not {value}"},
    "result.winner_on_target": {"en": "the winner finishes on {target} exactly, not {score}"},
    "result.loser_range": {"en": "the loser's score must be from 0 to {most}, not {score}"},
    "result.win": {"en": "{winner} wins {won} to {lost}: a win, 1 game"},
    "result.skunk": {"en": "{winner} wins {won} to {lost}: a skunk, {n} games"},
    "result.double_skunk": {"en": "{winner} wins {won} to {lost}: a double skunk, {n} games"},
}

#: Scoring a hand and a series (scoring.py, play.py, pegging.py, discard.py refusals).
SCORING: dict[str, Entry] = {
    "hand.four_cards": {"en": "a hand is four cards, not {n}"},
    "hand.starter_in_hand": {"en": "the starter {card} is also in the hand"},
    "play.empty": {"en": "the series is empty: no card has been played"},
    "play.past_31": {"en": "the count would be {count}, past 31"},
    "pegging.series_past_31": {"en": "the count of the series is {count}, past 31"},
    "pegging.opponent_cards": {"en": "the opponent holds 0 to 4 cards in the play, not {value}"},
    "pegging.card_seen": {"en": "{card} is in your hand and also played, laid away or the starter"},
    "level.unknown": {"en": "unknown level {value}: choose one of {levels}"},
    "discard.not_four": {"en": "{cards} is not four of the six cards"},
    "discard.six": {"en": "discard advice needs the six cards dealt, not {n}"},
    "discard.option": {"en": "keep {keep}, lay away {away}: net {net:+.2f}"},
    # The discard advice printed as a table (print(advise_discard(...))): its column headers.
    "discard.col.keep": {"en": "keep"},
    "discard.col.away": {"en": "lay away"},
    "discard.col.hand": {"en": "hand"},
    "discard.col.your_crib": {"en": "your crib"},
    "discard.col.their_crib": {"en": "their crib"},
    "discard.col.uniform": {"en": "uniform"},
    "discard.col.play": {"en": "play"},
    "discard.col.net": {"en": "net"},
    "discard.col.why": {"en": "why"},
    "discard.model": {"en": "crib model: {model} (uniform crib shown beside it)"},
    "discard.model_play": {"en": "crib model: {model} (uniform crib shown beside it; play: the keep's expected "
                                 "pegging, own minus the opponent's)"},
}

#: What is scored, in the play and the show (events.py), and the count as players say it (scoring.py).
SCORES: dict[str, Entry] = {
    "score.fifteen": {"en": "fifteen for {n}"},
    "score.thirty-one": {"en": "31 for {n}"},
    "score.pair": {"en": "a pair for {n}"},
    "score.pair royal": {"en": "a pair royal for {n}"},
    "score.double pair royal": {"en": "a double pair royal for {n}"},
    "score.run": {"en": "a run of {length} for {n}"},
    # English says these alike for one point and many; Spanish and Portuguese do not, so they are plurals.
    "score.go": {"en": Plural("go for {n}", "go for {n}")},
    "score.last card": {"en": Plural("last card for {n}", "last card for {n}")},
    "score.his heels": {"en": "his heels for {n}"},
    "event.hand": {"en": Plural("hand: {said} for {n}", "hand: {said} for {n}")},
    "event.crib": {"en": Plural("crib: {said} for {n}", "crib: {said} for {n}")},
    "event.hand_short": {"en": "hand: counted {n} of {total}"},
    "event.crib_short": {"en": "crib: counted {n} of {total}"},
    "event.muggins": {"en": Plural("muggins: {n} missed point", "muggins: {n} missed points")},
    "event.to_target": {"en": "{what} ({n} to reach the target)"},
    "event.by": {"en": "{who}: {what}"},
    # The count said aloud; {total} and {n} are said in words ("fifteen two", "quince dos").
    "say.fifteen": {"en": "fifteen {total}"},
    "say.pair": {"en": "a pair is {total}"},
    "say.another pair": {"en": "another pair is {total}"},
    "say.pair royal": {"en": "a pair royal is {total}"},
    "say.double pair royal": {"en": "a double pair royal is {total}"},
    "say.run": {"en": "a run of {n} is {total}"},
    "say.another run": {"en": "another run of {n} is {total}"},
    "say.flush": {"en": "a flush of {n} is {total}"},
    "say.nobs": {"en": "one for his nobs is {total}"},
    "say.and": {"en": "and {phrase}"},
    "say.nothing": {"en": "nineteen (nothing)"},
}

#: The game's log (events.py): what each step did, naming players by role.
LOG: dict[str, Entry] = {
    "list.then": {"en": "{first}; {rest}"},
    "list.comma": {"en": "{first}, {rest}"},
    "log.cut_again": {"en": "{first} cuts {a}, {second} cuts {b}: equal ranks, cut again"},
    "log.cut_deals": {"en": "{first} cuts {a}, {second} cuts {b}: {dealer} deals (the lower card)"},
    "log.deal": {"en": "deal {deal}: {seat} deals six cards each"},
    "log.discard": {"en": "{seat} lays away two cards to the crib"},
    "log.starter": {"en": "the starter is {card}"},
    "log.starter_scored": {"en": "the starter is {card}: {scored} {seat:to}"},
    "log.play": {"en": "{seat} plays {card}: {count}"},
    "log.play_scored": {"en": "{seat} plays {card}: {count}, {scored}"},
    "log.go": {"en": "{seat} says go"},
    "log.pass": {"en": "{seat} has no cards left and passes"},
    "log.reset": {"en": "the count is {count}: it goes back to 0"},
    "log.reset_scored": {"en": "{scored} {seat:to}; the count goes back to 0"},
    "log.end_of_play": {"en": "the play is over"},
    "log.end_of_play_scored": {"en": "the play is over: {scored} {seat:to}"},
    "log.show": {"en": "{seat} counts: {scored}"},
    "log.count_hand": {"en": Plural("{seat} counts {n} for the hand", "{seat} counts {n} for the hand")},
    "log.count_crib": {"en": Plural("{seat} counts {n} for the crib", "{seat} counts {n} for the crib")},
    "log.muggins": {"en": "{seat} says muggins: {scored}"},
    "log.next_deal": {"en": "next deal"},
    "log.game_over": {"en": "{seat} wins"},
}

#: Hints in the play (pegging.py): the card to play and the main reason for it.
HINTS: dict[str, Entry] = {
    "hint.lead": {"en": "lead the {card}"},
    "hint.play": {"en": "play the {card}"},
    "hint.pass": {"en": "no cards left: pass"},
    "hint.go": {"en": "say go: no card fits under 31 (the count is {count})"},
    "hint.beginner": {"en": "{act}: it fits (a beginner plays any card that fits)"},
    "hint.makes": {"en": "{act}: it makes {what}"},
    "hint.last_fits": {"en": "{act}: it is your last card that fits, for the go"},
    "hint.keep_going": {"en": "{act}: the opponent can't play, so you keep the count going for the most points"},
    "hint.from_pair": {"en": "{act} from your pair: if they pair it, you answer with a pair royal"},
    "hint.from_three": {"en": "{act} from your three {rank:words}: if they pair it, you answer with a pair royal"},
    "hint.under5": {"en": "{act}: a count under 5 can't be made 15"},
    "hint.avoid": {"en": "{act}: it avoids leaving a count of {bad}, which a ten-card makes {made}"},
    "hint.keep5": {"en": "{act}: it keeps your 5 back to make fifteen later"},
    "hint.least": {"en": "{act}: it gives the opponent the least to score (about {risk:.1f} after your answer)"},
    "hint.only": {"en": "{act}: it is the only card that fits"},
    "hint.nothing": {"en": "{act}: it scores nothing but gives little away"},
}

#: Reasons for a keep in the discard (discard.py): what the four kept hold, what the two laid away give.
REASONS: dict[str, Entry] = {
    "reason.and": {"en": "{keep} and {away}"},
    "reason.and_comma": {"en": "{keep}, and {away}"},
    "reason.but": {"en": "{keep} but {away}"},
    "reason.but_comma": {"en": "{keep}, but {away}"},
    "keep.list": {"en": "keeps {parts}"},
    "keep.what_starter": {"en": "keeps what the starter can help most"},
    "keep.nothing_yet": {"en": "keeps nothing that scores before the starter"},
    "keep.double_run": {"en": "the double run {ranks}"},
    "keep.run": {"en": "the run {ranks}"},
    "keep.pair": {"en": "a pair of {rank:plural}"},
    "keep.three": {"en": "three {rank:plural}"},
    "keep.four": {"en": "four {rank:plural}"},
    "keep.fifteens": {"en": "15s"},
    "keep.fifteen": {"en": "a 15"},
    "keep.flush": {"en": "a four-card flush"},
    "keep.five": {"en": "a 5 for the starter to make 15"},
    "keep.close": {"en": "close cards for the starter to join"},
    "away.your_pair": {"en": "gives your crib a pair of {rank:plural}"},
    "away.your_five": {"en": "gives your crib the 5"},
    "away.your_fifteen": {"en": "gives your crib fifteen ({ranks})"},
    "away.your_makes_five": {"en": "gives your crib {ranks}, which make five: a ten-card joins them for fifteen"},
    "away.your_run": {"en": "gives your crib two cards that can make a run ({ranks})"},
    "away.your_away": {"en": "lays away {ranks} to your crib"},
    "away.their_five": {"en": "salts the opponent's crib with a 5"},
    "away.their_pair": {"en": "gives the opponent's crib a pair of {rank:plural}"},
    "away.their_fifteen": {"en": "gives the opponent's crib fifteen ({ranks})"},
    "away.their_makes_five": {"en": "gives the opponent's crib {ranks}, which make five: a ten-card joins them for fifteen"},
    "away.their_run": {"en": "gives the opponent's crib two cards that can make a run ({ranks})"},
    "away.no_salt": {"en": "doesn't salt the opponent's crib with a 5"},
    "away.their_little": {"en": "gives the opponent's crib little ({ranks})"},
    "away.their_away": {"en": "lays away {ranks} to the opponent's crib"},
    "away.their_cards": {"en": "gives the opponent's crib {ranks}, worth more there than most other choices"},
}

def english_number(n: int) -> str:
    """``0..99`` in English words, as a count says them ("twenty-nine"); past the catalogue's words."""
    words = ["nothing", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
    tens = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    return words[n] if n <= 20 else tens[n // 10] + ("-" + words[n % 10] if n % 10 else "")


#: The numbers as players say them in a count, 0 to 29 (the most a hand can count); past them,
#: English says words to 99 and the other languages digits.
NUMBERS: dict[str, Entry] = {
    "number.0": {"en": "nothing"},
    "number.1": {"en": "one"},
    "number.2": {"en": "two"},
    "number.3": {"en": "three"},
    "number.4": {"en": "four"},
    "number.5": {"en": "five"},
    "number.6": {"en": "six"},
    "number.7": {"en": "seven"},
    "number.8": {"en": "eight"},
    "number.9": {"en": "nine"},
    "number.10": {"en": "ten"},
    "number.11": {"en": "eleven"},
    "number.12": {"en": "twelve"},
    "number.13": {"en": "thirteen"},
    "number.14": {"en": "fourteen"},
    "number.15": {"en": "fifteen"},
    "number.16": {"en": "sixteen"},
    "number.17": {"en": "seventeen"},
    "number.18": {"en": "eighteen"},
    "number.19": {"en": "nineteen"},
    "number.20": {"en": "twenty"},
    "number.21": {"en": "twenty-one"},
    "number.22": {"en": "twenty-two"},
    "number.23": {"en": "twenty-three"},
    "number.24": {"en": "twenty-four"},
    "number.25": {"en": "twenty-five"},
    "number.26": {"en": "twenty-six"},
    "number.27": {"en": "twenty-seven"},
    "number.28": {"en": "twenty-eight"},
    "number.29": {"en": "twenty-nine"},
}

#: Ranks said in words, plural (1 = ace): "three sevens", "tres sietes", "três setes".
RANK_WORDS: dict[str, Entry] = {
    "rank.words.1": {"en": "aces"},
    "rank.words.2": {"en": "twos"},
    "rank.words.3": {"en": "threes"},
    "rank.words.4": {"en": "fours"},
    "rank.words.5": {"en": "fives"},
    "rank.words.6": {"en": "sixes"},
    "rank.words.7": {"en": "sevens"},
    "rank.words.8": {"en": "eights"},
    "rank.words.9": {"en": "nines"},
    "rank.words.10": {"en": "tens"},
    "rank.words.11": {"en": "jacks"},
    "rank.words.12": {"en": "queens"},
    "rank.words.13": {"en": "kings"},
}

#: The game against the computer in a terminal (terminal.py, ``cribbage play``): the person is "you".
#: The words the person types stay the English ones in every language (go and muggins are the
#: seeds' words too); hint and quit also take the language's own word (``terminal.word.*``).
TERMINAL: dict[str, Entry] = {
    "terminal.welcome": {"en": "Cribbage against the computer ({level}), seed {seed}: the same seed deals the same game. First to {target} wins.\nType cards as 5H, 10S or TS, JD; '{hint}' for advice; '{quit}' to stop."},
    "terminal.level.beginner": {"en": "beginner"},
    "terminal.level.standard": {"en": "standard"},
    "terminal.level.expert": {"en": "expert"},
    "terminal.word.hint": {"en": "hint"},
    "terminal.word.quit": {"en": "quit"},
    "terminal.cut": {"en": "You cut {mine}, the computer cuts {theirs}."},
    "terminal.deal.you": {"en": "— Deal {deal}. You deal; the crib is yours. —"},
    "terminal.deal.computer": {"en": "— Deal {deal}. The computer deals; the crib is the computer’s. —"},
    "terminal.away.you": {"en": "You lay away {cards}."},
    "terminal.away.computer": {"en": "The computer lays away two cards."},
    "terminal.starter": {"en": "The starter is {card}."},
    "terminal.play.you": {"en": "You play {card}: {count}."},
    "terminal.play.computer": {"en": "The computer plays {card}: {count}."},
    "terminal.go.you": {"en": "You say go."},
    "terminal.go.computer": {"en": "The computer says go."},
    "terminal.reset": {"en": "The count goes back to 0."},
    "terminal.show.you.hand": {"en": "Your hand: {cards} with {starter}: {said} — counted {n}."},
    "terminal.show.you.crib": {"en": "Your crib: {cards} with {starter}: {said} — counted {n}."},
    "terminal.show.computer.hand": {"en": "The computer’s hand: {cards} with {starter}: {said} — counted {n}."},
    "terminal.show.computer.crib": {"en": "The computer’s crib: {cards} with {starter}: {said} — counted {n}."},
    "terminal.count_nothing.you": {"en": "You count 0."},
    "terminal.count_nothing.computer": {"en": "The computer counts 0."},
    "terminal.points.you": {"en": "+{n} to you: {what}"},
    "terminal.points.computer": {"en": "+{n} to the computer: {what}"},
    "terminal.won.you.win": {"en": "You win {won} to {lost}: a win, one game."},
    "terminal.won.you.skunk": {"en": "You win {won} to {lost}: a skunk, two games."},
    "terminal.won.you.double_skunk": {"en": "You win {won} to {lost}: a double skunk, {n} games."},
    "terminal.won.computer.win": {"en": "The computer wins {won} to {lost}: a win, one game."},
    "terminal.won.computer.skunk": {"en": "The computer wins {won} to {lost}: a skunk, two games."},
    "terminal.won.computer.double_skunk": {"en": "The computer wins {won} to {lost}: a double skunk, {n} games."},
    "terminal.board": {"en": "You {f0} (back peg {b0})  ·  Computer {f1} (back peg {b1})  ·  game {target}"},
    "terminal.ask.muggins": {"en": "The computer counted short. Type 'muggins' to take the points, or press Enter:"},
    "terminal.ask.discard.you": {"en": "Your cards: {cards}\nLay away two to your crib (e.g. {first} {second}), or '{hint}':"},
    "terminal.ask.discard.computer": {"en": "Your cards: {cards}\nLay away two to the computer’s crib (e.g. {first} {second}), or '{hint}':"},
    "terminal.ask.go": {"en": "Count {count} ({series}). Your cards: {cards}. Nothing fits: type 'go':"},
    "terminal.ask.play": {"en": "Count {count} ({series}). Your cards: {cards}. Play a card, or '{hint}':"},
    "terminal.ask.count.hand": {"en": "Count your hand: {cards} with {starter}. How many points?"},
    "terminal.ask.count.crib": {"en": "Count your crib: {cards} with {starter}. How many points?"},
    "terminal.ask.next_deal": {"en": "Press Enter for the next deal:"},
    "terminal.bye": {"en": "Bye."},
    "terminal.hint.keep": {"en": "Hint: lay away {cards} — {reason} (net {net:+.1f})."},
    "terminal.hint.play": {"en": "Hint: {reason}."},
    "terminal.hint.none": {"en": "No hint here: count every fifteen, pair, run, flush and nobs."},
}

#: What a public function says when an argument is not what it takes (rules/checks.py): ``name`` is the
#: argument's name as the code spells it, ``value`` what was given, quoted.
ARGUMENTS: dict[str, Entry] = {
    "arg.not_flag": {"en": "{name} must be True or False, not {value}"},
    "arg.not_whole": {"en": "{name} must be a whole number, not {value}"},
    "arg.too_small": {"en": "{name} must be a whole number of at least {low}, not {value}"},
    "arg.too_large": {"en": "{name} must be a whole number of at most {high}, not {value}"},
    "arg.out_of_range": {"en": "{name} must be a whole number from {low} to {high}, not {value}"},
    "arg.not_number": {"en": "{name} must be a finite number, not {value}"},
    "arg.number_range": {"en": "{name} must be a number from {low} to {high}, not {value}"},
    "arg.not_text": {"en": "{name} must be text, not {value}"},
    "arg.empty_text": {"en": "{name} must not be empty"},
    "arg.odd_text": {"en": "{name} holds a character that is not text (a lone surrogate or a NUL, as a broken paste gives): {value}"},
    "arg.text_too_long": {"en": "{name} is too long: {n} characters, at most {most}"},
    "arg.not_one_of": {"en": "{name} must be one of {choices}, not {value}"},
    "arg.wrong_kind": {"en": "{name} must be a {kind}, not {value}"},
    "arg.not_list": {"en": "{name} must be a list, not {value}"},
    "arg.too_many": {"en": "{name} holds more than {most} items: too many to read"},
    "game.long_seed": {"en": "the seed is too long: at most {most} characters or digits"},
}

#: Every part, in the order they are loaded.
PARTS: tuple[dict[str, Entry], ...] = (WORDS, NUMBERS, RANK_WORDS, CARDS, WHEN, GAME, SCORING, SCORES, LOG, HINTS,
                                      REASONS, TERMINAL, ARGUMENTS)
