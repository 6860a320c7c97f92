"""Catalogue entries of the progress panel, merged into :data:`widgets.messages.MESSAGES`.

Same form as the main catalogue: one entry per key, one text per language (en, es, pt). The skills
and item kinds are the engine's words (:mod:`cribbage.progress.words`), said through ``say``.
"""

from __future__ import annotations

from cribbage.messages import Plural

MESSAGES: dict[str, dict[str, str]] = {
    "progress.title": {"en": "Your progress", "es": "Tu progreso", "pt": "Seu progresso"},
    "progress.recording_as": {"en": "Your answers are kept as {name}, in {path}",
                              "es": "Tus respuestas se guardan como {name}, en {path}",
                              "pt": "Suas respostas são guardadas como {name}, em {path}"},
    "progress.ask_name": {"en": "Your name (the teacher's report shows it):",
                          "es": "Tu nombre (el informe del profesor lo muestra):",
                          "pt": "Seu nome (o relatório do professor o mostra):"},
    "progress.save_name": {"en": "Keep this name", "es": "Guardar este nombre", "pt": "Guardar este nome"},
    "progress.name_saved": {"en": "From now on your answers are kept as {name}.",
                            "es": "A partir de ahora tus respuestas se guardan como {name}.",
                            "pt": "A partir de agora suas respostas são guardadas como {name}."},
    "progress.stop": {"en": "Stop", "es": "Parada", "pt": "Parada"},
    "progress.status": {"en": "Status", "es": "Estado", "pt": "Situação"},
    "progress.answers": {"en": "Answers", "es": "Respuestas", "pt": "Respostas"},
    "progress.accuracy": {"en": "Right", "es": "Correctas", "pt": "Certas"},
    "progress.done": {"en": "✓ done", "es": "✓ hecha", "pt": "✓ feita"},
    "progress.started": {"en": "◐ started", "es": "◐ empezada", "pt": "◐ começada"},
    "progress.not_started": {"en": "○ not started", "es": "○ sin empezar", "pt": "○ não começada"},
    "progress.reset": {"en": "Reset stop {stop}", "es": "Borrar parada {stop}", "pt": "Apagar parada {stop}"},
    "progress.confirm": {
        "en": Plural("Forget your {n} answer at stop {stop}? This cannot be undone.",
                     "Forget your {n} answers at stop {stop}? This cannot be undone."),
        "es": Plural("¿Olvidar tu {n} respuesta de la parada {stop}? No se puede deshacer.",
                     "¿Olvidar tus {n} respuestas de la parada {stop}? No se puede deshacer."),
        "pt": Plural("Esquecer sua {n} resposta da parada {stop}? Não dá para desfazer.",
                     "Esquecer suas {n} respostas da parada {stop}? Não dá para desfazer.")},
    "progress.confirm_yes": {"en": "Yes, forget them", "es": "Sí, olvidarlas", "pt": "Sim, esquecer"},
    "progress.confirm_no": {"en": "No, keep them", "es": "No, conservarlas", "pt": "Não, manter"},
    "progress.was_reset": {
        "en": Plural("Stop {stop}: {n} answer forgotten.", "Stop {stop}: {n} answers forgotten."),
        "es": Plural("Parada {stop}: {n} respuesta olvidada.", "Parada {stop}: {n} respuestas olvidadas."),
        "pt": Plural("Parada {stop}: {n} resposta esquecida.", "Parada {stop}: {n} respostas esquecidas.")},
    "progress.kept": {"en": "Nothing was forgotten.", "es": "No se ha olvidado nada.", "pt": "Nada foi esquecido."},
    "progress.next": {"en": "What to practise next", "es": "Qué practicar ahora", "pt": "O que praticar agora"},
    "progress.next_item": {"en": "{kind}: {wrong} of {asked} wrong (stop {stop})",
                           "es": "{kind}: {wrong} de {asked} mal (parada {stop})",
                           "pt": "{kind}: {wrong} de {asked} erradas (parada {stop})"},
    "progress.next_none": {"en": "Nothing missed yet: carry on with the next stop not done.",
                           "es": "Aún no has fallado nada: sigue con la próxima parada sin hacer.",
                           "pt": "Nada errado ainda: siga para a próxima parada não feita."},
    "progress.goal": {"en": "A stop is done after {n} right answers there.",
                      "es": "Una parada está hecha tras {n} respuestas correctas en ella.",
                      "pt": "Uma parada está feita depois de {n} respostas certas nela."},
    "progress.refresh": {"en": "Refresh", "es": "Actualizar", "pt": "Atualizar"},
    "progress.not_kept": {"en": "Your answer was not kept: {reason}",
                          "es": "Tu respuesta no se ha guardado: {reason}",
                          "pt": "Sua resposta não foi guardada: {reason}"},
    "progress.stop.0": {"en": "Start here", "es": "Empieza aquí", "pt": "Comece aqui"},
    "progress.stop.1": {"en": "The deal, the discard and the crib", "es": "El reparto, el descarte y la cuna",
                        "pt": "A distribuição, o descarte e a cesta"},
    "progress.stop.2": {"en": "The play: counting to 31", "es": "La fase de juego: contar hasta 31",
                        "pt": "A fase de jogo: contar até 31"},
    "progress.stop.3": {"en": "The show: counting your hand", "es": "El recuento: contar tu mano",
                        "pt": "A contagem: contar sua mão"},
    "progress.stop.4": {"en": "The board, 121 and skunks", "es": "El tablero, 121 y los skunks",
                        "pt": "O tabuleiro, 121 e os skunks"},
    "progress.stop.5": {"en": "Three guided hands", "es": "Tres manos guiadas", "pt": "Três mãos guiadas"},
    "progress.stop.6": {"en": "The hand calculator and statistics", "es": "La calculadora de manos y la estadística",
                        "pt": "A calculadora de mãos e a estatística"},
    "progress.stop.7": {"en": "CrossCribb", "es": "CrossCribb", "pt": "CrossCribb"},
    "progress.stop.8": {"en": "The statistics lab", "es": "El laboratorio de estadística",
                        "pt": "O laboratório de estatística"},
}
