"""Compiles a JSON Schema with jsonschema-rs: reads the file, parses it with Python's json module and
builds the validator (validator_for), as rulecheck reads and compiles a rules file.

Usage: python jsonschema_rs_compile.py SCHEMA.json
Prints one JSON line with the seconds that took (the interpreter's start-up and the import of
jsonschema_rs are not included).
"""
import json
import sys
import time

import jsonschema_rs


def main() -> None:
    start = time.perf_counter()
    with open(sys.argv[1], "rb") as file:
        schema = json.loads(file.read())
    validator = jsonschema_rs.validator_for(schema)
    seconds = time.perf_counter() - start
    assert validator.is_valid({"f1": "F1-AB1"})
    print(json.dumps({"tool": "jsonschema-rs", "compile_seconds": round(seconds, 4)}))


if __name__ == "__main__":
    main()
