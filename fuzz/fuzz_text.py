"""Fuzz the text scanner: no exception; spans inside the text; each candidate maps to its source.

    python fuzz/fuzz_text.py -max_total_time=600 [corpus_dir]
"""

from __future__ import annotations

import _common
import _scanner

test_one_input = _scanner.harness(("text",))

if __name__ == "__main__":
    _common.main(test_one_input)
