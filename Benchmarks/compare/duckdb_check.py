"""Checks a shape of Benchmarks/compare.sh with DuckDB: the rules of its rules file written as SQL.

Usage: python duckdb_check.py SHAPE counts|jsonl THREADS FILE TODAY [OUT.jsonl]

SHAPE   osago12 (Benchmarks/compare/osago12.yaml), policies12 (Benchmarks/compare/policies12.yaml) or
        persian12 (Benchmarks/compare/persian12.yaml)
FILE    a CSV file, or a JSON Lines file (its name ends in .jsonl)
counts  the number of violations of each rule (field and code), as `rulecheck check --format
        summary` counts them: one aggregate query over the file.
jsonl   every violation as a JSON line (record, line, field, code, value, message) written to OUT,
        as `rulecheck check --format jsonl` reports them.

A CSV is read with every column as text (read_csv(..., all_varchar=true)), and each rule is an
SQL condition on the text: regexp_full_match (RE2) for patterns and masks, TRY_CAST for dates and
numbers, IN for options, length() (Unicode code points, as rulecheck counts) for lengths. A JSON
Lines file is read with read_json: text, date and choice columns as VARCHAR, number, integer and
bool columns as JSON, so that their rules can say what rulecheck says of JSON input (a number
must be a JSON number, a bool a JSON boolean; null or a missing key is empty). Prints one JSON
line: the mode, threads, records, violations (errors), the counts by code, by field and by rule
("field code"), and the seconds the query took.
"""
import json
import sys
import time

import duckdb

PERSON_NAME = r"\p{L}+(?:[ '-]\p{L}+)*"
DATE_SYNTAX = "'[0-9]{4}-[0-9]{2}-[0-9]{2}'"


