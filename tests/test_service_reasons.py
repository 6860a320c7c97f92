"""A refusal's reason as the progress service sends it (a catalogue key and its values) and as the learner's
kernel reads it back: worded in her language, and nothing the kernel cannot word taken as a reason."""

from __future__ import annotations

import json

import pytest

from cribbage import Card
from cribbage.lang.messages import message, render
from cribbage.progress import check  # noqa: F401  (the words of the reasons below)
from cribbage.progress.service_client import heard, said
from cribbage.registry.languages import CODES


def test_a_reason_with_a_nested_message_and_cards_reads_back_the_same_in_every_language():
    reason = message("progress.check.bad_item", item="hand 5H 5H 6H 7S / 8C",
                     reason=message("card.duplicate", card=Card.parse("5H")))
    back = heard(json.loads(json.dumps(said(reason))))
    assert back is not None
    assert [render(back, code) for code in CODES] == [render(reason, code) for code in CODES]
    assert len(set(render(back, code) for code in CODES)) == len(CODES)  # each language's own words


@pytest.mark.parametrize("sent", [
    "more than 60 answers in a minute",  # an English sentence, not a reason
    {"key": "no.such.message", "values": {}},
    {"key": "progress.service.why.per_minute", "values": {}},  # a value its words need is missing
    {"key": "progress.service.why.per_minute", "values": {"most": [1, 2]}},
    {"key": "progress.check.bad_item", "values": {"item": "x", "reason": {"message": {"key": "nope"}}}},
])
def test_what_the_kernel_cannot_word_is_no_reason(sent):
    assert heard(sent) is None


def test_a_reason_nested_without_end_is_not_read_forever():
    deep: dict = {"key": "progress.service.why.not_listed", "values": {}}
    for _ in range(50):
        deep = {"key": "progress.check.bad_item", "values": {"item": "x", "reason": {"message": deep}}}
    assert heard(deep) is None
