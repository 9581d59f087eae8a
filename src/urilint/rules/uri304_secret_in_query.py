"""URI304 secret-in-query."""

from __future__ import annotations

from typing import Dict, Iterator, List

from .. import secrets
from ..finding import Finding
from .base import CREDENTIALS, Analysis, CleanShape, Example, Rule, Sign


def check(a: Analysis) -> Iterator[Finding]:
    if a.security_exempt():
        return
    candidates = secrets.other_secrets(a.text, a.ref, a.settings.placeholders, a.may_hold_secret())
    if not candidates:
        return
    image = _names_an_image(a)
    found = [s for s in candidates
             if (s.kind != "parameter" or secrets.parameter_worth_a_finding(a.text, a.ref, s.name, a.real_secrets_only))
             and a.secret_worth_reporting(*s.span, real_only=image)]  # not a dummy, nor next to a documentation host
    if not found:
        return
    # One finding for the URI, at the first secret; the message names every one (their names
    # as written, never a value: the message is built from parts that hold no secret).
    params = [s for s in found if s.kind == "parameter"]
    clauses = []
    if params:
        groups: Dict[str, List[str]] = {}
        for s in params:
            groups.setdefault(s.where, []).append(repr(s.name))
        named = _and([f"{where} parameter{'s' if len(names) > 1 else ''} {_and(names)}"
                      for where, names in groups.items()])
        clauses.append(f"{named} carries a secret (value hidden)" if len(params) == 1
                       else f"{named} carry secrets (values hidden)")
    for s in found:
        if s.kind == "token":
            clauses.append(f"the {s.where} holds a token or access key (hidden)")
        elif s.kind == "webhook":
            clauses.append("the path holds a webhook's or bot's secret (hidden)")
    clauses = list(dict.fromkeys(clauses))
    it = "it" if len(found) == 1 else "them"
    advice = (f"send {it} in a header or read {it} from the environment" if params
              else f"read {it} from the environment or a secret store")
    start, end = found[0].span
    yield RULE.finding(start, end, f"{' and '.join(clauses)}; {advice}")


#: The end of the path of a URI that names an image: a badge or picture that a page embeds.
_IMAGE_ENDS = (".svg", ".png", ".gif", ".jpg", ".jpeg", ".webp", "/badge")


def _names_an_image(a: Analysis) -> bool:
    """An image's URL is fetched by the browser of everyone who reads the page that shows it, so
    what its query holds is published by design: Codecov's "graph/badge.svg?token=..." is a
    read-only token made for a README.  Only a value that looks real is reported there."""
    return (a.ref.path or "").lower().endswith(_IMAGE_ENDS)


