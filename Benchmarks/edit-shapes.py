#!/usr/bin/env python3
"""The edit benchmarks' three form shapes as files, for instruction counts under callgrind.

    python3 Benchmarks/edit-shapes.py 10000 200 OUT_DIR

writes, for 10,000 fields, OUT_DIR/{chains,fanout,groups}-10000.yaml (the rules that RulesText in
Benchmarks/Benchmarks/RuleCheckBenchmarks generates: the same text) and an edit file of 200 rounds
for each, for `rulecheck replay` (Docs/performance-record.md, "Issue 25: edits, instructions before and after"):

* fanout: the switch set to false (the untimed edit), then to true (the timed one);
* groups: the innermost `m` of the middle unit set to "B-2", then to "A-1";
* chains: the head of the middle chain given a first value, then per round its 9 followers filled
  again (untimed) and the head set to its other value (timed).
"""
import json
import os
import sys


def chains(count):
    lines = ["form: chains_%d" % count, "gates:", "  submit: all", "sections:"]
    for chain in range(count // 10):
        if (chain * 10) % 100 == 0:
            lines += ["  - id: s%d" % (chain * 10 // 100), "    fields:"]
        for link in range(10):
            lines += ["      - id: c%d_%d" % (chain, link), "        type: text", "        max_length: 20"]
            if link > 0:
                lines += ["        depends_on: [c%d_%d]" % (chain, link - 1),
                          "        visible_if: c%d_%d != null" % (chain, link - 1)]
    return "\n".join(lines) + "\n"


def fan_out(count):
    lines = ["form: fan_out_%d" % count, "gates:", "  submit: all", "sections:"]
    for index in range(count):
        if index % 100 == 0:
            lines += ["  - id: s%d" % (index // 100), "    fields:"]
        if index == 0:
            lines += ["      - id: switch", "        type: bool"]
        elif index <= 100:
            lines += ["      - id: reader%d" % index, "        type: text", "        visible_if: switch",
                      "        required: true"]
        else:
            lines += ["      - id: plain%d" % index, "        type: text", "        max_length: 40"]
    return "\n".join(lines) + "\n"


def groups(count):
    lines = ["form: groups_%d" % count, "gates:", "  submit: all", "sections:"]
    for unit in range(count // 20):
        if (unit * 20) % 100 == 0:
            lines += ["  - id: s%d" % (unit * 20 // 100), "    fields:"]
        m = "g%d.l2.l3.l4.l5.m" % unit
        lines += [
            "      - id: g%d" % unit, "        type: group", "        required: true",
            "        display: '{name} {code}'", "        fields:",
            "          - {id: name, type: text, max_length: 50}",
            "          - {id: code, type: text, pattern: '[A-Z]{2}[0-9]{4}'}",
            "          - id: l2", "            type: group", "            required: true", "            fields:",
            "              - {id: a, type: text}", "              - {id: b, type: integer, min: 0}",
            "              - id: l3", "                type: group", "                required: true",
            "                fields:",
            "                  - {id: a, type: text}", "                  - {id: b, type: integer, min: 0}",
            "                  - id: l4", "                    type: group", "                    required: true",
            "                    fields:",
            "                      - {id: a, type: text}", "                      - {id: b, type: integer, min: 0}",
            "                      - id: l5", "                        type: group",
            "                        required: true", "                        fields:",
            "                          - {id: m, type: text, pattern: '[A-Z]-[0-9]'}",
            "                          - id: note", "                            type: text",
            "                            visible_if: %s == \"A-1\"" % m,
            "                            required: true",
            "                          - {id: x1, type: text}", "                          - {id: x2, type: text}",
            "                          - {id: x3, type: text}", "                          - {id: x4, type: bool}",
            "                          - {id: x5, type: number}",
        ]
    return "\n".join(lines) + "\n"


def main():
    count, rounds, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.makedirs(out, exist_ok=True)

    def write(name, text):
        with open(os.path.join(out, name), "w") as file:
            file.write(text)

    def edits(pairs):
        return "".join(json.dumps({"set": path, "value": value}) + "\n" for path, value in pairs)

    write("chains-%d.yaml" % count, chains(count))
    write("fanout-%d.yaml" % count, fan_out(count))
    write("groups-%d.yaml" % count, groups(count))
    head = count // 10 // 2
    chain = [("c%d_0" % head, "a")]
    for round in range(rounds):
        chain += [("c%d_%d" % (head, link), "v%d" % link) for link in range(1, 10)]
        chain.append(("c%d_0" % head, "b" if round % 2 == 0 else "a"))
    write("chains-%d.jsonl" % count, edits(chain))
    write("fanout-%d.jsonl" % count, edits([("switch", value) for _ in range(rounds) for value in (False, True)]))
    m = "g%d.l2.l3.l4.l5.m" % (count // 20 // 2)
    write("groups-%d.jsonl" % count, edits([(m, value) for _ in range(rounds) for value in ("B-2", "A-1")]))


if __name__ == "__main__":
    main()
