"""RFC 3986 core throughput on real URIs: urilint vs rfc3986, rfc3987, uritools, ada-url, urllib.

One corpus (distinct URI references extracted from the shared Markdown docs, see
bench/README.md) is run through every implementation; three tables compare validity checks,
normalization and splitting, and the issue's targets are printed as PASS / FAIL.

The peer callables, and why each is the closest equivalent of the urilint function it faces:

* rfc3986 (python-hyper) validity: ``Validator().check_validity_of(<all seven components>)``
  applied to ``rfc3986.uri_reference(s)``, False when it raises ``ValidationError``.  This is
  the check that library documents for "is this valid" (``URIReference.is_valid()`` is
  deprecated and warns on every call).  No ``require_presence_of``: a URI-reference, urilint's
  default rule, requires no component.  Its parse percent-encodes path, query and fragment first.
* rfc3986 normalize: ``rfc3986.normalize_uri(s)``, i.e. ``uri_reference(s).normalize().unsplit()``.
* rfc3987: ``rfc3987.match(s, rule="URI_reference")`` (one big regular expression).
* uritools: it does not validate; ``urisplit(s).getauthority()`` is the only step of it that
  rejects anything (a malformed IP literal, a non-numeric port, bad UTF-8 in the userinfo).
* ada-url: ``ada_url.check_url(s)``, WHATWG URL parsing in C++; relative references are
  rejected (WHATWG needs a base), so its verdicts differ by design.
* urllib.parse.urlsplit: the non-validating floor.  Its ``lru_cache`` (Python >= 3.11) is
  bypassed through ``__wrapped__`` so a repeated input does not become a dictionary lookup.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

import urilint

from bench import common

_urlsplit: Callable[[str], Any] = getattr(urlsplit, "__wrapped__", urlsplit)


def urlsplit_or_none(s: str) -> Any:
    """urlsplit as its callers use it: a few malformed inputs ("http://[::1/") raise ValueError."""
    try:
        return _urlsplit(s)
    except ValueError:
        return None


@dataclass(frozen=True)
class Candidate:
    """A callable to time; ``problem`` set (and ``fn`` None) when its peer is unavailable."""

    key: str
    label: str
    fn: Optional[Callable[[str], Any]]
    kind: str  #: "check" (truthy = accepted), "validate" ([] = accepted), "normalize", "parse"
    problem: str = ""


def check_candidates() -> List[Candidate]:
    cands = [
        Candidate("urilint.is_valid", "urilint.is_valid", urilint.is_valid, "check"),
        Candidate("urilint.validate", "urilint.validate", urilint.validate, "validate"),
    ]
    rfc3986 = common.import_peer("rfc3986")
    if rfc3986.module is not None:
        mod = rfc3986.module
        validator = mod.validators.Validator().check_validity_of(
            "scheme", "userinfo", "host", "port", "path", "query", "fragment")
        validation_error = mod.exceptions.ValidationError
        uri_reference = mod.uri_reference

        def rfc3986_valid(s: str) -> bool:
            try:
                validator.validate(uri_reference(s))
            except validation_error:
                return False
            return True
        cands.append(Candidate("rfc3986.check", f"{rfc3986.label} Validator", rfc3986_valid, "check"))
    else:
        cands.append(Candidate("rfc3986.check", "rfc3986 Validator", None, "check", rfc3986.problem))

    rfc3987 = common.import_peer("rfc3987")
    cands.append(Candidate(
        "rfc3987.match", f"{rfc3987.label} match(URI_reference)",
        functools.partial(rfc3987.module.match, rule="URI_reference") if rfc3987.module else None,
        "check", rfc3987.problem))

    uritools = common.import_peer("uritools")
    if uritools.module is not None:
        urisplit = uritools.module.urisplit

        def uritools_check(s: str) -> bool:
            try:
                urisplit(s).getauthority()
            except ValueError:
                return False
            return True
        cands.append(Candidate("uritools.check", f"{uritools.label} urisplit+getauthority",
                               uritools_check, "check"))
    else:
        cands.append(Candidate("uritools.check", "uritools urisplit+getauthority", None, "check",
                               uritools.problem))

    ada = common.import_peer("ada_url", "ada-url")
    cands.append(Candidate("ada.check_url", f"{ada.label} check_url (WHATWG)",
                           ada.module.check_url if ada.module else None, "check", ada.problem))

    def urlsplit_ok(s: str) -> bool:
        try:
            _urlsplit(s)
        except ValueError:
            return False
        return True
    cands.append(Candidate("urlsplit.check", "urllib.parse.urlsplit (floor)", urlsplit_ok, "check"))
    return cands


def normalize_candidates() -> List[Candidate]:
    cands = [Candidate("urilint.normalize", "urilint.normalize", urilint.normalize, "normalize")]
    rfc3986 = common.import_peer("rfc3986")
    cands.append(Candidate("rfc3986.normalize", f"{rfc3986.label} normalize_uri",
                           rfc3986.module.normalize_uri if rfc3986.module else None, "normalize",
                           rfc3986.problem))
    ada = common.import_peer("ada_url", "ada-url")
    if ada.module is not None:
        normalize_url = ada.module.normalize_url

        def ada_normalize(s: str) -> Optional[str]:
            try:
                return str(normalize_url(s))
            except ValueError:  # relative references and invalid URLs
                return None
        cands.append(Candidate("ada.normalize_url", f"{ada.label} normalize_url (WHATWG)",
                               ada_normalize, "normalize"))
    else:
        cands.append(Candidate("ada.normalize_url", "ada-url normalize_url (WHATWG)", None, "normalize",
                               ada.problem))
    return cands


def parse_candidates() -> List[Candidate]:
    cands = [Candidate("urilint.parse", "urilint.parse", urilint.parse, "parse")]
    rfc3986 = common.import_peer("rfc3986")
    cands.append(Candidate("rfc3986.uri_reference", f"{rfc3986.label} uri_reference",
                           rfc3986.module.uri_reference if rfc3986.module else None, "parse",
                           rfc3986.problem))
    uritools = common.import_peer("uritools")
    cands.append(Candidate("uritools.urisplit", f"{uritools.label} urisplit",
                           uritools.module.urisplit if uritools.module else None, "parse",
                           uritools.problem))
    cands.append(Candidate("urlsplit.parse", "urllib.parse.urlsplit", urlsplit_or_none, "parse"))
    return cands


def describe_results(cand: Candidate, items: Sequence[str], results: Sequence[Any],
                     reference: Optional[Sequence[bool]]) -> Tuple[str, Optional[List[bool]]]:
    """A short note on what the callable returned, and its accept/reject verdicts if it checks."""
    if cand.kind in ("check", "validate"):
        accepted = [bool(r) if cand.kind == "check" else not r for r in results]
        note = f"accepts {sum(accepted):,} ({100 * sum(accepted) / max(1, len(items)):.1f}%)"
        if reference is not None and cand.key != "urilint.is_valid":
            differ = sum(1 for a, b in zip(accepted, reference) if a != b)
            note += f", disagrees with is_valid on {differ:,}"
        return note, accepted
    if cand.kind == "normalize":
        changed = sum(1 for s, r in zip(items, results) if r is not None and r != s)
        failed = sum(1 for r in results if r is None)
        return f"changes {changed:,}" + (f", rejects {failed:,}" if failed else ""), None
    return "", None


def measure(cands: Sequence[Candidate], items: Sequence[str], repeat: int, min_time: float,
            reference: Optional[List[bool]] = None) -> Tuple[Dict[str, common.Row], Optional[List[bool]]]:
    """Time every candidate on ``items``, taking turns; rows by key, and urilint.is_valid's verdicts."""
    notes: Dict[str, str] = {}
    timed: List[Candidate] = []
    for cand in cands:
        if cand.fn is None:
            notes[cand.key] = cand.problem
            continue
        results, error = common.first_pass(cand.fn, items)
        if error:
            notes[cand.key] = error
            continue
        note, accepted = describe_results(cand, items, results, reference)
        if cand.key == "urilint.is_valid":
            reference = accepted
        notes[cand.key] = note
        timed.append(cand)
    timings = dict(zip((c.key for c in timed),
                       common.time_interleaved([c.fn for c in timed if c.fn is not None], items, repeat, min_time)))
    rows = {c.key: common.Row(c.label, timings.get(c.key), notes[c.key]) for c in cands}
    return rows, reference


