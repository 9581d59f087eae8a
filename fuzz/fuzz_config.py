"""Fuzz the config scanners (YAML, TOML, INI, .env, shell; the first byte picks one): no
exception; spans inside the text; each candidate maps to its source.

    python fuzz/fuzz_config.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import _common
import _scanner

test_one_input = _scanner.harness(("yaml", "toml", "ini", "env", "shell"))

if __name__ == "__main__":
    _common.main(test_one_input)
