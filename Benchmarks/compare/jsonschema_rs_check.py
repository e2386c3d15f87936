"""Validates a JSON Lines file against a JSON Schema with jsonschema-rs, collecting every error.

Usage: python jsonschema_rs_check.py SCHEMA.json FILE.jsonl
Each line is parsed with Python's json module (the parsing is part of the time, as it is for
rulecheck), then every error is collected with iter_errors. Prints one JSON line: records,
invalid records, errors, and the seconds the validation took.
"""
import json
import sys
import time

import jsonschema_rs


def main() -> None:
    schema_path, data_path = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    with open(schema_path, encoding="utf-8") as file:
        validator = jsonschema_rs.validator_for(json.load(file), validate_formats=True)
    records = invalid = errors = 0
    with open(data_path, "rb") as file:
        for line in file:
            if not line.strip():
                continue
            records += 1
            found = sum(1 for _ in validator.iter_errors(json.loads(line)))
            if found:
                invalid += 1
                errors += found
    seconds = time.perf_counter() - start
    print(json.dumps({"tool": "jsonschema-rs", "records": records, "invalid": invalid, "errors": errors,
                      "seconds": round(seconds, 3)}))


if __name__ == "__main__":
    main()