def quoted(text: str) -> str:
    """An SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


class Rules:
    """(field, code, SQL condition that holds when the rule is broken, message), and each column's
    type in a JSON Lines file (VARCHAR or JSON)."""

    def __init__(self, json_lines: bool):
        self.json_lines = json_lines
        self.found = []
        self.columns = {}

    def add(self, column, code, condition, message):
        self.found.append((column, code, condition, message))

    def required_text(self, column):
        self.columns[column] = "VARCHAR"
        self.add(column, "required", f"coalesce({column}, '') = ''", f"{column} is required")

    def text(self, column, required=True, min_length=None, max_length=None, pattern=None):
        if required:
            self.required_text(column)
        else:
            self.columns[column] = "VARCHAR"
        if min_length:
            self.add(column, "min_length", f"{column} <> '' AND length({column}) < {min_length}",
                     f"{column} must be at least {min_length} characters")
        if max_length:
            self.add(column, "max_length", f"length({column}) > {max_length}",
                     f"{column} must be at most {max_length} characters")
        if pattern:
            self.add(column, "pattern", f"{column} <> '' AND NOT regexp_full_match({column}, {quoted(pattern)})",
                     f"{column} does not match the pattern")

    def date(self, column, low, high):
        self.required_text(column)
        value = f"TRY_CAST({column} AS DATE)"
        valid = f"regexp_full_match({column}, {DATE_SYNTAX})"
        self.add(column, "type", f"{column} <> '' AND ({value} IS NULL OR NOT {valid})",
                 f"{column}: not a date (yyyy-MM-dd)")
        self.add(column, "min", f"{valid} AND {value} < {low}", f"{column} is too early")
        self.add(column, "max", f"{valid} AND {value} > {high}", f"{column} is too late")

    def number(self, column, low, high, whole):
        if self.json_lines:
            self.columns[column] = "JSON"
            value = f"TRY_CAST({column} AS DOUBLE)"
            numeric = f"json_type({column}) IN ('UBIGINT', 'BIGINT', 'DOUBLE')"
            valid = f"({numeric} AND {value} = floor({value}))" if whole else numeric
            self.add(column, "required", f"{column} IS NULL", f"{column} is required")
            self.add(column, "type", f"{column} IS NOT NULL AND NOT {valid}", f"{column} is not a number")
        else:
            value = f"TRY_CAST({column} AS DOUBLE)"
            syntax = f"regexp_full_match({column}, '[+-]?[0-9]+([.][0-9]+)?')"
            valid = f"({syntax} AND {value} = floor({value}))" if whole else syntax
            self.required_text(column)
            self.add(column, "type", f"{column} <> '' AND NOT {valid}", f"{column} is not a number")
        self.add(column, "min", f"{valid} AND {value} < {low}", f"{column} must be at least {low}")
        self.add(column, "max", f"{valid} AND {value} > {high}", f"{column} must be at most {high}")

    def boolean(self, column):
        if self.json_lines:
            self.columns[column] = "JSON"
            self.add(column, "required", f"{column} IS NULL", f"{column} is required")
            self.add(column, "type", f"{column} IS NOT NULL AND json_type({column}) <> 'BOOLEAN'",
                     f"{column} is not a bool")
        else:
            self.required_text(column)
            self.add(column, "type",
                     f"{column} <> '' AND lower({column}) NOT IN ('true', 'false', 'yes', 'no', '1', '0')",
                     f"{column} is not a bool")

    def shown(self, column):
        """The value of a column as a violation shows it: text (a JSON column's value as its text)."""
        return f"({column} ->> '$')" if self.columns.get(column) == "JSON" else column

    def choice(self, column, options):
        self.required_text(column)
        listed = ", ".join(f"'{option}'" for option in options)
        self.add(column, "option", f"{column} <> '' AND {column} NOT IN ({listed})", f"{column} is not an option")


def osago12(rules: Rules, today: str) -> None:
    """Benchmarks/compare/osago12.yaml."""
    day = f"DATE '{today}'"
    rules.text("last_name", max_length=50, pattern=PERSON_NAME)
    rules.text("first_name", max_length=50, pattern=PERSON_NAME)
    rules.date("birth_date", f"{day} - INTERVAL 120 YEAR", f"{day} - INTERVAL 18 YEAR")
    rules.choice("doc_type", ["passport", "foreign_passport", "residence_permit", "foreign_citizen_passport"])
    rules.text("doc_number")
    rules.add("doc_number", "mask", "doc_type = 'passport' AND NOT regexp_full_match(doc_number, '[0-9]{4} [0-9]{6}')",
              "A Russian passport number looks like 4509 123456")
    rules.add("doc_number", "mask",
              "doc_type IN ('foreign_passport', 'residence_permit') AND NOT regexp_full_match(doc_number, '[0-9]{2} [0-9]{7}')",
              "The number looks like 75 1234567")
    rules.add("doc_number", "pattern",
              "doc_type = 'foreign_citizen_passport' AND NOT regexp_full_match(doc_number, '[\\p{Lu}0-9]{5,15}')",
              "Capital letters and digits only, 5 to 15 characters")
    rules.date("doc_issue_date", "TRY_CAST(birth_date AS DATE)", day)
    rules.text("vin", pattern="[A-HJ-NPR-Z0-9]{17}")
    rules.choice("make", ["lada", "kia", "hyundai", "toyota", "volkswagen", "skoda", "renault"])
    rules.number("vehicle_year", 1950, f"year({day})", whole=True)
    rules.number("engine_power", 10, 1500, whole=False)
    rules.choice("region", ["moscow", "moscow_oblast", "saint_petersburg", "leningrad_oblast", "tatarstan",
                            "sverdlovsk_oblast", "krasnodar_krai", "novosibirsk_oblast"])
    rules.date("start_date", day, f"{day} + INTERVAL 60 DAY")


def policies12(rules: Rules, today: str) -> None:
    """Benchmarks/compare/policies12.yaml."""
    day = f"DATE '{today}'"
    plate_letters = "АВЕКМНОРСТУХ"
    rules.text("policy_number", pattern=f"[{plate_letters}]{{3}} [0-9]{{10}}")
    rules.text("last_name", max_length=40, pattern="[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?")
    rules.text("first_name", max_length=30, pattern="[А-ЯЁ][а-яё]+")
    rules.date("birth_date", f"{day} - INTERVAL 100 YEAR", f"{day} - INTERVAL 18 YEAR")
    # The mask '+7 (000) 000-00-00' as the regex of its complete values.
    rules.text("phone")
    rules.add("phone", "mask", "phone <> '' AND NOT regexp_full_match(phone, '\\+7 \\([0-9]{3}\\) [0-9]{3}-[0-9]{2}-[0-9]{2}')",
              "phone does not match the mask")
    rules.text("email", pattern=r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
    rules.choice("usage", ["personal", "taxi", "training", "rental", "special"])
    rules.text("doc_number", pattern="[0-9]{4} [0-9]{6}|[0-9]{2} [0-9]{7}|[A-Z]{2}[0-9]{7}")
    rules.text("vin", min_length=17, max_length=17, pattern="[A-HJ-NPR-Z0-9]+")
    rules.number("experience", 0, 80, whole=True)
    rules.boolean("trailer")
    rules.text("plate", required=False, pattern=f"[{plate_letters}][0-9]{{3}}[{plate_letters}]{{2}}[0-9]{{2,3}}")


def persian12(rules: Rules, today: str) -> None:
    """Benchmarks/compare/persian12.yaml."""
    day = f"DATE '{today}'"
    rules.text("policy_number", pattern="ب[۰-۹]{3}/[۰-۹]{6}")
    rules.text("last_name", max_length=40, pattern="[آ-ی]+(?:[\\x{200C} ][آ-ی]+)*")
    rules.text("first_name", max_length=30, pattern="[آ-ی]+(?:\\x{200C}[آ-ی]+)?")
    rules.date("birth_date", f"{day} - INTERVAL 100 YEAR", f"{day} - INTERVAL 18 YEAR")
    rules.text("national_code", pattern="[۰-۹]{10}")
    rules.text("mobile", pattern="۰۹[۰-۹]{9}")
    rules.choice("usage", ["personal", "taxi", "freight", "public", "agricultural"])
    rules.text("postal_code", pattern="[۱-۹][۰-۹]{4}-?[۰-۹]{5}")
    rules.text("address", max_length=120, pattern="[آ-ی]+(?:،? [آ-ی۰-۹\\x{200C}]+)*")
    rules.number("experience", 0, 80, whole=True)
    rules.boolean("trailer")
    rules.text("plate", required=False, pattern="[۱-۹][۰-۹][آ-ی][۰-۹]{3}-[۱-۹][۰-۹]")


SHAPES = {"osago12": osago12, "policies12": policies12, "persian12": persian12}


def main() -> None:
    shape, mode, threads, path, today = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
    start = time.perf_counter()
    connection = duckdb.connect()
    connection.execute(f"SET threads = {threads}")
    json_lines = path.endswith(".jsonl")
    rules = Rules(json_lines)
    SHAPES[shape](rules, today)
    found = rules.found
    if json_lines:
        columns = ", ".join(f"{quoted(column)}: {quoted(kind)}" for column, kind in rules.columns.items())
        source = f"read_json('{path}', format = 'newline_delimited', columns = {{{columns}}})"
        header_lines = 0
    else:
        source = f"read_csv('{path}', all_varchar = true, header = true)"
        header_lines = 1
    if mode == "counts":
        columns = ", ".join(f"count(*) FILTER (WHERE {condition})" for _, _, condition, _ in found)
        row = connection.execute(f"SELECT count(*), {columns} FROM {source}").fetchone()
        records, counts = row[0], row[1:]
    else:
        out = sys.argv[6]
        entries = ", ".join(
            f"CASE WHEN {condition} THEN {{'field': '{field}', 'code': '{code}', 'value': {rules.shown(field)}, 'message': {quoted(message)}}} END"
            for field, code, condition, message in found)
        connection.execute(f"""
            COPY (
                SELECT record, record + {header_lines} AS line, unnest(violations, recursive := true)
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
    by_code, by_field, by_rule = {}, {}, {}
    for (field, code, _, _), count in zip(found, counts):
        if count:
            by_code[code] = by_code.get(code, 0) + count
            by_field[field] = by_field.get(field, 0) + count
            by_rule[f"{field} {code}"] = by_rule.get(f"{field} {code}", 0) + count
    print(json.dumps({"tool": "duckdb", "mode": mode, "threads": threads, "records": records,
                      "errors": sum(counts), "by_code": by_code, "by_field": by_field,
                      "by_rule": by_rule,
                      "seconds": round(time.perf_counter() - start, 3)}, sort_keys=True))


if __name__ == "__main__":
    main()
