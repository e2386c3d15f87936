"""Writes the records of Benchmarks/compare/persian12.yaml: COUNT policy holders, about 2% bad cells.

Usage: python persian12_data.py COUNT csv|jsonl OUT [SEED]

The records depend on COUNT and SEED (default 1) alone, so the CSV and the JSON Lines file of one
COUNT and SEED hold the same records. Each cell is bad with probability 2%: one planted mistake of
its column's kinds (empty where required, a name in Latin letters or too long, ASCII digits where
Persian ones are written, a digit too many or too few, a date out of range or not a date, a value
that is not an option, an integer out of bounds or not a number, a bool that is not one, a plate
in Latin letters). The plate is optional: a third of the records have none.

JSON Lines keep JSON's types (shape_data.py).
"""
import shape_data

COLUMNS = ["policy_number", "last_name", "first_name", "birth_date", "national_code", "mobile", "usage",
           "postal_code", "address", "experience", "trailer", "plate"]
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
ZWNJ = "\u200c"
LAST_NAMES = ["محمدی", "حسینی", "احمدی", "رضایی", "موسوی", "کریمی", "جعفری", "صادقی", "رحیمی", "هاشمی",
              "قاسمی", "نوری", "کاظمی", "عباسی", "طاهری", "نجفی", "شریفی", "اکبری", "یوسفی", "امیری",
              "مهدوی", "فرهادی", "سلیمانی", "باقری"]
COMPOUND = ["زاده", "پور", "نژاد"]
FIRST_NAMES = ["علی", "محمد", "حسین", "رضا", "مهدی", "امیر", "سعید", "حمید", "فاطمه", "زهرا", "مریم",
               "سارا", "نرگس", "لیلا", "مینا", "پریسا", "نازنین", "الهام", "آرش", "کاوه"]
LATIN = ["Mohammadi", "Hosseini", "Ali", "Zahra", "Reza", "Maryam"]
STREETS = ["خیابان ولیعصر", "خیابان انقلاب", "بلوار کشاورز", "خیابان آزادی", "خیابان شریعتی", "بزرگراه همت"]
CITIES = ["تهران", "اصفهان", "شیراز", "مشهد", "تبریز", "کرج"]
PLATE_LETTERS = "بجدسصطقلمنوهی"
USAGES = ["personal", "taxi", "freight", "public", "agricultural"]


def persian(number_text):
    return "".join(PERSIAN_DIGITS[int(digit)] for digit in number_text)


def digits(rng, count, first_nonzero=False):
    text = "".join(rng.choice("0123456789") for _ in range(count))
    if first_nonzero:
        text = rng.choice("123456789") + text[1:]
    return persian(text)


def good(rng, column, _drawn=None):
    """A good value of COLUMN: a string, or an int / a bool for the typed columns."""
    if column == "policy_number":
        return "ب" + digits(rng, 3) + "/" + digits(rng, 6)
    if column == "last_name":
        name = rng.choice(LAST_NAMES)
        if rng.random() < 0.2:
            name += ZWNJ + rng.choice(COMPOUND)
        return name
    if column == "first_name":
        return rng.choice(FIRST_NAMES)
    if column == "birth_date":
        return f"{rng.randint(1930, 2007):04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if column == "national_code":
        return digits(rng, 10)
    if column == "mobile":
        return persian("09") + digits(rng, 9)
    if column == "usage":
        return rng.choice(USAGES)
    if column == "postal_code":
        code = digits(rng, 5, first_nonzero=True)
        return code + ("-" if rng.random() < 0.5 else "") + digits(rng, 5)
    if column == "address":
        return f"{rng.choice(CITIES)}، {rng.choice(STREETS)}، کوچه {digits(rng, 2, True)}، پلاک {digits(rng, 2, True)}"
    if column == "experience":
        return rng.randint(0, 60)
    if column == "trailer":
        return rng.random() < 0.1
    if column == "plate":
        return digits(rng, 2, True) + rng.choice(PLATE_LETTERS) + digits(rng, 3) + "-" + digits(rng, 2, True)
    raise ValueError(column)


def ascii_digits(text):
    return "".join(str(PERSIAN_DIGITS.index(c)) if c in PERSIAN_DIGITS else c for c in text)


def bad(rng, column, value):
    """A planted mistake in COLUMN (whose good value is VALUE); "" is an empty cell."""
    if column == "plate":
        return rng.choice(["12B345-67", ascii_digits(value), value.replace("-", "")])
    kind = rng.randrange(4)
    if kind == 0:
        return ""
    if column == "policy_number":
        return [ascii_digits(value), value.replace("/", ""), value[:-1]][kind - 1]
    if column in ("last_name", "first_name"):
        return [rng.choice(LATIN), value * 10, value + "1"][kind - 1]
    if column == "birth_date":
        return ["1920-01-01", "2015-06-01", "1990-13-45"][kind - 1]
    if column in ("national_code", "mobile"):
        return [ascii_digits(value), value[:-1], value + PERSIAN_DIGITS[5]][kind - 1]
    if column == "usage":
        return ["private", "Taxi", "شخصی"][kind - 1]
    if column == "postal_code":
        return [ascii_digits(value), PERSIAN_DIGITS[0] + value[1:], value[:-1]][kind - 1]
    if column == "address":
        return ["Tehran, Valiasr St.", value * 4, value.replace("، ", ",")][kind - 1]
    if column == "experience":
        return [-1, 81, "ten"][kind - 1]
    if column == "trailer":
        return ["maybe", "بله", "2"][kind - 1]
    raise ValueError(column)


if __name__ == "__main__":
    shape_data.main("persian12_data.py", COLUMNS, good, bad)
