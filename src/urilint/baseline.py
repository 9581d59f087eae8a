"""Baselines: record today's findings, report only new ones later.

A finding is keyed by file, code and a hash of its *redacted*, normalized URI, with a count per
key: no URI or secret in clear, no line numbers (edits elsewhere in a file do not churn it), and
no hash of a password that could be guessed offline.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Dict, Iterable, List, Mapping, Tuple

from .report import Report
from .rfc3986.normalize import normalize

VERSION = 1
Key = Tuple[str, str, str]


class BaselineError(Exception):
    pass


def key(report: Report) -> Key:
    digest = hashlib.sha256(normalize(report.uri).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return (report.path, report.code, digest)


def dumps(reports: Iterable[Report]) -> str:
    return dumps_counts(Counter(key(r) for r in reports))


def dumps_counts(counts: Mapping[Key, int]) -> str:
    """The baseline of findings counted per :func:`key` (a run that does not keep its reports
    counts their keys as the files finish)."""
    tree: Dict[str, Dict[str, Dict[str, int]]] = {}
    for (path, code, digest), n in sorted(counts.items()):
        tree.setdefault(path, {}).setdefault(code, {})[digest] = n
    return json.dumps({"version": VERSION, "tool": "urilint", "findings": tree}, indent=2, sort_keys=True) + "\n"


def loads(text: str, source: str = "<baseline>") -> Mapping[Key, int]:
    try:
        data = json.loads(text)
        if data.get("version") != VERSION:
            raise BaselineError(f"{source}: unsupported baseline version {data.get('version')!r}")
        out: Dict[Key, int] = {}
        for path, codes in data["findings"].items():
            for code, digests in codes.items():
                for digest, n in digests.items():
                    out[(path, code, digest)] = int(n)
        return out
    except RecursionError:  # json recurses on nested arrays and objects
        raise BaselineError(f"{source}: not a urilint baseline: nested too deeply") from None
    except (ValueError, KeyError, AttributeError, TypeError, OverflowError) as exc:
        # OverflowError: a count of 1e400 (int() of an infinite float)
        raise BaselineError(f"{source}: not a urilint baseline: {exc}") from None


def by_path(known: Mapping[Key, int]) -> Dict[str, List[Tuple[str, str, int]]]:
    """The ``(code, digest, count)`` entries of each file (a run that checks files apart hands
    each one its own)."""
    out: Dict[str, List[Tuple[str, str, int]]] = {}
    for (path, code, digest), n in known.items():
        out.setdefault(path, []).append((code, digest, n))
    return out


def new_only(reports: Iterable[Report], baseline: Mapping[Key, int]) -> List[Report]:
    """Reports beyond what the baseline recorded (per key, the first ``count`` are known)."""
    seen: Counter[Key] = Counter()
    out = []
    for r in reports:
        k = key(r)
        seen[k] += 1
        if seen[k] > baseline.get(k, 0):
            out.append(r)
    return out
