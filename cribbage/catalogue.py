"""The engine's words: every sentence it says to a person, in English, Spanish and Portuguese.

Plain data, read by :mod:`cribbage.messages`: ``key -> {language: template}``. Templates are
``str.format`` text naming the message's values; a pair ``(one, other)`` is a plural chosen by ``n``.
Keys are stable: a view or a test names them, and translators will work from them. The Spanish and
Portuguese use the seeds' vocabulary: cuna / cesta, carta inicial / virada, quince / quinze,
pareja / par, trío / trinca, secuencia / sequência, repartidor / carteador.
"""

from __future__ import annotations

from typing import Union

Entry = dict[str, Union[str, tuple[str, str]]]

#: Words other messages are made of: the players, lists, ranks.
WORDS: dict[str, Entry] = {
    "role.dealer.the": {"en": "the dealer", "es": "el repartidor", "pt": "o carteador"},
    "role.dealer.of": {"en": "the dealer's", "es": "del repartidor", "pt": "do carteador"},
    "role.dealer.to": {"en": "to the dealer", "es": "al repartidor", "pt": "ao carteador"},
    "role.pone.the": {"en": "the pone", "es": "el no repartidor", "pt": "o não carteador"},
    "role.pone.of": {"en": "the pone's", "es": "del no repartidor", "pt": "do não carteador"},
    "role.pone.to": {"en": "to the pone", "es": "al no repartidor", "pt": "ao não carteador"},
    # Before the first deal a player has no role yet: the seat's number.
    "role.player.the": {"en": "player {n}", "es": "el jugador {n}", "pt": "o jogador {n}"},
    "role.player.of": {"en": "player {n}'s", "es": "del jugador {n}", "pt": "do jogador {n}"},
    "role.player.to": {"en": "to player {n}", "es": "al jugador {n}", "pt": "ao jogador {n}"},
    "name.of": {"en": "{name}'s", "es": "de {name}", "pt": "de {name}"},
    "name.to": {"en": "to {name}", "es": "a {name}", "pt": "a {name}"},
    "list.and": {"en": "{most} and {last}", "es": "{most} y {last}", "pt": "{most} e {last}"},
    "rank.plural": {"en": "{label}s", "es": "{label}", "pt": "{label}"},
    "rank.plural.1": {"en": "aces", "es": "ases", "pt": "ases"},
    "rank.plural.11": {"en": "jacks", "es": "jotas", "pt": "valetes"},
    "rank.plural.12": {"en": "queens", "es": "reinas", "pt": "damas"},
    "rank.plural.13": {"en": "kings", "es": "reyes", "pt": "reis"},
    # While sentences move into the catalogue: a sentence not yet given a key, as it was written.
    "plain": {"en": "{text}", "es": "{text}", "pt": "{text}"},
}

#: Reading cards and dealing them (cards.py).
CARDS: dict[str, Entry] = {
    "card.bad_rank": {"en": "rank must be 1 (ace) to 13 (king), not {value}",
                      "es": "el número de una carta va de 1 (as) a 13 (rey), no {value}",
                      "pt": "o valor de uma carta vai de 1 (ás) a 13 (rei), não {value}"},
    "card.bad_suit": {"en": "suit must be a Suit, not {value}",
                      "es": "el palo debe ser un Suit, no {value}",
                      "pt": "o naipe deve ser um Suit, não {value}"},
    "card.not_card": {"en": "not a card: {text} (write cards like 5H, 10S, JD)",
                      "es": "no es una carta: {text} (escribe las cartas así: 5H, 10S, JD)",
                      "pt": "não é uma carta: {text} (escreva as cartas assim: 5H, 10S, JD)"},
    "card.ace_is_a": {"en": "not a card: {text} (type A for an ace: {ace})",
                      "es": "no es una carta: {text} (escribe A para el as: {ace})",
                      "pt": "não é uma carta: {text} (digite A para o ás: {ace})"},
    "card.too_long": {"en": "too much text for a list of cards ({n} characters)",
                      "es": "demasiado texto para una lista de cartas ({n} caracteres)",
                      "pt": "texto demais para uma lista de cartas ({n} caracteres)"},
    "card.not_cards": {"en": "not a card or list of cards: {text}",
                       "es": "no es una carta ni una lista de cartas: {text}",
                       "pt": "não é uma carta nem uma lista de cartas: {text}"},
    "card.too_many": {"en": "more than 52 cards: that is not a list of cards from one deck",
                      "es": "más de 52 cartas: eso no es una lista de cartas de una baraja",
                      "pt": "mais de 52 cartas: isso não é uma lista de cartas de um baralho"},
    "card.duplicate": {"en": "duplicate card: {card} appears twice",
                       "es": "carta repetida: {card} aparece dos veces",
                       "pt": "carta repetida: {card} aparece duas vezes"},
    "deck.cannot_deal": {"en": "cannot deal {each} cards to {hands} players from {n} cards",
                         "es": "no se pueden repartir {each} cartas a {hands} jugadores de {n} cartas",
                         "pt": "não dá para distribuir {each} cartas a {hands} jogadores de {n} cartas"},
    "deck.cut_empty": {"en": "cannot cut an empty deck", "es": "no se puede cortar una baraja vacía",
                       "pt": "não dá para cortar um baralho vazio"},
    "deck.cannot_draw": {"en": "cannot draw {want} cards from {n}", "es": "no se pueden robar {want} cartas de {n}",
                         "pt": "não dá para comprar {want} cartas de {n}"},
}

#: Every part, in the order they are loaded.
PARTS: tuple[dict[str, Entry], ...] = (WORDS, CARDS)