def targets(rows: Dict[str, common.Row]) -> List[str]:
    """The issue's targets, each PASS / FAIL (or SKIP when the peer is missing)."""
    def line(claim: str, ours: str, theirs: str, passes: Callable[[float], bool]) -> str:
        r = common.ratio(rows.get(ours), rows[theirs])
        missing = rows[theirs].note if rows[theirs].timing is None else ""
        return common.verdict(claim, r, None if r is None else passes(r), missing)

    return [
        line("urilint.is_valid >= 10x rfc3986's Validator", "urilint.is_valid", "rfc3986.check",
             lambda r: r >= 10),
        line("urilint.is_valid faster than rfc3987", "urilint.is_valid", "rfc3987.match", lambda r: r > 1),
        line("urilint.is_valid within 2x of ada-url check_url (ratio >= 0.5)", "urilint.is_valid",
             "ada.check_url", lambda r: r >= 0.5),
        line("urilint.normalize >= 5x rfc3986's normalize", "urilint.normalize", "rfc3986.normalize",
             lambda r: r >= 5),
    ]


def run(argv: Sequence[str]) -> int:
    parser = common.make_parser("core", __doc__.splitlines()[0] if __doc__ else "core")
    parser.add_argument("--corpus", metavar="DIR", default=None,
                        help=f"folder of Markdown files to extract URIs from (default: {common.DOCS_CORPUS})")
    parser.add_argument("--limit", type=int, default=50_000, metavar="N",
                        help="at most N distinct URIs (default 50000; --quick uses 300)")
    parser.add_argument("--min-time", type=float, default=None, metavar="S",
                        help="each timed run lasts at least S seconds (default 0.2; 0.005 with --quick)")
    args = parser.parse_args(argv)
    repeat = common.repeat_of(args)
    min_time = args.min_time if args.min_time is not None else (0.005 if args.quick else 0.2)

    corpus = common.corpus_for(args)
    items = corpus.uris
    common.stdout_line("# core: RFC 3986 throughput, urilint vs peers")
    common.stdout_line(common.environment_line())
    common.stdout_line(f"corpus: {corpus.description}")
    common.stdout_line(f"timing: best of {repeat} runs, each >= {min_time} s, gc off"
                       + ("  [--quick: numbers are not meaningful]" if args.quick else ""))

    checks, accepted = measure(check_candidates(), items, repeat, min_time)
    refs = [checks["urilint.is_valid"], checks["urilint.validate"]]
    common.print_throughput_table("validity check: is this string a valid URI reference?",
                                  list(checks.values()), refs)
    norms, _ = measure(normalize_candidates(), items, repeat, min_time, accepted)
    common.print_throughput_table("normalize (RFC 3986 6.2.2 / 6.2.3; ada: WHATWG serialization)",
                                  list(norms.values()), [norms["urilint.normalize"]])
    parses, _ = measure(parse_candidates(), items, repeat, min_time, accepted)
    common.print_throughput_table("parse / split into components", list(parses.values()),
                                  [parses["urilint.parse"]])

    common.stdout_line("\n## targets (issue 2)\n")
    for line in targets({**checks, **norms}):
        common.stdout_line(line)
    return 0
