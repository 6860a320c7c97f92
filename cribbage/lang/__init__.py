"""What the engine says to a person: messages, their catalogues and their translations.

The lowest layer: every other part of the engine names a message here and passes its values.
"""
