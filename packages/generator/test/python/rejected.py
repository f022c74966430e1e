# Mistakes the SDK's types must catch: ../python-sdk.test.ts runs mypy --strict on this file
# and expects an error on each line marked `# rejected:` (and no other).
from acme_signing import Client, Hooks, models


def mistakes(client: Client) -> None:
    client.certificates.retrieve(42)  # rejected: an id is a str
    certificate = client.certificates.retrieve("cert_1")
    certificate["no_such_field"]  # rejected: not a key of Certificate
    client.certificates.list(limit="ten")  # rejected: limit is an int
    client.certificates.list(cursor="c_1")  # rejected: the cursor is followed for the caller
    client.enrollments.create(["passport"])  # rejected: a body is an EnrollmentRequest
    document: models.Document = {}  # rejected: content_url is required
    Hooks(on_request=lambda event: print(event.status))  # rejected: a request has no status yet
