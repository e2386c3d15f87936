"""Writes the records of Benchmarks/compare/policies12.yaml: COUNT policy holders, about 2% bad cells.

Usage: python policies12_data.py COUNT csv|jsonl OUT [SEED]

The records depend on COUNT and SEED (default 1) alone, so the CSV and the JSON Lines file of one
COUNT and SEED hold the same records. Each cell is bad with probability 2%: one planted mistake of
its column's kinds (empty where required, a Latin or too long name, a date out of range or not a
date, a phone without its mask, an email without '@', a value that is not an option, a VIN of 16
or 18 characters or with a letter VINs leave out, an integer out of bounds or not a number, a bool
that is not one, a Latin plate). The plate is optional: a third of the records have none.

JSON Lines keep JSON's types (shape_data.py).
"""
import shape_data

COLUMNS = ["policy_number", "last_name", "first_name", "birth_date", "phone", "email", "usage",
           "doc_number", "vin", "experience", "trailer", "plate"]
SERIES = "АВЕКМНОРСТУХ"
LAST_NAMES = ["Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов",
              "Новиков", "Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров",
              "Павлов", "Козлов", "Степанов", "Николаев", "Орлов", "Андреев", "Макаров", "Никитин"]
FIRST_NAMES = ["Александр", "Дмитрий", "Максим", "Сергей", "Андрей", "Алексей", "Артём", "Илья",
               "Кирилл", "Михаил", "Анна", "Мария", "Елена", "Ольга", "Наталья", "Татьяна", "Юлия",
               "Екатерина", "Ирина", "Светлана"]
LATIN = ["Ivanov", "Smirnov", "Petrova", "Sergey", "Anna", "Olga"]
USAGES = ["personal", "taxi", "training", "rental", "special"]
DOMAINS = ["mail.ru", "yandex.ru", "gmail.com", "inbox.ru", "example.org"]
VIN_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def digits(rng, count):
    return "".join(rng.choice("0123456789") for _ in range(count))


def good(rng, column, female):
    """A good value of COLUMN: a string, or an int / a bool for the typed columns."""
    if column == "policy_number":
        return "".join(rng.choice(SERIES) for _ in range(3)) + " " + digits(rng, 10)
    if column == "last_name":
        name = rng.choice(LAST_NAMES) + ("а" if female else "")
        if rng.random() < 0.05:
            name += "-" + rng.choice(LAST_NAMES)
        return name
    if column == "first_name":
        return rng.choice(FIRST_NAMES)
    if column == "birth_date":
        return f"{rng.randint(1930, 2007):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if column == "phone":
        return f"+7 ({digits(rng, 3)}) {digits(rng, 3)}-{digits(rng, 2)}-{digits(rng, 2)}"
    if column == "email":
        return f"user{rng.randint(1, 999999)}.{rng.choice('abcxyz')}@{rng.choice(DOMAINS)}"
    if column == "usage":
        return rng.choice(USAGES)
    if column == "doc_number":
        kind = rng.random()
        if kind < 0.8:
            return digits(rng, 4) + " " + digits(rng, 6)
        if kind < 0.9:
            return digits(rng, 2) + " " + digits(rng, 7)
        return rng.choice("ABCEHKMPTX") + rng.choice("ABCEHKMPTX") + digits(rng, 7)
    if column == "vin":
        return "".join(rng.choice(VIN_LETTERS) for _ in range(17))
    if column == "experience":
        return rng.randint(0, 60)
    if column == "trailer":
        return rng.random() < 0.1
    if column == "plate":
        return (rng.choice(SERIES) + digits(rng, 3) + rng.choice(SERIES) + rng.choice(SERIES)
                + rng.choice(["77", "97", "199", "50", "78", "16"]))
    raise ValueError(column)


def bad(rng, column, value):
    """A planted mistake in COLUMN (whose good value is VALUE); "" is an empty cell."""
    if column == "plate":
        return rng.choice(["A123BC77", "О12ОО77", "о123оо77"])
    kind = rng.randrange(4)
    if kind == 0:
        return ""
    if column == "policy_number":
        return [value.lower(), value.replace(" ", ""), value[:-1]][kind - 1]
    if column in ("last_name", "first_name"):
        return [rng.choice(LATIN), value * 8, value.lower()][kind - 1]
    if column == "birth_date":
        return ["1920-01-01", "2015-06-01", "1990-13-45"][kind - 1]
    if column == "phone":
        return ["8" + value[4:7] + value[9:12] + value[13:15] + value[16:18], value[:-1], value.replace("+7", "+8")][kind - 1]
    if column == "email":
        return [value.replace("@", ""), value.replace("@", "@@"), value.split("@")[0] + "@ru"][kind - 1]
    if column == "usage":
        return ["private", "Taxi", "rent"][kind - 1]
    if column == "doc_number":
        return [value.replace(" ", ""), value + "0", "45 09 123456"][kind - 1]
    if column == "vin":
        return [value[:16], value + "7", value[:8] + "O" + value[9:]][kind - 1]
    if column == "experience":
        return [-1, 81, "ten"][kind - 1]
    if column == "trailer":
        return ["maybe", "да", "2"][kind - 1]
    raise ValueError(column)


if __name__ == "__main__":
    shape_data.main("policies12_data.py", COLUMNS, good, bad, start=lambda rng: rng.random() < 0.5)
