"""Stop 5 in Spanish and Portuguese: a learner sets the open game to 61, plays it to the end with real
clicks and opens "Review this game" under the table. The moves are the same seeded game played here,
in the test's own process (a twin table), so the page must show the twin's review: its decisions, its
costliest three in the engine's words, its chart."""

from __future__ import annotations

import pytest

from cribbage.registry.languages import TRANSLATED
from cribbage.registry.stops import stop
from cribbage.rules.events import Phase
from widgets.i18n import render as t
from widgets.table.view import YOU, GameTable

SEED = 12


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_short_game_finished_and_reviewed(language: str, open_notebook) -> None:
    notebook = open_notebook(f"{language}/{stop(5).notebook_in(language)}")
    cell = notebook.find_cell("GameTable(seed=2026")
    notebook.click("61", cell=cell)
    notebook.type(str(SEED), cell=cell, label=t("table.seed", language))
    notebook.click(t("table.new_game", language), cell=cell)
    twin = GameTable(seed=SEED, level="standard", target=61, language=language, board=False)
    game = twin.game
    notebook.expect_text(cell, t("table.status", language, deal=1, target=61, level=t("table.level.standard", language),
                                 dealer=t("table.you_deal" if game.dealer == YOU else "table.computer_deals", language)))

    # A learner in a hurry: the first two cards laid away, the first card that fits played.
    while not game.is_over:
        if game.phase is Phase.DISCARD:
            away = game.hand(YOU)[:2]
            for card in away:
                notebook.click(str(card), cell=cell)
            notebook.click(t("table.lay_away", language), cell=cell)
            twin.lay_away(away)
        elif game.phase is Phase.PLAY:
            fits = [card for card in game.hand(YOU) if game.can_play(YOU, card)]
            if fits:
                notebook.click(str(fits[0]), cell=cell)
                twin.play(fits[0])
            else:
                notebook.click(t("table.go", language), cell=cell)
                twin.go()
        else:
            assert game.phase is Phase.DEAL_OVER
            notebook.click(t("table.next_deal", language), cell=cell)
            twin.next_deal()
            notebook.expect_text(cell, t("table.status", language, deal=game.deal_number, target=61,
                                         level=t("table.level.standard", language),
                                         dealer=t("table.you_deal" if game.dealer == YOU else "table.computer_deals",
                                                  language)))
        assert twin.message == "", twin.message
    notebook.expect_text(cell, twin.result_text)

    notebook.click(t("review.open", language), cell=cell)
    panel = twin.review()
    review = panel.review
    assert review is not None and review.finished and review.costliest(3)
    notebook.expect_text(cell, t("review.title", language), timeout=60)
    notebook.expect_text(cell, t("review.decisions_title", language, n=len(review.decisions)))
    shown = notebook.text(cell)
    for line in review.lines(language):
        assert line in shown
    for row in panel.decision_rows[:5]:
        assert row[3] in shown and row[7] in shown
    assert notebook.output(cell).locator(".cc-review img").count() == 1   # the chart
    notebook.assert_no_traceback_text()
    notebook.screenshot(f"05_game_review-{language}", cell=cell)
