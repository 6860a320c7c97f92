"""The progress store's and the teacher's report's words, in English, Spanish and Portuguese.

Added to the engine catalogue (:func:`cribbage.messages.add_catalogue`) when :mod:`cribbage.progress`
is imported. The skills and item kinds are the names a learner and a teacher read in the progress
panel and the report: "the crib flush", "a fifteen of three cards", "nobs", "go".
"""

from __future__ import annotations

Entry = dict[str, "str | tuple[str, str]"]  # a pair: singular and plural, chosen by the value n

#: Why a progress file cannot be read or written.
ERRORS: dict[str, Entry] = {
    "progress.not_database": {
        "en": "{path} is not a progress file: it is not an SQLite database (it was left untouched)",
        "es": "{path} no es un archivo de progreso: no es una base de datos SQLite (no se ha tocado)",
        "pt": "{path} não é um arquivo de progresso: não é um banco de dados SQLite (não foi alterado)"},
    "progress.foreign": {
        "en": "{path} is another program's SQLite database, not a progress file (it was left untouched)",
        "es": "{path} es una base de datos SQLite de otro programa, no un archivo de progreso (no se ha tocado)",
        "pt": "{path} é um banco de dados SQLite de outro programa, não um arquivo de progresso (não foi alterado)"},
    "progress.newer": {
        "en": "{path} was written by a newer version of the course (schema {found}; this one knows up to "
              "{known}): update the course to read it",
        "es": "{path} lo escribió una versión más nueva del curso (esquema {found}; esta conoce hasta el "
              "{known}): actualiza el curso para leerlo",
        "pt": "{path} foi escrito por uma versão mais nova do curso (esquema {found}; esta conhece até o "
              "{known}): atualize o curso para lê-lo"},
    "progress.damaged": {
        "en": "{path} is a damaged progress file ({detail}); it was left untouched",
        "es": "{path} es un archivo de progreso dañado ({detail}); no se ha tocado",
        "pt": "{path} é um arquivo de progresso danificado ({detail}); não foi alterado"},
    "progress.missing": {
        "en": "there is no progress file at {path}",
        "es": "no hay ningún archivo de progreso en {path}",
        "pt": "não há nenhum arquivo de progresso em {path}"},
    "progress.cannot_create": {
        "en": "cannot create the progress file {path}: the folder is not writable (set CRIBBAGE_PROGRESS "
              "to a folder you can write to)",
        "es": "no se puede crear el archivo de progreso {path}: la carpeta no admite escritura (pon en "
              "CRIBBAGE_PROGRESS una carpeta donde puedas escribir)",
        "pt": "não é possível criar o arquivo de progresso {path}: a pasta não permite escrita (defina "
              "CRIBBAGE_PROGRESS como uma pasta onde você possa escrever)"},
    "progress.read_only": {
        "en": "cannot record in {path}: the file or its folder is read-only (nothing was changed)",
        "es": "no se puede guardar en {path}: el archivo o su carpeta es de solo lectura (no se ha cambiado nada)",
        "pt": "não é possível gravar em {path}: o arquivo ou sua pasta é somente leitura (nada foi alterado)"},
    "progress.busy": {
        "en": "{path} stayed locked by another notebook for too long (nothing was changed): try again",
        "es": "{path} ha estado bloqueado por otro cuaderno demasiado tiempo (no se ha cambiado nada): "
              "inténtalo de nuevo",
        "pt": "{path} ficou bloqueado por outro notebook por tempo demais (nada foi alterado): tente de novo"},
    "progress.bad_stop": {
        "en": "a stop of the course is a number from 0 to {last}, not {value}",
        "es": "una parada del curso es un número de 0 a {last}, no {value}",
        "pt": "uma parada do curso é um número de 0 a {last}, não {value}"},
    "progress.bad_skill": {
        "en": "{value} is not a skill of the course (the skills: {known})",
        "es": "{value} no es una habilidad del curso (las habilidades: {known})",
        "pt": "{value} não é uma habilidade do curso (as habilidades: {known})"},
    "progress.bad_kind": {
        "en": "{value} is not an item kind of the course (the kinds: {known})",
        "es": "{value} no es un tipo de jugada del curso (los tipos: {known})",
        "pt": "{value} não é um tipo de jogada do curso (os tipos: {known})"},
    "progress.bad_text": {
        "en": "the {field} must be text of 1 to {most} characters, not {value}",
        "es": "el campo {field} debe ser un texto de 1 a {most} caracteres, no {value}",
        "pt": "o campo {field} deve ser um texto de 1 a {most} caracteres, não {value}"},
    "progress.bad_missed": {
        "en": "points missed must be a whole number from 0 up, not {value}",
        "es": "los puntos perdidos deben ser un número entero desde 0, no {value}",
        "pt": "os pontos perdidos devem ser um número inteiro a partir de 0, não {value}"},
}

