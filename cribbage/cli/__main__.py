"""``python -m cribbage.cli``: the same as the ``cribbage`` command."""

import sys

from cribbage.cli.main import main

sys.exit(main())
