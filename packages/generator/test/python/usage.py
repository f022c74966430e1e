# How a user types code against the generated SDK: checked by mypy --strict in
# ../python-sdk.test.ts, never run. Every name below must resolve to the document's types,
# not to Any: rejected.py holds the mistakes mypy must find.
from collections.abc import AsyncIterator, Iterator
from typing import assert_type

from acme_signing import (
    ApiError,
    AsyncClient,
    Client,
    Hooks,
    NotFoundError,
    RequestHookEvent,
    RetryHookEvent,
    UnknownErrorCodeHookEvent,
    WithResponse,
    construct_event,
    models,
    with_response,
)


def certificates(client: Client) -> list[str]:
    listed: Iterator[models.Certificate] = client.certificates.list(limit=10)
    return [certificate["id"] for certificate in listed]


def enroll(client: Client) -> str:
    body: models.EnrollmentRequest = {"identity_evidence": {"document_type": "passport", "issuing_office": "Kathmandu"}}
    enrollment: models.Enrollment = client.enrollments.create(body, idempotency_key="A" * 32)
    return enrollment["id"]


def certificate_id_of(client: Client, certificate_id: str) -> str | None:
    try:
        return client.certificates.retrieve(certificate_id)["id"]
    except NotFoundError as error:
        print(error.code, error.status, error.request_id, error.details)
        return None
    except ApiError:
        raise


def event_type(body: bytes, header: str | None) -> str:
    event = construct_event(body, header, ["whsec_a", "whsec_b"])
    return str(event["type"])


async def certificates_async(client: AsyncClient) -> list[str]:
    listed: AsyncIterator[models.Certificate] = client.certificates.list(limit=10)
    return [certificate["id"] async for certificate in listed]


async def retrieved_with_response(client: AsyncClient, sync_client: Client) -> int:
    awaited = await with_response(client.certificates.retrieve)("cert_1")
    assert_type(awaited, WithResponse[models.Certificate])
    called = with_response(sync_client.certificates.retrieve)("cert_1")
    assert_type(called, WithResponse[models.Certificate])
    return awaited.response.status + called.response.status


def traced_clients(lines: list[str]) -> tuple[Client, AsyncClient]:
    def on_request(event: RequestHookEvent) -> None:
        lines.append(f"{event.method} {event.url} #{event.attempt} {event.headers.get('authorization')} {event.body}")

    def on_retry(event: RetryHookEvent) -> None:
        assert_type(event.status, int | None)
        lines.append(f"{event.reason} in {event.delay_ms} ms")

    def on_unknown_error_code(event: UnknownErrorCodeHookEvent) -> None:
        lines.append(f"{event.code} {event.status} {event.request_id}")

    hooks = Hooks(
        on_request=on_request,
        on_response=lambda event: lines.append(f"{event.status} {event.request_id} {event.duration_ms}"),
        on_retry=on_retry,
        on_unknown_error_code=on_unknown_error_code,
        include_bodies=True,
    )
    return Client(hooks=hooks), AsyncClient(hooks=hooks)
