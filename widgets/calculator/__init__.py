"""The calculators: a hand's show itemized, with its chances (:mod:`widgets.calculator.hand`), the
link that opens one (:mod:`widgets.calculator.link`), and My deal, the fifteen keeps of six cards
(:mod:`widgets.calculator.my_deal`)."""
