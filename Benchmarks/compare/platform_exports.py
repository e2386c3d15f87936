"""The records of a plain CSV (RuleCheck's own columns: `household.age`, a select_multiple as a
JSON array) written again as ODK Central and KoboToolbox export them, for `check --layout odk`
and `--layout kobo` on the same submissions.

ODK Central: `SubmissionDate` first, group paths joined by `-`, a select_multiple's choices
separated by spaces, Central's columns after the questions (`meta-instanceID`, `KEY`, …).
KoboToolbox: `;` between quoted cells, paths joined by `/`, a select_multiple's answer and a 0/1
column per choice (read from the form's choices sheet), Kobo's columns after the questions
(`_id`, `_uuid`, `_submission_time`, …). Seeded: the same input gives the same files.

Usage: python platform_exports.py FORM.md PLAIN.csv ODK.csv KOBO.csv"""
import csv
import json
import random
import sys


def markdown_sheets(path):
    """The form's sheets: name -> rows of cells (the header row first)."""
    sheets, current = {}, None
    with open(path, encoding="utf-8") as form:
        for line in form:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if cells and cells[0]:
                current = sheets.setdefault(cells[0], [])
            elif current is not None and any(cells[1:]):
                current.append(cells[1:])
    return sheets


def select_multiples(sheets):
    """The path of each select_multiple question (`household.assets`) -> its choices' names."""
    survey, choices = sheets["survey"], sheets["choices"]
    header = survey[0]
    type_column, name_column = header.index("type"), header.index("name")
    lists = {}
    for row in choices[1:]:
        lists.setdefault(row[0], []).append(row[1])
    groups, questions = [], {}
    for row in survey[1:]:
        kind, name = row[type_column], row[name_column]
        if kind == "begin group":
            groups.append(name)
        elif kind == "end group":
            groups.pop()
        elif kind.startswith("select_multiple "):
            questions[".".join(groups + [name])] = lists[kind.split()[1]]
    return questions


def written_choices(cell):
    """The names of a plain CSV's select_multiple cell (a JSON array of strings), or None."""
    if not cell:
        return []
    try:
        chosen = json.loads(cell)
    except ValueError:
        return None
    if not isinstance(chosen, list) or not all(isinstance(name, str) and " " not in name for name in chosen):
        return None
    return chosen


def main():
    form, plain, odk_path, kobo_path = sys.argv[1:5]
    multiples = select_multiples(markdown_sheets(form))
    rng = random.Random(1)
    with open(plain, newline="", encoding="utf-8") as source:
        reader = csv.reader(source)
        header = next(reader)
        rows = list(reader)
    central_tail = ["meta-instanceID", "KEY", "SubmitterID", "SubmitterName", "AttachmentsPresent",
                    "AttachmentsExpected", "Status", "ReviewState", "DeviceID", "Edits", "FormVersion"]
    kobo_header = []
    for name in header:
        kobo_header.append(name.replace(".", "/"))
        for choice in multiples.get(name, []):
            kobo_header.append(name.replace(".", "/") + "/" + choice)
    kobo_header += ["_id", "_uuid", "_submission_time", "_validation_status", "_index"]
    with open(odk_path, "w", newline="", encoding="utf-8") as odk_file, \
            open(kobo_path, "w", newline="", encoding="utf-8") as kobo_file:
        odk = csv.writer(odk_file, lineterminator="\n")
        kobo = csv.writer(kobo_file, delimiter=";", quoting=csv.QUOTE_ALL, lineterminator="\n")
        odk.writerow(["SubmissionDate"] + [name.replace(".", "-") for name in header] + central_tail)
        kobo.writerow(kobo_header)
        for index, row in enumerate(rows, start=1):
            uuid = "%08x-%04x-4%03x-a%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12),
                                                    rng.getrandbits(12), rng.getrandbits(48))
            submitted = "2024-03-%02dT%02d:%02d:%02d.000Z" % (1 + index % 28, index % 24, index % 60, (index * 7) % 60)
            answers, kobo_cells = [], []
            for name, cell in zip(header, row):
                if name in multiples:
                    chosen = written_choices(cell)
                    # A planted mistake that is no JSON array of names stays as it is written.
                    answer = cell if chosen is None else " ".join(chosen)
                    answers.append(answer)
                    kobo_cells.append(answer)
                    kobo_cells += [("1" if choice in chosen else "0") if chosen else "" for choice in multiples[name]]
                else:
                    answers.append(cell)
                    kobo_cells.append(cell)
            odk.writerow([submitted] + answers + ["uuid:" + uuid, "uuid:" + uuid, "5", "enumerator", "0", "0", "", "",
                                                  "collect:x1", "0", "1"])
            kobo.writerow(kobo_cells + [str(100000 + index), uuid, submitted[:19], "", str(index)])


if __name__ == "__main__":
    main()
