# The fallback rule of Errors › Error codes, as the TypeScript runtime applies it (the
# contract's canonicalErrorCode): a code the server cannot yet send may arrive as its
# catalogue `fallback_code` "with a matching message, and is treated as equivalent"
# (docs/decisions.md#unknown-error-codes). A message matches when it names the original code, as its
# identifier (`explanation_window_required`) or in words ("explanation window required"), or
# carries the code's condition; case, punctuation and spacing are ignored.
from __future__ import annotations

import re
from typing import Any, Mapping


def _normalised(text: str) -> str:
    return f" {re.sub(r'[^a-z0-9]+', ' ', text.lower()).strip()} "


def canonical_error_code(code: str, message: str, catalogue: Mapping[str, Mapping[str, Any]]) -> str:
    """The code an error stands for: its own, or the catalogue code its fallback message names."""
    text = _normalised(message)
    for candidate, entry in catalogue.items():
        if entry.get("fallbackCode") != code:
            continue
        condition = entry.get("condition")
        if _normalised(candidate) in text or (isinstance(condition, str) and _normalised(condition) in text):
            return candidate
    return code
