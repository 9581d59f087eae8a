"""Quiet on good code: realistic strings that no rule may report with the default settings."""

from __future__ import annotations

import pytest

from urilint.checker import check

QUIET = [
    # URI templates and placeholders (RFC 6570, str.format, shell, Jinja, printf, angle)
    "https://api.github.com/repos/{owner}/{repo}/issues",
    "https://api.example.com/v1/users/{user_id}/posts/{post_id}",
    "{+base}/search{?q,lang}",
    "https://example.com{/path*}",
    "https://{host}:{port}/api",
    "https://${HOST}:${PORT}/api",
    "https://$HOST/api",
    "https://example.com/{{ page.url }}",
    "https://example.com/%s/%d",
    "https://example.com/%(name)s/?page=%(page)d",
    "https://<your-domain>/api",
    "postgres://{user}:{password}@{host}:{port}/{db}",
    "postgres://app:${DB_PASSWORD}@db:5432/app",
    "mysql://root:%s@localhost/test",
    "redis://:{{ redis_password }}@cache:6379/0",
    "https://example.com/items/{}",
    "https://example.com/img%02d.png",
    # syntax descriptions with optional parts in brackets (libpq, redis-py, pymongo, urllib docs)
    "postgresql://[user[:password]@][netloc][:port][/dbname][?param1=value1&...]",
    "redis://[[username]:[password]]@localhost:6379/0",
    "redis://[:password@]host[:port][/db]",
    "mongodb://[username:password@]host1[:port1][,...hostN[:portN]][/[defaultauthdb][?options]]",
    "scheme://[user:passwd@]proxy.server:port",
    "http://[user[:password]@]host[:port]/path",
    "http://localhost[:port]/api",
    "amqp://[user:pass@]host[:port][/vhost]",
    # strings with colons that are not URIs
    "key:value",
    "12:30",
    "12:30:45",
    "C:\\Users\\me\\file.txt",
    "C:/Users/me/file.txt",
    "a:b",
    "Content-Type:text/html",
    "Note:see below",
    "xsl:template",
    "std::vector",
    "localhost:8080",
    # Python logging.config references (cfg:// inside the config, ext:// an import path)
    "cfg://handlers.email[toaddrs]",
    "cfg://nest1[1][0]",
    "ext://sys.stderr",
    # ordinary good URIs
    "https://example.com/",
    "https://example.com",
    "http://localhost:8000/api/v1/",
    "https://de.wikipedia.org/wiki/K\u00f6ln",
    "https://en.wikipedia.org/wiki/Foo_(bar)",
    "mailto:John.Doe@example.com",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "file:///etc/hosts",
    "data:text/plain;base64,SGVsbG8=",
    "tel:+1-816-555-1212",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "ssh://git@github.com/owner/repo.git",
    "git+ssh://git@github.com/owner/repo.git",
    "../images/logo.png",
    "./index.html",
    "#section-2",
    "?page=2",
    "//cdn.example.com/lib.js",
    "https://example.com/search?q=a+b&page=2#results",
    "https://example.com/a%20b",
    "https://example.com/?key=README",
    "https://example.com/?token=",
    "https://example.com/?api_key=YOUR_API_KEY",
    "postgres://user:password@localhost/db",
    "hxxp://malware.example/payload",
]


@pytest.mark.parametrize("text", QUIET)
def test_no_finding(text: str) -> None:
    assert check(text) == []
