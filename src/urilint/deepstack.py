"""Running the interpreter's own parser on hostile modules without crashing the process.

CPython 3.9 and 3.10 build the AST of ``x = 1 + 1 + ... + 1`` (200,000 terms) by C recursion that
overflows the main thread's stack: a segmentation fault, not a RecursionError.  On those versions
the parse runs in a thread with a 1 GiB stack (address space, committed only as it is touched),
where 3.10 reaches its own recursion check and 3.9 finishes.  3.11 and later check their C
recursion depth and need nothing.
"""

from __future__ import annotations

import sys
import threading
from typing import Callable, List, TypeVar

T = TypeVar("T")
STACK_BYTES = 1 << 30


def call(fn: Callable[[], T]) -> T:
    """``fn()``, on a deep stack where the interpreter needs one; exceptions propagate."""
    if sys.version_info >= (3, 11):
        return fn()
    results: List[T] = []
    errors: List[BaseException] = []

    def run() -> None:
        try:
            results.append(fn())
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            errors.append(exc)

    with _LOCK:  # stack_size is process-wide: set it only for this thread's creation
        old = threading.stack_size(STACK_BYTES)
        try:
            worker = threading.Thread(target=run, name="urilint-deep-parse")
            worker.start()
        finally:
            threading.stack_size(old)
    worker.join()
    if errors:
        raise errors[0]
    return results[0]


_LOCK = threading.Lock()
