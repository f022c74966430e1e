# Timed by ../python-sdk.bench.mjs in a virtual environment holding the generated SDK: the
# SDK's calls against the same calls made with the standard library alone (urllib and json,
# the same headers), in one process, alternating, ROUNDS rounds. Prints JSON: per round, the
# microseconds per call of each.
import json
import os
import sys
import time
import urllib.request

from acme_signing import Client

BASE = os.environ["SANDBOX_URL"]
TOKEN = os.environ["TOKEN"]
IDS = json.loads(os.environ["IDS"])
ROUNDS = int(os.environ.get("ROUNDS", "5"))
CALLS = 200


def plain_get(path):
    request = urllib.request.Request(BASE + path, headers={"authorization": f"Bearer {TOKEN}", "accept": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def plain_walk():
    seen, cursor = 0, None
    while True:
        page = plain_get("/certificates?limit=10" + (f"&cursor={cursor}" if cursor else ""))
        seen += len(page["items"])
        cursor = page["cursor"]
        if cursor is None:
            return seen


def per_call(function, count):
    begin = time.perf_counter()
    for index in range(count):
        function(index)
    return (time.perf_counter() - begin) / count * 1e6


rounds = []
for _ in range(ROUNDS):
    sdk = Client(BASE, access_token=TOKEN)
    cached = Client(BASE, access_token=TOKEN, etag_cache=True)
    validating = Client(BASE, access_token=TOKEN, validate_responses=True)
    rounds.append(
        {
            "retrieve_plain": per_call(lambda i: plain_get(f"/certificates/{IDS[i % len(IDS)]}"), CALLS),
            "retrieve_sdk": per_call(lambda i: sdk.certificates.retrieve(IDS[i % len(IDS)]), CALLS),
            "retrieve_sdk_cached": per_call(lambda i: cached.certificates.retrieve(IDS[i % len(IDS)]), CALLS),
            "retrieve_sdk_validated": per_call(lambda i: validating.certificates.retrieve(IDS[i % len(IDS)]), CALLS),
            "walk_plain": per_call(lambda i: plain_walk(), 5),
            "walk_sdk": per_call(lambda i: sum(1 for _ in sdk.certificates.list(limit=10)), 5),
            "walk_sdk_validated": per_call(lambda i: sum(1 for _ in validating.certificates.list(limit=10)), 5),
        }
    )
json.dump(rounds, sys.stdout)
