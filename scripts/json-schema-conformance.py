#!/usr/bin/env python3
"""JSON-Schema-Test-Suite conformance of `rulecheck` (`make conformance`; Docs/json-schema.md,
"Conformance", shows what it prints).

The suite is fetched at run time, nothing of it committed: the `jsonschema` source distribution on
PyPI carries it under `json/` (pinned below by version and SHA-256, downloaded with `pip download`,
kept in .build/). For each of draft4, draft6, draft7, draft2019-09 and draft2020-12 it runs every
test group of the draft's required files as a user would: the group's schema is imported with
`rulecheck schema import` (the draft's `$schema` written into an object schema that has none: the
suite's directory says the draft), and every test's instance is checked as one JSON Lines record —
of whatever type — with `rulecheck check` of the printed rules; the suite's `remotes/` are given
with `--schema http://localhost:1234/=REMOTES` (the URI the suite serves them at), so nothing is
fetched. A record is invalid when `check` reports an error for it.

Every case counts: none is skipped as "not applicable". A case set apart below, with its reason,
counts as failing. The figure is printed per draft, and the exit status is 1 when a draft passes
fewer than 99.5% of its cases or a case fails that is not listed in KNOWN_FAILURES (a regression).

Then the optional format tests (`optional/format/*.json`) run with `--formats assert`, for the
formats Docs/json-schema.md lists as checked; their figure is printed too, with the same rules.

Usage: scripts/json-schema-conformance.py RULECHECK [--suite JSON_DIR] [--draft DRAFT] [-v]
  JSON_DIR: a `json` directory holding `tests/` and `remotes/` (default: fetched into .build/)."""
import concurrent.futures, json, os, shutil, subprocess, sys, tarfile, tempfile

import pinned_sdist

SUITE_PACKAGE = "jsonschema==4.26.0"
SUITE_SHA256 = "0c26707e2efad8aa1bfc5b7ce170f3fccc2e4918ff85989ba9ffa9facb2be326"
DRAFTS = {
    "draft4": "http://json-schema.org/draft-04/schema#",
    "draft6": "http://json-schema.org/draft-06/schema#",
    "draft7": "http://json-schema.org/draft-07/schema#",
    "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
    "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
}
THRESHOLD = 0.995
REMOTES_URI = "http://localhost:1234/"
# The formats checked in assert mode (Docs/json-schema.md, "Formats").
FORMATS = ["date", "date-time", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4",
           "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
           "relative-json-pointer", "regex"]

# (draft or None for every draft, file, group description, test description or None): reason.
# Counted as failing; listed so that a new failure is seen as one.
KNOWN_FAILURES = {}


def lookup(table, draft, case):
    file, group, test = case
    for key in ((draft, file, group, test), (draft, file, group, None), (None, file, group, test), (None, file, group, None)):
        if key in table:
            return table[key]
    return None


# MARK: - The suite


def fetch_suite(cache):
    """The sdist's json directory (tests and remotes), downloaded (hash-checked) and unpacked once."""
    json_dir = os.path.join(cache, "json")
    if os.path.isdir(os.path.join(json_dir, "tests")) and os.path.isdir(os.path.join(json_dir, "remotes")):
        return json_dir
    with pinned_sdist.downloaded(SUITE_PACKAGE, SUITE_SHA256, cache) as archive:
        shutil.rmtree(json_dir, ignore_errors=True)
        with tarfile.open(archive) as tar:
            root = tar.getnames()[0].split("/")[0]
            members = [m for m in tar.getmembers()
                       if m.name.startswith((root + "/json/tests/", root + "/json/remotes/")) and (m.isdir() or m.isfile())]
            for member in members:
                member.name = member.name[len(root) + 1:]
            tar.extractall(cache, members=members, filter="data")
    return json_dir


# MARK: - The run


