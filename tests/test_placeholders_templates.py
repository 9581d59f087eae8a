"""Templates and substitutions are slots (issue 14, item 3): never findings, never fixed.

Template engines (Jinja, Django, Go/Helm, GitHub Actions, ERB), variables between percent signs
(``%PUBLIC_URL%``, ``%{HTTP_HOST}``), the backreferences of a regular-expression replacement
(``\\1``, ``$1``, ``\\g<1>``) and an elision (``http://.../front.jpeg``) are slots of
:mod:`urilint.placeholders`.  Tables: which text is a slot and which is not (percent-encodings,
GitHub's ``v1...v2``), what check() says of one URI, what a whole file gives when a scanner cuts
the URI inside a slot, and that no fix (safe or unsafe) ever rewrites a slot.
"""

from __future__ import annotations

from typing import List, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urilint import placeholders
from urilint.checker import check
from urilint.config import ConfigError, config_from_mapping
from urilint.pipeline import check_text, fix_text
from urilint.settings import Settings

P = pytest.param
NEW = ("percent", "backref", "ellipsis")
EVERYTHING = Settings(select=frozenset({"ALL"}))


def slots(text: str) -> List[str]:
    return [text[s:e] for s, e in placeholders.find(text)]


# -- which text is a slot ---------------------------------------------------------------------
SLOTS = [
    # jinja: spaces, quotes and one level of braces inside one slot
    P('{{ url_for("tasks.add", id=1) }}', ['{{ url_for("tasks.add", id=1) }}'], id="jinja-call-double-quotes"),
    P("{{ url_for('static', filename='x.css') }}", ["{{ url_for('static', filename='x.css') }}"], id="jinja-call"),
    P("{% url 'home' %}", ["{% url 'home' %}"], id="django-url-tag"),
    P("{% url 'users:detail' request.user.username %}", ["{% url 'users:detail' request.user.username %}"],
      id="django-url-tag-args"),
    P("http://{{ .Values.ingress.host }}/api", ["{{ .Values.ingress.host }}"], id="helm"),
    P('{{ .Values.path | default "/" }}', ['{{ .Values.path | default "/" }}'], id="go-pipeline-quotes"),
    P("https://x/${{ github.ref_name }}/y", ["${{ github.ref_name }}"], id="actions-dollar-included"),
    P("https://x/${{ format('{0}/{1}', a, b) }}", ["${{ format('{0}/{1}', a, b) }}"], id="actions-nested-braces"),
    P("{{{ raw }}}/x", ["{{{ raw }}}"], id="handlebars-raw"),
    P("{# note #}https://x/", ["{# note #}"], id="jinja-comment"),
    P("{{- .Values.host -}}", ["{{- .Values.host -}}"], id="go-trim-markers"),
    # a template opener the scanner cut: up to the end of the text
    P("{{ url_for(", ["{{ url_for("], id="cut-at-quote"),
    P("https://ghcr.io/${{", ["${{"], id="cut-at-space-actions"),
    P("http://{{", ["{{"], id="cut-at-space-helm"),
    P("{% endraw %}{% if cookiecutter.username_type == ",
      ["{% endraw %}", "{% if cookiecutter.username_type == "], id="cut-django-tag"),
    P("https://x/${ var.host", ["${ var.host"], id="cut-terraform"),
    P("https://x/<%= url_for ", ["<%= url_for "], id="cut-erb"),
    # ERB
    P("<%= base_url %>/login", ["<%= base_url %>"], id="erb"),
    # percent
    P("%PUBLIC_URL%/favicon.ico", ["%PUBLIC_URL%"], id="percent-cra"),
    P("file:///%APPDATA%/x", ["%APPDATA%"], id="percent-windows"),
    P("%DEVICE%/x", ["%DEVICE%"], id="percent-name-starting-with-a-triplet"),
    P("%sveltekit.assets%/favicon.png", ["%sveltekit.assets%"], id="percent-dotted"),
    P("https://%{HTTP_HOST}/$1", ["%{HTTP_HOST}", "$1"], id="apache-rewrite"),
    P("https://x/%{name}/v%{version}.tar.gz", ["%{name}", "%{version}"], id="rpm-macros"),
    # backreferences
    P("https://\\1.example.org/\\2", ["\\1", "\\2"], id="backref-sed"),
    P("https://\\\\1/x", ["\\\\1"], id="backref-escaped-in-a-string"),
    P("https://x/\\g<1>/\\g<name>", ["\\g<1>", "\\g<name>"], id="backref-python"),
    P("https://x/\\g", ["\\g"], id="backref-python-cut-at-the-angle-bracket"),
    P("https://$1:$2/x", ["$1", "$2"], id="backref-dollar"),
    P("https://$<host>/x", ["$<host>"], id="backref-js-named"),
    # elision
    P("http://.../front.jpeg", ["..."], id="elided-host"),
    P("https://host:.../x", ["..."], id="elided-port"),
    P("https://example.com/.../y", ["..."], id="elided-segment"),
    P("https://example.com/…/x", ["…"], id="ellipsis-character"),
    P("https://u:...@h.example/", ["..."], id="elided-password"),
]

