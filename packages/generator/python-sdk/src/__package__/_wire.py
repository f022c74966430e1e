# How a call's arguments go on the wire, as the operation's OpenAPI document says, byte for
# byte as the TypeScript SDK sends them (its runtime's serialize/ folder):
#   - query parameters by style and explode (form, spaceDelimited, pipeDelimited,
#     deepObject); path parameters (simple, label, matrix); header (simple) and cookie (form);
#   - values the style cannot express, and a form body's nested objects and lists of objects
#     where its encoding names no style, in the bracket convention Stripe reads:
#     metadata[key]=v, items[0][price]=p (and expand[]=a for a deepObject list); a list of
#     scalars without a style repeats its name (OpenAPI's default, as Twilio reads it);
#   - request bodies as JSON, application/x-www-form-urlencoded, multipart/form-data (files
#     as bytes, pathlib.Path or binary file objects), text, or bytes;
#   - every byte outside RFC 3986's unreserved set percent-encoded (UTF-8).
from __future__ import annotations

import datetime
import json
import os
import pathlib
import re
import secrets
import urllib.parse
from typing import IO, Any, Callable, Mapping, Optional, Sequence, TypeGuard, Union

#: A file to send: its bytes, a path to read, or a binary file object (open(..., "rb")).
FileInput = Union[bytes, bytearray, pathlib.Path, IO[bytes]]

Pair = tuple[str, str]

_DELIMITERS = {"form": ",", "spaceDelimited": "%20", "pipeDelimited": "|"}
_DEFAULT_STYLE = {"query": "form", "path": "simple", "header": "simple", "cookie": "form"}
_JSON_MEDIA = ("json",)


def format_of(formats: Optional[Mapping[str, Any]], name: str, location: str) -> tuple[str, bool]:
    """A parameter's (style, explode): the document's, else its location's default."""
    found = (formats or {}).get(name)
    if found:
        return str(found["style"]), bool(found["explode"])
    style = _DEFAULT_STYLE[location]
    return style, style == "form"


def declared(formats: Optional[Mapping[str, Any]], name: str) -> Mapping[str, Any]:
    """What the document declares of one name (a parameter's format, a property's encoding), else nothing."""
    found: Optional[Mapping[str, Any]] = (formats or {}).get(name)
    return found or {}


def is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, datetime.date))


# The values sent are the caller's, of any type. These checks tell a type checker what a value
# is once checked: a sequence or a mapping of objects, whose items are then checked in turn.
def is_list(value: object) -> TypeGuard[Sequence[object]]:
    """A list or a tuple: sent as a list (a str, a sequence too, is a scalar)."""
    return isinstance(value, (list, tuple))


def is_object(value: object) -> TypeGuard[Mapping[object, object]]:
    """A mapping: sent as an object, its keys as text."""
    return isinstance(value, Mapping)


def _is_file(value: Any) -> bool:
    return isinstance(value, (bytes, bytearray, pathlib.PurePath)) or (hasattr(value, "read") and not isinstance(value, str))


def is_text_body(body: Any, content_type: str) -> bool:
    """Whether a body encode_body wrote is text (JSON, a form, text), as the TypeScript runtime holds
    it (a string): not multipart, and not a file's bytes."""
    return not content_type.lower().startswith("multipart/") and not _is_file(body)


