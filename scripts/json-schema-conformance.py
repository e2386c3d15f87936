#!/usr/bin/env python3
"""JSON-Schema-Test-Suite conformance of `rulecheck` (`make conformance`; Docs/json-schema.md,
"Conformance", shows what it prints and says why each case set apart is).

The suite is fetched at run time, nothing of it committed: the `jsonschema` source distribution
on PyPI carries it under `json/tests/` (pinned below by version and SHA-256, downloaded with
`pip download`, kept in .build/). For draft 7 and 2020-12 it reads each file of the draft and the
optional `ecmascript-regex.json`, and runs every test group the way the team's shared runner
(../shared/conformance/run-json-schema-suite.py) does: the group's schema imported with
`rulecheck schema import` (an object schema as is, any other as the required property `v` of an
object), each test's instance checked as one JSON Lines record with `rulecheck check` of the
printed rules, a record invalid when `check` reports an error for it; groups with keywords
outside the set are skipped, and tests whose description says the keyword "ignores" other types.
A group's `$schema` is taken out first (it names the draft; the shared runner's keyword list does
not know it).

Two runs per draft: with the shared runner's keyword set (the same figures as that runner gives
for the same files — checked against it when it is there), and with every keyword
Docs/json-schema.md lists as imported (adds `not`, `prefixItems`, `additionalItems`, `$comment`).
Of each, the cases set apart below (by test group, or test) with their reason are not counted;
every other case is, and the exit status is 1 when fewer than 95% of them pass or when a case
fails that is not listed under KNOWN_FAILURES (a regression).

Usage: scripts/json-schema-conformance.py RULECHECK [--suite TESTS_DIR] [--shared-runner RUNNER] [-v]
  TESTS_DIR: a `json/tests` directory (default: fetched into .build/json-schema-test-suite/)."""
import concurrent.futures, json, os, re, shutil, subprocess, sys, tarfile, tempfile

SUITE_PACKAGE = "jsonschema==4.26.0"
SUITE_SHA256 = "0c26707e2efad8aa1bfc5b7ce170f3fccc2e4918ff85989ba9ffa9facb2be326"
DRAFTS = ["draft7", "draft2020-12"]
OPTIONAL = ["ecmascript-regex.json"]
THRESHOLD = 0.95

# The shared runner's keyword set (run-json-schema-suite.py's SUPPORTED), and what
# Docs/json-schema.md lists besides.
SHARED_KEYWORDS = {"type", "properties", "required", "minimum", "maximum", "exclusiveMinimum",
                   "exclusiveMaximum", "minLength", "maxLength", "pattern", "enum", "const", "items",
                   "minItems", "maxItems", "dependencies", "title", "description", "default", "format",
                   "multipleOf", "uniqueItems", "allOf", "anyOf", "oneOf", "if", "then", "else",
                   "$ref", "definitions", "$defs", "readOnly", "dependentRequired", "dependentSchemas"}
DOCS_KEYWORDS = SHARED_KEYWORDS | {"not", "prefixItems", "additionalItems", "$comment", "examples",
                                   "deprecated", "writeOnly"}
TYPES = {"string", "integer", "number", "boolean", "object", "array"}

# (file, group description, test description or None for the whole group): reason.
NAMES = "property names that cannot be field ids (records are matched to fields by id)"
WRAPPED = ("the runner makes a non-object schema the property v of an object, so the schema's "
           "root-relative $refs point at nothing")
NO_FIELD = "an object schema without properties at the root: a form needs a field"
ANNOTATION = ("format is checked (as ajv-formats and a form do); 2020-12 makes it an annotation "
              "unless the format-assertion vocabulary is on")
STRUCTURE = ("a value of another type where a schema without type speaks of properties or items: "
             "the field is a group or a list, so the value is a type error")