NOT_SLOTS = [
    # percent-encodings are never variables
    P("https://x/%E4%B8%AD", [], id="utf8-triplets"),
    P("https://x/%C3%A9t%C3%A9", [], id="triplets-around-a-word"),
    P("https://x/%c3%a9t%c3%a9", [], id="lowercase-triplets-around-a-word"),
    P("https://x/%AB%/y", [], id="two-hex-name"),
    P("https://x/%20Hello%20", [], id="digit-after-percent"),
    P("https://x/%1%", [], id="batch-parameter"),
    P("https://x/%a%", [], id="one-letter-name"),
    P("https://x/%{ a }", [], id="percent-brace-with-space"),
    P("https://x/%{}", ["{}"], id="percent-brace-empty-is-only-braces"),
    # dots that are data
    P("https://github.com/o/r/compare/v1.0...v2.0", [], id="github-compare"),
    P("https://example.com/a..b", [], id="two-dots"),
    P("http://x/a/../b", [], id="dot-segment"),
    P("https://exa...com/", [], id="dots-inside-a-name"),
    P("https://x/a/b....c", [], id="dots-before-a-letter"),
    # backslashes and dollars that are not backreferences
    P("https://x/a\\b", [], id="backslash-letter"),
    P("https://x/\\\\\\", [], id="backslash-run"),
    P("https://x/\\g<>", [], id="empty-group-name"),
    P("https://x/price$", [], id="trailing-dollar"),
    P("https://x/$<1a>", [], id="js-name-starting-with-a-digit"),
    # braces that do not close a template
    P("https://x/{{a}/b", ["{a}"], id="unclosed-jinja-not-at-the-end-is-only-braces"),
    P("https://x/{%a%", [], id="unclosed-tag-then-percent"),
    P("https://x/{ a }", [], id="single-brace-with-spaces"),
    P("https://x/}}{{", ["{{"], id="closer-before-opener-only-the-cut-opener"),
    P("https://x/{{" + "a" * 300, [], id="cut-opener-too-long"),
    P("https://x/<% a %", [], id="erb-half-closed"),
    P("https://x/" + "%" + "A" * 80 + "%", [], id="percent-name-too-long"),
    P("https://x/[…]y", ["…"], id="bracketed-elision-keeps-its-brackets"),
    P("https://x/y..", [], id="two-trailing-dots"),
    P("https://x/?a=1&b=2", [], id="plain-query"),
    P("https://x/%25PUBLIC_URL%25", [], id="encoded-percent-signs"),
    P("mailto:a@b.example?subject=50%off", [], id="percent-then-word"),
    P("https://x/~user/$HOME", ["$HOME"], id="only-the-shell-word"),
    P("https://x/\\n", [], id="escape-n"),
    P("https://x/\\u0031", [], id="escape-u"),
    P("https://x/%s", ["%s"], id="printf-stays-printf"),
]


