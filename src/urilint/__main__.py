"""`python -m urilint`: the command line."""

from .cli import main

raise SystemExit(main())
