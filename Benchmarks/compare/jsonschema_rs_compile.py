"""Compiles a JSON Schema with jsonschema-rs (`validator_for`), timed inside this process around
that call alone, as Benchmarks/Sources/CompileTiming times `RuleSet(bytes:source:)` inside its own.

Usage: python jsonschema_rs_compile.py SCHEMA.json

The file is read and parsed with Python's json module first (timed apart, as `parse_seconds`:
`validator_for` takes a Python object, where RuleSet(bytes:) starts from the bytes and includes
reading them). Prints one JSON line with the wall-clock and CPU seconds (time.perf_counter and
time.process_time) of `validator_for`; the interpreter's start-up and the import of
jsonschema_rs are not included.
"""
import json
import sys
import time

import jsonschema_rs


def main() -> None:
    parse_start = time.perf_counter()
    with open(sys.argv[1], "rb") as file:
        schema = json.loads(file.read())
    parse_seconds = time.perf_counter() - parse_start
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    validator = jsonschema_rs.validator_for(schema)
    cpu, wall = time.process_time() - cpu_start, time.perf_counter() - wall_start
    assert validator.is_valid({"f1": "F1-AB1"})
    print(json.dumps({"tool": "jsonschema-rs", "compile_seconds": round(wall, 4),
                      "compile_cpu_seconds": round(cpu, 4), "parse_seconds": round(parse_seconds, 4)}))


if __name__ == "__main__":
    main()