@pytest.mark.parametrize(("text", "expected"), SLOTS)
def test_template_slots(text: str, expected: List[str]) -> None:
    assert slots(text) == expected


@pytest.mark.parametrize(("text", "expected"), NOT_SLOTS)
def test_not_template_slots(text: str, expected: List[str]) -> None:
    assert slots(text) == expected


def test_tables_are_balanced() -> None:
    assert len(NOT_SLOTS) >= len(SLOTS)
    assert len(QUIET) >= len(REPORTED)
    assert len(QUIET_FILES) >= len(REPORTED_FILES)


# -- what check() says of one URI --------------------------------------------------------------
QUIET = [
    # the shapes, as an HTML attribute (a link: relative references are checked)
    P("%PUBLIC_URL%/favicon.ico", id="percent-public-url"),
    P("https://github.com/o/r/releases/download/${{ github.ref_name }}/x.tar.gz", id="actions"),
    P('{{ url_for("tasks.add", id=1) }}', id="jinja-url-for"),
    P("{% url 'home' %}", id="django-url"),
    P("http://{{ .Values.ingress.host }}/api", id="helm-host"),
    P("<%= base_url %>/login", id="erb"),
    P("https://\\1.example.org/\\2", id="sed-backrefs"),
    P("https://x.example/\\g<1>", id="python-backref"),
    P("http://h.example:$1/", id="dollar-backref-as-port"),
    P("http://.../front.jpeg", id="elided-host"),
    P("http://host.example:.../x", id="elided-port"),
    # cut by a scanner inside the slot
    P("{{ url_for(", id="cut-jinja"),
    P("https://ghcr.io/${{", id="cut-actions"),
    P("{% endraw %}{% if cookiecutter.username_type == ", id="cut-django-tag"),
    P('https://{{ .Values.ingress.host }}{{ .Values.path | default ', id="cut-helm-uppercase-in-slot"),
    P("https://user:${{", id="cut-in-the-port"),
    # credentials that are slots are not secrets
    P("https://user:${{ secrets.PASSWORD }}@github.com/x.git", id="actions-secret-password"),
    P("https://api.example.com/x?access_token=${{ secrets.TOKEN }}", id="actions-secret-token"),
    P("https://user:%PASSWORD%@host.example/x", id="percent-password"),
    P("https://x.example/?api_key=%API_KEY%", id="percent-api-key"),
    P("https://u:\\1@host.example/", id="backref-password"),
    # no percent-encoding problem inside a variable
    P("https://x.example/%{name}/v%{version}.tar.gz", id="rpm"),
    P("https://%{HTTP_HOST}/$1", id="apache"),
    P("file:///%APPDATA%/x", id="windows"),
    P("https://x.example/%sveltekit.assets%/favicon.png", id="sveltekit"),
]

REPORTED = [
    # problems outside the slots are still found
    P("https://x.example/{{ page }}/a b", "URI101", id="space-outside-a-jinja-slot"),
    P("https://x.example/${{ env.A }}/%zz", "URI102", id="bad-encoding-next-to-actions"),
    P("https://x.example/%APPDATA%/%zz", "URI102", id="bad-encoding-next-to-percent"),
    P("https://x.example/%E4%zz", "URI102", id="broken-triplets-are-not-a-variable"),
    P("http://exa..mple.com/{{ x }}", "URI104", id="bad-host-next-to-a-slot"),
    P("https://exa...com/", "URI104", id="dots-inside-a-host"),
    P("https://x.example/a[…/b", "URI107", id="lone-bracket-beside-an-elision"),  # paired: URI111
    P("https://admin:S3cretPassw0rd@db.internal/{{ name }}", "URI301", id="password-next-to-a-slot"),
    P("https://x.example/a\\b/\\1", "URI101", id="backslash-that-is-not-a-backref"),
    P("https://api.vendor.io/?password=hunter2x&next={{ url }}", "URI304", id="secret-query-next-to-a-slot"),
]