#: The broad skills, one or two per stop.
SKILLS: dict[str, Entry] = {
    "progress.skill.discard": {"en": "the discard", "es": "el descarte", "pt": "o descarte"},
    "progress.skill.play": {"en": "the play", "es": "la fase de juego", "pt": "a fase de jogo"},
    "progress.skill.show": {"en": "the show", "es": "el recuento", "pt": "a contagem"},
    "progress.skill.board": {"en": "the board", "es": "el tablero", "pt": "o tabuleiro"},
    "progress.skill.game": {"en": "whole hands and games", "es": "manos y partidas completas",
                            "pt": "mãos e partidas completas"},
    "progress.skill.statistics": {"en": "statistics", "es": "estadística", "pt": "estatística"},
    "progress.skill.crosscribb": {"en": "CrossCribb", "es": "CrossCribb", "pt": "CrossCribb"},
}

#: The item kinds a learner practises: what a hand, a play or a choice contained.
KINDS: dict[str, Entry] = {
    "progress.kind.fifteen.2": {"en": "fifteens of two cards", "es": "quinces de dos cartas",
                                "pt": "quinzes de duas cartas"},
    "progress.kind.fifteen.3": {"en": "fifteens of three cards", "es": "quinces de tres cartas",
                                "pt": "quinzes de três cartas"},
    "progress.kind.fifteen.4": {"en": "fifteens of four cards", "es": "quinces de cuatro cartas",
                                "pt": "quinzes de quatro cartas"},
    "progress.kind.fifteen.5": {"en": "fifteens of five cards", "es": "quinces de cinco cartas",
                                "pt": "quinzes de cinco cartas"},
    "progress.kind.pair": {"en": "pairs", "es": "parejas", "pt": "pares"},
    "progress.kind.pair_royal": {"en": "pairs royal", "es": "tríos", "pt": "trincas"},
    "progress.kind.double_pair_royal": {"en": "double pairs royal", "es": "pókers",
                                        "pt": "quadras"},
    "progress.kind.run.3": {"en": "runs of three", "es": "secuencias de tres", "pt": "sequências de três"},
    "progress.kind.run.4": {"en": "runs of four", "es": "secuencias de cuatro", "pt": "sequências de quatro"},
    "progress.kind.run.5": {"en": "runs of five", "es": "secuencias de cinco", "pt": "sequências de cinco"},
    "progress.kind.double_run": {"en": "double runs", "es": "secuencias dobles", "pt": "sequências duplas"},
    "progress.kind.flush.hand": {"en": "the four-card flush", "es": "el color de cuatro cartas",
                                 "pt": "o flush de quatro cartas"},
    "progress.kind.flush.five": {"en": "the five-card flush", "es": "el color de cinco cartas",
                                 "pt": "o flush de cinco cartas"},
    "progress.kind.flush.crib": {"en": "the crib flush", "es": "el color en la cuna", "pt": "o flush na cesta"},
    "progress.kind.nobs": {"en": "nobs", "es": "nobs", "pt": "nobs"},
    "progress.kind.zero": {"en": "hands worth nothing", "es": "manos que no valen nada",
                           "pt": "mãos que não valem nada"},
    "progress.kind.play.fifteen": {"en": "fifteen in the play", "es": "quince en la fase de juego",
                                   "pt": "quinze na fase de jogo"},
    "progress.kind.play.thirty_one": {"en": "thirty-one", "es": "treinta y uno", "pt": "trinta e um"},
    "progress.kind.play.pair": {"en": "pairs in the play", "es": "parejas en la fase de juego",
                                "pt": "pares na fase de jogo"},
    "progress.kind.play.run": {"en": "runs in the play", "es": "secuencias en la fase de juego",
                               "pt": "sequências na fase de jogo"},
    "progress.kind.go": {"en": "go", "es": "go", "pt": "go"},
    "progress.kind.last_card": {"en": "the last card", "es": "la última carta", "pt": "a última carta"},
    "progress.kind.keep": {"en": "choosing the four to keep", "es": "elegir las cuatro que se guardan",
                           "pt": "escolher as quatro que ficam"},
    "progress.kind.crib_gift": {"en": "what to lay in the crib", "es": "qué echar a la cuna",
                                "pt": "o que pôr na cesta"},
    "progress.kind.pegging": {"en": "choosing the card to play", "es": "elegir la carta que se juega",
                              "pt": "escolher a carta a jogar"},
    "progress.kind.skunk": {"en": "skunks and the game's value", "es": "los skunks y el valor de la partida",
                            "pt": "os skunks e o valor da partida"},
    "progress.kind.game": {"en": "finishing a game", "es": "terminar una partida", "pt": "terminar uma partida"},
    "progress.kind.crosscribb.line": {"en": "counting a CrossCribb line", "es": "contar una línea de CrossCribb",
                                      "pt": "contar uma linha de CrossCribb"},
    "progress.kind.other": {"en": "other questions", "es": "otras preguntas", "pt": "outras perguntas"},
}

