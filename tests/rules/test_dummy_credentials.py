"""Credentials that documentation and fixtures make up, and the real-looking ones beside them.

Two tables of whole URIs: dummies no maintainer would call a leak (URI301 and URI304 stay quiet,
and the value is still masked wherever the URI is shown), and credentials of the same shapes
that must still be reported.  Each dummy row names the class it stands for; the real row beside
it is the nearest value of that class that is a secret.
"""

from __future__ import annotations

from typing import Set

import pytest

from urilint import secrets
from urilint.checker import check
from urilint.pipeline import TEST, check_text
from urilint.settings import Settings

ALL = Settings(select=frozenset({"ALL"}))
CREDENTIAL_RULES = {"URI301", "URI304"}
_SIG = "9701aa8c722487256002e5a7532ad991703075e6f71a26af8107147635cc2a"
_SIGNED = ("https://storage.googleapis.com/b/o?x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential={}"
           "%2F19000101%2Fus-east1%2Fstorage%2Fgoog4_request&x-goog-signature=" + _SIG)

_JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0"

DUMMIES = [
    # A keyboard sequence split by separators.
    pytest.param("https://test.com/?apiKey=abcd_efgh", id="sequence-with-underscore"),
    pytest.param("https://api.vendor.io/?api_key=1234-5678-9012", id="digit-groups-in-order"),
    # RFC 3092's metasyntactic variables.
    pytest.param("http://jschmoe:xyzzy@www.bogus.net:8000/foo/bar.tml", id="rfc3092-xyzzy"),
    pytest.param("redis://:quux@cache.vendor.io:6379/0", id="rfc3092-quux"),
    # A fixture's credential says it is fake, and so is the signature made with it.
    pytest.param(_SIGNED.format("fake_service_account_email"), id="fake-credential-signed-url"),
    pytest.param("https://api.vendor.io/?access_token=dummy-token-4f9a8b7c6d5e", id="dummy-in-the-value"),
    pytest.param("https://fake:Zx8Qw3Rt6Yu9Io2Pa5Sd@db.vendor.io/", id="fake-user"),
    pytest.param("https://deploy:s3FakePass99@db.vendor.io/", id="fake-inside-a-password"),
    # A CVSROOT read as a URI: the "password" is the access method and the user.
    pytest.param("cvs://:pserver:anoncvs@sources.redhat.com:/cvs/src", id="cvsroot-pserver"),
    pytest.param("cvs://:ext:developer@cvs.vendor.io:/cvsroot/p", id="cvsroot-ext"),
    # A placeholder user with a made-up password.
    pytest.param("https://user:he%2F%2Fo@pypi.company.com/simple", id="placeholder-user-short-password"),
    pytest.param("postgres://username:pgpass01@db.vendor.io/app", id="username-word"),
    # Words that name the secret, with encoded spaces between them.
    pytest.param("HTTPS://jo%40email.com:a%20secret@m\u00fcller.de:1234/pa%20th", id="words-naming-a-secret"),
    pytest.param("https://deploy:my+password@db.vendor.io/", id="plus-joined-words"),
    pytest.param("https://deploy:your%20password%20here@db.vendor.io/", id="a-sentence-naming-it"),
    # Short once percent-decoded, beside a documentation host or a placeholder user (scrapy's
    # and sqlalchemy's tests of password escaping).
    pytest.param("ftp://me:user%40domain.com@www.example.com/index.html", id="encoded-at-beside-example-host"),
    pytest.param("dbtype://username:apples%2Foranges@hostspec/database", id="encoded-slash-beside-placeholder-user"),
    # A value cut short where it is shown.
    pytest.param("http://localhost:8888/?token=c8de56fa...", id="cut-short-token"),
    pytest.param("https://deploy:Zq7pw8\u2026@db.vendor.io/", id="cut-short-password"),
    # A badge's read-only token, published in every README that embeds it.
    pytest.param("https://codecov.io/gh/o/r/branch/master/graph/badge.svg?token=yenl5fzxxr", id="badge-token"),
    pytest.param("https://api.vendor.io/chart.PNG?token=a9c1d7e3f0b2", id="image-token"),
    # A secret's name or demo word with a counter: a doctest's second user (pipenv's).
    pytest.param("https://user2:pass2@mydomain.com/some/path", id="numbered-pass"),
    pytest.param("https://api.vendor.io/?token=token123", id="numbered-token"),
    # Fillers: long ascending runs, case and separators aside, after a token's prefix or words
    # (apprise's Slack fixtures, dulwich's GitHub token).
    pytest.param("https://ci.vendor.io/?token=xoxb-1234-1234-abc123", id="token-format-with-filler"),
    pytest.param("https://ghp_AbCdEfGhIjKlMnOpQrStUvWxYz1234567890@github.com/", id="token-user-alphabet"),
    pytest.param("https://api.vendor.io/?apikey=pingram_sk_abc123", id="words-then-filler"),
    pytest.param("qq://?token=abc123def456ghi789jkl012mno345pq", id="runs-of-three"),
    # "password" in leetspeak, a demo word with a counter and a sign (rfc3986's docs).
    pytest.param("https://us3r:p%40ssw0rd@api.vendor.io", id="leet-password"),
    pytest.param("postgres://app:Passw0rd!@db.vendor.io/x", id="password-leet-and-sign"),
    pytest.param("postgresql+psycopg2://scott:P%40ssw%25rd@db.vendor.io:5432/testdb", id="password-leet-percent-escaped"),
    pytest.param("postgresql+psycopg2://scott:P%%40ssw%%25rd@db.vendor.io/testdb", id="password-escaped-for-configparser"),
    pytest.param("postgres://app:admin123!@db.vendor.io/x", id="demo-word-counter-sign"),
    # A test account's password (feedparser's guide to HTTP authentication).
    pytest.param("http://test:basic@feeds.vendor.io/basic_auth.xml", id="test-account"),
    # Values the specifications publish (RFC 6749, the Key Uri Format, jwt.io's token).
    pytest.param("https://client.vendor.io/cb?code=SplxlOBeZQQYbYS6WxSbIA", id="rfc6749-code"),
    pytest.param("otpauth://totp/Example:alice@vendor.io?secret=JBSWY3DPEHPK3PXP&issuer=Example",
                 id="key-uri-format-secret"),
    pytest.param("https://api.vendor.io/?id_token=" + _JWT_HEAD + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
                 id="jwt-io-signature"),
    pytest.param("https://account.blob.core.windows.net/c?sv=2015-04-05&sig=Z%2FRHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk%3D",
                 id="microsoft-sas-guide-signature"),
    pytest.param("http://localhost:8888/?token=c8de56fa4deed24899803e93c227592aef6538f93025fe01",
                 id="jupyter-documented-token"),
    # A Zoom invitation's passcode: handed out to be shared (community calls' READMEs).
    pytest.param("https://zoom.us/j/95228013874?pwd=Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0.1", id="zoom-invite-passcode"),
    pytest.param("https://us02web.zoom.us/j/87503265754?pwd=cEFJXq7ZkP3t9JQ6VRoxt2Wk4P8K6", id="zoom-regional-invite"),
    # The Maps JavaScript API's key: every visitor's browser loads it from the page.
    pytest.param("https://maps.googleapis.com/maps/api/js?key=CYekq7RzP2mWx9LbT4nVd8sHf3Gk1JcQy6uEoA0&v=quarterly",
                 id="maps-javascript-loader-key"),
    # A template: the secret goes in a slot (mkdocstrings' and apprise's tests).
    pytest.param("http://prefix${USERNAME}suffix:prefix${PASSWORD}suffix@host.vendor.io/path",
                 id="template-around-a-slot"),
    pytest.param("pushward://hlk_Zq7pw8Lk?key={E2EE_KEY}{options}", id="two-slots"),
    # Part names where a user and password would stand: a scheme's syntax (fsspec, MLflow).
    pytest.param("github://org:repo@sha/precip/catalog.yml", id="part-names-org-repo"),
    pytest.param("models://scope:prefix@databricks/model-name/stage-or-version", id="part-names-scope-prefix"),
    # A slot holding the "@" that ended the "password": a syntax description's optional part.
    pytest.param("git://[path-to-repo[:]][ref@]path/to/file", id="optional-part-holds-the-at"),
    # "pw" is short for "password" (peewee's docs), with a counter too.
    pytest.param("postgresql://postgres:pw@localhost/my_app", id="pw"),
    pytest.param("postgresql://postgres:pw1@db.vendor.io/my_app", id="pw-numbered"),
    # A demo of escaping: a dummy behind an encoded delimiter (furl's docs).
    pytest.param("http://bob:%3Apass@api.vendor.io", id="encoded-delimiter-then-a-dummy"),
    # A host list: the userinfo is the last host's ("foo:bar" is a dummy), or there is none.
    pytest.param("https://foo.com:123,foo:bar@bar.com/path", id="host-list-dummy"),
    pytest.param("https://h1.vendor.io:123,h2.vendor.io@bar.com/", id="host-list-no-password"),
    # The last host's user is the one judged: a test account's weak password there is a test's.
    pytest.param("https://h1.vendor.io:5432,testuser:Mx7Ja2@h2.vendor.io/db", id="host-list-test-account"),
    # An Oracle demo account's password, made to pass a password policy (SQLAlchemy's SQL
    # Server test login).
    pytest.param("mssql+pymssql://scott:tiger^5HHH@mssql2022:1433/test", id="demo-account-with-policy-suffix"),
    pytest.param("oracle://SYSTEM:manager@db.vendor.io:1521/xe", id="demo-account-default-login"),
    # OAuth 1.0's temporary credentials' identifier, which its authorization request and the
    # callback carry in the query (RFC 5849 2.2), and the one-time verifier (requests-oauthlib).
    pytest.param("https://api.vendor.io/oauth/authorize?oauth_token=Zk3Qp9LmXv7Rt4Wn8Ys1&oauth_callback=x",
                 id="oauth1-authorization-request"),
    pytest.param("https://api.vendor.io/oauth/authenticate?oauth_token=Zk3Qp9LmXv7Rt4Wn8Ys1", id="oauth1-authenticate"),
    pytest.param("https://printer.vendor.io/ready?oauth_token=Zk3Qp9LmXv7Rt4Wn8Ys1&oauth_verifier=Hc6Jd0Wn8Ys1Rt4",
                 id="oauth1-callback-with-verifier"),
    # OAuth 1.0's signature serves one request (RFC 5849 3.3): masked, not reported.
    pytest.param("http://i.b/path?oauth_nonce=14205877133089&oauth_signature=Zk3Qp9Lm%2BXv7Rt4Wn8Ys1Hc6Jd0%3D",
                 id="oauth1-signature"),
]
REAL = [
    pytest.param("https://test.com/?apiKey=abcd_efgz91", "abcd_efgz91", id="sequence-broken"),
    pytest.param("https://api.vendor.io/?api_key=1234-9876-5012", "1234-9876-5012", id="digit-groups-not-in-order"),
    pytest.param("http://jschmoe:xyzzy2024Q@www.bogus.net/", "xyzzy2024Q", id="metasyntactic-word-in-a-password"),
    pytest.param("redis://:quuxbar7Zr@cache.vendor.io:6379/0", "quuxbar7Zr", id="word-plus-more"),
    pytest.param("mssql+pymssql://deploy:tiger^5HHH@db.vendor.io/x", "tiger^5HHH", id="demo-word-of-another-user"),
    pytest.param("oracle://scott:Zq8vLm2Rt7xK@db.vendor.io/x", "Zq8vLm2Rt7xK", id="demo-user-real-password"),
    pytest.param(_SIGNED.format("svc-prod%40proj.iam.gserviceaccount.com"), _SIG, id="real-signed-url"),
    pytest.param("https://api.vendor.io/?access_token=4f9a8b7c6d5e3a2b1c0d", "4f9a8b7c6d5e3a2b1c0d",
                 id="no-mark-in-the-value"),
    pytest.param("https://api.vendor.io/?api_key=9f8e7d6c5b4a3921&mode=fake", "9f8e7d6c5b4a3921",
                 id="fake-in-a-plain-value"),
    pytest.param("cvs://:pserver:anoncvs:S3cretCvs@cvs.vendor.io:/cvs/src", "pserver:anoncvs:S3cretCvs",
                 id="cvsroot-with-a-password"),
    pytest.param("https://:pserver@h.vendor.io/", "pserver", id="method-word-alone"),
    pytest.param("https://fakir:Zx8Qw3Rt6Yu9Io2Pa5Sd@db.vendor.io/", "Zx8Qw3Rt6Yu9Io2Pa5Sd", id="user-near-the-mark"),
    pytest.param("https://user:Zx8Qw3Rt6Yu9Io2Pa5Sd@pypi.company.com/simple", "Zx8Qw3Rt6Yu9Io2Pa5Sd",
                 id="placeholder-user-real-looking-password"),
    pytest.param("postgres://deploy:pgpass01@db.vendor.io/app", "pgpass01", id="named-user-short-password"),
    pytest.param("https://deploy:s3FarePass99@db.vendor.io/", "s3FarePass99", id="near-the-mark-in-a-password"),
    pytest.param("https://deploy:a%20secret%207Zq4@db.vendor.io/", "a%20secret%207Zq4", id="words-and-a-code"),
    pytest.param("https://deploy:correct%20horse%20battery%20staple@db.vendor.io/",
                 "correct%20horse%20battery%20staple", id="passphrase-without-a-secret-word"),
    pytest.param("https://deploy:my+pass%21word@db.vendor.io/", "my+pass%21word", id="punctuation-inside"),
    pytest.param("https://mike.keyes:Zq7pw8Lk@db.vendor.io/", "Zq7pw8Lk", id="dotted-user-holding-a-secret-word"),
    pytest.param("ftp://me:Zq7pw8Lk%40r2Tx9Vb4Nm@www.example.com/", "Zq7pw8Lk%40r2Tx9Vb4Nm", id="long-once-decoded"),
    pytest.param("dbtype://username:Zq7pw8Lk%2Fr2Tx9Vb4Nm@hostspec/database", "Zq7pw8Lk%2Fr2Tx9Vb4Nm",
                 id="real-looking-beside-placeholder-user"),
    pytest.param("http://x.vendor.io/?token=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM...",
                 "ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="whole-token-then-an-ellipsis"),
    pytest.param("http://x.vendor.io/?token=c8de56fa...more", "c8de56fa...more", id="dots-inside-a-value"),
    pytest.param("https://api.vendor.io/chart.png?api_key=9f8e7d6c5b4a3921Zq7pw8Lk", "9f8e7d6c5b4a3921Zq7pw8Lk",
                 id="real-looking-key-of-an-image"),
    pytest.param("https://api.vendor.io/chart?token=a9c1d7e3f0b2", "a9c1d7e3f0b2", id="no-image"),
    pytest.param("https://api.vendor.io/badge.svg/data?token=a9c1d7e3f0b2", "a9c1d7e3f0b2", id="image-name-not-last"),
    pytest.param("https://user2:pass2024x@mydomain.com/some/path", "pass2024x", id="word-counter-and-more"),
    pytest.param("https://api.vendor.io/?token=token1234", "token1234", id="four-digit-counter"),
    pytest.param("https://ci.vendor.io/?token=xoxb-43598234231-3248932482278", "xoxb-43598234231-3248932482278",
                 id="token-format-typed-digits"),
    pytest.param("https://ghp_AbCdZq7pw8Lk4r2Tx9Vb4NmQ1sD3fG5hJ6kL@github.com/",
                 "ghp_AbCdZq7pw8Lk4r2Tx9Vb4NmQ1sD3fG5hJ6kL", id="token-user-short-run-then-random"),
    pytest.param("https://api.vendor.io/?apikey=pingram_sk_Zq7pw8Lk4r2T", "pingram_sk_Zq7pw8Lk4r2T",
                 id="words-then-random"),
    pytest.param("qq://?token=abc123d9f4z6g7h8", "abc123d9f4z6g7h8", id="runs-then-random"),
    pytest.param("postgres://app:s3cr3t@db.vendor.io/x", "s3cr3t", id="leet-secret-is-an-attempt"),
    pytest.param("amqp://guest:Gu3st!@rabbit.vendor.io/v", "Gu3st!", id="leet-user-name"),
    pytest.param("postgres://app:Passw0rd!Zq7@db.vendor.io/x", "Passw0rd!Zq7", id="password-leet-then-more"),
    pytest.param("postgres://app:P%40ssw%25rdZq7@db.vendor.io/x", "P%40ssw%25rdZq7", id="password-leet-percent-then-more"),
    pytest.param("postgres://app:Zq%%40ssw%%25rd@db.vendor.io/x", "Zq%%40ssw%%25rd", id="configparser-escape-of-a-real-one"),
    pytest.param("http://test:Zq7pw8Lk4r2Tx9Vb4NmQ@feeds.vendor.io/x", "Zq7pw8Lk4r2Tx9Vb4NmQ",
                 id="test-account-real-looking"),
    pytest.param("https://client.vendor.io/cb?code=SplxlOBeZQQYbYS6WxSbIB", "SplxlOBeZQQYbYS6WxSbIB",
                 id="one-letter-from-rfc6749"),
    pytest.param("otpauth://totp/x?secret=JBSWY3DPEHPK3PXQ", "JBSWY3DPEHPK3PXQ", id="one-letter-from-key-uri"),
    pytest.param("https://account.blob.core.windows.net/c?sig=Z%2FRHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk%3D&api_key="
                 "9f8e7d6c5b4a3921Zq7pw8Lk", "9f8e7d6c5b4a3921Zq7pw8Lk", id="a-key-beside-the-sas-guide-signature"),
    pytest.param("https://account.blob.core.windows.net/c?sig=q7Vd3kP0mZ%2Bx9Lr2TyWcA8nHfE1uJbQs5oGiYtRlK4w%3D",
                 "q7Vd3kP0mZ%2Bx9Lr2TyWcA8nHfE1uJbQs5oGiYtRlK4w%3D", id="another-sas-signature"),
    pytest.param("http://jupyter.vendor.io:8888/?token=c8de56fa4deed24899803e93c227592aef6538f93025fe02",
                 "c8de56fa4deed24899803e93c227592aef6538f93025fe02", id="another-jupyter-token"),
    pytest.param("https://dash.vendor.io/login?pwd=Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0.1", "Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0.1",
                 id="pwd-elsewhere"),
    pytest.param("https://zoom.us/j/95228013874?access_token=Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0",
                 "Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0", id="zoom-access-token"),
    pytest.param("https://zoom.us/oauth/x?pwd=Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0", "Xq7ZkP3t9JQ6VRoxt2Wk4P8K6PshD0",
                 id="zoom-not-an-invitation"),
    pytest.param("https://maps.googleapis.com/maps/api/geocode/json?address=x&key=CYekq7RzP2mWx9LbT4nVd8sHf3Gk1JcQy6uEoA0",
                 "CYekq7RzP2mWx9LbT4nVd8sHf3Gk1JcQy6uEoA0", id="maps-web-service-key"),
    pytest.param("https://api.vendor.io/?id_token=" + _JWT_HEAD + ".Zq7pw8Lk4r2Tx9Vb4NmQ1sD3fG5hJ6kL8zX0aB2cD4e",
                 _JWT_HEAD + ".Zq7pw8Lk4r2Tx9Vb4NmQ1sD3fG5hJ6kL8zX0aB2cD4e", id="other-jwt"),
    pytest.param("http://deploy:Zq7pw8Lk%24SUFFIX@db.vendor.io/", "Zq7pw8Lk%24SUFFIX", id="encoded-dollar-is-no-slot"),
    pytest.param("pushward://hlk_Zq7pw8Lk?key=Zq7pw8Lk4r2Tx9Vb", "Zq7pw8Lk4r2Tx9Vb", id="no-slot"),
    pytest.param("github://org:Zq8vT3mWx1@sha/precip/catalog.yml", "Zq8vT3mWx1", id="org-and-a-real-password"),
    pytest.param("amqp://svc:blueberry@rabbit/vhost", "blueberry", id="a-word-that-names-no-part"),
    pytest.param("git://[deploy]:Zq8vT3mWx1@git.internal.io/repo", "Zq8vT3mWx1", id="bracketed-user-real-password"),
    pytest.param("https://[user[:s3cr3tPW]@]example.org/", "s3cr3tPW", id="optional-part-around-the-password"),
    pytest.param("postgresql://app:pwX9@db.prod.internal/my_app", "pwX9", id="pw-then-more"),
    pytest.param("http://%40prap:%3AZq8vLm2Rt7xK@api.vendor.io", "Zq8vLm2Rt7xK", id="encoded-delimiter-then-real"),
    pytest.param("https://foo.com:123,foo:Zq8vLm2Rt7xK@bar.com/path", "Zq8vLm2Rt7xK", id="host-list-real"),
    pytest.param("postgres://admin:4411,Zq8vTr2Lm:Wp7Kx3Nd9Q@db.corp.io/x", "4411,Zq8vTr2Lm:Wp7Kx3Nd9Q",
                 id="comma-and-colon-in-a-password-after-no-host"),
    pytest.param("postgres://admin:Xq7vLm2Rk9@PROD2@db.corp.io/", "Xq7vLm2Rk9@PROD2", id="upper-case-word-after-an-at"),
    pytest.param("postgres://admin:8812,Kq9vLm2Rt7xKw@db.vendor.io/app", "8812,Kq9vLm2Rt7xKw",
                 id="a-password-with-digits-and-a-comma"),
    # A "$x", "%s" or "{x}" inside a random value is part of it, not a template's slot.
    pytest.param("postgres://admin:Xk9$mZ2qLr7w@db.vendor.io/app", "Xk9$mZ2qLr7w", id="dollar-inside"),
    pytest.param("postgres://admin:Xk9%sZ2qLr7w@db.vendor.io/app", "Xk9%sZ2qLr7w", id="printf-inside"),
    pytest.param("https://api.vendor.io/v1?api_key=9f8e7d6c{x}5b4a3921", "9f8e7d6c{x}5b4a3921", id="braces-inside"),
    pytest.param("mongodb://admin:Zq8vLm2Rt7xK@h1.internal:27017,h2.internal:27017/db", "Zq8vLm2Rt7xK",
                 id="host-list-after-the-userinfo"),
    pytest.param("http://i.b/path?oauth_token=Zk3Qp9LmXv7Rt4Wn8Ys1Hc6Jd0", "Zk3Qp9LmXv7Rt4Wn8Ys1Hc6Jd0",
                 id="oauth1-token"),
    pytest.param("https://api.vendor.io/1.1/home?next=authorize&oauth_token=Zk3Qp9LmXv7Rt4Wn8Ys1Hc6Jd0",
                 "Zk3Qp9LmXv7Rt4Wn8Ys1Hc6Jd0", id="oauth1-token-in-a-resource-request"),
    pytest.param("https://printer.vendor.io/ready?oauth_token=Zk3Qp9&oauth_verifier=Hc6Jd0&oauth_token_secret="
                 "Zq8vLm2Rt7xKw4Pn", "Zq8vLm2Rt7xKw4Pn", id="oauth1-token-secret-beside-a-verifier"),
    pytest.param("https://api.vendor.io/authorize?oauth_verifier=Hc6Jd0Wn8Ys1Rt4&access_token=Zq8vLm2Rt7xKw4Pn",
                 "Zq8vLm2Rt7xKw4Pn", id="bearer-token-at-an-authorization-path"),
    pytest.param("https://portal.vendor.io/app;jsessionid=8F3A2C91D7E4B6A05C1F9E2D3B4A5C6D",
                 "8F3A2C91D7E4B6A05C1F9E2D3B4A5C6D", id="session-id-outside-test-data"),
]

# The shape of a generated secret, judged on the value as a program reads it.
LOOKS_REAL = [
    pytest.param("Zq7pw8Lk%40r2Tx9Vb4Nm", id="long-random-with-an-escape"),
    pytest.param("c8de56fa4deed24899803e93c227592aef6538f93025fe01", id="hex-token"),
    pytest.param("wJalrXUtnFEMI%2FK7MDENG%2BbPxRfiCYzq9kx", id="base64-with-escapes"),
    pytest.param("ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM", id="known-format"),
    pytest.param("Zq7pw8Lk-r2Tx9Vb4Nm", id="random-with-a-hyphen"),
    pytest.param("zqxpwtlkrjtxmvbkqn", id="random-lower-case-letters"),
]
NOT_REAL_LOOKING = [
    pytest.param("%2Fmypass%2F%2B word%3D%24+", id="phrase-with-a-space"),
    pytest.param("apples%2Foranges", id="short-once-decoded"),
    pytest.param("user%40domain.com", id="an-address"),
    pytest.param("Zq7pw8Lk r2Tx9Vb4Nm", id="random-halves-with-a-space"),
    pytest.param("synthetic-fragment", id="words-a-person-wrote"),
    pytest.param("synthetic_new_query", id="words-joined-by-underscores"),
    pytest.param("SENTINELpassword1234", id="built-around-the-word-password"),
    pytest.param("other_fjv%268password", id="ending-in-password"),
    pytest.param("MySecretValue2024xyz", id="holding-secret"),
    pytest.param("ReallyStrongPwd1234", id="holding-pwd"),
]


def test_the_shape_tables_are_balanced() -> None:
    assert len(LOOKS_REAL) <= len(NOT_REAL_LOOKING)


@pytest.mark.parametrize("value", LOOKS_REAL)
def test_a_generated_secret_looks_real(value: str) -> None:
    assert secrets.looks_real(value)


@pytest.mark.parametrize("value", NOT_REAL_LOOKING)
def test_a_made_up_value_does_not_look_real(value: str) -> None:
    assert not secrets.looks_real(value)


def test_the_tables_are_balanced() -> None:
    assert len(DUMMIES) <= len(REAL)


@pytest.mark.parametrize("uri", DUMMIES)
def test_a_made_up_credential_is_no_finding_but_is_still_masked(uri: str) -> None:
    assert not {f.code for f in check(uri, settings=ALL)} & CREDENTIAL_RULES
    assert secrets.MASK in secrets.redact(uri)  # masking never guesses


@pytest.mark.parametrize(("uri", "secret"), REAL)
def test_a_credential_of_the_same_shape_is_reported_and_masked(uri: str, secret: str) -> None:
    findings = check(uri, settings=ALL)
    assert {f.code for f in findings} & CREDENTIAL_RULES, findings
    assert all(secret not in f.message for f in findings)
    assert secret not in secrets.redact(uri)


# A session identifier is a visit's: in test data (a wiki dump's citation, a recorded page) a
# fixture's, not a finding; in source and docs still reported; any other secret parameter is
# reported in test data when it looks real.  Masked everywhere.
@pytest.mark.parametrize(("line", "codes"), [
    pytest.param("|url=http://www.oecd.example.org/x;jsessionid=pgi7a3cfp7p2.x-oecd-live-03\n", set(),
                 id="java-session-id"),
    pytest.param("see https://shop.vendor.io/cart?PHPSESSID=Zq7pw8Lk4r2Tx9Vb4NmQ1sD3\n", set(), id="php-session-id"),
    pytest.param("see https://api.vendor.io/repos?access_token=ghp_LHqcVPM8fofLeSd4QMQ5sHUhrwyL398zPKPM\n", {"URI304"},
                 id="a-token-is-still-reported"),
    pytest.param("see https://api.vendor.io/x?api_key=Zq7pw8Lk4r2Tx9Vb4NmQ1sD3\n", {"URI304"}, id="a-key-is-still-reported"),
])
def test_session_ids_in_test_data(line: str, codes: Set[str]) -> None:
    findings = check_text(line, "text", role=TEST)
    assert {f.code for f in findings} == codes
    assert {f.code for f in check_text(line, "text")} == {"URI304"}  # (the same line in docs or source)


# A V4 presigned URL lives seven days at most: in test data, its signature, credential and
# session token are a recorded response's (PyGithub's replayed download redirects).
_PRESIGNED = ("https://bucket.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
              "AKIAV3NPQBCFOS9XESRL%2F20180913%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20180913T201100Z"
              "&X-Amz-Expires=300&X-Amz-Signature=2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881")


@pytest.mark.parametrize(("uri", "role", "codes"), [
    pytest.param(_PRESIGNED, TEST, set(), id="recorded-presigned-url"),
    pytest.param(_PRESIGNED.replace("X-Amz-Expires=300", "X-Amz-Expires=604800"), TEST, set(), id="seven-days"),
    pytest.param(_PRESIGNED.replace("X-Amz-Expires=300&", ""), TEST, {"URI304"}, id="no-stated-lifetime"),
    pytest.param(_PRESIGNED.replace("X-Amz-Expires=300", "X-Amz-Expires=99999999"), TEST, {"URI304"},
                 id="longer-than-the-protocol-allows"),
    pytest.param(_PRESIGNED + "&access_token=q8Zr2mVx7LpK4wTn9YbF3cHd", TEST, {"URI304"}, id="a-token-beside-it"),
    pytest.param(_PRESIGNED, "source", {"URI304"}, id="outside-test-data"),
])
def test_presigned_urls_in_test_data(uri: str, role: str, codes: Set[str]) -> None:
    line = f"('location', '{uri}')\n"
    findings = check_text(line, "text", role=role)
    assert {f.code for f in findings} == codes
    assert all("2d711642" not in f.message and "q8Zr2mVx" not in f.message for f in findings)
