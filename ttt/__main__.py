"""Run the command line: ``python -m ttt --help``."""

import sys

from ttt.cli import main

sys.exit(main())
