"""Fuzz the json scanner: no exception; spans inside the text; each candidate maps to its source.

    python fuzz/fuzz_json.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import _common
import _scanner

test_one_input = _scanner.harness(("json",))

if __name__ == "__main__":
    _common.main(test_one_input)
