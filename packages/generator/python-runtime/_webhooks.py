# Webhook verification for the Python SDK, the scheme of the TypeScript verifier: the key is
# the endpoint secret as shown (whsec_… included) as UTF-8, what is signed is `<t>.<body>`
# over the exact bytes received, the header is `t=<seconds>,v1=<hex>[,v1=<hex>…]` (a match
# with any v1 passes, unknown schemes are ignored), and `t` must be within the tolerance of
# now in either direction. Comparisons are constant-time (hmac.compare_digest).
from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any, Optional, Sequence, Union


class WebhookVerificationError(Exception):
    """The delivery is not from the sender, or not an event: its `code` says which."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _parse(header: Optional[str]) -> tuple[int, list[str]]:
    if not header:
        raise WebhookVerificationError("missing_header", "The signature header is missing.")
    timestamps: list[str] = []
    signatures: list[str] = []
    for item in header.split(","):
        key, _, value = item.strip().partition("=")
        if key == "t":
            timestamps.append(value)
        elif key == "v1" and value:
            signatures.append(value)
    if len(timestamps) != 1 or not timestamps[0].isdigit():
        raise WebhookVerificationError("malformed_header", "The signature header needs exactly one t of digits.")
    if not signatures:
        raise WebhookVerificationError("malformed_header", "The signature header has no v1 signature.")
    return int(timestamps[0]), signatures


def verify_signature_header(
    body: bytes,
    header: Optional[str],
    secrets: Union[str, Sequence[str]],
    tolerance_seconds: int = {{TOLERANCE_SECONDS}},
    now: Optional[float] = None,
) -> int:
    """Checks the header against the raw body; returns `t`. Raises WebhookVerificationError."""
    if not isinstance(body, (bytes, bytearray)):
        raise WebhookVerificationError("body_not_raw", "Pass the raw body as bytes, exactly as received.")
    keys = [secrets] if isinstance(secrets, str) else list(secrets)
    if not keys:
        raise WebhookVerificationError("missing_secret", "No secret to verify with.")
    timestamp, signatures = _parse(header)
    signed = f"{timestamp}.".encode() + bytes(body)
    expected = [hmac.new(key.encode("utf-8"), signed, hashlib.sha256).hexdigest() for key in keys]
    if not any(hmac.compare_digest(candidate, signature) for candidate in expected for signature in signatures):
        raise WebhookVerificationError("no_valid_signature", "No signature matches the body with the secret.")
    if abs((time.time() if now is None else now) - timestamp) > tolerance_seconds:
        raise WebhookVerificationError("timestamp_out_of_tolerance", f"The timestamp is more than {tolerance_seconds} s from now.")
    return timestamp


def construct_event(
    body: bytes,
    header: Optional[str],
    secrets: Union[str, Sequence[str]],
    tolerance_seconds: int = {{TOLERANCE_SECONDS}},
    now: Optional[float] = None,
) -> dict[str, Any]:
    """Verifies a delivery and returns its event. Pass the raw body (bytes) and the {{SIGNATURE_HEADER}} header."""
    verify_signature_header(body, header, secrets, tolerance_seconds, now)
    try:
        event = json.loads(bytes(body).decode("utf-8"))
    except ValueError as error:
        raise WebhookVerificationError("invalid_payload", "The body is not JSON.") from error
    if not isinstance(event, dict) or not isinstance(event.get("id"), str) or not isinstance(event.get("type"), str):
        raise WebhookVerificationError("invalid_payload", "The body is not an event envelope.")
    return event
