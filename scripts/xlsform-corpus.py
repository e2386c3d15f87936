#!/usr/bin/env python3
"""pyxform's own test XLSForms through `rulecheck lint` (`make xlsform-test`, which CI runs;
Docs/xlsform.md, "Measured on pyxform's forms", shows what it prints).

The material is what pyxform, the reference XLSForm converter, tested itself with: its source
distribution 1.6.0 on PyPI (the last that ships its tests; pinned below by version and SHA-256,
downloaded with `pip download`, kept in .build/, nothing committed) — the .xlsx and XLSForm .csv
files of its tests, and every markdown form (`| survey |` tables) written in its test modules
(read with Python's ast, each saved as a .md file). Its .xls files (Excel 97-2003) are counted and
not read: RuleCheck reads .xlsx.

Each form is linted as an XLSForm (`--rules-format xlsform`) and counted as it ends: imported with
no finding, imported with findings (each a `warning:` at a cell), or refused (exit status 2, the
reason at a cell). Anything else — a crash, a signal, another status — fails the run (exit 1).

A second opinion, where pyxform is importable (make xlsform-test installs pyxform 4.5.0 into
.build/xlsform-venv): whether pyxform itself converts the form to an XForm. The table crosses the
two: a form pyxform converts and RuleCheck refuses is listed with -v.

Usage: scripts/xlsform-corpus.py RULECHECK [-v]"""
import ast, collections, os, shutil, subprocess, sys, tarfile, tempfile

import pinned_sdist

PACKAGE = "pyxform==1.6.0"
SHA256 = "2c39f4cc33c62d15075579208db8ada929b53d1fedcf8acad68906f4693b50e9"


def markdown_forms(tests, out):
    """Every string literal of the test modules that is a markdown form, saved as a .md file."""
    paths = []
    for folder, _, names in sorted(os.walk(tests)):
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                try:
                    tree = ast.parse(f.read())
                except SyntaxError:
                    continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    lines = [line.strip() for line in node.value.splitlines()]
                    if any(line.startswith("|") and line.strip("| ").lower().startswith("survey") for line in lines):
                        target = os.path.join(out, f"{name[:-3]}__{node.lineno}.md")
                        with open(target, "w", encoding="utf-8") as f:
                            f.write(node.value)
                        paths.append(target)
    return paths


def is_xlsform_csv(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline()
    return first.split(",")[0].strip().strip('"').lower() == "survey"


def pyxform_accepts(path):
    """True or False when pyxform could be asked, None when it cannot be imported."""
    try:
        from pyxform.xls2xform import convert
    except ImportError:
        return None
    try:
        convert(xlsform=path, warnings=[])
        return True
    except Exception:  # pyxform's errors are of many types; any of them is a refusal
        return False


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rulecheck = os.path.abspath(sys.argv[1])
    verbose = "-v" in sys.argv[2:]
    cache = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "xlsform-corpus")
    root = pinned_sdist.unpacked(PACKAGE, SHA256, cache)
    tests = os.path.join(root, "pyxform", "tests")
    tests_v1 = os.path.join(root, "pyxform", "tests_v1")
    forms = []
    skipped_xls = 0
    for folder, _, names in sorted(os.walk(tests)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            if name.endswith(".xlsx"):
                forms.append(("xlsx", path))
            elif name.endswith(".xls"):
                skipped_xls += 1
            elif name.endswith(".csv") and is_xlsform_csv(path):
                forms.append(("csv", path))
    markdown = os.path.join(cache, "markdown")
    shutil.rmtree(markdown, ignore_errors=True)
    os.makedirs(markdown)
    forms += [("md", path) for path in markdown_forms(tests_v1, markdown) + markdown_forms(tests, markdown)]

    counts = collections.Counter()
    crossed = collections.Counter()
    findings = collections.Counter()
    failures = []
    disagreements = []
    for syntax, path in forms:
        run = subprocess.run([rulecheck, "lint", path, "--rules-format", "xlsform"], capture_output=True, text=True)
        output = run.stdout + run.stderr
        shown = os.path.relpath(path, cache)
        if run.returncode == 0:
            warnings = [line for line in output.splitlines() if ": warning: " in line]
            outcome = "with findings" if warnings else "no finding"
            for line in warnings:
                # `FILE:L:C: warning: survey!G7: KIND: …` for a finding; other warnings are the rules' lint.
                parts = line.split(": warning: ", 1)[1].split(": ", 2)
                kind = parts[1] if len(parts) == 3 and "!" in parts[0] else "lint warning"
                findings[kind] += 1
        elif run.returncode == 2:
            outcome = "refused"
        else:
            outcome = "crash"
            failures.append(f"{shown}: exit status {run.returncode}\n{output[-2000:]}")
        counts[(syntax, outcome)] += 1
        counts[("all", outcome)] += 1
        opinion = pyxform_accepts(path)
        if opinion is not None:
            crossed[(outcome, "pyxform converts" if opinion else "pyxform refuses")] += 1
            if opinion and outcome == "refused":
                disagreements.append(f"{shown}: refused, pyxform converts it\n  " + "\n  ".join(
                    line for line in output.splitlines() if ": error: " in line))
        if verbose:
            print(f"{outcome:14} {shown}")
            for line in output.splitlines():
                if ": error: " in line or ": warning: " in line:
                    print("    " + line.replace(path, os.path.basename(path)))

    outcomes = ["no finding", "with findings", "refused", "crash"]
    print(f"pyxform {PACKAGE.split('==')[1]}'s test forms through rulecheck lint ({len(forms)} forms; {skipped_xls} .xls files not read)")
    print(f"| forms | {' | '.join(outcomes)} |")
    print("|---|" + "---:|" * len(outcomes))
    for syntax in ["xlsx", "csv", "md", "all"]:
        total = sum(counts[(syntax, o)] for o in outcomes)
        print(f"| {syntax} ({total}) | " + " | ".join(str(counts[(syntax, o)]) for o in outcomes) + " |")
    print()
    print("Findings by kind: " + ", ".join(f"{kind} {n}" for kind, n in findings.most_common()))
    if crossed:
        print()
        print("| rulecheck \\ pyxform 4.5.0 | converts | refuses |")
        print("|---|---:|---:|")
        for outcome in outcomes[:3]:
            print(f"| {outcome} | {crossed[(outcome, 'pyxform converts')]} | {crossed[(outcome, 'pyxform refuses')]} |")
    else:
        print("(pyxform is not importable here: no second opinion)")
    if verbose and disagreements:
        print()
        print("Refused, though pyxform converts them:")
        for line in disagreements:
            print(line)
    if failures:
        print()
        print("FAILED: rulecheck did not end with status 0 or 2 on these:")
        for failure in failures:
            print(failure)
        sys.exit(1)


if __name__ == "__main__":
    main()
