"""URI301 password-in-userinfo."""

from __future__ import annotations

from typing import Iterator

from .. import secrets
from ..finding import Finding
from ..rfc3986 import lazy
from .base import CREDENTIALS, Analysis, Example, Rule, Sign, never

#: The start of a host list's userinfo: a host and a port, then a comma.
_HOST_PORT_COMMA = lazy.compile(r"[^:,@\[\]]+:[0-9]*,")


def check(a: Analysis) -> Iterator[Finding]:
    if a.security_exempt():
        return
    user = secrets.user_token_span(a.ref)
    if user is not None:  # a token-shaped user name is real-looking by definition ...
        if not (a.marked_as_example() or secrets.is_dummy(a.text[user[0]:user[1]])):  # ... unless marked so
            yield RULE.finding(user[0], user[1], "the user name is an access token; keep it out of the URI "
                               "(read it from an environment variable)")
        return
    pw = secrets.password_span(a.ref)
    if pw is None or not secrets.password_is_secret(a.text, pw, a.settings.placeholders):
        return
    username = shown_user = (a.ref.userinfo or "").split(":", 1)[0]
    if ("," in a.text[pw[0]:pw[1]] and ("." in username or username == "localhost")
            and _HOST_PORT_COMMA.match(a.ref.userinfo or "") is not None):
        # A host list ("https://h1.example:123,user:pw@h2/", PostgreSQL's and MongoDB's
        # multi-host URLs): the userinfo is the last host's, after the last ",".  Its user name
        # lies in the span every output masks (all of it after the first ":"), so the message
        # does not name it either.  (Else, "admin:4411,Zq8:Wp7@": a password holding a comma
        # and a colon, judged whole.)
        last = (a.ref.userinfo or "").rsplit(",", 1)[1]
        if ":" not in last:
            return  # "h1.example:123,h2@": a port, not a password
        username, shown_user = last.split(":", 1)[0], secrets.MASK
        pw = (pw[1] - len(last) + len(username) + 1, pw[1])
    if not a.secret_worth_reporting(*pw, user=username):
        return  # a dummy (guest:guest, one letter, changeme), or next to a documentation host
    if a.userinfo_is_misleading():
        return  # URI303 reports "host:port@" userinfo; the "password" is a port number
    # Built from parts that are not the password (the checker masks any copy of a secret that
    # a part still holds, by position): masking the password's value wherever it occurs would
    # turn a user "pablo" with the password "p" into "****ablo".
    shown = f"{shown_user}:{secrets.MASK}@{a.ref.host or ''}"
    yield RULE.finding(pw[0], pw[1], f"password in the URI ({shown}); read it from an environment "
                       "variable or a secret store instead")