SET_APART = {
    ("properties.json", "properties with escaped characters", None): NAMES,
    ("required.json", "required with escaped characters", None): NAMES,
    ("ref.json", "refs with quote", None): NAMES,
    ("ref.json", "property named $ref that is not a reference", None): NAMES,
    ("ref.json", "property named $ref, containing an actual $ref", None): NAMES,
    ("dependentRequired.json", "dependencies with escaped characters", None): NAMES,
    ("dependentSchemas.json", "dependencies with escaped characters", None): NAMES,
    ("dependencies.json", "dependencies with escaped characters", None): NAMES,
    ("ref.json", "nested refs", None): WRAPPED,
    ("ref.json", "empty tokens in $ref json-pointer", None): WRAPPED,
    ("ref.json", "relative pointer ref to array", None): WRAPPED,
    ("type.json", "object type matches objects", "an object is an object"): NO_FIELD,
    ("items.json", "a schema given for items", "JavaScript pseudo-array is valid"): STRUCTURE,
    ("items.json", "an array of schemas for items", "JavaScript pseudo-array is valid"): STRUCTURE,
    ("dependentRequired.json", "empty dependents", "non-object is valid"): STRUCTURE,
}
for fmt in ("email", "ipv4", "date", "time", "uri", "uuid", "date-time"):
    SET_APART[("format.json", fmt + " format", "invalid " + fmt + " string is only an annotation by default")] = ANNOTATION

# Cases that fail, and why (Docs/json-schema.md lists them): they count against the figure.
NESTED = "arrays of arrays: the inner arrays' items are not checked"
TUPLE = "a tuple's positions are not checked one by one (no expression names an element)"
OBJECT_VALUE = ("not of an object schema on a value of any type: an object value's members are not "
                "checked (its field holds the object whole)")
KNOWN_FAILURES = {
    ("items.json", "nested items", "nested array with invalid type"): NESTED,
    ("items.json", "nested items", "not deep enough"): NESTED,
    ("items.json", "an array of schemas for items", "wrong types"): TUPLE,
    ("additionalItems.json", "additionalItems are allowed by default", None): TUPLE,
    ("uniqueItems.json", "uniqueItems with an array of items", None): TUPLE,
    ("uniqueItems.json", "uniqueItems=false with an array of items", None): TUPLE,
    ("prefixItems.json", "a schema given for prefixItems", None): TUPLE,
    ("additionalItems.json", "additionalItems as schema", None): TUPLE,
    ("additionalItems.json", "additionalItems with heterogeneous array", None): TUPLE,
    ("items.json", "prefixItems with no additional items allowed", None): TUPLE,
    ("items.json", "items and subitems", None): NESTED,
    ("additionalItems.json", "additionalItems does not look in applicators, valid case", None): TUPLE,
    ("additionalItems.json", "items validation adjusts the starting index for additionalItems", None): TUPLE,
    ("items.json", "items does not look in applicators, valid case", None): TUPLE,
    ("items.json", "prefixItems validation adjusts the starting index for items", None): TUPLE,
    ("prefixItems.json", "additional items are allowed by default", None): TUPLE,
    ("not.json", "not more complex schema", None): OBJECT_VALUE,
}


def lookup(table, case):
    file, group, test = case
    return table.get((file, group, test)) or table.get((file, group, None))


# MARK: - The suite


def fetch_suite(cache):
    """The sdist's json/tests directory, downloaded (hash-checked) and unpacked once."""
    tests = os.path.join(cache, "json", "tests")
    if os.path.isdir(tests):
        return tests
    os.makedirs(cache, exist_ok=True)
    download = tempfile.mkdtemp(dir=cache)
    requirements = os.path.join(download, "requirements.txt")
    with open(requirements, "w") as f:
        f.write(f"{SUITE_PACKAGE} --hash=sha256:{SUITE_SHA256}\n")
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    "--require-hashes", "-r", requirements, "-d", download], check=True)
    archive = next(os.path.join(download, name) for name in os.listdir(download) if name.endswith(".tar.gz"))
    with tarfile.open(archive) as tar:
        root = tar.getnames()[0].split("/")[0]
        members = [m for m in tar.getmembers() if m.name.startswith(root + "/json/tests/") and (m.isdir() or m.isfile())]
        for member in members:
            member.name = member.name[len(root) + 1:]
        tar.extractall(cache, members=members, filter="data")
    shutil.rmtree(download)
    return tests


