"""Linear time on adversarial input: seconds per MB of is_valid, validate, normalize, parse.

Each input class is built at 1 KB, 100 KB and 1 MB (1 KB and 10 KB with ``--quick``); every
function is timed on it in a forked child with a time limit, so a super-linear case shows as
"> limit" instead of hanging the run.  The table gives seconds per MB at each size and two
ratios of per-MB times: largest size / smallest size (the issue's measure) and largest /
middle.  Linear code keeps both near 1 (the smallest size is often *below* 1 because a fixed
per-call cost weighs more on short input); either ratio above 3 is flagged.

To add a class, append an :class:`InputClass` to :data:`CLASSES`; to add a function, add it to
:data:`FUNCTIONS`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, List, Optional, Sequence, Tuple

import urilint

from bench import common

#: Per-MB ratios above this are flagged as super-linear.
FLAG_RATIO = 3.0


@dataclass(frozen=True)
class InputClass:
    """``prefix + unit * k + suffix`` with ``k`` chosen so the text is about ``size`` characters."""

    name: str
    prefix: str
    unit: str
    suffix: str = ""

    def build(self, size: int) -> str:
        k = max(1, (size - len(self.prefix) - len(self.suffix)) // len(self.unit))
        return self.prefix + self.unit * k + self.suffix

    @property
    def shape(self) -> str:
        return f"{self.prefix!r} + {self.unit!r}*n" + (f" + {self.suffix!r}" if self.suffix else "")


CLASSES: Tuple[InputClass, ...] = (
    InputClass("pct-run", "", "%"),                               # "%%%%": bad pct-encodings
    InputClass("bracket-run", "", "["),                           # "[[[[": IP-literal openers
    InputClass("colon-run", "", ":"),                             # "::::": scheme / port delimiters
    InputClass("ipv6-like-host", "http://[", "1:", "]"),          # a huge, malformed IPv6address
    InputClass("at-run", "", "@"),                                # "@@@@" as a path
    InputClass("authority-at-run", "http://", "@", "/"),          # "@@@@" in an authority (userinfo)
    InputClass("long-valid-path", "http://example.com", "/segment"),
    InputClass("pct-zz-run", "", "%zz"),                          # invalid "%zz" triplets
    InputClass("dotted-host", "http://", "a."),                   # "http://a.a.a.a..."
)

FUNCTIONS: Tuple[Tuple[str, Callable[[str], Any]], ...] = (
    ("is_valid", urilint.is_valid),
    ("validate", urilint.validate),
    ("normalize", urilint.normalize),
    ("parse", urilint.parse),
)

FULL_SIZES = (common.KB, 100 * common.KB, common.MB)
QUICK_SIZES = (common.KB, 10 * common.KB)


def size_label(size: int) -> str:
    return f"{size // common.MB} MB" if size >= common.MB else f"{size // common.KB} KB"


def seconds_per_mb(fn: Callable[[str], Any], text: str, repeat: int, min_time: float) -> float:
    timing = common.time_calls(fn, [text], repeat, min_time)
    return timing.best / (len(text) / common.MB)


class Scaling:
    """Seconds per MB at growing sizes, and whether they grow (shared with ``adversarial_files``)."""

    per_mb: Tuple[Optional[float], ...]  #: None where the measurement hit the time limit

    def ratio(self, i: int, j: int) -> Optional[float]:
        """per_mb[i] / per_mb[j]; +inf when only the larger size timed out; None if unknown."""
        a, b = self.per_mb[i], self.per_mb[j]
        if b is None:
            return None
        if a is None:
            return math.inf
        return a / b if b > 0 else None

    def flagged(self) -> bool:
        last = len(self.per_mb) - 1
        ratios = [self.ratio(last, 0), self.ratio(last, last - 1)]
        return any(r is not None and r > FLAG_RATIO for r in ratios) or None in self.per_mb


@dataclass(frozen=True)
class Result(Scaling):
    klass: str
    function: str
    per_mb: Tuple[Optional[float], ...]


def measure(klass: InputClass, name: str, fn: Callable[[str], Any], sizes: Sequence[int],
            repeat: int, min_time: float, timeout: float) -> Result:
    per_mb: List[Optional[float]] = []
    for size in sizes:
        if per_mb and per_mb[-1] is None:  # a smaller size already timed out: skip the bigger
            per_mb.append(None)
            continue
        text = klass.build(size)
        per_mb.append(common.run_isolated(
            lambda: seconds_per_mb(fn, text, repeat, min_time), timeout))
    return Result(klass.name, name, tuple(per_mb))


def fmt_seconds(value: Optional[float], timeout: float) -> str:
    return f"> {timeout:g} s" if value is None else f"{value:.3g}"


def fmt_flagged_ratio(value: Optional[float]) -> str:
    if value is None:
        return "-"
    return "inf" if math.isinf(value) else f"{value:.2f}"


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("adversarial", __doc__.splitlines()[0] if __doc__ else "adversarial")
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="time limit per (class, function, size) measurement (default 60; 10 with --quick)")
    parser.add_argument("--min-time", type=float, default=None, metavar="S",
                        help="each timed run lasts at least S seconds (default 0.05; 0.002 with --quick)")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args, default=3, quick_default=3)
    timeout = args.timeout if args.timeout is not None else (10.0 if args.quick else 60.0)
    min_time = args.min_time if args.min_time is not None else (0.002 if args.quick else 0.05)
    sizes = QUICK_SIZES if args.quick else FULL_SIZES

    common.stdout_line("# adversarial: does time grow linearly with input length?")
    common.stdout_line(common.environment_line())
    common.stdout_line(f"sizes: {', '.join(size_label(s) for s in sizes)} (KB = 1024 chars); "
                       f"best of {repeat} runs, each >= {min_time} s; limit {timeout:g} s per measurement"
                       + ("  [--quick: too small to judge linearity]" if args.quick else ""))
    common.stdout_line("classes: " + "; ".join(f"{c.name} = {c.shape}" for c in CLASSES))

    results = [measure(klass, name, fn, sizes, repeat, min_time, timeout)
               for klass in CLASSES for name, fn in FUNCTIONS]

    last = len(sizes) - 1
    # Ratio columns: largest / smallest, and largest / next-largest when that is another size.
    pairs = [(last, 0)] + ([(last, last - 1)] if last > 1 else [])
    headers = ["class", "function", *(f"s/MB @{size_label(s)}" for s in sizes),
               *(f"{size_label(sizes[i])}/{size_label(sizes[j])}" for i, j in pairs), "flag"]
    body = [[r.klass, r.function, *(fmt_seconds(v, timeout) for v in r.per_mb),
             *(fmt_flagged_ratio(r.ratio(i, j)) for i, j in pairs),
             "SUPERLINEAR" if r.flagged() else "ok"] for r in results]
    right = [False, False, *(True for _ in sizes), *(True for _ in pairs), False]
    common.stdout_line(f"\n## seconds per MB (ratios: per-MB time at {size_label(sizes[last])} / at a "
                       f"smaller size; flag > {FLAG_RATIO:g} or a time-out)\n")
    common.stdout_line(common.render_table(headers, body, right))
    flagged = [r for r in results if r.flagged()]
    common.stdout_line(f"\n{len(flagged)} of {len(results)} (class, function) pairs flagged"
                       + (": " + ", ".join(f"{r.klass}/{r.function}" for r in flagged) if flagged else ""))
    return 0