@pytest.mark.parametrize("text", QUIET)
@pytest.mark.parametrize("context", [None, "html-attribute"])
def test_templates_are_never_findings(text: str, context: Optional[str]) -> None:
    assert check(text, context=context) == []


@pytest.mark.parametrize(("text", "code"), REPORTED)
def test_problems_beside_slots_are_still_found(text: str, code: str) -> None:
    assert code in {f.code for f in check(text, context="html-attribute")}


@pytest.mark.parametrize(
    ("text", "syntax", "code"),
    [
        P("%PUBLIC_URL%/favicon.ico", "percent", "URI102", id="percent"),
        P("https://\\1.example.org/", "backref", "URI101", id="backref"),
        P("http://.../front.jpeg", "ellipsis", "URI104", id="ellipsis"),
        P("{{ url_for(", "jinja", "URI101", id="jinja-cut"),
        P("https://x.example/<%= path ", "angle", "URI101", id="erb-cut"),
        P("https://x.example/${ var.host", "shell", "URI101", id="shell-cut"),
    ],
)
def test_each_syntax_is_a_setting(text: str, syntax: str, code: str) -> None:
    assert check(text, context="html-attribute") == []
    without = Settings(placeholders=placeholders.DEFAULT_SYNTAXES - {syntax})
    assert code in {f.code for f in check(text, settings=without, context="html-attribute")}


def test_every_syntax_has_its_hint() -> None:
    """find() runs a syntax's pattern only when one of its hints is in the text: every syntax
    has hints, and no pattern matches a table's text without them."""
    assert set(placeholders._HINTS) == set(placeholders.SYNTAXES)
    for p in SLOTS + NOT_SLOTS:
        text = str(p.values[0])
        for name, pattern in placeholders.SYNTAXES.items():
            if pattern.search(text):
                assert any(h in text for h in placeholders._HINTS[name]), (name, text)


def test_new_syntaxes_are_known_and_on_by_default() -> None:
    for name in NEW:
        assert name in placeholders.SYNTAXES and name in placeholders.DEFAULT_SYNTAXES
    assert config_from_mapping({"placeholders": list(NEW)}, "p.toml").settings.placeholders == frozenset(NEW)
    with pytest.raises(ConfigError, match="known: .*backref.*ellipsis.*percent"):
        config_from_mapping({"placeholders": ["mustache"]}, "p.toml")


def test_the_flake8_option_knows_the_new_syntaxes() -> None:
    import argparse

    from urilint.flake8_plugin import settings_from_options

    got = settings_from_options(argparse.Namespace(uri_placeholders=list(NEW)), Settings())
    assert got.placeholders == frozenset(NEW)


