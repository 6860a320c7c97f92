"""The README's example holds."""

import doctest

import cribbage
import cribbage.cards
import cribbage.play
import cribbage.scoring


def test_doctests():
    for module in (cribbage, cribbage.cards, cribbage.scoring, cribbage.play):
        assert doctest.testmod(module).failed == 0


def test_readme_example():
    from pathlib import Path
    text = Path(__file__).parent.parent.joinpath("README.md").read_text()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README", "README.md", 0)
    assert test.examples
    assert doctest.DocTestRunner().run(test).failed == 0
