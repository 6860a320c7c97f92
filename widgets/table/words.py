"""The game table's words (no ipywidgets): the log, each score, the prompt, the advice and the show.

:class:`TableWords` turns the state of a :class:`~widgets.table.model.TableSession` into sentences in
one language of the catalogue (keys ``table.*``); :class:`widgets.table.view.GameTable` lays them out.
With two people at one screen the sentences name them (keys ``table.two.*``) where they say "you" and
"the computer" against the computer, and a hand laid away is never named.
"""

from __future__ import annotations

from typing import Any

from cribbage.lang.messages import Message, render
from cribbage.lang.translations import format_number
from cribbage.rules.events import LogEntry, LogKind, Phase, ScoreEvent, ScoreKind
from widgets.blocks.chances import chance_interval
from widgets.i18n import cards_text, describe_items, number_words, spoken_count
from widgets.table.model import COMPUTER, Advice, Standing, Step, TableSession

__all__ = ["ShowItem", "TableWords"]

#: One counted hand, crib or muggins of the show: its event and its lines (the first is the heading).
ShowItem = tuple[ScoreEvent, list[str]]


class TableWords:
    """Sentences about one table, in ``language``; ``names`` the two people's when two play each other."""

    def __init__(self, language: str, names: tuple[str, str] | None = None) -> None:
        self.language = language
        self.names = names

    def _t(self, key: str, **values: Any) -> str:
        return render(key, self.language, **values)

    def who(self, key: str, seat: int | None, **values: Any) -> str:
        """A sentence about a seat: ``table.<key>_<seat>`` ("You play...", "The computer plays..."), or
        with two people ``table.two.<key>`` with the person's ``name`` ("Ana plays...")."""
        if self.names is None or seat is None:
            return self._t(f"table.{key}_{seat}", **values)
        return self._t(f"table.two.{key}", name=self.names[seat], **values)

    def said(self, msg: Message) -> str:
        """What the engine said (a reason), in this language."""
        return render(msg, self.language)

    def net(self, value: float) -> str:
        """A signed net value, with the decimal mark of this language: "+4.3", "+4,3"."""
        return format_number(value, self.language, "+.1f")

    # ------------------------------------------------------------------ the log
    def event(self, event: ScoreEvent) -> str:
        """One score in plain words: "+2 to you: Fifteen: 7♣ 8♦ for 2"."""
        worth = event.points if event.worth is None else event.worth
        if event.kind in (ScoreKind.HAND, ScoreKind.CRIB):
            score = event.hand_score
            assert score is not None
            what = self._t("table.ev_show", whose=self.who(f"whose_{event.kind}", event.seat),
                           said=spoken_count(score, self.language), total=score.total)
            if worth != score.total:
                what += " " + self._t("table.ev_counted", n=worth, total=score.total)
        elif event.kind is ScoreKind.MUGGINS:
            what = self._t("table.ev_muggins", n=worth)
        elif event.kind in (ScoreKind.GO, ScoreKind.LAST_CARD, ScoreKind.HIS_HEELS):
            what = self._t("table.ev_simple", what=self._t(f"item.{event.kind}"), points=worth)
        else:
            name = self._t(f"item.{event.kind}", n=number_words(len(event.cards), self.language))
            what = self._t("item.line", what=name, cards=cards_text(event.cards), points=worth)
        if worth != event.points:
            what += " " + self._t("table.ev_capped", n=event.points)
        return self.who("ev_to", event.seat, points=event.points, what=what)

    def entry(self, entry: LogEntry, result: str = "") -> list[tuple[str, str]]:
        """An entry of the engine's log as lines (css class, text); ``result`` words the game over."""
        kind, who = entry.kind, entry.seat
        lines: list[tuple[str, str]] = []
        if kind is LogKind.CUT_FOR_DEAL:
            a, b = entry.cards
            lines.append(("", self._cut(str(a), str(b), None if a.rank == b.rank else int(a.rank > b.rank))))
        elif kind is LogKind.DEAL:
            lines.append(("cc-log-deal", self.who("log_deal", who, n=entry.deal)))
        elif kind is LogKind.DISCARD:
            # Against the computer you read your own discard; two people never read each other's.
            lines.append(("", self.who("log_discard", who, cards=cards_text(entry.cards))))
        elif kind is LogKind.STARTER:
            lines.append(("", self._t("table.log_starter", card=str(entry.cards[0]))))
        elif kind is LogKind.PLAY:
            lines.append(("", self.who("log_play", who, card=str(entry.cards[0]), count=entry.count)))
        elif kind is LogKind.GO:
            lines.append(("", self.who("log_go", who, count=entry.count)))
        elif kind is LogKind.PASS:
            lines.append(("", self.who("log_pass", who)))
        elif kind is LogKind.RESET:
            lines.append(("", self._t("table.log_reset", count=entry.count)))
        elif kind is LogKind.END_OF_PLAY:
            lines.append(("", self._t("table.log_end_play")))
        elif kind is LogKind.COUNT:
            event = entry.events[0]
            lines.append(("", self.who(f"log_count_{'crib' if event.crib else 'hand'}", who, n=event.points)))
            # The items show in the show panel once checked: a short count is for the opponent to spot.
            whose = self.who(f"whose_{'crib' if event.crib else 'hand'}", event.seat)
            what = self._t("table.ev_as_counted", whose=whose)
            lines.append(("cc-log-pts", self.who("ev_to", event.seat, points=event.points, what=what)))
            return lines
        elif kind is LogKind.MUGGINS:
            lines.append(("", self.who("log_muggins", who)))
        elif kind is LogKind.GAME_OVER:
            lines.append(("cc-log-deal", result))
        scored = [("cc-log-pts", self.event(event)) for event in entry.events]
        if kind in (LogKind.RESET, LogKind.END_OF_PLAY):
            return scored + lines  # the go or last card is pegged, then the count goes back to 0
        return lines + scored

    def _cut(self, a: str, b: str, dealer: int | None) -> str:
        """The cut for deal: seat 0 cut ``a``, seat 1 ``b``; the lower card deals (None: equal, cut again)."""
        if self.names is None:
            return self._t(f"table.log_cut_{'again' if dealer is None else dealer}", a=a, b=b)
        first, second = self.names
        if dealer is None:
            return self._t("table.two.log_cut_again", first=first, second=second, a=a, b=b)
        return self._t("table.two.log_cut", first=first, second=second, a=a, b=b, dealer=self.names[dealer])

    # ------------------------------------------------------------------ what is asked
    def prompt(self, session: TableSession) -> str:
        game = session.game
        guided = session.guide is not None
        seat = session.seat
        if game.is_over:
            return self._t("table.prompt_guided_over" if guided else "table.prompt_over")
        if session.passing and self.names is not None:
            return self._t("table.two.prompt_pass", name=self.names[seat])
        if session.checking:
            if self.names is None:
                return self._t("table.prompt_check")
            return self.who("prompt_check", seat, other=self.names[1 - seat])
        phase = game.phase
        if phase is Phase.DISCARD:
            if self.names is None:
                return self._t(f"table.prompt_discard_{game.dealer}")
            if game.dealer == seat:
                return self.who("prompt_discard_own", seat)
            return self.who("prompt_discard_other", seat, dealer=self.names[game.dealer])
        if phase is Phase.PLAY:
            if game.to_act != seat:
                return self._t("table.prompt_wait")
            if game.can_go(seat):
                return self._one("prompt_go", seat, count=game.count)
            return self._one("prompt_play", seat, count=game.count)
        if phase is Phase.SHOW:
            return self._one("prompt_count_crib" if game.counting == "crib" else "prompt_count_hand", seat)
        if phase is Phase.DEAL_OVER:
            return self._t("table.prompt_guided_over" if guided else "table.prompt_next")
        return ""

    def _one(self, key: str, seat: int, **values: Any) -> str:
        """``table.<key>`` said to you; with two people ``table.two.<key>`` said to the one named."""
        if self.names is None:
            return self._t(f"table.{key}", **values)
        return self.who(key, seat, **values)

    def hint(self, session: TableSession) -> str:
        """The hint asked for: the expert's move and what it saw, or why there is none."""
        said = self.advice(session.advice())
        if not said:
            return self._t("table.hint_count" if session.counting else "table.hint_none")
        seen = session.seen()
        return said if seen is None else f"{said} {self.said(seen)}"

    def advice(self, advice: Advice | None) -> str:
        if advice is None:
            return ""
        best = advice.best
        if advice.kind is Phase.DISCARD:
            # Advice for a discard holds a KeepOption (kind tells which): mypy cannot narrow ``best`` by ``kind``.
            return self._t("table.hint_discard", away=cards_text(best.discard), keep=cards_text(best.keep),  # type: ignore[union-attr]
                           reason=self.said(best.message), net=self.net(best.net))  # type: ignore[union-attr]
        return self._t("table.hint_play", reason=self.said(best.message))

    def standing(self, standing: Standing | None) -> str:
        """Where you stand: the position a deal begins from and your chance to win the game, or in
        the last deals the score hint (who needs how many, who counts first, the same chance)."""
        if standing is None:
            return ""
        dealer = self._t("table.you_deal" if standing.dealer else "table.computer_deals")
        when = "next" if standing.next else "now"
        chance = chance_interval(standing.chance, standing.low, standing.high, self.language)
        if standing.close:
            need, their_need = standing.needs
            hint = self._t("table.score_hint.dealer" if standing.dealer else "table.score_hint.pone", need=need,
                           their_need=their_need, chance=chance)
            return self._t(f"table.standing_{when}_hint", you=standing.mine, computer=standing.theirs,
                           dealer=dealer, hint=hint)
        return self._t(f"table.standing_{when}", you=standing.mine, computer=standing.theirs, dealer=dealer,
                       chance=chance)

    # ------------------------------------------------------------------ guided mode
    def guide(self, session: TableSession) -> list[str]:
        """The guided step's paragraphs: the intro, how your last move compared, then the advice
        before your next move (or the hand's lesson once it is over)."""
        script = session.guide
        if script is None:
            return []
        game = session.game
        parts = [script.intro(self.language)] if game.deal_number == game.start_deal and not session.steps else []
        if session.steps:
            parts.append(self.judged(session.steps[-1]))
        advice = session.advice()
        if advice is not None:
            parts.append(self.step(session, advice))
        elif game.phase in (Phase.DEAL_OVER, Phase.OVER):
            parts.append(script.outro(game, self.language))
        return parts

    def step(self, session: TableSession, advice: Advice) -> str:
        """The explanation before you act, in guided mode: where you stand, then the expert's move."""
        game = session.game
        if advice.kind is Phase.DISCARD:
            role = self._t("table.guide_pone_discard" if game.dealer == COMPUTER else "table.guide_dealer_discard")
        elif not game.played:
            role = self._t("table.guide_lead")
        elif not game.series:
            role = self._t("table.guide_new_series")
        else:
            role = self._t("table.guide_count", count=game.count, series=cards_text(game.series))
        return f"{role} {self.advice(advice)}"

    def judged(self, step: Step) -> str:
        """How your move compared with the expert's."""
        if step.phase is Phase.DISCARD:
            if step.followed:
                return self._t("table.guide_same_discard", cards=cards_text(step.move))
            return self._t("table.guide_other_discard", cards=cards_text(step.move),
                           best=cards_text(step.advised), reason=self.said(step.why), rank=step.rank)
        if step.move is None:
            return self._t("table.guide_same_go")
        if step.followed:
            return self._t("table.guide_same_play", card=str(step.move))
        return self._t("table.guide_other_play", card=str(step.move), reason=self.said(step.why))

    # ------------------------------------------------------------------ the show
    def show(self, session: TableSession) -> list[ShowItem]:
        """This deal's counts, item by item; the computer's count waiting to be checked shows only
        its total (a short count is for you to spot)."""
        game = session.game
        out: list[ShowItem] = []
        for event in game.events:
            if event.deal != game.deal_number or event.kind not in (ScoreKind.HAND, ScoreKind.CRIB, ScoreKind.MUGGINS):
                continue
            if event.kind is ScoreKind.MUGGINS:
                out.append((event, [self.event(event)]))
                continue
            pending = session.checking and event is game.events[-1] and event.seat != session.seat
            whose = self.who(f"whose_{'crib' if event.crib else 'hand'}", event.seat)
            body = [self._t("table.show_head", whose=whose, points=event.points)]
            if pending:
                body.append(self._one("show_check", event.seat, n=event.points))
            else:
                score = event.hand_score
                assert score is not None
                body.append("“" + spoken_count(score, self.language) + "”")
                body.extend(item.text for item in describe_items(score, self.language))
                counted = event.points if event.worth is None else event.worth
                if counted < score.total:
                    body.append(self._t("table.show_short", n=counted, total=score.total))
                elif event.points < counted:
                    body.append(self._t("table.ev_capped", n=event.points))
            out.append((event, body))
        return out
