"""Conformance against other people's test vectors (../shared/corpora/conformance/).

Every vector whose kind maps to our API is answered by our API and compared with the vector's
expectation.  Where the vector's library is not RFC 3986 (see the corpora README caveats), our
answer differs on purpose: each such vector is listed by its ``id`` in a deviation table below
with the reason, and the test checks both that the difference is still there and that our answer
is the RFC's.  Kinds that are another library's API (query-string parsing, IDNA, builders,
policies) are not mapped; they are named with the reason.  ``test_summary`` asserts and prints
the figures: mapped, agreeing, deviating, not mapped.
"""

from __future__ import annotations

import ipaddress
import json
from collections import Counter
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

import pytest

import urilint
from tests.conftest import CORPORA, need_shared
from urilint.rfc3986 import RULES, grammar

CONFORMANCE = CORPORA / "conformance"
Vector = Dict[str, Any]
Answer = Tuple[Any, Any]  # (ours, theirs), each in the shape the vector states it


def load(name: str) -> List[Any]:
    data: List[Any] = json.loads(need_shared(CONFORMANCE / name).read_text(encoding="utf-8"))
    return data


class NotMapped(Exception):
    """The vector tests another library's API, not RFC 3986 syntax we expose."""


# --- helpers -------------------------------------------------------------------------------
def _path(value: Optional[str]) -> str:
    # Those libraries say None for an empty path; ours is always a string (section 3.3).
    return "" if value is None else value


def _port(value: Any) -> Optional[str]:
    return None if value is None else str(value)


def _component(ref: urilint.URIReference, name: str) -> Any:
    if name == "path":
        return ref.path
    if name == "hostname":
        return ref.host
    return getattr(ref, name)


def _expected_component(name: str, value: Any) -> Any:
    if name == "path":
        return _path(value)
    if name == "port":
        return _port(value)
    return value


def _split_answer(text: str, expected: Mapping[str, Any], names: Tuple[str, ...]) -> Answer:
    ref = urilint.parse(text)
    ours = {n: _component(ref, n) for n in names if n in expected}
    theirs = {n: _expected_component(n, expected[n]) for n in names if n in expected}
    if "unsplit" in expected or "geturi" in expected:
        ours["unsplit"] = str(ref)
        theirs["unsplit"] = expected.get("unsplit", expected.get("geturi"))
    return ours, theirs


SPLIT_NAMES = ("scheme", "authority", "userinfo", "host", "hostname", "port", "path", "query", "fragment")