def _and(items: List[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def screen(shape: CleanShape) -> bool:
    return secrets.may_hold_secret(shape.given or shape.text)  # (the checker's later test then hits the cache)


RULE = Rule(
    code="URI304",
    name="secret-in-query",
    summary="A token, key, signature or password in a query parameter",
    reference="RFC 3986 section 7.5; RFC 6750 section 5.3 (bearer tokens in URIs); OWASP",
    fix_safety="none",
    default=True,
    reads="characters",
    family=CREDENTIALS,
    severity="error",
    security_severity="7.5",
    cwe=798,
    screen=screen,
    signs=Sign.SECRET,
    secret=True,
    doc="""\
## What it does
Reports query parameters whose name says secret (`access_token`, `api_key`, `apikey`,
`password`, `client_secret`, `X-Amz-Signature`, `jsessionid`; and `token`, `key`, `sig`,
`signature`, `code` when the value looks random) with a value that is not a placeholder, and
values shaped like well-known token formats (`ghp_...`, `xoxb-...`, `AKIA...`, `AIza...`,
`sk_live_...`, JWTs) under any name.  Names are read percent-decoded (`access%5Ftoken` is
`access_token`).  The same holds beyond the query: the fragment's parameters (OAuth's implicit
flow returns `#access_token=...&id_token=...`), path parameters (`;jsessionid=...`), a token or
cloud access key id anywhere in the URI, and the secret part of a webhook or bot URL (Slack
`hooks.slack.com/services/T.../B.../<secret>`, Discord `/api/webhooks/<id>/<secret>`,
Telegram `/bot<id>:<secret>/`, Teams, Zapier, IFTTT).  The value is never shown.

## What is not reported
Dummy values (one character, demo or default words, RFC 3092's `foo` ... `xyzzy`, `[Filtered]`,
keyboard sequences such as `1234567890abcdef` or `abcd_efgh`, values that say `fake` or `dummy`)
and any value next to a host reserved for documentation (`example.com`,
`*.example`, `*.test`, `*.invalid`), unless it has the shape of a real token or is long and
high-entropy.  A value marked as an example (`AKIAIOSFODNN7EXAMPLE`, an id with `xmpl`, as AWS's
documentation writes them), and every secret of a URI whose userinfo or a parameter holds
`EXAMPLE` inside a key (a signed URL's signature beside the key id `APKA...EXAMPLE`) or whose
userinfo or credential says `fake` or `dummy` as a word (a test's signed URL whose credential is
`fake_service_account_email/...`), are not reported either.  In test data, generated files and
examples only real-looking values are reported, and so in the URL of an image (a badge a README
embeds: Codecov's `graph/badge.svg?token=...` is a read-only token made to be published).  OAuth
1.0's `oauth_signature` serves one request (it is bound to a nonce and a timestamp, RFC 5849
section 3.3), and a session id (`jsessionid`, `PHPSESSID`...) in test data is a recorded visit's:
neither is reported, both are masked, and neither is in test data the signature, credential
or session token of a V4 presigned URL that lives seven days or less (`X-Amz-Expires=300`: a
recorded redirect's); nor is a value a service hands out to be shared (the
passcode a Zoom invitation carries, `https://zoom.us/j/95228013874?pwd=...`).  Values that
specifications and guides publish as examples (RFC 6749's authorization code
`SplxlOBeZQQYbYS6WxSbIA`, the Key Uri Format's TOTP secret, the token of Jupyter's documented
start-up output) are
dummies.  This rule also runs inside code blocks and spans.

## Why is this bad?
Query strings are logged by servers and proxies, kept in browser history and sent in Referer
headers (RFC 6750 section 5.3: "Don't pass bearer tokens in page URLs").

## Example
`https://api.vendor.io/v1/items?api_key=9f8e7d6c5b4a3921`

## Fix safety
No fix: move the secret to a header or an environment variable.
""",
    bad=(
        Example("https://api.vendor.io/v1/items?api_key=9f8e7d6c5b4a3921"),
        Example("https://app.vendor.io/cb?access_token=ya29.a0AfH6SMBx"),
        Example("https://bucket.s3.amazonaws.com/f?X-Amz-Signature=9c1e4b7a20fd3e58"),
        Example("https://api.vendor.io/?token=a9c1d7e3f0b2"),
        Example("https://example.com/?q=1&t=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM"),
        Example("https://api.vendor.io/?password=hunter22"),
        Example("https://api.example.com/v1/items?api_key=9f8e7d6c5b4a3921"),
        Example("https://app.vendor.io/cb#access_token=ya29.A0AfH6SMBx&token_type=bearer"),
        Example("https://app.vendor.io/#/callback?id_token=q7RkX2mZp9LwT4v"),
        Example("https://app.vendor.io/cb?code=4P9xk2LmQ8zT&state=af0ifjsldkj"),
        Example("https://shop.vendor.io/cart;jsessionid=0A1B2C3D4E5F6A7B"),
        Example("https://api.vendor.io/?access%5Ftoken=tok3nValue42x"),
        Example("https://api.vendor.io/v1/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVm/x"),
        Example("https://bucket.s3.amazonaws.com/AKIAQWERTYUIOP123456/f"),
        Example("https://hooks.slack.com/services/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"),
        Example("https://discord.com/api/webhooks/123456789012345678/8a8cVC-hzDMogrJFhFBLU6WX8Hw5CKJq9xRpG"),
        Example("https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage"),
    ),
    good=(
        "https://example.com/?api_key={key}",
        "https://example.com/?api_key=${API_KEY}",
        "https://example.com/?api_key=YOUR_API_KEY",
        "https://example.com/?api_key=<api-key>",
        "https://example.com/?token=%s",
        "https://example.com/?key=README",
        "https://example.com/?token=",
        "https://example.com/?page=2&sort=asc",
        "https://example.com/?sig=abc",
        "https://example.com/?access_token=xxx",
        "https://example.com/?password=****",
        "https://example.com/#access_token=notaquery",
        "https://example.com/cb?access_token=ya29.a0AfH6SMBx",
        "https://example.com/?password=hunter22",
        "https://api.vendor.io/?token=[Filtered]",
        "https://api.vendor.io/?auth=1234567890abcdef",
        "https://api.vendor.io/?password=changeme",
        "https://api.vendor.io/?api_key=x",
        "https://github.com/o/r/issues/task-attached-to-a-different-loop",
        "https://codecov.io/gh/o/r/branch/master/graph/badge.svg?token=yenl5fzxxr",
        "https://docs.vendor.io/sk-learn-preprocessing-standard-scaler-guide",
        "https://app.vendor.io/cb#access_token={token}",
        "https://app.vendor.io/#section-access_token",
        "https://shop.vendor.io/?code=US",
        "https://shop.vendor.io/?code=404",
        "https://shop.vendor.io/cart;jsessionid=${SESSION}",
        "https://api.vendor.io/?access%5Ftoken=YOUR_TOKEN",
        "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        "https://discord.com/channels/123456789012345678/123456789012345678",
        "https://api.telegram.org/bot<token>/getMe",
        "https://vendor.io/blog/2024/eyJ-is-how-a-jwt-starts",
    ),
    check=check,
)
