# The Python runtime's _validate.py on a table of cases, for ../python-validator.test.ts: reads
# {"components", "responses", "cases": [{"method", "path", "status", "body"}]} on stdin and prints
# each case's mismatches as [path, rule, message] lists, to be compared with the TypeScript
# runtime's for the same bodies. Run with python-sdk/src/__package__ on PYTHONPATH.
import json
import sys

from _validate import mismatches, schema_for

given = json.load(sys.stdin)
found = []
for case in given["cases"]:
    schema = schema_for(given["responses"], case["path"], case["method"], case["status"])
    listed = [] if schema is None else mismatches(schema, given["components"], case["body"])
    found.append([[mismatch.path, mismatch.rule, mismatch.message] for mismatch in listed])
print(json.dumps(found))
