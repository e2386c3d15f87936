#!/usr/bin/env python3
"""Real-world JSON Schemas with their published sample files (`make real-world`, which CI runs;
Docs/json-schema.md, "Conformance", shows what it prints).

The material is what check-jsonschema, a widely used validator, ships and tests itself with — its
source distribution on PyPI (pinned below by version and SHA-256, downloaded with `pip download`,
kept in .build/, nothing committed): the public schemas it vendors (GitHub workflows and actions,
dependabot, GitLab CI, Azure Pipelines, Buildkite, CircleCI, codecov, compose, renovate, Read the
Docs, snapcraft…) and its example files, each in a `positive` (valid) or `negative` (invalid)
directory, plus its `explicit-schema` cases (a schema with an instance). YAML and TOML samples are
read as check-jsonschema reads them (YAML 1.2 booleans, dates kept as text) and given to
`rulecheck check --rules SCHEMA --formats assert` as one JSON Lines record; the answer is the exit
status (0 valid, 1 invalid). Formats are asserted because check-jsonschema asserts them.

Two second opinions: the directory the sample is published in, and python-jsonschema with its
format checker. The exit status is 1 when RuleCheck disagrees with either on any file, or when a
schema cannot be read (exit 2).

Usage: scripts/real-world-schemas.py RULECHECK [-v]"""
import datetime, json, os, shutil, subprocess, sys, tarfile, tempfile, tomllib

import pinned_sdist

PACKAGE = "check-jsonschema==0.39.0"
SHA256 = "33340a2f885e207411c7a7d1db0a052ba24a4e58c92a47f54231e4a128af2764"


def yaml_loader():
    """A YAML 1.2 reading, as check-jsonschema's: only true/false are booleans (`on:` is a key),
    and dates stay text."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    import re
    Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))

    def untagged(loader, suffix, node):
        # A tag of the tool's own (GitLab's `!reference [a, b]`): its value as written.
        if isinstance(node, yaml.SequenceNode):
            return loader.construct_sequence(node, deep=True)
        if isinstance(node, yaml.MappingNode):
            return loader.construct_mapping(node, deep=True)
        return loader.construct_scalar(node)

    Loader.add_multi_constructor("!", untagged)
    return Loader


def read_instance(path):
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    if path.endswith(".toml"):
        with open(path, "rb") as f:
            return tomllib.load(f)
    import yaml
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=yaml_loader())


def plain(value):
    """TOML dates and times as text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.time, datetime.datetime)):
        return value.isoformat()
    return value


def transformed_hooks(root):
    """Hooks whose files check-jsonschema transforms before validating (`--data-transform`:
    Azure Pipelines' `${{ }}` template expressions expanded): the published verdict is of the
    transformed data, not of the file as written, so only python-jsonschema's counts for them."""
    import yaml
    with open(os.path.join(root, ".pre-commit-hooks.yaml"), encoding="utf-8") as f:
        hooks = yaml.safe_load(f)
    return {hook["id"].removeprefix("check-") for hook in hooks if "--data-transform" in hook.get("entry", "")}


def cases(root):
    """(name, schema path, instance path, published verdict or None when it is of transformed data)."""
    transformed = transformed_hooks(root)
    vendor = os.path.join(root, "src/check_jsonschema/builtin_schemas/vendor")
    hooks = os.path.join(root, "tests/example-files/hooks")
    for verdict in ("positive", "negative"):
        for hook in sorted(os.listdir(os.path.join(hooks, verdict))):
            schema = os.path.join(vendor, hook + ".json")
            if not os.path.isfile(schema):
                continue  # a custom hook (a metaschema check, a schema of check-jsonschema's own)
            directory = os.path.join(hooks, verdict, hook)
            for name in sorted(os.listdir(directory)):
                if name.startswith("_") or not name.endswith((".json", ".yaml", ".yml", ".toml")):
                    continue
                published = None if hook in transformed else verdict == "positive"
                yield f"{hook}/{name}", schema, os.path.join(directory, name), published
    explicit = os.path.join(root, "tests/example-files/explicit-schema")
    for verdict in ("positive", "negative"):
        for case in sorted(os.listdir(os.path.join(explicit, verdict))):
            directory = os.path.join(explicit, verdict, case)
            schema = next((os.path.join(directory, n) for n in sorted(os.listdir(directory)) if n.startswith("schema.")), None)
            instance = next((os.path.join(directory, n) for n in sorted(os.listdir(directory)) if n.startswith("instance.")), None)
            if schema and instance and schema.endswith(".json"):
                yield f"explicit/{case}", schema, instance, verdict == "positive"


