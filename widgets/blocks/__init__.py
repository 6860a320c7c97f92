"""The building blocks the lessons show and the other views are made of: cards to look at and to pick
(:mod:`widgets.blocks.cards`), the pegboard (:mod:`widgets.blocks.board`), the charts
(:mod:`widgets.blocks.charts`) and the words for a chance to win (:mod:`widgets.blocks.chances`)."""