RULE = Rule(
    code="URI301",
    name="password-in-userinfo",
    summary="A password in 'user:password@', or an access token as the user name",
    reference="RFC 3986 section 3.2.1 (\"user:password\" is deprecated) and section 7.5",
    fix_safety="none",
    default=True,
    reads="characters",
    family=CREDENTIALS,
    severity="error",
    security_severity="7.5",
    cwe=798,
    screen=never,
    signs=Sign.USERINFO,
    secret=True,
    doc="""\
## What it does
Reports `user:password@` in any scheme (`postgres://`, `redis://:pw@`, `amqp://`, `https://`...),
taking the userinfo up to the last `@` before the host, and user names that are access tokens
(`https://ghp_...@github.com/`).  The password is never shown: messages render `user:****@host`.

## What is not reported
Dummies are not secrets: a password that is one character, the user name again (`guest:guest`),
a demo or default word (`changeme`, `guest`, `admin`, `tiger`, `123456` ...) or one of RFC 3092's
metasyntactic words (`foo` ... `xyzzy`, `thud`), a value that says it is made up (`fake`, `dummy`,
`example` in it), a bracketed word (`[secure]`, `[Filtered]`), a name for the secret
(`aws_secret_access_key`, `a%20secret`), a secret's name or demo word with a counter (`pass2`,
`admin1`) or a keyboard sequence, separators aside (`ABCDEFGH...`,
`1234567890abcdef`, `abcd_efgh`); a password beside a user name that stands for any user (`user`,
`username`, `anonymous` ...) unless it looks real; a CVSROOT's access method and user
(`cvs://:pserver:anoncvs@host:/cvs`); `pw`, and "password" in leetspeak (`p@ssw0rd`, `Passw0rd!`);
the names of a URI's parts where a scheme's syntax puts them (fsspec's `github://org:repo@sha/`);
a "password" that a syntax description's optional part ends (`git://[repo[:]][ref@]path`); in a
host list (`https://h1:123,user:pw@h2/`), only the last host's userinfo is judged; nor is a
credential next to a host reserved for documentation (RFC 2606, RFC 6761: `example.com`, `.net`,
`.org`, `*.example`, `*.test`, `*.invalid`).  Unless the value has the shape of a real one: a
known token format (`ghp_...`, `AKIA...`, a JWT) or a long high-entropy value, which is reported
whatever surrounds it, and is not marked as an example
(`AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI...EXAMPLEKEY@`, as AWS's documentation writes its example
keys; also in a token-shaped user name).  In test
data, generated files and examples (`test-paths`, `generated-paths`, `example-paths`) only those
real-looking values are reported.  This rule also runs inside code blocks and spans: a password in
a fenced example is still published.

## Why is this bad?
"Applications should not render as clear text any data after the first colon" (section 3.2.1);
a URI in code or docs ends up in logs, screenshots and version history.

## Example
`postgres://admin:s3cr3t@db.prod.internal/app`

## Fix safety
No automatic fix: move the secret to an environment variable (`postgres://admin:${DB_PASSWORD}@...`).
Placeholders are not passwords: `{pw}`, `${PW}`, `$PW`, `<password>`, `{{ pw }}`, `%(pw)s`, `%s`,
`****`, `xxx`, `...`, `password`, and the optional part of a syntax description
(`[user[:password]@]`: the brackets at the ends of the value are not judged).
""",
    bad=(
        Example("postgres://admin:s3cr3t@db.prod.internal/app"),
        Example("postgres://app:Xk9mQ2vL7pR4wZt8@db.example.com/prod"),
        Example("redis://:hunter2pw@cache.internal:6379/0"),
        Example("amqp://guest:Gu3st!@rabbit/vhost"),
        Example("https://deploy:p%40ss@api.vendor.io/"),
        Example("mysql://root:a@b@db/x"),
        Example("https://ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM@github.com/o/r.git"),
        Example("https://[user[:s3cr3tPW]@]example.org/"),
        Example("https://h1.vendor.io:5432,app:Zq8vLm2Rt7xK@h2.vendor.io/db"),
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
        "https://user:he%2F%2Fo@pypi.company.com/simple",
        "http://jschmoe:xyzzy@www.bogus.net:8000/foo/bar.tml",
        "cvs://:pserver:anoncvs@sources.redhat.com:/cvs/src",
        "github://org:repo@sha/precip/catalog.yml",
        "git://[path-to-repo[:]][ref@]path/to/file",
        "https://h1.vendor.io:5432,app:pw@h2.vendor.io/db",
        "https://svc:s3FakePass99@db.vendor.io/",
        "https://user@example.com/",
        "https://user:@example.com/",
        "https://example.com/a:b@c",
        "postgresql://[user[:password]@][netloc][:port][/dbname]",
        "postgres://admin:s3cr3t@db.example.com/prod",
        "amqp://guest:guest@localhost:5672//",
        "postgres://scott:tiger@localhost/mydatabase",
        "redis://:changeme@cache.internal:6379/0",
        "https://u:p@host.internal/",
        "https://user:[secure]@proxy.internal/",
        "sqs://aws_access_key_id:aws_secret_access_key@",
        "sqs://ABCDEFGHIJKLMNOPQRST:ZYXK7NiynGlTogH8Nj+P9nlE73sq3@",
        "https://user:1234567890abcdef@api.internal/",
    ),
    check=check,
)
