# Checks a success body against its operation's schema, for Client(validate_responses=True),
# with the standard library only. The schemas are the generator's (_response_schemas.py), trimmed
# to the keywords both SDKs read: type, properties, required, items, enum, const, anyOf, allOf
# and `$ref` to a component schema. The TypeScript runtime checks the same schemas with ajv;
# this module names the same mismatches in the same order, as ajv reports them:
#   - a schema's `type` first, unless it is one type whose keywords it has (`object` with
#     properties or required, `array` with items), which is then reported after `$ref`, const,
#     enum, anyOf and allOf;
#   - `required` (each missing name, in order), then each property present;
#   - a failed anyOf is what each of its branches found, then the anyOf itself.
# A mismatch names the path and the rule, and a message made from the schema alone: never the
# value, which may be personal data.
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional, cast

# ajv's test of a name it writes as `.name`; any other name is `["name"]`, as JSON writes it.
_IDENTIFIER = re.compile(r"[a-z$_][a-z$_0-9]*", re.IGNORECASE | re.ASCII)
# The keywords that make a type's group of checks, after which a wrong type is reported.
_TYPE_KEYWORDS: dict[str, tuple[str, ...]] = {"object": ("properties", "required"), "array": ("items",)}


@dataclass(frozen=True)
class Mismatch:
    """One way a body does not match its schema: where, which rule, and what the rule asks."""

    path: str
    rule: str
    message: str


def member_path(name: str) -> str:
    """`.name`, or `["name"]` for a name that is not an identifier."""
    return f".{name}" if _IDENTIFIER.fullmatch(name) else f"[{json.dumps(name, ensure_ascii=False)}]"


def _is_type(value: Any, name: str) -> bool:
    # bool is an int in Python, never a number in JSON.
    if name == "null":
        return value is None
    if name == "boolean":
        return isinstance(value, bool)
    if name == "integer":
        return not isinstance(value, bool) and (isinstance(value, int) or (isinstance(value, float) and value.is_integer()))
    if name == "number":
        return not isinstance(value, bool) and isinstance(value, (int, float))
    if name == "string":
        return isinstance(value, str)
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    return True


def _equal(a: Any, b: Any) -> bool:
    """JSON equality: True is not 1, 1 is 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        left, right = cast("list[object]", a), cast("list[object]", b)
        return len(left) == len(right) and all(_equal(x, y) for x, y in zip(left, right))
    if isinstance(a, dict) and isinstance(b, dict):
        first, second = cast("dict[str, Any]", a), cast("dict[str, Any]", b)
        return first.keys() == second.keys() and all(_equal(first[key], second[key]) for key in first)
    return bool(a == b)


class _Checker:
    def __init__(self, components: Mapping[str, Any]) -> None:
        self._components = components
        self.found: list[Mismatch] = []

    def _any_of(self, branches: list[Mapping[str, Any]], value: Any, path: str) -> None:
        """What each branch found, then the anyOf, unless one branch matches; branches after it are not tried."""
        found: list[Mismatch] = []
        for branch in branches:
            inner = _Checker(self._components)
            inner.check(branch, value, path)
            if not inner.found:
                return
            found.extend(inner.found)
        self.found.extend(found)
        self.found.append(Mismatch(path, "anyOf", "must match one of its schemas"))

    def check(self, schema: Mapping[str, Any], value: Any, path: str) -> None:
        declared = schema.get("type")
        types: list[str] = [] if declared is None else [declared] if isinstance(declared, str) else list(declared)
        typed = not types or any(_is_type(value, name) for name in types)
        grouped = len(types) == 1 and any(keyword in schema for keyword in _TYPE_KEYWORDS.get(types[0], ()))
        if not typed and not grouped:
            self._type(types, path)
        if "$ref" in schema:
            self.check(self._components[schema["$ref"]], value, path)
        if "const" in schema and not _equal(value, schema["const"]):
            self.found.append(Mismatch(path, "const", "must be the allowed value"))
        if "enum" in schema and not any(_equal(value, allowed) for allowed in schema["enum"]):
            self.found.append(Mismatch(path, "enum", "must be one of the allowed values"))
        if "anyOf" in schema:
            self._any_of(schema["anyOf"], value, path)
        for branch in schema.get("allOf", []):
            self.check(branch, value, path)
        if isinstance(value, list):
            if "items" in schema:
                for index, item in enumerate(cast("list[object]", value)):
                    self.check(schema["items"], item, f"{path}[{index}]")
        elif grouped and types[0] == "array":
            self._type(types, path)
        if isinstance(value, dict):
            members = cast("dict[str, Any]", value)
            for name in schema.get("required", []):
                if name not in members:
                    self.found.append(Mismatch(path + member_path(name), "required", "is required"))
            for name, property_schema in schema.get("properties", {}).items():
                if name in members:
                    self.check(property_schema, members[name], path + member_path(name))
        elif grouped and types[0] == "object":
            self._type(types, path)

    def _type(self, types: list[str], path: str) -> None:
        self.found.append(Mismatch(path, "type", f"must be {' or '.join(types)}"))


def schema_for(responses: Mapping[str, Any], path: str, method: str, status: int) -> Optional[Mapping[str, Any]]:
    """The schema of an operation's body at `status`: its own status's, else its class's ("2XX")."""
    by_status: Mapping[str, Any] = responses.get(path, {}).get(method.lower(), {})
    found: Optional[Mapping[str, Any]] = by_status.get(str(status), by_status.get(f"{str(status)[0]}XX"))
    return found


def mismatches(schema: Mapping[str, Any], components: Mapping[str, Any], value: Any) -> list[Mismatch]:
    """Every mismatch of `value` with `schema`, in the order the TypeScript runtime names them."""
    checker = _Checker(components)
    checker.check(schema, value, "$")
    return checker.found


def mismatch_message(method: str, path: str, status: int, found: list[Mismatch]) -> str:
    """The InvalidResponseError's message, worded as the TypeScript runtime's."""
    listed = ", ".join(f"{mismatch.path} ({mismatch.rule})" for mismatch in found)
    return f"{method.upper()} {path} answered {status} with a body that does not match its schema: {listed}."