# -- whole files: the scanner may cut the URI inside a slot -------------------------------------
QUIET_FILES = [
    P("html", '<a href="{{ url_for("tasks.add", id=1) }}">add</a>\n', id="html-jinja-inner-quotes"),
    P("html", "<a href='{{ url_for('static', filename='x.css') }}'>x</a>\n", id="html-jinja-inner-single-quotes"),
    P("html", '<a href="{% endraw %}{% if cookiecutter.username_type == "email" %}{% raw %}'
      "{% url 'users:detail' request.user.email %}{% endraw %}{% else %}{% raw %}"
      "{% url 'users:detail' request.user.username %}{% endraw %}{% endif %}{% raw %}\">x</a>\n",
      id="html-cookiecutter-href"),
    P("html", '<link rel="icon" href="%PUBLIC_URL%/favicon.ico">\n', id="html-public-url"),
    P("html", '<a href="{% static "img/logo.png" %}">x</a>\n', id="html-django-static"),
    P("html", '<script src="https://cdn.example.com/<%= version %>/x.js"></script>\n', id="html-erb"),
    P("html", '<a href="<%= url_for "home" %>">x</a>\n', id="html-erb-inner-quotes"),
    P("yaml", "steps:\n  - run: curl -L https://github.com/o/r/releases/download/${{ github.ref_name }}/x\n"
      "    url: https://ghcr.io/${{ github.repository }}:${{ github.sha }}\n", id="yaml-actions"),
    P("yaml", "host: http://{{ .Values.ingress.host }}/api\n", id="yaml-helm-value"),
    P("yaml", 'url: "https://{{ .Values.ingress.host }}{{ .Values.path | default "/" }}"\n', id="yaml-helm-quoted"),
    P("yaml", "url: https://{{ include \"chart.fullname\" . }}.svc:{{ .Values.port }}/x\n", id="yaml-helm-include"),
    P("markdown", "See http://.../front.jpeg and https://example.com/…/x.\n", id="md-elision"),
    P("markdown", "[x](http://...)\n", id="md-elided-link"),
    P("markdown", "Visit https://example.com/{{ page.lang }}/api today.\n", id="md-jinja-bare"),
    P("markdown", "[ci](https://github.com/o/r/actions?query=branch%3A${{ github.ref_name }})\n", id="md-actions"),
    P("shell", "perl -pe 's{^(\\S+)$}{https://example.org/\\1}'\n", id="shell-perl-backref"),
    P("text", "RewriteRule ^(.*)$ https://%{HTTP_HOST}/$1 [R=301,L]\n", id="apache-rewrite"),
    P("text", "Source0: https://github.com/x/%{name}/archive/v%{version}.tar.gz\n", id="rpm-spec"),
    P("text", "s.replace(/^http:\\/\\/([^/]+)/, 'https://\\\\1/x');\n", id="js-escaped-backref"),
    P("text", 's.replace(/^http:\\/\\/([^/]+)/, "https://$1:$2/x");\n', id="js-dollar-port"),
]

REPORTED_FILES = [
    P("html", '<a href="{{ base }}/a b">x</a>\n', "URI101", id="html-space-after-a-slot"),
    P("yaml", 'url: "https://x.example/${{ env.A }}/a b"\n', "URI101", id="yaml-quoted-space-after-a-slot"),
    P("markdown", "[x](https://exa..mple.com/{{x}})\n", "URI104", id="md-bad-host-next-to-a-slot"),
    P("text", "Source0: https://github.com/x/%{name}/%zz\n", "URI102", id="rpm-bad-encoding"),
]


@pytest.mark.parametrize(("fmt", "text"), QUIET_FILES)
def test_template_files_are_quiet(fmt: str, text: str) -> None:
    assert check_text(text, fmt) == []


@pytest.mark.parametrize(("fmt", "text", "code"), REPORTED_FILES)
def test_template_files_still_report_what_is_outside_the_slots(fmt: str, text: str, code: str) -> None:
    assert code in {f.code for f in check_text(text, fmt)}


# -- fixes never change a slot ------------------------------------------------------------------
FIX_FILES = [
    P("yaml", 'b: "HTTP://Example.COM:80/${{ env.NAME }}/x y/%7e"\n', "${{ env.NAME }}", id="yaml-actions"),
    P("yaml", "g: HTTP://EXAMPLE.COM/.../%7e\n", "...", id="yaml-elision"),
    P("yaml", "h: HTTP://EXAMPLE.COM/<%= path %>/%7e a\n", "<%= path %>", id="yaml-erb"),
    P("html", '<a href="HTTP://Example.COM/{{ url_for("x", id=1) }}/%7e">x</a>\n', '{{ url_for("x"', id="html-cut"),
    P("html", '<a href="HTTP://Example.COM/%PUBLIC_URL%/a b">x</a>\n', "%PUBLIC_URL%", id="html-percent"),
    P("markdown", "[x](HTTP://Example.COM/{{page.url}}/%7e/a%zz)\n", "{{page.url}}", id="md-jinja"),
    P("markdown", "<HTTP://Example.COM:80/\\1/./a b>\n", "\\1", id="md-backref"),
    P("text", "HTTP://Example.COM:80/%{name}/./%7e\n", "%{name}", id="text-rpm"),
    P("text", "HTTP://Example.COM/$<name>/%7e\n", "$<name>", id="text-js-named"),
    P("text", "HTTP://Example.COM/\\g<1>/%7e\n", "\\g<1>", id="text-python-backref"),
    P("toml", 'u = "HTTP://Example.COM/${{ github.sha }}/a b"\n', "${{ github.sha }}", id="toml-actions"),
]


