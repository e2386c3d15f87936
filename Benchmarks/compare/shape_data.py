"""What the seeded generators of compare.sh's 12-column shapes (policies12_data.py,
persian12_data.py) share: records with about 2% bad cells and an optional `plate`, written as CSV
or JSON Lines.

JSON Lines keep JSON's types, as an export would: an integer is a number and a bool a boolean, a
value that is not one is the string the CSV has, an empty cell is null, and a record without a
plate has no "plate" key."""
import csv
import json
import random
import sys

BAD_RATE = 0.02


def records(count, seed, columns, good, bad, start=None):
    """COUNT records of COLUMNS: good(rng, column, drawn) for each cell, where drawn is what
    start(rng) draws once per record (None without start), and bad(rng, column, value) for about
    2% of them; a third of the records have no plate."""
    rng = random.Random(seed)
    for _ in range(count):
        drawn = start(rng) if start else None
        record = {}
        for column in columns:
            value = good(rng, column, drawn)
            if column == "plate" and rng.random() < 1 / 3:
                value = ""
            elif rng.random() < BAD_RATE:
                value = bad(rng, column, value)
            record[column] = value
        yield record


def csv_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def main(name, columns, good, bad, start=None):
    """python NAME COUNT csv|jsonl OUT [SEED]"""
    count, form, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    with open(out, "w", encoding="utf-8", newline="") as file:
        if form == "csv":
            writer = csv.writer(file, lineterminator="\n")
            writer.writerow(columns)
            for record in records(count, seed, columns, good, bad, start):
                writer.writerow(csv_text(record[column]) for column in columns)
        elif form == "jsonl":
            for record in records(count, seed, columns, good, bad, start):
                line = {}
                for column, value in record.items():
                    if value == "":
                        if column != "plate":
                            line[column] = None
                    else:
                        line[column] = value
                file.write(json.dumps(line, ensure_ascii=False) + "\n")
        else:
            sys.exit(f"{name}: unknown format {form!r} (csv or jsonl)")
