"""Run the command line: ``python -m ttt --help``."""

import sys

from ttt.tools.cli import main

sys.exit(main())
