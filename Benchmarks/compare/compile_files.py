"""Writes the rules files of the compile comparison and the JSON Schema that says the same.

Usage: python compile_files.py COUNT DIR

DIR/fields-COUNT.yaml and DIR/fields-COUNT.json (minified): COUNT text fields f1 … fCOUNT, each
with a pattern of its own (^F<n>-[A-Z]{2}[0-9]+$), and after the first `depends_on` the field
before it and `visible_if: f<n-1> != null` — the files of RuleCheckBenchmarks' "compile ·
patterned" benchmarks. DIR/fields-COUNT.schema.json: the JSON Schema of the same object, COUNT
string properties with the same patterns, and each after the first requiring the one before it
(dependentRequired), which is what jsonschema-rs compiles.
"""
import json
import sys


def main() -> None:
    count, directory = int(sys.argv[1]), sys.argv[2]
    yaml = [f"form: patterned_{count}", "fields:"]
    fields = []
    properties = {}
    dependent = {}
    for index in range(1, count + 1):
        pattern = f"^F{index}-[A-Z]{{2}}[0-9]+$"
        yaml += [f"  - id: f{index}", "    type: text", f"    pattern: '{pattern}'"]
        field = {"id": f"f{index}", "type": "text", "pattern": pattern}
        properties[f"f{index}"] = {"type": "string", "pattern": pattern}
        if index > 1:
            yaml += [f"    depends_on: [f{index - 1}]", f"    visible_if: f{index - 1} != null"]
            field["depends_on"] = [f"f{index - 1}"]
            field["visible_if"] = f"f{index - 1} != null"
            dependent[f"f{index}"] = [f"f{index - 1}"]
        fields.append(field)
    with open(f"{directory}/fields-{count}.yaml", "w", encoding="utf-8") as file:
        file.write("\n".join(yaml) + "\n")
    with open(f"{directory}/fields-{count}.json", "w", encoding="utf-8") as file:
        json.dump({"form": f"patterned_{count}", "fields": fields}, file, separators=(",", ":"))
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": properties, "dependentRequired": dependent}
    with open(f"{directory}/fields-{count}.schema.json", "w", encoding="utf-8") as file:
        json.dump(schema, file, separators=(",", ":"))


if __name__ == "__main__":
    main()
