#!/usr/bin/env python3
"""RuleCheck over SchemaStore (https://github.com/SchemaStore/schemastore): every schema linted,
and every published sample file (src/test: valid, src/negative_test: invalid) checked, next to
python-jsonschema's verdict. Not part of CI (it needs a SchemaStore checkout, which nothing here
fetches); Docs/json-schema.md, "Conformance", quotes what it prints.

Usage: scripts/schemastore-agreement.py RULECHECK SCHEMASTORE_DIR [-v]

* lint: `rulecheck lint --rules-format jsonschema SCHEMA` for each schema (with
  `--schema https://json.schemastore.org/=DIR` when STORE_REFS=1), timed; a crash (a signal), a hang (over 60 s) or an error without a JSON
  pointer fails the run.
* samples: JSON, YAML (1.2 booleans, dates as text) and TOML files read as JSON and checked as one
  JSON Lines record with `rulecheck check`; the reference is python-jsonschema, with its format
  checker for drafts 4 to 7 (whose formats assert, as RuleCheck's default does) and without for
  2019-09 and 2020-12, other SchemaStore schemas resolved from DIR (RuleCheck is given them only
  with STORE_REFS=1; without, a sample reaching one fails closed). A sample the reference cannot
  judge (its patterns are Python's `re`) or that JSON cannot hold is not counted."""
import concurrent.futures, json, os, re, subprocess, sys, tempfile, time, tomllib

sys.path.insert(0, os.path.dirname(__file__))
import importlib.util
spec = importlib.util.spec_from_file_location("realworld", os.path.join(os.path.dirname(__file__), "real-world-schemas.py"))
realworld = importlib.util.module_from_spec(spec)
spec.loader.exec_module(realworld)

STORE_URI = "https://json.schemastore.org/"
# `--schema https://json.schemastore.org/=DIR` would give RuleCheck the other SchemaStore schemas a
# schema refers to, but it reads the whole directory (950 files) on every run; set STORE_REFS=1 for
# it. Without it, a sample that reaches such a $ref fails closed (a false reject, never an accept).
STORE_ARGS = []


def reference_validator(schema, schemas_dir):
    import jsonschema, referencing
    from referencing.jsonschema import specification_with

    def retrieve(uri):
        if uri.startswith(STORE_URI):
            path = os.path.join(schemas_dir, uri[len(STORE_URI):].split("#")[0])
            if not path.endswith(".json"):
                path += ".json"
            with open(path, encoding="utf-8") as f:
                contents = json.load(f)
            return referencing.Resource.from_contents(contents, default_specification=specification_with(
                "http://json-schema.org/draft-07/schema#"))
        raise referencing.exceptions.NoSuchResource(ref=uri)

    registry = referencing.Registry(retrieve=retrieve)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
    old = cls in (jsonschema.Draft4Validator, jsonschema.Draft6Validator, jsonschema.Draft7Validator)
    return cls(schema, registry=registry, format_checker=cls.FORMAT_CHECKER if old else None)


