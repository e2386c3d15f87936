"""Seeded JSON Lines events for structural.schema.json (no form fields: additionalProperties,
patternProperties, propertyNames, oneOf of object schemas), about 2% of them invalid.

Usage: python structural_data.py COUNT > events.jsonl"""
import json
import random
import sys


def event(rng):
    kind = rng.choice(["click", "view", "purchase"])
    payload = {
        "click": lambda: {"element": rng.choice(["buy", "menu", "logo"]), "x": rng.randrange(1000), "y": rng.randrange(800)},
        "view": lambda: {"page": "/p/" + str(rng.randrange(10000)), "seconds": round(rng.random() * 60, 2)},
        "purchase": lambda: {"sku": "ABC-" + str(rng.randrange(1000, 10000)), "price": round(rng.random() * 500 + 1, 2)},
    }[kind]()
    record = {
        "id": "".join(rng.choice("abcdefghij0123456789") for _ in range(8)) + "-" + "".join(rng.choice("abc012") for _ in range(4)),
        "kind": kind, "at": rng.randrange(1_700_000_000, 1_800_000_000), "payload": payload,
        "tags": rng.sample(["new", "mobile", "eu", "beta", "sale"], rng.randrange(0, 4)),
        "meta": {"x_source": "app", "n_version": rng.randrange(1, 9), "debug": rng.random() < 0.5},
    }
    if rng.random() < 0.02:
        spoil = rng.randrange(4)
        if spoil == 0:
            record["extra"] = 1                       # additionalProperties
        elif spoil == 1:
            record["payload"]["unexpected"] = True    # no oneOf branch
        elif spoil == 2:
            record["meta"]["Bad-Name"] = True         # propertyNames
        else:
            record["meta"]["n_version"] = "nine"      # patternProperties
    return record


def main():
    count = int(sys.argv[1])
    rng = random.Random(7)
    out = sys.stdout
    for _ in range(count):
        out.write(json.dumps(event(rng), separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
