"""Says whether rulecheck and DuckDB found the same violations, rule by rule.

Usage: python same_counts.py RULECHECK_REPORT.jsonl DUCKDB_COUNTS.json

RULECHECK_REPORT is the output of `rulecheck check --format jsonl`: its errors are counted by
field and code ("field code"); warnings and the summary line are left out. DUCKDB_COUNTS is the
line Benchmarks/compare/duckdb_check.py prints (its "by_rule"). Prints "same: N violations, R
rules" and exits 0 when every count agrees; otherwise prints each rule whose counts differ and
exits 1, so that compare.sh never sets two engines side by side that checked different things.
"""
import json
import sys


def main() -> None:
    report, duck = sys.argv[1], sys.argv[2]
    ours = {}
    with open(report, encoding="utf-8") as file:
        for line in file:
            entry = json.loads(line)
            if entry.get("severity") != "error":
                continue
            rule = f"{entry['field']} {entry['code']}"
            ours[rule] = ours.get(rule, 0) + 1
    with open(duck, encoding="utf-8") as file:
        theirs = json.loads(file.read().strip().splitlines()[-1])["by_rule"]
    differ = sorted(rule for rule in set(ours) | set(theirs) if ours.get(rule, 0) != theirs.get(rule, 0))
    if differ:
        for rule in differ:
            print(f"DIFFER {rule}: rulecheck {ours.get(rule, 0)}, DuckDB {theirs.get(rule, 0)}")
        sys.exit(1)
    print(f"same: {sum(ours.values())} violations, {len(ours)} rules")


if __name__ == "__main__":
    main()