def prepare(tests, draft, into):
    """A directory of the draft's files and its optional ECMA-262 regex file, `$schema` taken out."""
    os.makedirs(into, exist_ok=True)
    sources = [(os.path.join(tests, draft, name), name) for name in sorted(os.listdir(os.path.join(tests, draft)))
               if name.endswith(".json")]
    sources += [(os.path.join(tests, draft, "optional", name), "optional-" + name) for name in OPTIONAL]
    for path, name in sources:
        groups = json.load(open(path))
        for group in groups:
            if isinstance(group["schema"], dict):
                group["schema"].pop("$schema", None)
        json.dump(groups, open(os.path.join(into, name), "w"))
    return into


# MARK: - The run (the shared runner's method)


def keywords_ok(schema, supported):
    """Whether the group's schema uses only `supported` keywords — for the shared runner's set,
    exactly its rule; for the documented set also in `not`, `prefixItems`, `additionalItems`.
    (Boolean subschemas are not among them: a false schema is reported as not supported.)"""
    documented = supported is DOCS_KEYWORDS
    if isinstance(schema, bool) or not isinstance(schema, dict):
        return False
    if "items" in schema and isinstance(schema["items"], list):  # the tuple form
        return all(keywords_ok(x, supported) for x in schema["items"]) and \
            keywords_ok({k: v for k, v in schema.items() if k != "items"}, supported)
    subschemas = ("if", "then", "else", "items") + (("not", "additionalItems") if documented else ())
    lists = ("allOf", "anyOf", "oneOf") + (("prefixItems",) if documented else ())
    for k, v in schema.items():
        if k not in supported:
            return False
        if k == "type" and not ((isinstance(v, str) and v in TYPES) or
                                (isinstance(v, list) and v and all(x in TYPES | {"null"} for x in v))):
            return False
        if k in ("properties", "definitions", "$defs", "dependentSchemas") and \
                not all(keywords_ok(x, supported) for x in v.values()):
            return False
        if k in subschemas and not keywords_ok(v, supported):
            return False
        if k in lists and not (isinstance(v, list) and all(keywords_ok(x, supported) for x in v)):
            return False
        if k == "$ref" and not (isinstance(v, str) and v.startswith("#")):
            return False
        if k == "dependencies":
            for x in v.values():
                if not isinstance(x, list) and not keywords_ok(x, supported):
                    return False
    return True


def is_object_schema(schema):
    return schema.get("type") == "object" or any(k in schema for k in ("properties", "required", "dependencies"))


def run_group(binary, name, group):
    """[(case, passed, why)] for the group's applicable tests."""
    schema = group["schema"]
    obj = is_object_schema(schema)
    tests = [t for t in group["tests"]
             if "ignore" not in t["description"].lower() and not (obj and not isinstance(t["data"], dict))]
    if not tests:
        return []
    wrapped = schema if obj else {"type": "object", "properties": {"v": schema}, "required": ["v"]}
    with tempfile.TemporaryDirectory() as tmp:
        sp, rp, dp = (os.path.join(tmp, x) for x in ("schema.json", "rules.yaml", "data.jsonl"))
        json.dump(wrapped, open(sp, "w"))
        imported = subprocess.run([binary, "schema", "import", sp], capture_output=True, text=True, timeout=60)
        with open(dp, "w") as f:
            for t in tests:
                f.write(json.dumps(t["data"] if obj else {"v": t["data"]}) + "\n")
        results = None
        if imported.returncode == 0:
            open(rp, "w").write(imported.stdout)
            checked = subprocess.run([binary, "check", "--rules", rp, dp, "--input", "jsonl", "--format", "json",
                                      "--progress", "never"], capture_output=True, text=True, timeout=60)
            try:
                report = json.loads(checked.stdout)
                bad = {v["record"] for v in report.get("violations", [])
                       if v.get("severity") == "error" and v.get("record")}
                results = [(i + 1) not in bad for i in range(len(tests))]
            except ValueError:
                results = None
    out = []
    for i, t in enumerate(tests):
        passed = results is not None and results[i] == t["valid"]
        why = ("import failed: " + imported.stderr.strip().splitlines()[0][:160] if imported.returncode
               else "check output unreadable" if results is None else f"expected valid={t['valid']}")
        out.append(((name, group["description"], t["description"]), passed, why))
    return out


