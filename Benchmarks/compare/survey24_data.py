"""Seeded submissions of survey24.md as a plain CSV (RuleCheck's own columns: `household.age`,
a select_multiple as a JSON array), each answer as the form allows it, and about 2% of the
cells spoiled (a constraint broken, a required answer missing while relevant, an answer in a
non-relevant question, a choice not in the list, a wrong type). platform_exports.py writes the
same submissions as ODK Central and KoboToolbox export them.

Usage: python survey24_data.py COUNT OUT.csv [SEED]"""
import csv
import json
import random
import sys

COLUMNS = [
    "respondent.full_name", "respondent.age", "respondent.sex", "respondent.phone", "respondent.interviewed",
    "household.members", "household.children", "household.married", "household.spouse", "household.roof",
    "household.roof_other", "household.assets", "household.rooms", "income.works", "income.monthly",
    "income.currency", "income.sources", "income.savings", "consent", "email", "notes",
]
NAMES = ["Amina", "Kwame", "Maria", "Chen", "Fatima", "Juan", "Aisha", "Tomas", "Grace", "Ravi"]
SURNAMES = ["Okafor", "Mensah", "Silva", "Wang", "Hassan", "Perez", "Bello", "Novak", "Otieno", "Sharma"]


def submission(rng):
    members = rng.randint(1, 12)
    married = rng.choice(["yes", "no"])
    roof = rng.choice(["metal", "tile", "thatch", "other"])
    works = rng.choice(["yes", "yes", "no"])
    consent = rng.choice(["yes", "no"])
    first, last = rng.choice(NAMES), rng.choice(SURNAMES)
    return {
        "respondent.full_name": first + " " + last,
        "respondent.age": str(rng.randint(15, 90)),
        "respondent.sex": rng.choice(["female", "male"]),
        "respondent.phone": "+" + str(rng.randint(10**10, 10**12 - 1)) if rng.random() < 0.8 else "",
        "respondent.interviewed": "2026-%02d-%02d" % (rng.randint(1, 10), rng.randint(1, 28)),
        "household.members": str(members),
        "household.children": str(rng.randint(0, min(members, 4))),
        "household.married": married,
        "household.spouse": rng.choice(NAMES) + " " + last if married == "yes" else "",
        "household.roof": roof,
        "household.roof_other": rng.choice(["plastic sheet", "stone", "concrete"]) if roof == "other" else "",
        "household.assets": json.dumps(rng.sample(["radio", "tv", "phone", "bicycle", "car"], rng.randint(0, 3))),
        "household.rooms": str(rng.randint(1, 8)),
        "income.works": works,
        "income.monthly": "%.2f" % (rng.random() * 2000 + 10) if works == "yes" else "",
        "income.currency": rng.choice(["usd", "eur", "local"]) if works == "yes" else "",
        "income.sources": json.dumps(rng.sample(["pension", "rent", "transfer"], rng.randint(0, 2))),
        "income.savings": str(rng.randint(0, 5000)) if rng.random() < 0.7 else "",
        "consent": consent,
        "email": first.lower() + "." + last.lower() + "@example.org" if consent == "yes" and rng.random() < 0.7 else "",
        "notes": rng.choice(["", "", "", "Interview done at home", "Respondent asked to come back"]),
    }


def spoil(rng, record):
    """One planted mistake in one cell."""
    kind = rng.randrange(5)
    if kind == 0:                                                       # a constraint broken
        record[rng.choice(["respondent.age", "household.members", "household.rooms"])] = str(rng.choice([-3, 140, 999]))
    elif kind == 1:                                                     # required, missing
        record[rng.choice(["respondent.full_name", "respondent.sex", "household.roof", "consent"])] = ""
    elif kind == 2:                                                     # not relevant, answered
        if record["household.married"] == "no":
            record["household.spouse"] = "Someone"
        else:
            record["household.roof_other"] = "" if record["household.roof"] == "other" else "straw"
    elif kind == 3:                                                     # not in the choices
        record[rng.choice(["respondent.sex", "household.roof", "income.works"])] = "unknown"
    else:                                                               # the wrong type
        record[rng.choice(["household.rooms", "respondent.age", "respondent.interviewed"])] = rng.choice(["many", "12a", "soon"])


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    with open(out, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(COLUMNS)
        for _ in range(count):
            record = submission(rng)
            # About 2% of the cells: 21 columns, so a mistake in 40% of the submissions.
            if rng.random() < 0.4:
                spoil(rng, record)
            writer.writerow([record[column] for column in COLUMNS])


if __name__ == "__main__":
    main()
