"""Scheme-specific facts used by scheme-based normalization (RFC 3986 section 6.2.3).

Only schemes whose specifications say both things we rely on are listed: that a missing port
means the default one, and that an empty path with an authority means "/".
  http, https: RFC 9110 sections 4.2.1-4.2.3 (default ports 80 and 443; "/" for an empty path)
  ws, wss:     RFC 6455 section 3 (ports 80 and 443; resource name "/" when the path is empty)
  ftp:         RFC 1738 section 3.2 (port 21) and section 3.2.2 (empty url-path, root directory)
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

DEFAULT_PORTS: Mapping[str, int] = MappingProxyType(
    {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21}
)
#: Schemes whose empty path with an authority is equivalent to "/".
EMPTY_PATH_IS_ROOT = frozenset(DEFAULT_PORTS)