def run(binary, directory, supported):
    """Every applicable case with its outcome, and the number of cases skipped."""
    jobs, skipped = [], 0
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        for group in json.load(open(os.path.join(directory, name))):
            if isinstance(group["schema"], dict) and keywords_ok(group["schema"], supported):
                jobs.append((name, group))
                skipped += sum(1 for t in group["tests"] if "ignore" in t["description"].lower()
                               or (is_object_schema(group["schema"]) and not isinstance(t["data"], dict)))
            else:
                skipped += len(group["tests"])
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = pool.map(lambda job: run_group(binary, *job), jobs)
    return [case for group in results for case in group], skipped


# MARK: - Figures


def report(title, cases, skipped, verbose):
    """Prints the figures; returns whether they meet the bar."""
    passed = sum(1 for _, ok, _ in cases if ok)
    print(f"{title}: {passed}/{len(cases)} cases pass ({skipped} skipped)")
    apart = [(case, ok) for case, ok, _ in cases if lookup(SET_APART, case)]
    counted = [(case, ok, why) for case, ok, why in cases if not lookup(SET_APART, case)]
    reasons = {}
    for case, ok in apart:
        entry = reasons.setdefault(lookup(SET_APART, case), [0, 0])
        entry[0] += 1
        entry[1] += ok
    for reason, (count, ok) in sorted(reasons.items()):
        print(f"  set apart, {count} case{'s' if count != 1 else ''} ({ok} pass anyway): {reason}")
    failing = [(case, why) for case, ok, why in counted if not ok]
    good = len(counted) - len(failing)
    share = good / len(counted) if counted else 0
    print(f"  {good}/{len(counted)} applicable cases pass ({100 * share:.1f}%)")
    unknown = []
    for case, why in failing:
        known = lookup(KNOWN_FAILURES, case)
        if known is None:
            unknown.append(case)
        if verbose or known is None:
            print(f"  FAIL {' | '.join(case)} | {known or 'NOT A KNOWN FAILURE: ' + why}")
    for reason in sorted({lookup(KNOWN_FAILURES, case) for case, _ in failing} - {None}):
        count = sum(1 for case, _ in failing if lookup(KNOWN_FAILURES, case) == reason)
        print(f"  failing, {count} case{'s' if count != 1 else ''}: {reason}")
    return share >= THRESHOLD and not unknown


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    options = {args[i]: args[i + 1] for i in range(1, len(args) - 1) if args[i].startswith("--")}
    binary = os.path.abspath(args[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tests = options.get("--suite") or fetch_suite(os.path.join(root, ".build", "json-schema-test-suite"))
    shared = options.get("--shared-runner", os.path.join(os.path.dirname(root), "shared", "conformance",
                                                          "run-json-schema-suite.py"))
    ok = True
    with tempfile.TemporaryDirectory() as work:
        for draft in DRAFTS:
            directory = prepare(tests, draft, os.path.join(work, draft))
            print(f"{draft} ({SUITE_PACKAGE} sdist, json/tests/{draft} and optional/{', '.join(OPTIONAL)})")
            cases, skipped = run(binary, directory, SHARED_KEYWORDS)
            ok &= report("  the shared runner's keywords", cases, skipped, verbose)
            if os.path.exists(shared):
                line = subprocess.run([sys.executable, shared, binary, directory], capture_output=True,
                                      text=True).stdout.strip().splitlines()[-1]
                mine = f"{sum(ok for _, ok, _ in cases)}/{len(cases)} applicable JSON-Schema-Test-Suite cases pass ({skipped} skipped)"
                print(f"  the shared runner itself: {line}" + ("" if line == mine else "  MISMATCH"))
                ok &= line == mine
            cases, skipped = run(binary, directory, DOCS_KEYWORDS)
            ok &= report("  every keyword Docs/json-schema.md lists", cases, skipped, verbose)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