#: The teacher's report.
REPORT: dict[str, Entry] = {
    "progress.report.title": {"en": "Cribbage Course: the class's progress",
                              "es": "Curso de cribbage: el progreso de la clase",
                              "pt": "Curso de cribbage: o progresso da turma"},
    "progress.report.learner": {"en": "learner", "es": "alumno", "pt": "aluno"},
    "progress.report.stops_done": {"en": "stops done", "es": "paradas hechas", "pt": "paradas feitas"},
    "progress.report.answers": {"en": "answers", "es": "respuestas", "pt": "respostas"},
    "progress.report.accuracy": {"en": "accuracy", "es": "acierto", "pt": "acerto"},
    "progress.report.accuracy_of": {"en": "accuracy: {skill}", "es": "acierto: {skill}",
                                    "pt": "acerto: {skill}"},
    "progress.report.most_missed": {"en": "most missed", "es": "lo que más falla", "pt": "o que mais erra"},
    "progress.report.missed_item": {"en": "{kind} ({wrong} of {asked} wrong)",
                                    "es": "{kind} ({wrong} de {asked} mal)",
                                    "pt": "{kind} ({wrong} de {asked} erradas)"},
    "progress.report.none": {"en": "none", "es": "ninguno", "pt": "nenhum"},
    "progress.report.skipped": {"en": "skipped {path}: {reason}", "es": "omitido {path}: {reason}",
                                "pt": "ignorado {path}: {reason}"},
    "progress.report.files": {"en": ("{n} file read, {skipped} skipped", "{n} files read, {skipped} skipped"),
                              "es": ("{n} archivo leído, {skipped} omitidos", "{n} archivos leídos, {skipped} omitidos"),
                              "pt": ("{n} arquivo lido, {skipped} ignorados", "{n} arquivos lidos, {skipped} ignorados")},
    "progress.report.chart_title": {"en": "{skill}: share of right answers per learner",
                                    "es": "{skill}: parte de respuestas correctas por alumno",
                                    "pt": "{skill}: parcela de respostas certas por aluno"},
    "progress.report.chart_axis": {"en": "right answers (%)", "es": "respuestas correctas (%)",
                                   "pt": "respostas certas (%)"},
    "progress.report.no_answers": {"en": "no answers yet", "es": "aún sin respuestas", "pt": "ainda sem respostas"},
    "progress.report.wrote": {"en": "wrote {path}", "es": "escrito {path}", "pt": "gravado {path}"},
    "progress.report.would_overwrite": {
        "en": "{path} is one of the progress files being read: the report is never written over a learner's file",
        "es": "{path} es uno de los archivos de progreso que se leen: el informe nunca se escribe sobre el "
              "archivo de un alumno",
        "pt": "{path} é um dos arquivos de progresso lidos: o relatório nunca é gravado sobre o arquivo de um aluno"},
    "progress.report.nothing": {"en": "no progress file could be read", "es": "no se pudo leer ningún archivo de progreso",
                                "pt": "nenhum arquivo de progresso pôde ser lido"},
}

PARTS = (ERRORS, SKILLS, KINDS, REPORT)