def _number_text(value: float) -> str:
    """A float as JavaScript writes a number (ECMA-262 Number::toString): 2, not 2.0; 1e-7, 0.000001."""
    if value != value or value in (float("inf"), float("-inf")):
        return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}[repr(value)]
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    # The shortest digits that read back as the value (as repr finds them) and the decimal point's place.
    mantissa, _, exponent = repr(abs(value)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    joined = whole + fraction
    digits = joined.lstrip("0")
    point = len(whole) + int(exponent or 0) - (len(joined) - len(digits))
    digits = digits.rstrip("0") or "0"
    if len(digits) <= point <= 21:
        return sign + digits + "0" * (point - len(digits))
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + digits
    power = point - 1
    shown = digits if len(digits) == 1 else digits[0] + "." + digits[1:]
    return f"{sign}{shown}e{'+' if power >= 0 else '-'}{abs(power)}"


def scalar_text(value: Any) -> str:
    """A value as JSON writes a scalar: true, not True; 2, not 2.0; dates in ISO 8601 (UTC, milliseconds)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return _number_text(value)
    if isinstance(value, datetime.datetime):
        moment = value.astimezone(datetime.timezone.utc) if value.tzinfo else value
        return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def encode_value(text: str) -> str:
    """Percent-encodes all but A-Z a-z 0-9 - . _ ~."""
    return urllib.parse.quote(text, safe="")


def encode_name(text: str) -> str:
    """A parameter name, with the brackets of metadata[key] kept as they are."""
    return urllib.parse.quote(text, safe="[]")


def _text(value: Any) -> str:
    return encode_value(scalar_text(value))


def bracket_pairs(name: str, value: Any) -> list[Pair]:
    """The bracket convention: nested objects and lists under name[...], a list of scalars as name[]."""
    if value is None:
        return []
    if is_scalar(value):
        return [(encode_name(name), _text(value))]
    if is_list(value):
        if all(item is None or is_scalar(item) for item in value):
            return [(encode_name(f"{name}[]"), _text(item)) for item in value if item is not None]
        return [pair for index, item in enumerate(value) for pair in bracket_pairs(f"{name}[{index}]", item)]
    if is_object(value):
        return [pair for key, item in value.items() for pair in bracket_pairs(f"{name}[{key}]", item)]
    return [(encode_name(name), encode_value(str(value)))]


def styled_pairs(name: str, value: Any, style: str, explode: bool) -> list[Pair]:
    """A named value as name=value pairs by its OpenAPI style and explode."""
    if value is None:
        return []
    if is_scalar(value):
        return [(encode_name(name), _text(value))]
    delimiter = _DELIMITERS.get(style)
    if style == "deepObject" or delimiter is None:
        return bracket_pairs(name, value)
    if is_list(value):
        items = [item for item in value if item is not None]
        if not all(is_scalar(item) for item in items):
            return bracket_pairs(name, value)
        if not items:
            return []
        if explode:
            return [(encode_name(name), _text(item)) for item in items]
        return [(encode_name(name), delimiter.join(_text(item) for item in items))]
    if not is_object(value):
        return [(encode_name(name), encode_value(str(value)))]
    entries = [(str(key), item) for key, item in value.items() if item is not None]
    # An object is spelled out by form only; the delimited styles define lists alone.
    if style != "form":
        return bracket_pairs(name, value)
    if explode:
        return [
            pair
            for key, item in entries
            for pair in (bracket_pairs(key, item) if is_object(item) else styled_pairs(key, item, "form", True))
        ]
    if not all(is_scalar(item) for _, item in entries):
        return bracket_pairs(name, value)
    if not entries:
        return []
    return [(encode_name(name), ",".join(f"{encode_value(key)},{_text(item)}" for key, item in entries))]


def join_pairs(pairs: list[Pair]) -> str:
    return "&".join(f"{name}={value}" for name, value in pairs)


def as_json(value: Any, formats: Optional[Mapping[str, Any]], name: str) -> Any:
    """A parameter declared with content: application/json is sent as JSON text (a str as it is)."""
    if value is None or isinstance(value, str) or not declared(formats, name).get("json"):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# RFC 3986's reserved characters a query value declared allowReserved keeps as they are; & = # +
# stay encoded, since bare they would end the pair, start the fragment or read as a space, and
# ' as the TypeScript SDK's fetch sends it.
_RESERVED_KEPT = re.compile(r"%(3A|2F|3F|5B|5D|40|21|24|28|29|2A|2C|3B)", re.IGNORECASE)


def with_reserved(pairs: list[Pair]) -> list[Pair]:
    """The pairs with the reserved characters of their values decoded."""
    return [(name, _RESERVED_KEPT.sub(lambda match: urllib.parse.unquote(match.group(0)), value)) for name, value in pairs]


def query_string(query: Mapping[str, Any], formats: Optional[Mapping[str, Any]]) -> str:
    pairs: list[Pair] = []
    for name, value in query.items():
        styled = styled_pairs(name, as_json(value, formats, name), *format_of(formats, name, "query"))
        pairs.extend(with_reserved(styled) if declared(formats, name).get("allowReserved") else styled)
    return join_pairs(pairs)


def _parts(value: Any, encode: Callable[[str], str]) -> tuple[Optional[list[str]], Optional[list[tuple[str, str]]]]:
    """Scalars, or the key/value pairs of an object; anything deeper is sent as JSON."""

    def one(item: Any) -> str:
        return encode(scalar_text(item) if is_scalar(item) else json.dumps(item, separators=(",", ":"), ensure_ascii=False))

    if is_list(value):
        return [one(item) for item in value if item is not None], None
    if is_object(value):
        return None, [(encode(str(key)), one(item)) for key, item in value.items() if item is not None]
    return [one(value)], None


def path_value(name: str, value: Any, style: str, explode: bool, encode: Callable[[str], str] = encode_value) -> str:
    """One path parameter's text in the path, its prefix (. or ;name=) included."""
    if value is None:
        return ""
    items, entries = _parts(value, encode)
    scalar = not is_list(value) and items is not None
    if style == "matrix":
        key = encode(name)
        if items is not None:
            return "".join(f";{key}={item}" for item in items) if explode and not scalar else f";{key}={','.join(items)}"
        assert entries is not None
        if explode:
            return "".join(f";{entry}={item}" for entry, item in entries)
        return f";{key}=" + ",".join(f"{entry},{item}" for entry, item in entries)
    separator = "." if style == "label" and explode else ","
    if items is not None:
        body = separator.join(items)
    else:
        assert entries is not None
        body = separator.join(f"{entry}={item}" if explode else f"{entry},{item}" for entry, item in entries)
    return f".{body}" if style == "label" else body


def fill_path(template: str, values: Mapping[str, Any], formats: Optional[Mapping[str, Any]]) -> str:
    for name, value in values.items():
        if value is not None:
            template = template.replace("{" + name + "}", path_value(name, value, *format_of(formats, name, "path")))
    return template


def header_value(value: Any, explode: bool) -> str:
    """A header parameter's value (style simple), not percent-encoded."""
    return path_value("", value, "simple", explode, lambda text: text)


def cookie_header(values: Mapping[str, Any], formats: Optional[Mapping[str, Any]]) -> str:
    """The Cookie header for the cookie parameters (style form), values percent-encoded."""
    cookies: list[str] = []
    for name, value in values.items():
        if value is None:
            continue
        _, explode = format_of(formats, name, "cookie")
        items, entries = _parts(value, encode_value)
        if items is not None:
            if explode and is_list(value):
                cookies.extend(f"{name}={item}" for item in items)
            else:
                cookies.append(f"{name}={','.join(items)}")
        elif entries is not None:
            if explode:
                cookies.extend(f"{key}={item}" for key, item in entries)
            else:
                cookies.append(f"{name}=" + ",".join(f"{key},{item}" for key, item in entries))
    return "; ".join(cookies)


def form_body(body: Any, encoding: Mapping[str, Any]) -> str:
    """application/x-www-form-urlencoded: each property by its encoding, else a list of scalars
    with its name repeated and anything nested in the bracket convention."""
    if is_scalar(body):
        return scalar_text(body)
    if not is_object(body):
        return ""
    pairs: list[Pair] = []
    for key, value in body.items():
        name = str(key)
        entry = declared(encoding, name)
        if "style" not in entry and "explode" not in entry:
            scalars = is_list(value) and all(item is None or is_scalar(item) for item in value)
            pairs.extend(styled_pairs(name, value, "form", True) if scalars else bracket_pairs(name, value))
            continue
        style = str(entry.get("style", "form"))
        pairs.extend(styled_pairs(name, value, style, bool(entry.get("explode", style == "form"))))
    return join_pairs(pairs)


def file_bytes(value: Any) -> bytes:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if isinstance(value, pathlib.PurePath):
        return pathlib.Path(value).read_bytes()
    data = value.read()
    return data.encode("utf-8") if isinstance(data, str) else bytes(data)


def _file_name(value: Any, field: str) -> str:
    if isinstance(value, pathlib.PurePath):
        return value.name
    name = getattr(value, "name", None)
    return os.path.basename(name) if isinstance(name, str) and name else field


def _exact(content_type: Any) -> Optional[str]:
    """A declared content type that names one type (not image/*, not a list)."""
    return content_type if isinstance(content_type, str) and "*" not in content_type and "," not in content_type else None


def _quoted(text: str) -> str:
    return text.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


def multipart_body(body: Mapping[str, Any], encoding: Mapping[str, Any], boundary: str) -> bytes:
    """multipart/form-data (RFC 7578): one part per property and per item of a list."""
    chunks: list[bytes] = []
    for name, value in body.items():
        declared_type = _exact(declared(encoding, name).get("contentType"))
        items: Sequence[object] = value if is_list(value) else [value]
        for item in items:
            if item is None:
                continue
            disposition = f'form-data; name="{_quoted(name)}"'
            content_type: Optional[str]
            if _is_file(item):
                disposition += f'; filename="{_quoted(_file_name(item, name))}"'
                content_type = declared_type or "application/octet-stream"
                content = file_bytes(item)
            elif is_scalar(item):
                content_type = declared_type
                content = scalar_text(item).encode("utf-8")
            else:
                content_type = declared_type or "application/json"
                content = json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
            head = f"--{boundary}\r\nContent-Disposition: {disposition}\r\n"
            head += f"Content-Type: {content_type}\r\n" if content_type else ""
            chunks.extend([(head + "\r\n").encode("utf-8"), content, b"\r\n"])
    chunks.append(f"--{boundary}--\r\n".encode("utf-8"))
    return b"".join(chunks)


def _is_json(media_type: str) -> bool:
    kind = media_type.split(";")[0].strip().lower()
    return kind.endswith("/json") or kind.endswith("+json") or kind == "*/*"


def encode_body(body: Any, body_format: Optional[Mapping[str, Any]]) -> tuple[bytes, str]:
    """The body's bytes and Content-Type, by the media type the operation's document gives."""
    media_type = str((body_format or {}).get("mediaType", "application/json"))
    encoding: Mapping[str, Any] = (body_format or {}).get("encoding") or {}
    lower = media_type.lower()
    exact = None if "*" in media_type else media_type
    if _is_json(media_type):
        return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), media_type
    if lower.startswith("application/x-www-form-urlencoded"):
        return form_body(body, encoding).encode("utf-8"), "application/x-www-form-urlencoded"
    if lower.startswith("multipart/"):
        boundary = "----SdkBoundary" + secrets.token_hex(12)
        return multipart_body(body or {}, encoding, boundary), f"multipart/form-data; boundary={boundary}"
    if _is_file(body):
        return file_bytes(body), exact or "application/octet-stream"
    if lower.startswith("text/") or is_scalar(body):
        return (scalar_text(body) if is_scalar(body) else str(body)).encode("utf-8"), exact or "text/plain"
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), exact or "application/json"
