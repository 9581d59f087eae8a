"""The rule registry: every rule module, listed explicitly (no import-time registration)."""

from __future__ import annotations

from types import MappingProxyType
from typing import FrozenSet, Mapping, Optional, Tuple

from ..settings import Settings
from . import (
    uri101_invalid_character,
    uri102_invalid_percent_encoding,
    uri103_invalid_scheme,
    uri104_invalid_host,
    uri105_invalid_port,
    uri106_invalid_path,
    uri107_misplaced_delimiter,
    uri108_likely_typo,
    uri109_unknown_scheme,
    uri110_non_ascii,
    uri111_tolerated_character,
    uri201_scheme_not_lowercase,
    uri202_host_not_lowercase,
    uri203_percent_encoding_not_uppercase,
    uri204_unreserved_percent_encoded,
    uri205_dot_segments_in_path,
    uri206_default_port,
    uri207_empty_port,
    uri208_empty_path,
    uri301_password_in_userinfo,
    uri302_userinfo_in_http,
    uri303_misleading_authority,
    uri304_secret_in_query,
    uri305_ambiguous_ip,
    uri401_missing_target,
    uri402_missing_fragment,
    uri403_case_mismatch,
)
from .base import LINKS, Analysis, Example, Rule, link_rule

RULES: Tuple[Rule, ...] = (
    uri101_invalid_character.RULE,
    uri102_invalid_percent_encoding.RULE,
    uri103_invalid_scheme.RULE,
    uri104_invalid_host.RULE,
    uri105_invalid_port.RULE,
    uri106_invalid_path.RULE,
    uri107_misplaced_delimiter.RULE,
    uri108_likely_typo.RULE,
    uri109_unknown_scheme.RULE,
    uri110_non_ascii.RULE,
    uri111_tolerated_character.RULE,
    uri201_scheme_not_lowercase.RULE,
    uri202_host_not_lowercase.RULE,
    uri203_percent_encoding_not_uppercase.RULE,
    uri204_unreserved_percent_encoded.RULE,
    uri205_dot_segments_in_path.RULE,
    uri206_default_port.RULE,
    uri207_empty_port.RULE,
    uri208_empty_path.RULE,
    uri301_password_in_userinfo.RULE,
    uri302_userinfo_in_http.RULE,
    uri303_misleading_authority.RULE,
    uri304_secret_in_query.RULE,
    uri305_ambiguous_ip.RULE,
    uri401_missing_target.RULE,
    uri402_missing_fragment.RULE,
    uri403_case_mismatch.RULE,
)
BY_CODE: Mapping[str, Rule] = MappingProxyType({r.code: r for r in RULES})
BY_NAME: Mapping[str, Rule] = MappingProxyType({r.name: r for r in RULES})


def lookup(code_or_name: str) -> Optional[Rule]:
    return BY_CODE.get(code_or_name.upper()) or BY_NAME.get(code_or_name.lower())


def enabled_rules(settings: Settings, rules: Tuple[Rule, ...] = RULES) -> Tuple[Rule, ...]:
    """The rules the settings select, in registry order (build once per run, not per URI)."""
    return tuple(r for r in rules if r.enabled(settings))


def enabled_link_rules(settings: Settings) -> FrozenSet[str]:
    """The codes of the link rules (URI4xx) the settings select: the per-document link check
    runs only when this is not empty."""
    return frozenset(r.code for r in RULES if r.family == LINKS and r.enabled(settings))


__all__ = ["Analysis", "BY_CODE", "BY_NAME", "Example", "RULES", "Rule", "enabled_link_rules",
           "enabled_rules", "link_rule", "lookup"]
