"""Checks Benchmarks/compare/osago12.yaml's rules with DuckDB: the same rules written as SQL.

Usage: python duckdb_check.py counts|jsonl THREADS FILE.csv TODAY [OUT.jsonl]

counts  the number of violations of each rule (field and code), as `rulecheck check --format
        summary` counts them: one aggregate query over the file.
jsonl   every violation as a JSON line (record, line, field, code, value, message) written to OUT,
        as `rulecheck check --format jsonl` reports them.

The CSV is read with every column as text (read_csv(..., all_varchar=true)), and each rule is an
SQL condition on the text: regexp_full_match (RE2) for patterns and masks, TRY_CAST for dates and
numbers, IN for options, length() for lengths. Prints one JSON line: the mode, threads, records,
violations (errors), the counts by code and by field, and the seconds the query took.
"""
import json
import sys
import time

import duckdb

PERSON_NAME = r"\p{L}+(?:[ '-]\p{L}+)*"


def quoted(text: str) -> str:
    """An SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def rules(today: str) -> list:
    """(field, code, SQL condition that holds when the rule is broken, message)."""
    day = f"DATE '{today}'"
    found = []

    def text(column, max_length=None, pattern=None):
        found.append((column, "required", f"coalesce({column}, '') = ''", f"{column} is required"))
        if max_length:
            found.append((column, "max_length", f"length({column}) > {max_length}",
                          f"{column} must be at most {max_length} characters"))
        if pattern:
            found.append((column, "pattern", f"NOT regexp_full_match({column}, {quoted(pattern)})",
                          f"{column} does not match the pattern"))

    def date(column, low, high):
        value = f"TRY_CAST({column} AS DATE)"
        found.append((column, "required", f"coalesce({column}, '') = ''", f"{column} is required"))
        found.append((column, "type", f"{column} <> '' AND ({value} IS NULL OR NOT regexp_full_match({column}, '[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}}'))",
                      f"{column}: not a date (yyyy-MM-dd)"))
        valid = f"regexp_full_match({column}, '[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}}')"
        found.append((column, "min", f"{valid} AND {value} < {low}", f"{column} is too early"))
        found.append((column, "max", f"{valid} AND {value} > {high}", f"{column} is too late"))

    def number(column, low, high, whole):
        value = f"TRY_CAST({column} AS DOUBLE)"
        syntax = f"regexp_full_match({column}, '[+-]?[0-9]+([.][0-9]+)?')"
        valid = f"({syntax} AND {value} = floor({value}))" if whole else syntax
        found.append((column, "required", f"coalesce({column}, '') = ''", f"{column} is required"))
        found.append((column, "type", f"{column} <> '' AND NOT {valid}", f"{column} is not a number"))
        found.append((column, "min", f"{valid} AND {value} < {low}", f"{column} must be at least {low}"))
        found.append((column, "max", f"{valid} AND {value} > {high}", f"{column} must be at most {high}"))

    def choice(column, options):
        listed = ", ".join(f"'{option}'" for option in options)
        found.append((column, "required", f"coalesce({column}, '') = ''", f"{column} is required"))
        found.append((column, "option", f"{column} <> '' AND {column} NOT IN ({listed})", f"{column} is not an option"))

    text("last_name", 50, PERSON_NAME)
    text("first_name", 50, PERSON_NAME)
    date("birth_date", f"{day} - INTERVAL 120 YEAR", f"{day} - INTERVAL 18 YEAR")
    choice("doc_type", ["passport", "foreign_passport", "residence_permit", "foreign_citizen_passport"])
    text("doc_number")
    found.append(("doc_number", "mask", "doc_type = 'passport' AND NOT regexp_full_match(doc_number, '[0-9]{4} [0-9]{6}')",
                  "A Russian passport number looks like 4509 123456"))
    found.append(("doc_number", "mask",
                  "doc_type IN ('foreign_passport', 'residence_permit') AND NOT regexp_full_match(doc_number, '[0-9]{2} [0-9]{7}')",
                  "The number looks like 75 1234567"))
    found.append(("doc_number", "pattern",
                  "doc_type = 'foreign_citizen_passport' AND NOT regexp_full_match(doc_number, '[\\p{Lu}0-9]{5,15}')",
                  "Capital letters and digits only, 5 to 15 characters"))
    date("doc_issue_date", "TRY_CAST(birth_date AS DATE)", day)
    text("vin", None, "[A-HJ-NPR-Z0-9]{17}")
    choice("make", ["lada", "kia", "hyundai", "toyota", "volkswagen", "skoda", "renault"])
    number("vehicle_year", 1950, f"year({day})", whole=True)
    number("engine_power", 10, 1500, whole=False)
    choice("region", ["moscow", "moscow_oblast", "saint_petersburg", "leningrad_oblast", "tatarstan",
                      "sverdlovsk_oblast", "krasnodar_krai", "novosibirsk_oblast"])
    date("start_date", day, f"{day} + INTERVAL 60 DAY")
    return found


def main() -> None:
    mode, threads, path, today = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    start = time.perf_counter()
    connection = duckdb.connect()
    connection.execute(f"SET threads = {threads}")
    source = f"read_csv('{path}', all_varchar = true, header = true)"
    found = rules(today)
    if mode == "counts":
        columns = ", ".join(f"count(*) FILTER (WHERE {condition})" for _, _, condition, _ in found)
        row = connection.execute(f"SELECT count(*), {columns} FROM {source}").fetchone()
        records, counts = row[0], row[1:]
    else:
        out = sys.argv[5]
        entries = ", ".join(
            f"CASE WHEN {condition} THEN {{'field': '{field}', 'code': '{code}', 'value': {field}, 'message': {quoted(message)}}} END"
            for field, code, condition, message in found)
        connection.execute(f"""
            COPY (
                SELECT record, record + 1 AS line, unnest(violations, recursive := true)
                FROM (SELECT row_number() OVER () AS record, list_filter([{entries}], lambda v: v IS NOT NULL) AS violations
                      FROM {source})
                WHERE len(violations) > 0
            ) TO '{out}' (FORMAT json)""")
        records = connection.execute(f"SELECT count(*) FROM {source}").fetchone()[0]
        counts = [0] * len(found)
        index = {(field, code): position for position, (field, code, _, _) in enumerate(found)}
        for field, code, total in connection.execute(
                f"SELECT field, code, count(*) FROM read_json('{out}') GROUP BY ALL").fetchall():
            counts[index.get((field, code), 0)] += total
    by_code, by_field = {}, {}
    for (field, code, _, _), count in zip(found, counts):
        if count:
            by_code[code] = by_code.get(code, 0) + count
            by_field[field] = by_field.get(field, 0) + count
    print(json.dumps({"tool": "duckdb", "mode": mode, "threads": threads, "records": records,
                      "errors": sum(counts), "by_code": by_code, "by_field": by_field,
                      "seconds": round(time.perf_counter() - start, 3)}, sort_keys=True))


if __name__ == "__main__":
    main()
