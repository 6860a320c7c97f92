"""The statistics lab's words: the sentences the engine's statistics and self-play say to a person,
in English, Spanish and Portuguese, added to the engine's catalogue (:mod:`cribbage.messages`)."""

from __future__ import annotations

from typing import Any

from .errors import CribbageError
from .messages import add_catalogue, message

__all__ = ["refuse"]

WORDS = {
    "stats.whole_number": {
        "en": "{what} must be a whole number, {least} or more, not {value}",
        "es": "{what} debe ser un número entero, {least} o más, no {value}",
        "pt": "{what} deve ser um número inteiro, {least} ou mais, não {value}"},
    "stats.what.games": {"en": "the number of games", "es": "el número de partidas", "pt": "o número de partidas"},
    "stats.what.batch": {"en": "the batch size (games per batch)", "es": "el tamaño del lote (partidas por lote)",
                         "pt": "o tamanho do lote (partidas por lote)"},
    "stats.what.samples": {"en": "the sample of hands", "es": "la muestra de manos", "pt": "a amostra de mãos"},
    "stats.what.deals": {"en": "the sample of deals", "es": "la muestra de repartos", "pt": "a amostra de distribuições"},
    "stats.two_players": {"en": "self-play takes two players, not {n}", "es": "el autojuego necesita dos jugadores, no {n}",
                          "pt": "o autojogo precisa de dois jogadores, não {n}"},
    "stats.no_model": {"en": "no crib model {value}: choose one of {choices}",
                       "es": "no hay modelo de cuna {value}: elige uno de {choices}",
                       "pt": "não há modelo de cesta {value}: escolha um de {choices}"},
    "stats.no_table": {"en": "no published crib table {value}: choose one of {choices}",
                       "es": "no hay tabla de cuna publicada {value}: elige una de {choices}",
                       "pt": "não há tabela de cesta publicada {value}: escolha uma de {choices}"},
    "stats.bad_rank": {"en": "a rank is 1 (ace) to 13 (king) or A, 2..10, J, Q, K, not {value}",
                       "es": "un valor es de 1 (as) a 13 (rey) o A, 2..10, J, Q, K, no {value}",
                       "pt": "um valor é de 1 (ás) a 13 (rei) ou A, 2..10, J, Q, K, não {value}"},
    "stats.bad_role": {"en": "a role is 'dealer' or 'pone', not {value}", "es": "un papel es 'dealer' o 'pone', no {value}",
                       "pt": "um papel é 'dealer' ou 'pone', não {value}"},
    "stats.bad_score": {"en": "{whose} must be a whole number from 0 to {top}, not {value}",
                        "es": "{whose} deben ser un número entero de 0 a {top}, no {value}",
                        "pt": "{whose} devem ser um número inteiro de 0 a {top}, não {value}"},
    "stats.whose.mine": {"en": "your score", "es": "tus puntos", "pt": "seus pontos"},
    "stats.whose.theirs": {"en": "the opponent's score", "es": "los puntos del rival", "pt": "os pontos do adversário"},
    "stats.no_deals": {"en": "the deal log holds no complete deal", "es": "el registro no tiene ningún reparto completo",
                       "pt": "o registro não tem nenhuma distribuição completa"},
    "stats.too_many_points": {"en": "a stage of a deal scored more points than any deal can",
                              "es": "una fase de un reparto anotó más puntos de los que cabe en un reparto",
                              "pt": "uma fase de uma distribuição marcou mais pontos do que é possível"},
}

add_catalogue(WORDS)


def refuse(key: str, **values: Any) -> CribbageError:
    """The error for message ``key`` (raise it)."""
    return CribbageError(message(key, **values))
