"""Reference resolution, RFC 3986 section 5.2."""

from __future__ import annotations

from typing import List, Optional

from .reference import URIReference, _check_str, parse


def remove_dot_segments(path: str) -> str:
    """Section 5.2.4, step for step; each output piece is one segment with its leading "/"."""
    _check_str(path, "path")
    out: List[str] = []
    i, n = 0, len(path)
    while i < n:
        if path.startswith("../", i):  # A
            i += 3
        elif path.startswith("./", i):  # A
            i += 2
        elif path.startswith("/./", i):  # B: replace "/./" with "/"
            i += 2
        elif i + 2 == n and path.startswith("/.", i):  # B: replace "/." with "/"
            out.append("/")
            i = n
        elif path.startswith("/../", i):  # C: replace "/../" with "/" and drop the last segment
            i += 3
            if out:
                out.pop()
        elif i + 3 == n and path.startswith("/..", i):  # C: "/.." at the end
            if out:
                out.pop()
            out.append("/")
            i = n
        elif (n - i == 1 and path[i] == ".") or (n - i == 2 and path.startswith("..", i)):  # D
            i = n
        else:  # E: move the first segment, with its leading "/" if any, to the output
            j = path.find("/", i + 1 if path[i] == "/" else i)
            j = n if j == -1 else j
            out.append(path[i:j])
            i = j
    return "".join(out)


def _merge(base: URIReference, ref_path: str) -> str:
    # Section 5.2.3
    if base.authority is not None and base.path == "":
        return "/" + ref_path
    cut = base.path.rfind("/")
    return base.path[: cut + 1] + ref_path if cut != -1 else ref_path


def resolve(base: str, ref: str, *, strict: bool = True) -> str:
    """Resolve ``ref`` against ``base`` by section 5.2.2.

    With ``strict=False`` a reference whose scheme equals the base's (compared without case,
    as schemes are case-insensitive, section 3.1) is read as relative: the backward-compatible
    reading the section allows (``http:g`` -> ``http://a/b/c/g``).
    """
    _check_str(base, "base")
    _check_str(ref, "ref")
    b, r = parse(base), parse(ref)
    r_scheme: Optional[str] = r.scheme
    authority: Optional[str]
    query: Optional[str]
    scheme: Optional[str]
    if not strict and r_scheme is not None and b.scheme is not None and r_scheme.lower() == b.scheme.lower():
        r_scheme = None
    if r_scheme is not None:
        scheme, authority, path, query = r_scheme, r.authority, remove_dot_segments(r.path), r.query
    else:
        scheme = b.scheme
        if r.authority is not None:
            authority, path, query = r.authority, remove_dot_segments(r.path), r.query
        else:
            authority = b.authority
            if r.path == "":
                path = b.path
                query = r.query if r.query is not None else b.query
            else:
                path = remove_dot_segments(r.path if r.path.startswith("/") else _merge(b, r.path))
                query = r.query
    if authority is None and path.startswith("//"):
        # Section 3.3: without an authority a path cannot begin with "//" ("x:/a" and ".//b:c"
        # would otherwise give "x://b:c", whose "b:c" reads as an authority).  "/." before it is
        # the same path once dot-segments are removed (5.2.4) and keeps the path a path.
        path = "/." + path
    target = URIReference(scheme, authority, None, None, None, path, query, r.fragment)
    return str(target)
