#!/usr/bin/env python3
"""JSON-Schema-Test-Suite conformance of `rulecheck`, with the cases that are not applicable to a
form set apart (Docs/json-schema.md, "Conformance", says why each is not).

Runs the shared runner (run-json-schema-suite.py, next to the suite's folder) with -v and reads
its failures. A case is not applicable when its test group (or, for two cases, the test itself)
is listed below with its reason; every other failure is a real one, printed, and makes the exit
status 1.

Usage: scripts/json-schema-conformance.py RULECHECK_BINARY SUITE_DIR [--runner RUNNER]"""
import json, os, re, subprocess, sys

# (file, group description, test description or None for the whole group): reason.
SEVERAL_TYPES = "a value that may be of several JSON types (a form field has one type)"
NOT_APPLICABLE = {
    ("allOf.json", "allOf with one empty schema", None): SEVERAL_TYPES,
    ("allOf.json", "allOf with two empty schemas", None): SEVERAL_TYPES,
    ("enum.json", "heterogeneous enum validation", None): SEVERAL_TYPES,
    ("if-then-else.json", "ignore if without then or else", None): SEVERAL_TYPES,
    ("if-then-else.json", "ignore then without if", None): SEVERAL_TYPES,
    ("if-then-else.json", "ignore else without if", None): SEVERAL_TYPES,
    ("required.json", "required validation", None): SEVERAL_TYPES,
    ("required.json", "required properties whose names are Javascript object property names", None): SEVERAL_TYPES,
    ("type.json", "multiple types can be specified in an array", None): SEVERAL_TYPES,
    ("type.json", "type: array or object", None): SEVERAL_TYPES,
    ("type.json", "type: array, object or null", None): SEVERAL_TYPES,
    ("uniqueItems.json", "uniqueItems validation", None): SEVERAL_TYPES,
    ("uniqueItems.json", "uniqueItems with an array of items", None): SEVERAL_TYPES,
    ("uniqueItems.json", "uniqueItems=false validation", None): SEVERAL_TYPES,
    ("uniqueItems.json", "uniqueItems=false with an array of items", None): SEVERAL_TYPES,
    ("properties.json", "properties with escaped characters", None): "property names that cannot be field ids",
    ("required.json", "required with escaped characters", None): "property names that cannot be field ids",
    ("type.json", "string type matches strings", "an empty string is still a string"):
        "an empty string or array is a value (in a form it is an empty field)",
    ("type.json", "array type matches arrays", "an array is an array"):
        "an empty string or array is a value (in a form it is an empty field)",
    ("type.json", "object type matches objects", "an object is an object"):
        "an object schema without properties has no field, and a form needs one",
}


def runner_cases(suite_dir):
    """The cases the runner applies, as (file, group, test), by its own skip rules."""
    sys.path.insert(0, os.path.dirname(RUNNER))
    source = open(RUNNER).read().split("\ndef main():")[0]
    namespace = {}
    exec(compile(source, RUNNER, "exec"), namespace)
    cases = []
    for name in sorted(os.listdir(suite_dir)):
        if not name.endswith(".json"):
            continue
        for group in json.load(open(os.path.join(suite_dir, name))):
            if not namespace["keywords_ok"](group["schema"]):
                continue
            is_object = namespace["is_object_schema"](group["schema"])
            for test in group["tests"]:
                if "ignore" in test["description"].lower() or (is_object and not isinstance(test["data"], dict)):
                    continue
                cases.append((name, group["description"], test["description"]))
    return cases


def reason(case):
    file, group, test = case
    return NOT_APPLICABLE.get((file, group, test)) or NOT_APPLICABLE.get((file, group, None))


if __name__ == "__main__":
    binary, suite_dir = sys.argv[1], sys.argv[2]
    RUNNER = sys.argv[sys.argv.index("--runner") + 1] if "--runner" in sys.argv else \
        os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(suite_dir))), "run-json-schema-suite.py")
    run = subprocess.run([sys.executable, RUNNER, binary, suite_dir, "-v"], capture_output=True, text=True)
    failed = set()
    for line in run.stdout.splitlines():
        match = re.match(r"  FAIL (\S+) \| (.*?) \| (.*?) \| ", line)
        if match:
            failed.add(match.groups())
    cases = runner_cases(suite_dir)
    applicable = [case for case in cases if reason(case) is None]
    excluded = [case for case in cases if reason(case) is not None]
    real = sorted(case for case in applicable if case in failed)
    for case in real:
        print("FAIL " + " | ".join(case))
    by_reason = {}
    for case in excluded:
        by_reason.setdefault(reason(case), []).append(case)
    print(run.stdout.splitlines()[-1] if run.stdout else "the runner printed nothing")
    for text, items in sorted(by_reason.items()):
        print(f"not applicable, {len(items)} cases: {text}")
    print(f"{len(applicable) - len(real)}/{len(applicable)} applicable cases pass")
    sys.exit(0 if applicable and not real else 1)