def reference(schema, instance):
    """python-jsonschema's verdict; None when it cannot give one (its patterns are Python's `re`,
    which refuses ECMA-262's `\\p{L}`)."""
    import jsonschema
    cls = jsonschema.validators.validator_for(schema)
    try:
        return cls(schema, format_checker=cls.FORMAT_CHECKER).is_valid(instance)
    except Exception:
        return None


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(args[0])
    root = pinned_sdist.unpacked(PACKAGE, SHA256, os.path.join(os.path.dirname(__file__), "..", ".build", "real-world-schemas"))
    work = tempfile.mkdtemp()
    totals = {"files": 0, "valid": 0, "invalid": 0, "agree": 0, "agree_reference": 0, "caught": 0, "no_reference": 0, "transformed": 0, "schemas": set()}
    wrong = []
    not_json = []
    try:
        for name, schema_path, instance_path, published in cases(root):
            with open(schema_path, encoding="utf-8") as f:
                schema = json.load(f)
            instance = plain(read_instance(instance_path))
            try:
                line = json.dumps(instance, ensure_ascii=False, allow_nan=False)
            except ValueError:
                # YAML's and TOML's .inf and .nan: no JSON document holds them.
                not_json.append(name)
                continue
            record = os.path.join(work, "record.jsonl")
            with open(record, "w", encoding="utf-8") as f:
                f.write(line + "\n")
            run = subprocess.run([binary, "check", "--rules-format", "jsonschema", "--rules", schema_path, "--formats", "assert",
                                  record, "--format", "jsonl", "--progress", "never"], capture_output=True, text=True)
            if run.returncode not in (0, 1):
                wrong.append(f"{name}: rulecheck exits {run.returncode}: {run.stderr.strip()[:300]}")
                continue
            ours = run.returncode == 0
            theirs = reference(schema, instance)
            totals["files"] += 1
            totals["schemas"].add(schema_path)
            if published is None:
                totals["transformed"] += 1
            else:
                totals["valid" if published else "invalid"] += 1
                totals["agree"] += ours == published
                totals["caught"] += (not published) and not ours
            totals["agree_reference"] += ours == theirs
            totals["no_reference"] += theirs is None
            if (published is not None and ours != published) or (theirs is not None and ours != theirs):
                first = run.stdout.splitlines()[0] if run.stdout else ""
                wrong.append(f"{name}: rulecheck says {'valid' if ours else 'invalid'}, published {'(transformed)' if published is None else 'valid' if published else 'invalid'}, "
                             f"python-jsonschema {'cannot tell' if theirs is None else 'valid' if theirs else 'invalid'} {first[:300]}")
            elif verbose:
                print(f"ok {name}: {'valid' if ours else 'invalid'}")
    finally:
        shutil.rmtree(work)
    print(f"{PACKAGE} sdist: {len(totals['schemas'])} public schemas, {totals['files']} sample files "
          f"({totals['valid']} published valid, {totals['invalid']} invalid)")
    print(f"  agree with the published verdict: {totals['agree']}/{totals['valid'] + totals['invalid']}"
          f" ({totals['transformed']} more are published as check-jsonschema transforms them first; python-jsonschema judges those)")
    print(f"  agree with python-jsonschema (format checker on): {totals['agree_reference']}/{totals['files'] - totals['no_reference']}"
          f" (it cannot tell on {totals['no_reference']}: an ECMA-262 pattern Python's re refuses)")
    print(f"  invalid files caught: {totals['caught']}/{totals['invalid']}")
    if not_json:
        print(f"  not counted, {len(not_json)} (an infinite or NaN number, which JSON cannot hold): {', '.join(not_json)}")
    for line in wrong:
        print("  DISAGREES " + line)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