def run_group(binary, remotes, draft, name, group, formats):
    """[(case, passed, why)] for every test of the group."""
    schema = group["schema"]
    if isinstance(schema, dict) and "$schema" not in schema:
        schema = {"$schema": DRAFTS[draft], **schema}
    tests = group["tests"]
    schema_args = ["--schema", REMOTES_URI + "=" + remotes] + (["--formats", formats] if formats else [])
    with tempfile.TemporaryDirectory() as tmp:
        sp, rp, dp = (os.path.join(tmp, x) for x in ("schema.json", "rules.yaml", "data.jsonl"))
        with open(sp, "w") as f:
            json.dump(schema, f)
        with open(dp, "w") as f:
            for t in tests:
                f.write(json.dumps(t["data"]) + "\n")
        imported = subprocess.run([binary, "schema", "import", sp] + schema_args,
                                  capture_output=True, text=True, timeout=120)
        results, why = None, ""
        if imported.returncode != 0:
            why = "import failed: " + (imported.stderr.strip().splitlines() or ["?"])[0][:200]
        else:
            with open(rp, "w") as f:
                f.write(imported.stdout)
            checked = subprocess.run([binary, "check", "--rules", rp, dp, "--input", "jsonl", "--format", "json",
                                      "--progress", "never"] + schema_args, capture_output=True, text=True, timeout=120)
            try:
                report = json.loads(checked.stdout)
                bad = {v["record"] for v in report.get("violations", [])
                       if v.get("severity") == "error" and v.get("record")}
                results = [(i + 1) not in bad for i in range(len(tests))]
                details = {}
                for v in report.get("violations", []):
                    details.setdefault(v.get("record"), []).append(f"{v.get('field')} {v.get('code')}: {v.get('message')}")
            except ValueError:
                why = "check output unreadable: " + checked.stderr.strip()[:200]
    out = []
    for i, t in enumerate(tests):
        passed = results is not None and results[i] == t["valid"]
        reason = why or (f"expected {'valid' if t['valid'] else 'invalid'}"
                         + ("" if t["valid"] else "") + (f"; found {details.get(i + 1, [])[:2]}" if results else ""))
        out.append(((name, group["description"], t["description"]), passed, reason))
    return out


def run(binary, json_dir, draft, files, formats=None):
    """Every case of `files` with its outcome."""
    remotes = os.path.join(json_dir, "remotes")
    jobs = []
    for path in files:
        name = os.path.relpath(path, os.path.join(json_dir, "tests", draft))
        with open(path) as f:
            for group in json.load(f):
                jobs.append((name, group))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = pool.map(lambda job: run_group(binary, remotes, draft, *job, formats), jobs)
    return [case for group in results for case in group]


# MARK: - Figures


def report(title, draft, cases, verbose):
    """Prints the figures; returns whether they meet the bar."""
    failing = [(case, why) for case, ok, why in cases if not ok]
    passed = len(cases) - len(failing)
    share = passed / len(cases) if cases else 0
    print(f"{title}: {passed}/{len(cases)} cases pass ({100 * share:.1f}%)")
    unknown = []
    for case, why in failing:
        known = lookup(KNOWN_FAILURES, draft, case)
        if known is None:
            unknown.append(case)
        if verbose or known is None:
            print(f"  FAIL {' | '.join(case)} | {known or 'NOT A KNOWN FAILURE: ' + why}")
    for reason in sorted({lookup(KNOWN_FAILURES, draft, case) for case, _ in failing} - {None}):
        count = sum(1 for case, _ in failing if lookup(KNOWN_FAILURES, draft, case) == reason)
        print(f"  failing, {count} case{'s' if count != 1 else ''}: {reason}")
    return share >= THRESHOLD and not unknown


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    options = {args[i]: args[i + 1] for i in range(1, len(args) - 1) if args[i].startswith("--")}
    binary = os.path.abspath(args[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    json_dir = options.get("--suite") or fetch_suite(os.path.join(root, ".build", "json-schema-test-suite"))
    drafts = [options["--draft"]] if "--draft" in options else list(DRAFTS)
    ok = True
    totals = []
    for draft in drafts:
        directory = os.path.join(json_dir, "tests", draft)
        files = sorted(os.path.join(directory, n) for n in os.listdir(directory) if n.endswith(".json"))
        cases = run(binary, json_dir, draft, files)
        ok &= report(f"{draft} (required tests, {SUITE_PACKAGE} sdist)", draft, cases, verbose)
        totals.append((draft, cases))
        format_dir = os.path.join(directory, "optional", "format")
        format_files = [os.path.join(format_dir, f + ".json") for f in FORMATS
                        if os.path.exists(os.path.join(format_dir, f + ".json"))]
        if format_files:
            cases = run(binary, json_dir, draft, format_files, formats="assert")
            ok &= report(f"{draft} optional/format, --formats assert ({len(format_files)} formats)", draft, cases, verbose)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
