# How each page shape asks for the page after one it got, one entry per style, as the
# TypeScript runtime's pages/next-page.ts: a query parameter to send again with a new value
# ({"parameter", "value"}), a URL to follow ({"url"}), None after the last page, or a sentence
# saying what in the page is not as its shape says. _runtime.py walks the pages with it.
from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Optional, Sequence, Union, cast

NextPage = dict[str, Any]
Outcome = Union[NextPage, None, str]

_LINK = re.compile(r"<([^>]*)>((?:\s*;\s*[^;,]+)*)")
_REL = re.compile(r';\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))', re.IGNORECASE)


def value_at(body: Any, path: Sequence[str]) -> Any:
    """The value at `path` of a body; None where there is none."""
    value: Any = body
    for name in path:
        value = cast("dict[str, Any]", value).get(name) if isinstance(value, dict) else None
    return value


def next_link_of(header: Optional[str]) -> Optional[str]:
    """The URL of a Link header's rel="next" (RFC 8288: a rel holds space-separated types)."""
    for match in _LINK.finditer(header or ""):
        rel = _REL.search(match.group(2) or "")
        if rel and "next" in (rel.group(1) or rel.group(2) or "").lower().split():
            return match.group(1)
    return None


def _continuation(body: Any, path: Sequence[str]) -> Union[str, None, tuple[str]]:
    """A token or link: None (the end) when null, absent or empty; a 1-tuple holding the problem when not a string."""
    value = value_at(body, path)
    if value is None or value == "":
        return None
    return value if isinstance(value, str) else (f'A page\'s "{".".join(path)}" is neither a string nor null.',)


def _count(value: Any) -> Optional[int]:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.isdigit() else None


def _cursor(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    token = _continuation(body, shape["next_cursor"])
    if isinstance(token, tuple):
        return token[0]
    return None if token is None else {"parameter": shape["cursor_parameter"], "value": token}


def _after_last_item(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    if value_at(body, shape["has_more"]) is not True:
        return None
    last = value_at(items[-1], [shape["item_id"]]) if items else None
    if isinstance(last, (str, int)) and not isinstance(last, bool):
        return {"parameter": shape["cursor_parameter"], "value": last}
    return f'A page says there are more items, but its last item has no "{shape["item_id"]}".'


def _link_header(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    url = next_link_of(link)
    return {"url": url} if url else None


def _next_link(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    url = _continuation(body, shape["next_link"])
    if isinstance(url, tuple):
        return url[0]
    return None if url is None else {"url": url}


def _offset(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    limit = _count(query.get(shape["limit_parameter"]))
    if not items or (limit is not None and len(items) < limit):
        return None
    offset = (_count(query.get(shape["offset_parameter"])) or 0) + len(items)
    total = _count(value_at(body, shape["total"])) if shape.get("total") else None
    return None if total is not None and offset >= total else {"parameter": shape["offset_parameter"], "value": offset}


def _page_number(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    size = _count(query.get(shape["size_parameter"]))
    if not items or (size is not None and len(items) < size):
        return None
    page = _count(query.get(shape["page_parameter"]))
    return {"parameter": shape["page_parameter"], "value": (shape["first_page"] if page is None else page) + 1}


_NEXT: dict[str, Callable[[Mapping[str, Any], Any, list[Any], Optional[str], Mapping[str, Any]], Outcome]] = {
    "cursor": _cursor,
    "after_last_item": _after_last_item,
    "link_header": _link_header,
    "next_link": _next_link,
    "offset": _offset,
    "page_number": _page_number,
}


def next_page(shape: Mapping[str, Any], body: Any, items: list[Any], link: Optional[str], query: Mapping[str, Any]) -> Outcome:
    """The request of the page after this one, None after the last, or what in the page is not as `shape` says."""
    return _NEXT[str(shape["style"])](shape, body, items, link, query)
