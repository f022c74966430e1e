# Runs one scenario's calls on a generated Python SDK, as its user would, and prints what it
# observed as JSON (the Observation of scenario.ts): run by ../runtime-parity.test.ts with the
# SDK's package on PYTHONPATH. Arguments: the package's name, the server's URL, the scenario,
# and the client: `sync` (Client) or `async` (AsyncClient, each call awaited, lists read with `async for`).
# The scenario's hooks record each event they are told as scenario.ts's HookEvent.
import asyncio
import dataclasses
import importlib
import json
import logging
import re
import sys
import warnings
from typing import Any


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def camel(name: str) -> str:
    return re.sub(r"_([a-z])", lambda match: match.group(1).upper(), name)


def recording_hooks(sdk: Any, given: dict[str, Any], events: list[dict[str, Any]]) -> Any:
    """The scenario's hooks: each records its event as a HookEvent, then raises if asked to."""

    def recorder(hook: str) -> Any:
        def record(event: Any) -> None:
            events.append({"hook": hook, **{camel(name): value for name, value in dataclasses.asdict(event).items()}})
            if given.get("throwing"):
                raise RuntimeError(f"{hook} failed")

        return record

    return sdk.Hooks(include_bodies=given.get("includeBodies", False), **{snake(hook): recorder(hook) for hook in given["given"]})


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


def method_and_keywords(client: Any, call: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    method = getattr(getattr(client, snake(call["resource"])), snake(call["method"]))
    options = call.get("options", {})
    return method, {snake(name): value for name, value in {**call.get("query", {}), **options}.items()}


def described_response(raw: Any) -> dict[str, Any]:
    response = raw.response
    return {"result": {"data": raw.data, "status": response.status, "etag": response.headers.get("etag"), "requestId": response.request_id}}


def outcome_of(sdk: Any, client: Any, call: dict[str, Any]) -> dict[str, Any]:
    method, keywords = method_and_keywords(client, call)
    try:
        if call.get("withResponse"):
            return described_response(sdk.with_response(method)(*call["args"], **keywords))
        result = method(*call["args"], **keywords)
        return {"result": list(result) if call.get("iterate") else result}
    except sdk.ApiError as error:
        return describe_error(error, call)


async def outcome_of_async(sdk: Any, client: Any, call: dict[str, Any]) -> dict[str, Any]:
    method, keywords = method_and_keywords(client, call)
    try:
        if call.get("withResponse"):
            return described_response(await sdk.with_response(method)(*call["args"], **keywords))
        if call.get("iterate"):
            return {"result": [item async for item in method(*call["args"], **keywords)]}
        return {"result": await method(*call["args"], **keywords)}
    except sdk.ApiError as error:
        return describe_error(error, call)


async def outcomes_async(sdk: Any, client: Any, calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    async with client:
        return [await outcome_of_async(sdk, client, call) for call in calls]


def main() -> None:
    package, base_url, scenario, runtime = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
    sdk = importlib.import_module(package)
    lines = Lines()
    logging.getLogger(package).addHandler(lines)
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        # A wait of no time is none: the TypeScript runtime does not call its sleep for one.
        if seconds > 0:
            waits.append(seconds)

    async def sleep_async(seconds: float) -> None:
        sleep(seconds)

    options = {snake(name): value for name, value in scenario.get("client", {}).items()}
    tokens: list[str] = scenario.get("tokens", [])
    given = iter(tokens)
    # The tokens in turn, the last one again once they run out; else one fixed token.
    credentials: dict[str, Any] = (
        {"token_provider": lambda: next(given, tokens[-1])} if tokens else {"access_token": "token"}
    )
    events: list[dict[str, Any]] = []
    if "hooks" in scenario:
        options["hooks"] = recording_hooks(sdk, scenario["hooks"], events)
    with warnings.catch_warnings(record=True) as caught:
        # Every warning given is recorded: the runtime's own once-per-operation rule is under test.
        warnings.simplefilter("always")
        if runtime == "async":
            client = sdk.AsyncClient(base_url, sleep=sleep_async, **credentials, **options)
            outcomes = asyncio.run(outcomes_async(sdk, client, scenario["calls"]))
        else:
            client = sdk.Client(base_url, sleep=sleep, **credentials, **options)
            outcomes = [outcome_of(sdk, client, call) for call in scenario["calls"]]
    # A warning must point at the line that called the SDK method, here, as stacklevel says.
    warned = [
        str(warning.message) if warning.filename == __file__ else f"{warning.message} (at {warning.filename}:{warning.lineno})"
        for warning in caught
        if issubclass(warning.category, DeprecationWarning)
    ]
    print(json.dumps({"outcomes": outcomes, "waits": waits, "logged": lines.lines, "warned": warned, "hooks": events}))


main()