@pytest.mark.parametrize(("fmt", "text", "slot"), FIX_FILES)
@pytest.mark.parametrize("unsafe", [False, True])
@pytest.mark.parametrize("s", [Settings(), EVERYTHING], ids=["default", "all-rules"])
def test_no_fix_rewrites_a_slot(fmt: str, text: str, slot: str, unsafe: bool, s: Settings) -> None:
    fixed = fix_text(text, fmt, s, unsafe=unsafe).text
    assert fixed.count(slot) == text.count(slot)
    assert slots(fixed) == slots(text)
    assert "%7B%7B" not in fixed and "%25PUBLIC" not in fixed and "%5C" not in fixed


def test_actions_expression_is_never_encoded() -> None:
    """The issue's example: ``${{ env.NAME }}`` must never become ``$%7B%7B env.NAME }}``."""
    for text in ["url: https://x.example/${{ env.NAME }}\n", 'url: "https://x.example/${{ env.NAME }} x"\n',
                 "url: 'HTTP://X.example/${{ env.NAME }}/a b'\n"]:
        for unsafe in (False, True):
            fixed = fix_text(text, "yaml", EVERYTHING, unsafe=unsafe).text
            assert "${{ env.NAME }}" in fixed and "%7B" not in fixed, (text, fixed)


_SLOT = st.sampled_from([
    "{{ page.url }}", '{{ url_for("x", id=1) }}', "${{ github.sha }}", "${{ format('{0}', a) }}",
    "{% url 'home' %}", "<%= path %>", "%PUBLIC_URL%", "%{name}", "\\1", "\\g<1>", "$1", "$<h>", "...", "…",
])
_PART = st.sampled_from(["a", "/", "%7e", "%7E", "%zz", " ", "./", "../", "b", "?q=1", "#f", "%41", "%"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scheme=st.sampled_from(["http", "HTTP", "https"]), host=st.sampled_from(["Example.COM", "a.example"]),
       port=st.sampled_from(["", ":80", ":"]), parts=st.lists(st.one_of(_SLOT, _PART), max_size=8))
def test_fixes_keep_every_slot(scheme: str, host: str, port: str, parts: List[str]) -> None:
    """Whatever a rule offers for a URI with slots, safe or unsafe, keeps every slot as written."""
    text = f"{scheme}://{host}{port}/" + "".join(parts)
    before = slots(text)
    for s in (Settings(), EVERYTHING):
        for f in check(text, settings=s, context="html-attribute"):
            if f.fix is not None:
                assert slots(f.fix) == before, (text, f)


# -- linear time on hostile input (no timing: a super-linear pattern would not finish) -----------
HOSTILE_UNITS = [
    "{{", "{{{a}", "{{ " + "a" * 150 + " ", "{{" + "a" * 199 + "{", "{{ {" + "a" * 99 + " ", "${{", "${{ a",
    "{%", "{% " + "a" * 198, "{#", "<%", "<% a", "%A", "%AB", "%ABC", "%a.", "%" + "A" * 60, "%{", "%{a",
    "\\", "\\g<", "\\g<1", "$<", "$<a", "$1", ".", "a...", "...a", "\u2026", "{{ " + "{a}" * 60,
]


@pytest.mark.parametrize("unit", [P(u, id=f"{u[:8]!r}x{len(u)}") for u in HOSTILE_UNITS])
def test_hostile_runs_complete(unit: str) -> None:
    text = unit * (200_000 // len(unit))
    spans = placeholders.find(text)
    assert all(0 <= s < e <= len(text) for s, e in spans)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))
    placeholders.is_placeholder(text)
