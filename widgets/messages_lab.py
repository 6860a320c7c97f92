"""Catalogue entries of the statistics lab's views (widgets/lab*.py), merged into
:data:`widgets.messages.MESSAGES`. One text per language (en, es, pt)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # --- shared -----------------------------------------------------------------------------------
    "lab.own_crib": {"en": "my own crib (I deal)", "es": "mi propia cuna (reparto yo)",
                     "pt": "minha própria cesta (eu dou as cartas)"},
    "lab.their_crib": {"en": "the opponent's crib (I am pone)", "es": "la cuna del rival (soy el no repartidor)",
                       "pt": "a cesta do adversário (sou o não carteador)"},
    "lab.crib_for": {"en": "Crib", "es": "Cuna", "pt": "Cesta"},
    "lab.model": {"en": "Model", "es": "Modelo", "pt": "Modelo"},
    "lab.model.uniform": {"en": "uniform (exact)", "es": "uniforme (exacto)", "pt": "uniforme (exato)"},
    "lab.model.expert": {"en": "expert discards (sampled)", "es": "descartes de experto (muestra)",
                         "pt": "descartes de especialista (amostra)"},
    "lab.first_card": {"en": "First card", "es": "Primera carta", "pt": "Primeira carta"},
    "lab.second_card": {"en": "Second card", "es": "Segunda carta", "pt": "Segunda carta"},
    "lab.role": {"en": "I am", "es": "Soy", "pt": "Sou"},
    "lab.dealer": {"en": "dealer", "es": "repartidor", "pt": "carteador"},
    "lab.pone": {"en": "pone", "es": "no repartidor", "pt": "não carteador"},
    "lab.source": {"en": "Source: {source}", "es": "Fuente: {source}", "pt": "Fonte: {source}"},
    "lab.method": {"en": "How it was measured: {method}", "es": "Cómo se midió: {method}",
                   "pt": "Como foi medido: {method}"},
    # --- crib tables ------------------------------------------------------------------------------
    "lab.crib.title": {"en": "What two cards are worth in the crib", "es": "Lo que valen dos cartas en la cuna",
                       "pt": "Quanto valem duas cartas na cesta"},
    "lab.crib.chart_title": {"en": "Average crib by the two cards laid away: {crib}, {model}",
                             "es": "Cuna media según las dos cartas descartadas: {crib}, {model}",
                             "pt": "Cesta média pelas duas cartas descartadas: {crib}, {model}"},
    "lab.crib.axis": {"en": "card laid away", "es": "carta descartada", "pt": "carta descartada"},
    "lab.crib.pair": {"en": "Laying away {pair} to {crib}: the crib averages {ours} points under the {model} model.",
                      "es": "Descartar {pair} a {crib}: la cuna promedia {ours} puntos con el modelo {model}.",
                      "pt": "Descartar {pair} para {crib}: a cesta tem em média {ours} pontos no modelo {model}."},
    "lab.crib.suits": {"en": "Of one suit {suited}, of two suits {offsuit}.",
                       "es": "Del mismo palo {suited}, de palos distintos {offsuit}.",
                       "pt": "Do mesmo naipe {suited}, de naipes diferentes {offsuit}."},
    "lab.crib.published": {"en": "{author} published {value}.", "es": "{author} publicó {value}.",
                           "pt": "{author} publicou {value}."},
    "lab.crib.rank": {"en": "It is number {rank} of the 91 pairs, from the best crib down.",
                      "es": "Es el número {rank} de las 91 parejas, de la mejor cuna a la peor.",
                      "pt": "É o número {rank} dos 91 pares, da melhor cesta para a pior."},
    "lab.crib.compare": {"en": "Against {author}: {diff} points on average over the 91 pairs, correlation {corr}; "
                               "the largest gap is {pair} ({ours} here, {theirs} published).",
                         "es": "Frente a {author}: {diff} puntos de media en las 91 parejas, correlación {corr}; la mayor diferencia es {pair} ({ours} aquí, {theirs} publicado).",
                         "pt": "Contra {author}: {diff} pontos em média nos 91 pares, correlação {corr}; "
                               "a maior diferença é {pair} ({ours} aqui, {theirs} publicado)."},
    "lab.crib.lesson.own": {"en": "To your own crib, give fives, pairs and touching cards; a uniform "
                                  "opponent would help you more than a real pone, who keeps his good cards out of your crib.",
                            "es": "A tu propia cuna, dale cincos, parejas y cartas seguidas; un rival uniforme te "
                                  "ayudaría más que un no repartidor de verdad, que guarda sus buenas cartas lejos de tu cuna.",
                            "pt": "Para a sua própria cesta, dê cincos, pares e cartas seguidas; um adversário uniforme "
                                  "ajudaria mais que um não carteador de verdade, que guarda as boas cartas longe da sua cesta."},
    "lab.crib.lesson.their": {"en": "To the opponent's crib, lay away cards far apart (a king with a ten or a nine); "
                                    "the dealer adds his best two, so every crib you feed is worth more than the uniform model says.",
                              "es": "A la cuna del rival, descarta cartas lejanas (un rey con un diez o un nueve); el "
                                    "repartidor añade sus dos mejores, así que cada cuna que alimentas vale más de lo que dice el modelo uniforme.",
                              "pt": "Para a cesta do adversário, descarte cartas distantes (um rei com um dez ou um nove); "
                                    "o carteador junta as duas melhores dele, então cada cesta que você alimenta vale mais do que diz o modelo uniforme."},
    "lab.crib.scatter_title": {"en": "Computed here against published ({crib})", "es": "Calculado aquí frente a lo publicado ({crib})",
                               "pt": "Calculado aqui contra o publicado ({crib})"},
    "lab.crib.scatter_x": {"en": "published average crib", "es": "cuna media publicada", "pt": "cesta média publicada"},
    "lab.crib.scatter_y": {"en": "computed average crib", "es": "cuna media calculada", "pt": "cesta média calculada"},
    "lab.crib.same": {"en": "equal", "es": "iguales", "pt": "iguais"},
    # --- win probability --------------------------------------------------------------------------
    "lab.pos.title": {"en": "Where do I stand?", "es": "¿Cómo voy?", "pt": "Como estou?"},
    "lab.pos.mine": {"en": "My score", "es": "Mis puntos", "pt": "Meus pontos"},
    "lab.pos.theirs": {"en": "Opponent's score", "es": "Puntos del rival", "pt": "Pontos do adversário"},
    "lab.pos.chance": {"en": "At {mine} to {theirs} as a deal begins, and you the {role}, you win {pct}% of games.",
                       "es": "Con {mine} a {theirs} al empezar un reparto, y tú de {role}, ganas el {pct} % de las partidas.",
                       "pt": "Com {mine} a {theirs} no início de uma distribuição, e você como {role}, você vence {pct}% das partidas."},
    "lab.bad_rank": {"en": "A rank is A, 2 to 10, J, Q or K, not {value}.", "es": "Un valor es A, 2 a 10, J, Q o K, no {value}.",
                     "pt": "Um valor é A, 2 a 10, J, Q ou K, não {value}."},
    "lab.bad_model": {"en": "The model is uniform or expert, not {value}.", "es": "El modelo es uniforme o de experto, no {value}.",
                      "pt": "O modelo é uniforme ou de especialista, não {value}."},
    "lab.bad_score": {"en": "A score is a whole number from 0 to {top}, not {value}.",
                      "es": "Los puntos son un número entero de 0 a {top}, no {value}.",
                      "pt": "Os pontos são um número inteiro de 0 a {top}, não {value}."},
    "lab.method.schell-own": {"en": "computer analysis, both sides discarding as an expert program would",
                              "es": "análisis por ordenador, los dos jugadores descartando como un programa experto",
                              "pt": "análise por computador, os dois jogadores descartando como um programa especialista"},
    "lab.method.schell-opponent": {"en": "computer analysis, both sides discarding as an expert program would",
                                   "es": "análisis por ordenador, los dos jugadores descartando como un programa experto",
                                   "pt": "análise por computador, os dois jogadores descartando como um programa especialista"},
    "lab.method.hessel-opponent": {"en": "every six-card hand by rank, best discards on both sides, repeated until the averages settle; no crib flushes",
                                   "es": "todas las manos de seis cartas por valor, los mejores descartes de ambos lados, repetido hasta que las medias se estabilizan; sin color en la cuna",
                                   "pt": "todas as mãos de seis cartas por valor, os melhores descartes dos dois lados, repetido até as médias se firmarem; sem flush na cesta"},
    "lab.method.cribbagepro-own": {"en": "the cribs of games played on Cribbage Pro",
                                   "es": "las cunas de partidas jugadas en Cribbage Pro",
                                   "pt": "as cestas de partidas jogadas no Cribbage Pro"},
    "lab.pos.chart_title": {"en": "The dealer's chance to win as a deal begins",
                            "es": "Probabilidad de ganar del repartidor al empezar un reparto",
                            "pt": "Chance de vitória do carteador no início de uma distribuição"},
    "lab.pos.x": {"en": "pone's score", "es": "puntos del no repartidor", "pt": "pontos do não carteador"},
    "lab.pos.y": {"en": "dealer's score", "es": "puntos del repartidor", "pt": "pontos do carteador"},
    "lab.pos.colorbar": {"en": "dealer wins (%)", "es": "gana el repartidor (%)", "pt": "vitória do carteador (%)"},
    "lab.pos.here": {"en": "you are here", "es": "estás aquí", "pt": "você está aqui"},
    "lab.pos.lesson": {"en": "The dealer's edge at 0-0 is {edge}%: the crib and the last card are worth a few points "
                             "a deal. Near the end, who counts first matters more than who is ahead: the pone counts "
                             "first in the show. Read from {deals} deals of expert self-play.",
                       "es": "La ventaja del repartidor a 0-0 es {edge} %: la cuna y la última carta valen unos puntos por reparto. Al final importa más quién cuenta primero que quién va delante: el no repartidor cuenta primero en el recuento. Calculado con {deals} repartos de autojuego de expertos.",
                       "pt": "A vantagem do carteador a 0-0 é {edge}%: a cesta e a última carta valem alguns pontos por distribuição. No fim, importa mais quem conta primeiro do que quem está na frente: o não carteador conta primeiro na contagem. Calculado com {deals} distribuições de autojogo de especialistas."},
    # --- keep tables ------------------------------------------------------------------------------
    "lab.keep.title": {"en": "The best keep of every deal", "es": "El mejor descarte de cada reparto",
                       "pt": "O melhor descarte de cada distribuição"},
    "lab.keep.chart_title": {"en": "Value of the best keep ({deals} deals)", "es": "Valor del mejor descarte ({deals} repartos)",
                             "pt": "Valor do melhor descarte ({deals} distribuições)"},
    "lab.keep.x": {"en": "hand + crib as dealer, hand - crib as pone (points)",
                   "es": "mano + cuna como repartidor, mano - cuna como no repartidor (puntos)",
                   "pt": "mão + cesta como carteador, mão - cesta como não carteador (pontos)"},
    "lab.keep.y": {"en": "share of deals (%)", "es": "porcentaje de repartos (%)", "pt": "porcentagem de distribuições (%)"},
    "lab.keep.summary": {"en": "On average the best keep is worth {dealer} as dealer and {pone} as pone. "
                               "In {differ}% of deals the best four to keep as dealer are not the best as pone.",
                         "es": "De media el mejor descarte vale {dealer} como repartidor y {pone} como no repartidor. "
                               "En el {differ} % de los repartos las mejores cuatro cartas para el repartidor no son las mejores para el no repartidor.",
                         "pt": "Em média o melhor descarte vale {dealer} como carteador e {pone} como não carteador. "
                               "Em {differ}% das distribuições as quatro melhores para o carteador não são as melhores para o não carteador."},
    "lab.keep.lesson": {"en": "So look at who deals before you choose: more than half the time the crib changes the answer.",
                        "es": "Así que mira quién reparte antes de elegir: más de la mitad de las veces la cuna cambia la respuesta.",
                        "pt": "Então veja quem dá as cartas antes de escolher: mais da metade das vezes a cesta muda a resposta."},
    "lab.keep.at_least": {"en": "Worth at least", "es": "Vale al menos", "pt": "Vale pelo menos"},
    "lab.keep.share": {"en": "A best keep worth {value} or more: {dealer}% of deals as dealer, {pone}% as pone.",
                       "es": "Un mejor descarte que vale {value} o más: {dealer} % de los repartos como repartidor, {pone} % como no repartidor.",
                       "pt": "Um melhor descarte que vale {value} ou mais: {dealer}% das distribuições como carteador, {pone}% como não carteador."},
    # --- pegging ----------------------------------------------------------------------------------
    "lab.peg.title": {"en": "What the play gives", "es": "Lo que da la fase de juego", "pt": "O que a fase de jogo dá"},
    "lab.peg.chart_title": {"en": "Points per deal in the play, by kind", "es": "Puntos por reparto en la fase de juego, por tipo",
                            "pt": "Pontos por distribuição na fase de jogo, por tipo"},
    "lab.peg.lead_title": {"en": "Points in the play after the pone leads each rank",
                           "es": "Puntos en la fase de juego según la carta con que sale el no repartidor",
                           "pt": "Pontos na fase de jogo conforme a carta de saída do não carteador"},
    "lab.peg.held_title": {"en": "Points in the play of a side that kept each rank",
                           "es": "Puntos en la fase de juego de quien guardó cada valor",
                           "pt": "Pontos na fase de jogo de quem guardou cada valor"},
    "lab.peg.held": {"en": "a rank kept in hand", "es": "valor guardado en la mano", "pt": "valor guardado na mão"},
    "lab.peg.lead": {"en": "the pone's lead", "es": "salida del no repartidor", "pt": "saída do não carteador"},
    "lab.peg.summary": {"en": "The pone pegs {pone} a deal and the dealer {dealer} (Chambers: {c_pone} and {c_dealer}).",
                        "es": "El no repartidor anota {pone} por reparto y el repartidor {dealer} (Chambers: {c_pone} y {c_dealer}).",
                        "pt": "O não carteador marca {pone} por distribuição e o carteador {dealer} (Chambers: {c_pone} e {c_dealer})."},
    "lab.peg.often": {"en": "{kind}: the pone scores it in {pone}% of deals, the dealer in {dealer}%.",
                      "es": "{kind}: el no repartidor lo anota en el {pone} % de los repartos, el repartidor en el {dealer} %.",
                      "pt": "{kind}: o não carteador marca em {pone}% das distribuições, o carteador em {dealer}%."},
    "lab.peg.lesson": {"en": "The dealer pegs more because he answers every lead and usually plays the last card. "
                             "As pone, mind your lead: a five gives the dealer the most, an ace, a two or a three the least "
                             "(nothing he plays on them makes fifteen). And low cards peg: both sides peg more "
                             "holding threes than holding kings.",
                       "es": "El repartidor anota más porque responde a cada salida y suele jugar la última carta. "
                             "Como no repartidor, cuida la salida: un cinco le da al repartidor lo máximo; un as, un dos o un tres "
                             "lo mínimo (nada de lo que juegue encima suma quince). Y las cartas bajas anotan: los dos "
                             "anotan más con treses que con reyes.",
                       "pt": "O carteador marca mais porque responde a cada saída e costuma jogar a última carta. "
                             "Como não carteador, cuide da saída: um cinco dá ao carteador o máximo; um ás, um dois ou um três "
                             "o mínimo (nada que ele jogue em cima faz quinze). E cartas baixas marcam: os dois "
                             "marcam mais com treses do que com reis."},
    "lab.kind.runs": {"en": "Runs", "es": "Secuencias", "pt": "Sequências"},
    "lab.kind": {"en": "Kind", "es": "Tipo", "pt": "Tipo"},
}
