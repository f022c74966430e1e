# Runs one scenario's calls on a generated Python SDK, as its user would, and prints what it
# observed as JSON (the Observation of scenario.ts): run by ../runtime-parity.test.ts with the
# SDK's package on PYTHONPATH. Arguments: the package's name, the server's URL, the scenario.
import importlib
import json
import logging
import re
import sys
import warnings
from typing import Any


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def describe_error(error: Any, call: dict[str, Any]) -> dict[str, Any]:
    described = {
        "type": type(error).__name__,
        "code": error.code,
        "receivedCode": getattr(error, "received_code", None),
        "status": error.status,
        "requestId": error.request_id,
    }
    if call.get("details"):
        described["details"] = [
            {"field": detail.get("field"), "code": detail.get("code"), "message": detail.get("message")} for detail in error.details
        ]
    if "isCodes" in call:
        described["is"] = {code: bool(getattr(error, "is_code", lambda _code: False)(code)) for code in call["isCodes"]}
    return {"error": described}


def outcome_of(sdk: Any, client: Any, call: dict[str, Any]) -> dict[str, Any]:
    method = getattr(getattr(client, snake(call["resource"])), snake(call["method"]))
    options = call.get("options", {})
    keywords = {snake(name): value for name, value in {**call.get("query", {}), **options}.items()}
    try:
        if call.get("withResponse"):
            raw = sdk.with_response(method)(*call["args"], **keywords)
            response = raw.response
            return {"result": {"data": raw.data, "status": response.status, "etag": response.headers.get("etag"), "requestId": response.request_id}}
        result = method(*call["args"], **keywords)
        return {"result": list(result) if call.get("iterate") else result}
    except sdk.ApiError as error:
        return describe_error(error, call)


def main() -> None:
    package, base_url, scenario = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    sdk = importlib.import_module(package)
    lines = Lines()
    logging.getLogger(package).addHandler(lines)
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        # A wait of no time is none: the TypeScript runtime does not call its sleep for one.
        if seconds > 0:
            waits.append(seconds)

    options = {snake(name): value for name, value in scenario.get("client", {}).items()}
    client = sdk.Client(base_url, access_token="token", sleep=sleep, **options)
    with warnings.catch_warnings(record=True) as caught:
        # Every warning given is recorded: the runtime's own once-per-operation rule is under test.
        warnings.simplefilter("always")
        outcomes = [outcome_of(sdk, client, call) for call in scenario["calls"]]
    # A warning must point at the line that called the SDK method, here, as stacklevel says.
    warned = [
        str(warning.message) if warning.filename == __file__ else f"{warning.message} (at {warning.filename}:{warning.lineno})"
        for warning in caught
        if issubclass(warning.category, DeprecationWarning)
    ]
    print(json.dumps({"outcomes": outcomes, "waits": waits, "logged": lines.lines, "warned": warned}))


main()