def lint(binary, schemas_dir, name):
    path = os.path.join(schemas_dir, name)
    start = time.monotonic()
    try:
        run = subprocess.run([binary, "lint", "--rules-format", "jsonschema", path] + STORE_ARGS,
                             capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return name, "hang", time.monotonic() - start, ""
    seconds = time.monotonic() - start
    if run.returncode < 0 or run.returncode > 2:
        return name, f"crash {run.returncode}", seconds, run.stderr[-300:]
    errors = [line for line in (run.stdout + run.stderr).splitlines() if ": error: " in line]
    unpointed = [line for line in errors if not re.search(r": error: (/|[a-z]+://)", line)]
    if unpointed:
        return name, "error without a pointer", seconds, unpointed[0][:300]
    return name, "refused" if run.returncode == 2 else "ok", seconds, errors[0][:300] if errors else ""


def sample(binary, schemas_dir, work, schema_name, path, published):
    with open(os.path.join(schemas_dir, schema_name), encoding="utf-8") as f:
        schema = json.load(f)
    try:
        instance = realworld.plain(realworld.read_instance(path))
        line = json.dumps(instance, ensure_ascii=False, allow_nan=False)
    except Exception as error:  # noqa: BLE001 - a sample neither JSON, YAML nor TOML reads
        return ("unreadable", path, str(error)[:100])
    try:
        theirs = reference_validator(schema, schemas_dir).is_valid(instance)
    except Exception as error:  # noqa: BLE001
        return ("no reference", path, str(error)[:100])
    fd, record = tempfile.mkstemp(suffix=".jsonl", dir=work)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(line + "\n")
    run = subprocess.run([binary, "check", "--rules-format", "jsonschema", "--rules", os.path.join(schemas_dir, schema_name),
                          record, "--format", "jsonl", "--progress", "never"] + STORE_ARGS,
                         capture_output=True, text=True, timeout=120)
    os.unlink(record)
    if run.returncode not in (0, 1):
        return ("refused", path, run.stderr.strip()[:200])
    ours = run.returncode == 0
    return ("judged", path, ours, theirs, published, run.stdout.splitlines()[0][:200] if run.stdout else "")


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    binary, store = os.path.abspath(args[0]), os.path.abspath(args[1])
    schemas_dir = os.path.join(store, "src/schemas/json")
    if os.environ.get("STORE_REFS") == "1":
        STORE_ARGS.extend(["--schema", STORE_URI + "=" + schemas_dir])
    names = sorted(n for n in os.listdir(schemas_dir) if n.endswith(".json"))
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        lints = list(pool.map(lambda n: lint(binary, schemas_dir, n), names))
    lint_seconds = time.monotonic() - start
    bad = [l for l in lints if l[1] not in ("ok", "refused")]
    refused = [l for l in lints if l[1] == "refused"]
    print(f"lint: {len(names)} schemas in {lint_seconds:.1f} s ({sum(l[2] for l in lints):.1f} s of processes); "
          f"{len(refused)} refused (each with a pointer), {len(bad)} crashed, hung or unpointed; slowest "
          f"{max(lints, key=lambda l: l[2])[0]} {max(l[2] for l in lints):.1f} s")
    for l in refused + bad:
        print(f"  {l[1]}: {l[0]}: {l[3]}")

    jobs = []
    for directory, published in (("src/test", True), ("src/negative_test", False)):
        root = os.path.join(store, directory)
        for name in sorted(os.listdir(root)):
            if not os.path.isfile(os.path.join(schemas_dir, name + ".json")):
                continue
            for file in sorted(os.listdir(os.path.join(root, name))):
                if file.endswith((".json", ".yaml", ".yml", ".toml")):
                    jobs.append((name + ".json", os.path.join(root, name, file), published))
    work = tempfile.mkdtemp()
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda j: sample(binary, schemas_dir, work, *j), jobs))
    judged = [r for r in results if r[0] == "judged"]
    agree = sum(1 for r in judged if r[2] == r[3])
    invalid = [r for r in judged if not r[3]]
    caught = sum(1 for r in invalid if not r[2])
    false_accepts = [r for r in judged if r[2] and not r[3]]
    false_rejects = [r for r in judged if not r[2] and r[3]]
    schemas = {os.path.basename(os.path.dirname(r[1])) for r in judged}
    print(f"samples: {len(jobs)} files of {len(schemas)} schemas; {len(judged)} judged by both "
          f"({sum(1 for r in results if r[0] == 'no reference')} python-jsonschema cannot judge, "
          f"{sum(1 for r in results if r[0] == 'unreadable')} unreadable, {sum(1 for r in results if r[0] == 'refused')} refused by rulecheck)")
    print(f"  agree with python-jsonschema: {agree}/{len(judged)}; invalid caught: {caught}/{len(invalid)}; "
          f"false accepts: {len(false_accepts)}; false rejects: {len(false_rejects)}")
    for r in false_accepts + false_rejects + ([r for r in results if r[0] == "refused"] if verbose else []):
        print("  ", r[0] if r[0] != "judged" else ("FALSE ACCEPT" if r[2] else "FALSE REJECT"), os.path.relpath(r[1], store), r[-1])
    return 1 if bad or false_accepts else 0


if __name__ == "__main__":
    sys.exit(main())