def encode_invalid(text: str) -> str:
    """Percent-encode (UTF-8) every character that may not stand in a URI as it is, and every
    "%" that starts no triplet: what the python-hyper parser does to its input (parse_encodes)."""
    out = []
    for i, c in enumerate(text):
        if c == "%" and grammar.BAD_PCT.match(text, i) is None:
            out.append(c)
        elif c in grammar.URI_CHARS and c != "%":
            out.append(c)
        else:
            out.append("".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass")))
    return "".join(out)


def _host_value(host: Optional[str]) -> Any:
    """A host as uritools reports it: lowercased, IP literals as address objects (by text)."""
    if host is None:
        return None
    host = urilint.parse(urilint.normalize("//" + host)).host
    assert host is not None
    if grammar.IPV4ADDRESS_RE.fullmatch(host):
        return {"IPv4Address": host}
    if host.startswith("[") and grammar.IPV6ADDRESS_RE.fullmatch(host[1:-1]):
        return {"IPv6Address": host[1:-1]}
    return host


def _int_port(port: Optional[str]) -> Optional[int]:
    return int(port) if port else None


# --- python-hyper/rfc3986 vectors ----------------------------------------------------------
def lib_answer(v: Vector) -> Answer:
    kind, text, exp = v["kind"], v["input"], v["expected"]
    if kind == "valid":
        # "validate passes" vectors add scheme/host/port policies (not RFC 3986) to
        # check_validity_of(all components); the validity part is what maps.
        rule = "URI" if ("is_valid_uri" in exp or "validate" in exp) else "URI-reference"
        return urilint.is_valid(text, rule), True
    if kind == "invalid":
        if "after_normalize" in exp:
            host = urilint.parse(urilint.normalize(text)).host
            return (urilint.is_valid(text), host), (False, exp["after_normalize"]["host"])
        return urilint.is_valid(text), False
    if kind == "parse":
        if "or_raises" in exp:  # "port None, or InvalidAuthority": we never raise, so port
            return urilint.parse(text).port, None
        return _split_answer(text, exp, SPLIT_NAMES)
    if kind == "parse_encodes":
        if "equals" in exp:
            return (urilint.is_valid(text), text), (exp["is_valid"], exp["equals"])
        return _split_answer(text, exp, SPLIT_NAMES)
    if kind == "roundtrip":
        return str(urilint.parse(text)), exp["unsplit"]
    if kind == "is_absolute":
        return urilint.is_valid(text, "absolute-URI"), exp["is_absolute"]
    if kind == "resolve":
        return lib_resolve_answer(v)
    if kind == "merge_paths":
        base = v["input"]["base"]
        base_text = "x:" + ("//" + base["authority"] if base["authority"] is not None else "") + _path(base["path"])
        return urilint.parse(urilint.resolve(base_text, v["input"]["relative_path"])).path, exp["merged"]
    if kind == "remove_dot_segments":
        return urilint.remove_dot_segments(text), exp
    if kind == "normalize_scheme":
        return urilint.parse(urilint.normalize(text + ":")).scheme, exp
    if kind == "normalize_percent_characters":
        return urilint.normalize(text), exp
    if kind == "normalize_fragment":
        return urilint.normalize("#" + text)[1:], exp
    if kind == "normalize_authority":
        return urilint.normalize("//" + text)[2:], exp
    if kind == "normalize_host":
        return urilint.parse(urilint.normalize("//" + text)).host, exp
    if kind == "normalize_uri":
        if isinstance(exp, str):
            return urilint.normalize(text), exp
        return _split_answer(urilint.normalize(text), exp, ("scheme", "host"))
    if kind == "equivalent":
        # Two URIReferences built from one component compare equal after normalization.  As
        # text, the path "//a/./b/..." (1261) reads as an authority; both sides alike, so the
        # comparison still asks whether the dot-segments go.
        def text_of(parts: Mapping[str, str]) -> str:
            return parts["path"] if "path" in parts else "//" + parts["authority"]
        return urilint.normalize(text_of(text)), urilint.normalize(text_of(exp["equal_to"]))
    if kind == "iri_parse" and "host" in exp:
        return urilint.parse(text).host, exp["host"]
    raise NotMapped(LIB_NOT_MAPPED[kind])


def lib_resolve_answer(v: Vector) -> Answer:
    base, ref, exp = v["input"]["base"], v["input"]["ref"], v["expected"]
    if "raises" in exp:
        # ResolutionError for a base without a scheme; null: must not raise.  Ours never raises.
        urilint.resolve(base, ref)
        return None, exp["raises"]
    if v["input"].get("base_normalized_first"):
        base = urilint.normalize(base)
    target = urilint.resolve(base, ref)
    if "target" in exp:  # asserted with URIReference.__eq__, which compares normalized forms
        return urilint.normalize(target), urilint.normalize(exp["target"])
    t = urilint.parse(target)
    ours: Dict[str, Any] = {}
    theirs: Dict[str, Any] = {}
    for name, value in exp.items():
        if name == "host_equals":
            ours["host"], theirs["host"] = t.host, urilint.parse(base).host
        else:
            ours[name], theirs[name] = _component(t, name), _expected_component(name, value)
    return ours, theirs


LIB_NOT_MAPPED = {
    "policy": "validator policies (allowed schemes, hosts, ports, required parts, no passwords): rules, not syntax",
    "encode_component": "a percent-encoding helper with a library heuristic; our core never re-encodes",
    "iri_to_uri": "IDNA / IRI-to-URI conversion (RFC 3987, IDNA 2008) is outside RFC 3986",
    "compose": "building a URI from parts with the library's own normalization; a builder API",
    "invalid_component": "URIReference objects built from components, not text; we validate text",
    "iri_parse": "(the one with percent-encoded components) IRI-to-URI encoding, RFC 3987",
}


# --- uritools vectors ----------------------------------------------------------------------
def uritools_answer(v: Vector) -> Answer:
    kind, text, exp = v["kind"], v["input"], v["expected"]
    if kind == "classify":
        ref = urilint.parse(text)
        relative = urilint.is_valid(text, "relative-ref")
        ours = {
            "isuri": urilint.is_valid(text, "URI"),
            "isabsuri": urilint.is_valid(text, "absolute-URI"),
            "isnetpath": relative and text.startswith("//"),
            "isabspath": relative and text.startswith("/") and not text.startswith("//"),
            "isrelpath": relative and not text.startswith("/"),
            "issamedoc": ref.scheme is None and ref.authority is None and ref.path == "" and ref.query is None,
        }
        return ours, exp
    if kind == "resolve":
        return urilint.resolve(text["base"], text["ref"], strict=text["strict"]), exp["target"]
    if kind == "defrag":
        ref = urilint.parse(text)
        return ({"uri": str(ref.with_components(fragment=None)), "fragment": ref.fragment, "geturi": str(ref)}, exp)
    if kind in ("split", "getport"):
        ours_d, theirs_d = _split_answer(text, exp, SPLIT_NAMES)
        ref = urilint.parse(text)
        for name, value in exp.items():
            if name == "getauthority":
                ours_d[name] = [ref.userinfo, _host_value(ref.host), _int_port(ref.port)]
                theirs_d[name] = value
            elif name == "getport":
                ours_d[name], theirs_d[name] = _int_port(ref.port), value
            elif name == "gethost":
                ours_d[name], theirs_d[name] = _host_value(ref.host), value
        return ours_d, theirs_d
    if kind == "getauthority":
        if text["default"] is not None:
            raise NotMapped("getauthority(default=...): fills absent parts with caller defaults")
        ref = urilint.parse(text["uri"])
        return [ref.userinfo, _host_value(ref.host), _int_port(ref.port)], exp["getauthority"]
    if kind == "gethost":
        ref = urilint.parse(text)
        ours_g: Dict[str, Any] = {}
        theirs_g: Dict[str, Any] = {}
        for name, value in exp.items():
            if name == "getport":
                ours_g[name] = _int_port(ref.port)
            elif name == "gethost":
                ours_g[name] = _host_value(ref.host)
            else:  # the IPv6 address written out in full, by the standard library
                assert ref.host is not None and ref.host_kind == "IPv6address"
                exploded = ipaddress.IPv6Address(ref.host[1:-1]).exploded
                ours_g[name] = exploded if name == "gethost_exploded" else exploded in value
                value = value if name == "gethost_exploded" else True
            theirs_g[name] = value
        return ours_g, theirs_g
    if kind == "invalid_host":
        return urilint.is_valid(text), False
    if kind == "getpath":
        return urilint.remove_dot_segments(text), exp["getpath"]
    if kind == "unsplit":
        scheme, authority, path, query, fragment = text
        ref = urilint.URIReference(scheme, authority, None, None, None, _path(path), query, fragment)
        return str(ref), exp["uri"]
    raise NotMapped(URITOOLS_NOT_MAPPED[kind])


URITOOLS_NOT_MAPPED = {
    "compose": "uricompose(): builds and encodes from Python values (dicts, ints, address objects)",
    "query": "getquerylist()/getquerydict(): form-style query parsing is not RFC 3986",
    "encode": "uriencode(): percent-encoding with caller-chosen safe sets and charsets",
    "decode": "uridecode(): percent-decoding to a charset",
}

# --- deliberate deviations -----------------------------------------------------------------
LIB = "rfc3986_lib_vectors.json"
URITOOLS = "uritools_vectors.json"


def _ids(*spans: Tuple[int, int]) -> Tuple[int, ...]:
    """Inclusive id ranges, written out: ``_ids((2, 6), (22, 26))``."""
    return tuple(i for lo, hi in spans for i in range(lo, hi + 1))


# Every vector where our answer differs from the vector's on purpose, by file and id.  Reasons
# refer to RFC 3986 (Appendix A for syntax); each has a check in _rfc_check holding us to it.
DEVIATIONS: Tuple[Tuple[str, Tuple[int, ...], str], ...] = (
    # "[::1%25lo]": RFC 6874 zone identifiers.  Appendix A: IP-literal = "[" ( IPv6address /
    # IPvFuture ) "]" and IPv6address has no "%"; the references are invalid (valid, is_absolute).
    (LIB, _ids((2, 6), (22, 26), (42, 46), (62, 66), (82, 86), (102, 106), (122, 126),
               (546, 550), (566, 570), (586, 590)), "zone-id"),
    # The RFC 6874 "%25" re-encoding of zone ids in normalized hosts; RFC 3986 has no zone ids,
    # so normalize only changes case (6.2.2.1) and the host stays invalid.
    (LIB, _ids((1268, 1268), (1279, 1281), (1283, 1285), (1336, 1338), (1407, 1407)), "zone-id-normalize"),
    # "256.256.256.256" is no IPv4address (dec-octet <= 255) but is a reg-name (3.2.2): valid.
    (LIB, (147, 1375), "ipv4-reg-name"),
    # The library percent-encodes "%", " ", LF and non-ASCII while parsing.  We split the text as
    # written, which is not a URI (2.1, 2.4); encoding our component gives exactly their value.
    (LIB, _ids((314, 393), (1423, 1423)), "parse-encodes"),
    # "[v12.ip]:" has a port that is present and empty (port = *DIGIT, 3.2.3; 5.3 keeps an
    # empty component apart from an undefined one), not None.
    (LIB, (394,), "empty-port"),
    # "\" is no delimiter: the authority runs to the next "/", "?" or "#" (3.2, Appendix B),
    # so the host holds "\test.corp..." and the reference is invalid at the "\".
    (LIB, (400,), "backslash"),
    # Appendix B's regex takes any [^:/?#]+ before the first ":" as the scheme ("[" of "[::1]",
    # "_" of "_:"); neither string is a valid reference, so no valid one is read differently.
    (LIB, (398,), "appendix-b-scheme"),
    (URITOOLS, (133,), "appendix-b-scheme"),
    # resolve is total, like parse: it raises for no str.  5.2.1 makes an absolute base the
    # caller's precondition (is_valid(base, "absolute-URI")); without one 5.2.2 is applied as is.
    (LIB, _ids((1187, 1206)), "total-resolve"),
    # Base "https:" has no authority and an empty path: 5.2.3 merge gives "foo/bar/bogus", not
    # "/foo/bar/bogus"; and resolution keeps the scheme's case (only normalize lowercases, 6.2.2.1).
    (LIB, _ids((1227, 1231), (1234, 1234)), "merge-no-authority"),
    # 6.2.2.2: "%4C" encodes "L", unreserved, so it is decoded; the library only uppercases hex.
    (LIB, _ids((1239, 1241)), "pct-decode-unreserved"),
    # normalize removes dot-segments from URIs and absolute paths only: in a relative path
    # "./" and "../" mean something until resolution (5.2), and 6.2.2.3 speaks of URIs.
    (LIB, (1249, 1255, 1259, 1263), "relative-dots"),
    # normalize never rewrites the userinfo (it may be a credential), not even hex case.
    (LIB, (1267,), "userinfo-untouched"),
    # 6.2.3: for http an empty path with an authority normalizes to "/".
    (LIB, (1286,), "empty-path-root"),
    # uritools resolves against relative bases (outside 5.2, which needs an absolute base) and
    # keeps leading ".."; 5.2.4 applied to the merged path removes them.
    (URITOOLS, _ids((84, 97)), "relative-base"),
    # getpath keeps leading "." and ".." of relative paths; 5.2.4 remove_dot_segments does not.
    (URITOOLS, (161, 163, 165, 167, 175, 177, 179, 181, 183, 185, 187, 189, 191, 193, 195, 197,
                199, 201, 203, 205, 207, 209), "relative-getpath"),
    # "[v7.future]" is a valid IPvFuture literal (3.2.2); uritools cannot represent it.
    (URITOOLS, (237,), "ipvfuture"),
)


def deviations_of(name: str) -> Dict[int, str]:
    out: Dict[int, str] = {}
    for file, ids, reason in DEVIATIONS:
        if file == name:
            for i in ids:
                assert i not in out, f"{name} id {i} listed twice"
                out[i] = reason
    return out


def _rfc_check(reason: str, v: Vector, ours: Any, theirs: Any) -> None:
    """Hold our answer for a deviating vector to the RFC."""
    text = v["input"]
    if reason == "zone-id":
        assert not urilint.is_valid(text) and "%25" in text
        assert urilint.validate(text)[0].rule == "IPv6address"
    elif reason == "zone-id-normalize":
        host = text if v["kind"] != "invalid" else urilint.parse(text).host
        assert host is not None and not urilint.is_valid("//" + host)
        normalized = ours[1] if v["kind"] == "invalid" else ours
        assert normalized.lower() == host.lower(), "only case may change"
    elif reason == "ipv4-reg-name":
        assert urilint.is_valid(text, "URI") and urilint.parse(text).host_kind == "reg-name"
    elif reason == "parse-encodes":
        assert not urilint.is_valid(text)
        if isinstance(ours, dict):
            assert {k: encode_invalid(x) for k, x in ours.items()} == theirs
        else:
            assert encode_invalid(text) == theirs[1]
    elif reason == "empty-port":
        authority = urilint.parse(text).authority
        assert ours == "" and authority is not None and authority.endswith(":")
    elif reason == "backslash":
        assert "\\" in ours["host"] and urilint.validate(text)[0].offset == text.index("\\")
    elif reason == "appendix-b-scheme":
        assert urilint.parse(text).scheme == text[: text.index(":")]
        assert not any(urilint.is_valid(text, rule) for rule in RULES)
    elif reason == "total-resolve":
        base, ref = text["base"], text["ref"]
        assert not urilint.is_valid(base, "absolute-URI")
        assert urilint.resolve(base, ref) == base + "/" + ref
    elif reason == "merge-no-authority":
        if v["kind"] == "merge_paths":  # base {authority: None, path: None}, as text "x:"
            base, ref = "x:", text["relative_path"]
        else:
            base, ref = text["base"], text["ref"]
        assert urilint.resolve(base, ref) == base + ref
    elif reason == "pct-decode-unreserved":
        assert ours == theirs.replace("%4C", "L")
    elif reason == "relative-dots":
        assert {".", ".."} & set(ours.split("/")) and urilint.normalize(ours) == ours
    elif reason == "userinfo-untouched":
        assert ours.split("@")[0] == text.split("@")[0]
    elif reason == "empty-path-root":
        assert ours == theirs + "/"
    elif reason in ("relative-base", "relative-getpath"):
        if reason == "relative-base":
            assert not urilint.is_valid(text["base"], "absolute-URI")
        assert not {".", ".."} & set(ours.split("/"))
    elif reason == "ipvfuture":
        assert urilint.is_valid(text, "URI") and urilint.parse(text).host_kind == "IPvFuture"
    else:  # pragma: no cover - a reason without a check is a table error
        raise AssertionError(f"no RFC check for reason {reason!r}")


# --- the tests -----------------------------------------------------------------------------
SOURCES: Dict[str, Callable[[Vector], Answer]] = {LIB: lib_answer, URITOOLS: uritools_answer}


def tally(name: str) -> Dict[str, List[int]]:
    """Answer every vector of one file and sort the ids by outcome."""
    answer, deviations = SOURCES[name], deviations_of(name)
    out: Dict[str, List[int]] = {"agree": [], "deviate": [], "not_mapped": [], "wrong": [], "stale": []}
    for v in load(name):
        try:
            ours, theirs = answer(v)
        except NotMapped:
            out["not_mapped"].append(v["id"])
            continue
        if v["id"] in deviations:
            out["deviate" if ours != theirs else "stale"].append(v["id"])
        else:
            out["agree" if ours == theirs else "wrong"].append(v["id"])
    return out


@pytest.mark.parametrize("name", [LIB, URITOOLS])
def test_vectors_agree_or_are_listed_deviations(name: str) -> None:
    result = tally(name)
    by_id = {v["id"]: v for v in load(name)}
    wrong = {i: (by_id[i]["input"], SOURCES[name](by_id[i])) for i in result["wrong"]}
    assert wrong == {}, "disagreements that are not listed deviations: a bug, or a missing entry"
    assert result["stale"] == [], "listed deviations that now agree: remove them from DEVIATIONS"


@pytest.mark.parametrize(
    ("name", "vid", "reason"),
    [pytest.param(name, i, reason, id=f"{name.split('_')[0]}-{i}-{reason}")
     for name, ids, reason in DEVIATIONS for i in ids],
)
def test_deviation_is_the_rfc_answer(name: str, vid: int, reason: str) -> None:
    v = load(name)[vid]
    assert v["id"] == vid
    ours, theirs = SOURCES[name](v)
    assert ours != theirs
    _rfc_check(reason, v, ours, theirs)


# --- RFC 3986 section 5.4, as data ---------------------------------------------------------
def resolution_cases() -> List[Any]:
    path = CONFORMANCE / "resolution.json"
    if not path.exists():
        return [pytest.param(None, id="resolution.json-absent")]
    cases = []
    for case in json.loads(path.read_text(encoding="utf-8")):
        cases.append(pytest.param(case, id=f"{case['section']}-{case['ref']!r}"))
    return cases


@pytest.mark.parametrize("case", resolution_cases())
def test_resolution_examples(case: Optional[Dict[str, str]]) -> None:
    if case is None:
        need_shared(CONFORMANCE / "resolution.json")
        return
    assert urilint.resolve(case["base"], case["ref"]) == case["target"]
    assert urilint.resolve(case["base"], case["ref"], strict=True) == case["target"]
    assert urilint.is_valid(case["target"], "URI")
    # Only "http:g" has a second answer: the backward-compatible, non-strict reading (5.4.2).
    expected_loose = case.get("alt_target", case["target"])
    assert urilint.resolve(case["base"], case["ref"], strict=False) == expected_loose


# --- WHATWG urltestdata: hard inputs, never a verdict ---------------------------------------
def whatwg_inputs() -> List[Tuple[str, Optional[str], bool]]:
    """(input, base, WHATWG says failure) for every test entry (strings are section comments)."""
    entries = [e for e in load("urltestdata.json") if isinstance(e, dict)]
    return [(e["input"], e.get("base"), bool(e.get("failure"))) for e in entries]


def test_whatwg_inputs_are_handled() -> None:
    inputs = whatwg_inputs()
    assert len(inputs) > 800
    for text, base, _ in inputs:
        ref = urilint.parse(text)
        assert str(ref) == text
        for rule in RULES:
            problems = urilint.validate(text, rule)
            assert (problems == []) is urilint.is_valid(text, rule), (text, rule)
            assert all(0 <= p.offset <= len(text) for p in problems), (text, rule)
        once = urilint.normalize(text)
        assert urilint.normalize(once) == once, text
        if base is not None:
            urilint.resolve(base, text)


# --- the figures -----------------------------------------------------------------------------
# vectors: total, not mapped, agree, deviate.  A change here is a change in behaviour: explain it.
EXPECTED_FIGURES = {
    LIB: (1443, 62, 1199, 182),
    URITOOLS: (330, 96, 196, 38),
}


def test_summary(record_property: Callable[[str, object], None], capsys: pytest.CaptureFixture[str]) -> None:
    lines = []
    for name, (total, not_mapped, agree, deviate) in EXPECTED_FIGURES.items():
        r = tally(name)
        got = (sum(len(x) for x in r.values()), len(r["not_mapped"]), len(r["agree"]), len(r["deviate"]))
        assert got == (total, not_mapped, agree, deviate), name
        mapped = total - not_mapped
        by_id = {v["id"]: v["kind"] for v in load(name)}
        kinds = Counter(by_id[i] for i in r["not_mapped"])
        line = (f"{name}: {agree} of {mapped} mapped vectors agree, {deviate} deliberate deviations; "
                f"{total} vectors, {not_mapped} of other APIs not mapped ("
                + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) + ")")
        lines.append(line)
        record_property(name, line)
    resolution = json.loads(need_shared(CONFORMANCE / "resolution.json").read_text(encoding="utf-8"))
    checks = [(c, c["target"], True) for c in resolution]
    checks += [(c, c["alt_target"], False) for c in resolution if "alt_target" in c]
    agree_5_4 = sum(urilint.resolve(c["base"], c["ref"], strict=strict) == t for c, t, strict in checks)
    assert (len(resolution), agree_5_4) == (42, 43)
    lines.append(f"resolution.json: {agree_5_4} of 43 answers agree (42 examples, 1 non-strict alt_target)")
    inputs = whatwg_inputs()
    valid = sum(urilint.is_valid(t) for t, _, _ in inputs)
    accepted_invalid = sum(not f and not urilint.is_valid(t) for t, _, f in inputs)
    rejected_valid = sum(f and urilint.is_valid(t) for t, _, f in inputs)
    lines.append(f"urltestdata.json: {len(inputs)} inputs handled (round trip, validate == is_valid, normalize "
                 f"idempotent); {valid} valid URI-references; WHATWG accepts {accepted_invalid} invalid ones "
                 f"and rejects {rejected_valid} valid ones")
    record_property("urltestdata.json", lines[-1])
    with capsys.disabled():
        print("\n" + "\n".join(lines))
