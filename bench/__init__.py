"""Side-by-side benchmarks of urilint against its peer libraries.

Run ``python -m bench SUITE [options]`` from the repository root (``python -m bench --list``
names the suites).  Each suite is one module ``bench/<suite>.py``; the protocol a suite module
follows is small:

* its module docstring's first line is its one-line summary (``--list`` prints it);
* it defines ``run(argv: Sequence[str]) -> int``: parse ``argv`` (the arguments after the suite
  name) with :func:`bench.common.make_parser`, print its tables to stdout, return 0 on success.
  A target that is missed is *printed* as FAIL, never turned into a non-zero exit: exit codes
  are for a broken runner, not a slow library;
* it accepts the common options every suite shares (:func:`bench.common.make_parser` adds them):
  ``--quick`` (a tiny run that finishes in seconds, for tests) and ``--repeat N``.

Modules whose names start with ``_`` and :mod:`bench.common` are not suites.  Adding a suite is
adding a file: the dispatcher in ``__main__`` finds it, and ``python -m bench all`` runs it.
"""
