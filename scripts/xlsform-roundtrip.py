#!/usr/bin/env python3
"""Rules written as XLSForms, through pyxform (`make xlsform-test`, which CI runs; Docs/xlsform.md,
"Back out: rules as an XLSForm", shows what it prints).

Each rules file of the repository (Rules/*.yaml, and the rules files under Rules/ that compile on
their own: an included block does not) and the household form of Docs/xlsform.md is exported with
`rulecheck schema export --to xlsform -o FILE.xlsx`; pyxform (4.5.0, installed into
.build/xlsform-venv by the Makefile) converts each workbook to an XForm, and `rulecheck import
xlsform` reads it back. Every export must succeed, every workbook convert without error and
re-import without error; anything else fails the run (exit 1). The table counts each export's
findings (rules left out or approximated, on standard error at their line and column).

Usage: scripts/xlsform-roundtrip.py RULECHECK [-v]"""
import glob, os, subprocess, sys, tempfile


def household_markdown(root, out):
    """The household form of Docs/xlsform.md, saved as household.md."""
    with open(os.path.join(root, "Docs", "xlsform.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("```markdown\n") + len("```markdown\n")
    end = text.index("```", start)
    path = os.path.join(out, "household.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[start:end])
    return path


def pyxform_converts(path):
    """None when pyxform converts the workbook, else its error."""
    from pyxform.xls2xform import convert

    try:
        convert(xlsform=path, warnings=[])
        return None
    except Exception as error:  # pyxform's errors are of many types; any of them is a refusal
        return f"{type(error).__name__}: {error}"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rulecheck = os.path.abspath(sys.argv[1])
    verbose = "-v" in sys.argv[2:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    failures = []
    rows = []
    with tempfile.TemporaryDirectory() as out:
        sources = sorted(glob.glob("Rules/**/*.yaml", recursive=True)) + [household_markdown(root, out)]
        for source in sources:
            shown = os.path.relpath(source, root) if source.startswith(root) else source
            if source.endswith(".md"):
                shown = "Docs/xlsform.md household form"
            elif subprocess.run([rulecheck, "lint", source], capture_output=True).returncode == 2:
                if os.path.dirname(source) == "Rules":
                    failures.append(f"{shown}: does not compile")
                continue  # an included block, not a rules file on its own
            target = os.path.join(out, os.path.basename(source).rsplit(".", 1)[0] + ".xlsx")
            export = subprocess.run(
                [rulecheck, "schema", "export", "--to", "xlsform", source, "-o", target], capture_output=True, text=True)
            findings = [line for line in export.stderr.splitlines() if line.strip()]
            if export.returncode != 0:
                failures.append(f"{shown}: export exit status {export.returncode}\n  " + "\n  ".join(findings))
                continue
            refusal = pyxform_converts(target)
            if refusal:
                failures.append(f"{shown}: pyxform refuses the workbook: {refusal}")
            back = subprocess.run([rulecheck, "import", "xlsform", target], capture_output=True, text=True)
            if back.returncode != 0:
                failures.append(f"{shown}: rulecheck import xlsform exit status {back.returncode}\n  {back.stderr}")
            reimport_findings = len([line for line in back.stderr.splitlines() if line.strip()])
            rows.append((shown, len(findings), "converts" if not refusal else "refuses",
                         "ok" if back.returncode == 0 else "refused", reimport_findings))
            if verbose:
                for line in findings:
                    print(f"  {line.replace(out + '/', '')}")

    print(f"Rules exported as XLSForms through pyxform 4.5.0 ({len(rows)} forms)")
    print("| rules | export findings | pyxform | import xlsform | import findings |")
    print("|---|---:|---|---|---:|")
    for shown, count, pyxform, back, again in rows:
        print(f"| {shown} | {count} | {pyxform} | {back} | {again} |")
    if failures:
        print("\nFailures:")
        for failure in failures:
            print(f"- {failure}")
        sys.exit(1)


if __name__ == "__main__":
    main()
