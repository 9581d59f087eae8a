"""URI301 password-in-userinfo."""

from __future__ import annotations

from typing import Iterator

from .. import secrets
from ..finding import Finding
from .base import CREDENTIALS, Analysis, Example, Rule, never


def check(a: Analysis) -> Iterator[Finding]:
    if a.security_exempt():
        return
    user = secrets.user_token_span(a.ref)
    if user is not None:
        yield RULE.finding(user[0], user[1], "the user name is an access token; keep it out of the URI "
                           "(read it from an environment variable)")
        return
    pw = secrets.password_span(a.ref)
    if pw is None or not secrets.password_is_secret(a.text, pw, a.settings.placeholders):
        return
    if a.userinfo_is_misleading():
        return  # URI303 reports "host:port@" userinfo; the "password" is a port number
    username = (a.ref.userinfo or "").split(":", 1)[0]
    shown = f"{secrets.redact_in(username, [a.text[pw[0]:pw[1]]])}:{secrets.MASK}@{a.ref.host or ''}"
    yield RULE.finding(pw[0], pw[1], f"password in the URI ({shown}); read it from an environment "
                       "variable or a secret store instead")


RULE = Rule(
    code="URI301",
    name="password-in-userinfo",
    summary="A password in 'user:password@', or an access token as the user name",
    reference="RFC 3986 section 3.2.1 (\"user:password\" is deprecated) and section 7.5",
    fix_safety="none",
    default=True,
    family=CREDENTIALS,
    severity="error",
    security_severity="7.5",
    cwe=798,
    screen=never,
    doc="""\
## What it does
Reports `user:password@` in any scheme (`postgres://`, `redis://:pw@`, `amqp://`, `https://`...),
taking the userinfo up to the last `@` before the host, and user names that are access tokens
(`https://ghp_...@github.com/`).  The password is never shown: messages render `user:****@host`.

## Why is this bad?
"Applications should not render as clear text any data after the first colon" (section 3.2.1);
a URI in code or docs ends up in logs, screenshots and version history.

## Example
`postgres://admin:s3cr3t@db.example.com/prod`

## Fix safety
No automatic fix: move the secret to an environment variable (`postgres://admin:${DB_PASSWORD}@...`).
Placeholders are not passwords: `{pw}`, `${PW}`, `$PW`, `<password>`, `{{ pw }}`, `%(pw)s`, `%s`,
`****`, `xxx`, `...`, `password`, and the optional part of a syntax description
(`[user[:password]@]`: the brackets at the ends of the value are not judged).
""",
    bad=(
        Example("postgres://admin:s3cr3t@db.example.com/prod"),
        Example("redis://:hunter2pw@cache.internal:6379/0"),
        Example("amqp://guest:Gu3st!@rabbit/vhost"),
        Example("https://user:p%40ss@example.com/"),
        Example("mysql://root:a@b@db/x"),
        Example("https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r.git"),
        Example("https://[user[:s3cr3tPW]@]example.org/"),
    ),
    good=(
        "postgres://admin:{pw}@db/prod",
        "postgres://admin:${DB_PASSWORD}@db/prod",
        "postgres://admin:$PW@db/prod",
        "postgres://admin:<password>@db/prod",
        "postgres://admin:{{ pw }}@db/prod",
        "postgres://admin:%(pw)s@db/prod",
        "postgres://admin:%s@db/prod",
        "postgres://admin:****@db/prod",
        "postgres://admin:xxx@db/prod",
        "postgres://admin:...@db/prod",
        "postgres://user:password@localhost/db",
        "https://user@example.com/",
        "https://user:@example.com/",
        "https://example.com/a:b@c",
        "postgresql://[user[:password]@][netloc][:port][/dbname]",
    ),
    check=check,
)
