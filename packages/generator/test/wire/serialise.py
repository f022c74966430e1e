"""Serialises the cases given as JSON on stdin with the Python SDK's _wire module, for the
cross-language property test: one line of output, the list of results."""
from __future__ import annotations

import json
import sys
from typing import Any

from wire_sdk import _wire


def serialise(case: dict[str, Any]) -> str:
    if case["kind"] == "form":
        return _wire.form_body(case["value"], case.get("encoding") or {})
    if case["kind"] == "query":
        return _wire.join_pairs(_wire.styled_pairs(case["name"], case["value"], case["style"], case["explode"]))
    if case["kind"] == "path":
        return _wire.path_value(case["name"], case["value"], case["style"], case["explode"])
    raise ValueError(case["kind"])


print(json.dumps([serialise(case) for case in json.load(sys.stdin)]))
