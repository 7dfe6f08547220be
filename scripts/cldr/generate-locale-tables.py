#!/usr/bin/env python3
"""Writes Formwork's CLDR locale tables and plural rules from Babel's copy of CLDR.

Usage (from the package root):

    pip install babel==2.18.0
    python3 scripts/cldr/generate-locale-tables.py           # writes the files
    python3 scripts/cldr/generate-locale-tables.py --check   # exit 1 if the committed files differ

It writes, into Sources/Formwork/Locales/Generated/:

- LocaleRecords+CLDR.swift: one string per locale with everything LocaleData, CalendarNames and
  RelativeTime read (number symbols and patterns, currency symbols, day periods, date and time
  patterns, month, weekday and era names, relative-time patterns), CLDR's explicit parent
  locales, and the currencies whose amounts don't have 2 decimals. The locales are CLDR's
  modern-coverage ones; a regional or script variant is kept only where its data differs from
  its parent's, and then only the fields that differ (see LocaleRecord.swift for the reader).
- PluralRules+CLDR.swift: CLDR's cardinal plural rules for every language CLDR has, as Swift
  functions, languages with the same rules sharing one.

The data comes from Babel 2.18.0, which ships CLDR 47 (the script refuses any other). What
Babel doesn't carry (the modern-coverage list, minimumGroupingDigits, the currencySpacing put
between a lettered currency symbol and the digits, the word for "now", and the plural rules of
the languages Babel has no locale for), and the few number values Babel's import gets wrong
(`numberCorrections`), is read from cldr47-extras.json beside this script, extracted from
unicode-org/cldr-json at tag 47.0.0 (its `_source` says from where); the plural rules are parsed
by Babel and checked against Babel's own where it has them. Output is deterministic: the same Babel gives the same
bytes.

The pattern that joins a date and a time (formatDate's `datetime`) is CLDR's atTime one, which
Babel doesn't carry either: it is read from cldr47-date-extras.json (cldr-json 47.0.0).
"""
import argparse
import json
import os
import sys

try:
    import babel
    import babel.core
    import babel.localedata
    import babel.numbers
    from babel import Locale
    from babel.plural import PluralRule, _Compiler
except ImportError:
    sys.exit("generate-locale-tables.py needs Babel 2.18.0: pip install babel==2.18.0")

BABEL_VERSION = "2.18.0"
CLDR_VERSION = "47"
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT_DIR = os.path.join("Sources", "Formwork", "Locales", "Generated")
RECORDS_FILE = "LocaleRecords+CLDR.swift"
PLURALS_FILE = "PluralRules+CLDR.swift"

# Separators inside a record (ASCII's own separator characters, never in CLDR text).
FIELD = "\u001f"      # between fields
ITEM = "\u001e"       # between items of a list field (month names, currency pairs)
PAIR = "\u001d"       # between a key and its value (USD␝$, one␝in {0} day)
INHERIT = "\u001a"    # the field is the parent's

# Currencies every locale carries a symbol for (the ten hand tables' list), plus each locale's own.
BASE_CURRENCIES = ["AED", "CHF", "CNY", "EUR", "GBP", "HKD", "JPY", "KRW", "PLN", "RUB", "SAR", "USD"]
UNITS = ["second", "minute", "hour", "day", "week", "month", "year"]
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
WEEKDAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]  # Sunday first, as Calendar's weekday


def fail(message):
    sys.exit(f"generate-locale-tables.py: {message}")


def check_versions():
    if babel.__version__ != BABEL_VERSION:
        fail(f"needs Babel {BABEL_VERSION} (CLDR {CLDR_VERSION}), found {babel.__version__}: pip install babel=={BABEL_VERSION}")
    if babel.core.get_cldr_version() != CLDR_VERSION:
        fail(f"needs CLDR {CLDR_VERSION}, Babel has {babel.core.get_cldr_version()}")


def swift_string(text):
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ch in "\u200e\u200f\u061c\u00a0\u202f\u2009\u200b\u2066\u2067\u2068\u2069":
            # Separators and invisible characters are written as escapes so a reader sees them.
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def babel_id(tag):
    """`ca-ES-valencia` → `ca_ES_VALENCIA`, Babel's spelling."""
    parts = tag.split("-")
    out = [parts[0]]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif len(part) > 4:
            out.append(part.upper())
        else:
            out.append(part.upper() if part.isalpha() else part)
    return "_".join(out)


def parent_map():
    """CLDR's explicit parents (`es-MX` → `es-419`), in our spelling; `root` means none."""
    out = {}
    for child, parent in babel.core.get_global("parent_exceptions").items():
        out[child.replace("_", "-")] = "root" if parent == "root" else parent.replace("_", "-")
    return out


def parent_of(tag, parents):
    if tag in parents:
        return None if parents[tag] == "root" else parents[tag]
    parts = tag.split("-")
    return "-".join(parts[:-1]) if len(parts) > 1 else None


def territory_of(tag):
    likely = babel.core.get_global("likely_subtags")
    parts = tag.split("-")
    for part in parts[1:]:
        if len(part) == 2 and part.isalpha() or part.isdigit():
            return part
    full = likely.get(babel_id(tag)) or likely.get(parts[0])
    return full.split("_")[-1] if full else None


def own_currency(tag):
    territory = territory_of(tag)
    if not territory or territory.isdigit():
        return None
    found = babel.numbers.get_territory_currencies(territory, tender=True, non_tender=False)
    return found[0] if found else None


def fresh_locale(identifier):
    """The locale, loaded from Babel's files again.

    NB: Babel 2.18 resolves CLDR's aliases (stand-alone month names that are the format ones)
    into dictionaries it shares between the locales it has loaded, so after `he`, `th`'s
    stand-alone months read as Hebrew. Emptying its cache before each locale avoids that."""
    babel.localedata._cache.clear()
    return Locale.parse(identifier)


def locale_fields(tag, extras, currencies):
    """Every field of one locale, resolved (inherited values filled in), as a list of strings
    or, for the currency symbols, a dict."""
    loc = fresh_locale(babel_id(tag))
    numbers = number_fields(tag, loc, extras, currencies)
    cal_months = loc._data["months"]
    cal_days = loc._data["days"]
    fields = numbers + [
        loc.day_periods["format"]["abbreviated"]["am"], loc.day_periods["format"]["abbreviated"]["pm"],
        loc.date_formats["full"].pattern, loc.date_formats["long"].pattern,
        loc.date_formats["medium"].pattern, loc.date_formats["short"].pattern,
        loc.time_formats["medium"].pattern, loc.time_formats["short"].pattern,
        date_time_glue(tag),
    ]
    for context in ["format", "stand-alone"]:
        for width in ["abbreviated", "wide", "narrow"]:
            fields.append(ITEM.join(cal_months[context][width][m] for m in range(1, 13)))
    for context in ["format", "stand-alone"]:
        for width in ["abbreviated", "wide", "narrow", "short"]:
            fields.append(ITEM.join(cal_days[context][width][(d + 6) % 7] for d in range(7)))
    for width in ["abbreviated", "wide", "narrow"]:
        fields.append(ITEM.join(loc.eras[width][era] for era in (0, 1)))
    fields.append(day_periods(loc))
    fields.append(extras["now"][tag])
    date_fields = loc._data["date_fields"]
    for unit in UNITS:
        for direction in ["future", "past"]:
            forms = date_fields[unit][direction]
            fields.append(ITEM.join(f"{c}{PAIR}{forms[c]}" for c in CATEGORIES if c in forms))
    for value in fields:
        texts = value.split(ITEM) if isinstance(value, str) else list(value.values())
        for text in texts:
            if any(sep in text for sep in (FIELD, ITEM, INHERIT)) or (PAIR in text and text.count(PAIR) != 1):
                fail(f"{tag}: CLDR text {text!r} holds a separator character")
    return fields


def number_fields(tag, loc, extras, currencies):
    """The number, percent and money fields of one locale: Babel's, except where cldr-json 47
    says otherwise (`numberCorrections` in the extras: Babel 2.18's import misses a few of a
    locale's own values, de-AT's group separator, yo's ₽)."""
    fixes = extras["numberCorrections"].get(tag, {})
    symbols = dict(loc.number_symbols["latn"])
    symbols.update(fixes.get("symbols", {}))
    standard = fixes.get("currencyFormat", loc.currency_formats["standard"].pattern)
    own = {code: loc.currency_symbols.get(code, code) for code in currencies}
    own.update({code: text for code, text in fixes.get("currencySymbols", {}).items() if code in own})
    return [
        symbols["decimal"], symbols["group"], symbols["percentSign"], symbols["minusSign"],
        str(extras["minimumGroupingDigits"][tag]),
        loc.decimal_formats[None].pattern, loc.percent_formats[None].pattern,
        standard, beside_letters(standard, extras["currencySpacing"]), own,
        symbols.get("currencyDecimal", symbols["decimal"]), symbols.get("currencyGroup", symbols["group"]),
    ]


def beside_letters(pattern, spacing):
    """The currency pattern for a symbol whose letter touches the digits (`CHF`, `zł`): the
    standard pattern with CLDR's currencySpacing `insertBetween` (U+00A0 in every locale) put
    between `¤` and a digit it touches, in each subpattern; ICU writes money so (`hi`:
    `¤#,##,##0.00` → `KRW 12,34,568`; `km`: `#,##0.00¤` → `1.00 CHF`; `lo`'s negative
    `¤-#,##0.00` stays `RUB-4,30`). NB: CLDR 47's own alphaNextToNumber patterns are root's
    `¤ #,##0.00` in almost every locale (symbol first, groups of 3), which ICU doesn't read;
    CLDR 48 rewrote them to be this."""
    out = []
    for half in pattern.split(";"):
        text = ""
        for index, ch in enumerate(half):
            before = half[index - 1] if index else ""
            after = half[index + 1] if index + 1 < len(half) else ""
            if ch == "¤" and before in "#0" and before:
                text += spacing
            text += ch
            if ch == "¤" and after in "#0" and after:
                text += spacing
        out.append(text)
    return ";".join(out)
def date_time_glue(tag):
    """The pattern that joins formatDate's `datetime` (a medium date `{1}` and a short time `{0}`):
    CLDR's atTime dateTimeFormat for medium dates, the one ICU's DateFormat takes for a date style
    with a time style (`{1}, {0}` in da, `{1} 'klo' {0}` in fi, `{1} 'u' {0}` in bs). Babel 2.18
    carries only the plain dateTimeFormats (`{1} {0}` in all three), so the pattern is read from
    cldr47-date-extras.json (cldr-json 47.0.0, its `_source` says where)."""
    if not _DATE_EXTRAS:
        with open(os.path.join(HERE, "cldr47-date-extras.json"), encoding="utf-8") as f:
            _DATE_EXTRAS.update(json.load(f))
    glue = _DATE_EXTRAS["dateTimeAtTimeMedium"].get(tag)
    if glue is None or "{0}" not in glue or "{1}" not in glue:
        fail(f"{tag}: cldr47-date-extras.json has no atTime dateTimeFormat with {{1}} and {{0}} ({glue!r})")
    return glue


_DATE_EXTRAS = {}


def day_periods(loc):
    """CLDR's flexible day periods (pattern letter B): `FROM-BEFORE␝name` in hours, e.g. `0-5␝凌晨`.
    The `at` periods (midnight, noon) are left out: a time is always in one of the ranges."""
    names = loc.day_periods["format"]["abbreviated"]
    rules = loc.day_period_rules.get(None, {})
    items = []
    for period, spans in rules.items():
        if period not in names:
            continue
        for span in spans:
            if "from" in span and "before" in span:
                items.append((span["from"] // 3600, span["before"] // 3600, names[period]))
    return ITEM.join(f"{a}-{b}{PAIR}{name}" for a, b, name in sorted(items))


def encode(fields, base):
    """A record: each field, or INHERIT where `base` (the parent's resolved fields) has the same;
    currency symbols as the pairs that differ (from the code itself when there's no base)."""
    out = []
    for index, value in enumerate(fields):
        if isinstance(value, dict):
            before = base[index] if base else {}
            pairs = [f"{code}{PAIR}{symbol}" for code, symbol in sorted(value.items())
                     if symbol != before.get(code, code)]
            out.append(ITEM.join(pairs) if pairs or not base else INHERIT)
        elif base is not None and base[index] == value:
            out.append(INHERIT)
        else:
            out.append(value)
    return FIELD.join(out)


def header(what):
    return [
        f"// Generated by scripts/cldr/generate-locale-tables.py with Babel {BABEL_VERSION} (CLDR {CLDR_VERSION});",
        f"// {what}",
        "// Do not edit by hand: change the script and run it again (`--check` tells whether this file is current).",
        "",
    ]


def records_file(extras):
    modern = extras["modern"]
    parents = parent_map()
    currencies = set(BASE_CURRENCIES)
    for tag in modern:
        code = own_currency(tag)
        if code:
            currencies.add(code)
    currencies = sorted(currencies)

    def chain(tag):
        out = []
        current = parent_of(tag, parents)
        while current:
            out.append(current)
            current = parent_of(current, parents)
        return out

    resolved = {tag: locale_fields(tag, extras, currencies) for tag in modern}
    stored = {}
    for tag in sorted(modern, key=lambda t: (len(chain(t)), t)):
        ancestor = next((a for a in chain(tag) if a in stored), None)
        if ancestor is None:
            stored[tag] = encode(resolved[tag], None)
            continue
        record = encode(resolved[tag], resolved[ancestor])
        if any(field != INHERIT for field in record.split(FIELD)):
            stored[tag] = record
    missing = [t for t in modern if not any(a in stored for a in [t] + chain(t))]
    if missing:
        fail(f"no stored ancestor for {missing}")

    digits = {code: value[0] for code, value in babel.core.get_global("currency_fractions").items()
              if code != "DEFAULT" and value[0] != 2}
    used_parents = {child: parent for child, parent in parents.items()
                    if child.split("-")[0] in {t.split("-")[0] for t in modern}}
    lines = header("CLDR's modern-coverage locales (from unicode-org/cldr-json 47.0.0 coverageLevels.json): one record")
    lines[2:2] = [
        "// per locale that differs from its parent, fields separated by U+001F (see LocaleRecord.swift for the",
        "// order), U+001A where a field is the parent's; CLDR's explicit parent locales; currency decimals.",
    ]
    lines += [
        "extension LocaleRecord {",
        "    /// CLDR's modern-coverage locales: each formats in its own way (its record, or its parent's).",
        "    static let modernTags: [String] = [",
    ]
    row = "       "
    for tag in modern:
        item = f" {swift_string(tag)},"
        if len(row) + len(item) > 110:
            lines.append(row)
            row = "       "
        row += item
    lines += [row, "    ]", "",
              "    /// Locale → its record (only locales whose data differs from their parent's).",
              "    static let records: [String: String] = ["]
    for tag in sorted(stored):
        lines.append(f"        {swift_string(tag)}: {swift_string(stored[tag])},")
    lines += ["    ]", "",
              "    /// CLDR's parentLocales where the parent isn't the tag shortened (`es-MX` → `es-419`); `root` ends the chain.",
              "    static let parents: [String: String] = ["]
    for child in sorted(used_parents):
        lines.append(f"        {swift_string(child)}: {swift_string(used_parents[child])},")
    lines += ["    ]", "",
              "    /// ISO 4217 currencies whose minor unit isn't 2 (CLDR currencyData); any other code has 2 decimals.",
              "    static let currencyDigits: [String: Int] = ["]
    for code in sorted(digits):
        lines.append(f"        {swift_string(code)}: {digits[code]},")
    lines += ["    ]", "}", ""]
    return "\n".join(lines), len(stored)


class SwiftCompiler(_Compiler):
    """Compiles a Babel plural-rule tree into a Swift condition over `o: PluralRules.Operands`."""

    compile_n = lambda self: "o.n"
    compile_i = lambda self: "o.i"
    compile_v = lambda self: "o.v"
    compile_w = lambda self: "o.w"
    compile_f = lambda self: "o.f"
    compile_t = lambda self: "o.t"
    compile_c = lambda self: "o.e"
    compile_e = lambda self: "o.e"

    def compile_value(self, value):
        return str(value)

    def compile_and(self, left, right):
        return f"({self.compile(left)} && {self.compile(right)})"

    def compile_or(self, left, right):
        return f"({self.compile(left)} || {self.compile(right)})"

    def compile_not(self, expr):
        return f"!{self.compile(expr)}"

    def compile_mod(self, left, right):
        if left[0] == "n":
            return f"o.n.truncatingRemainder(dividingBy: {self.compile(right)})"
        return f"({self.compile(left)} % {self.compile(right)})"

    def compile_is(self, left, right):
        return f"({self.compile(left)} == {self.compile(right)})"

    def compile_isnot(self, left, right):
        return f"({self.compile(left)} != {self.compile(right)})"

    def compile_relation(self, method, expr, range_list):
        is_double = expr[0] == "n" or (expr[0] == "mod" and expr[1][0][0] == "n")
        subject = self.compile(expr)
        tests = []
        for low, high in range_list[1]:
            a, b = self.compile(low), self.compile(high)
            if a == b:
                tests.append(f"{subject} == {a}")
            elif is_double and method == "in":
                tests.append(f"PluralRules.isWhole({subject}, in: {a}...{b})")
            else:
                tests.append(f"({a}...{b}).contains({subject})")
        return "(" + " || ".join(tests) + ")"


def plurals_file(extras):
    # CLDR's rules for the languages it has (Babel gives any other root's rule, `other` only,
    # where Formwork keeps an English-like default, and has no locale at all for a few, like
    # `tl`), parsed by Babel; where Babel has the language, its rule must be the same.
    texts = extras["pluralRules"]
    languages = sorted(l for l in texts if "-" not in l)
    regional = sorted(l for l in texts if "-" in l)
    rules = {}
    for language in languages + regional:
        rules[language] = PluralRule(texts[language])
        if babel.localedata.exists(babel_id(language)):
            ours = fresh_locale(babel_id(language)).plural_form
            if ours.rules != rules[language].rules:
                fail(f"{language}: Babel's plural rule {ours.rules} isn't CLDR 47's {rules[language].rules}")
    compiler = SwiftCompiler()
    groups = {}
    for language in languages + regional:
        rule = rules[language]
        body = tuple((tag, compiler.compile(ast)) for tag, ast in
                     sorted(rule.abstract, key=lambda item: CATEGORIES.index(item[0])))
        groups.setdefault(body, []).append(language)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[1][0]))
    lines = header(f"CLDR's cardinal plural rules (supplemental/plurals.xml) for {len(languages)} languages, grouped by rule.")
    lines += [
        "extension PluralRules {",
        "    /// Every language CLDR has plural rules for, then the regional tags with rules of their own.",
        "    static let generatedLanguages: [String] = [",
    ]
    row = "       "
    for language in languages + regional:
        item = f" {swift_string(language)},"
        if len(row) + len(item) > 110:
            lines.append(row)
            row = "       "
        row += item
    lines += [row, "    ]", "",
              "    /// The rule `language` (or a regional tag with rules of its own, `pt-PT`) follows and the forms it",
              "    /// has, in CLDR's order; nil for a language CLDR doesn't have.",
              "    static func generatedRule(language: String) -> (rule: @Sendable (Operands) -> PluralCategory, categories: [PluralCategory])? {",
              "        switch language {"]
    for number, (body, members) in enumerate(ordered):
        cats = [tag for tag, _ in body] + ["other"]
        names = ", ".join(swift_string(m) for m in members)
        lines.append(f"        case {names}:")
        lines.append(f"            return (rule{number}, [{', '.join('.' + c for c in cats)}])")
    lines += ["        default:", "            return nil", "        }", "    }"]
    for number, (body, members) in enumerate(ordered):
        lines += ["", f"    /// {', '.join(members[:8])}{'…' if len(members) > 8 else ''}"]
        if body:
            lines.append(f"    private static func rule{number}(_ o: Operands) -> PluralCategory {{")
            for tag, condition in body:
                lines.append(f"        if {condition} {{ return .{tag} }}")
            lines += ["        return .other", "    }"]
        else:
            lines += [f"    private static func rule{number}(_: Operands) -> PluralCategory {{", "        .other", "    }"]
    lines += ["}", ""]
    return "\n".join(lines), len(languages) + len(regional), len(groups)


def main():
    parser = argparse.ArgumentParser(description="Write Formwork's CLDR locale tables and plural rules.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed files differ from what would be written")
    args = parser.parse_args()
    check_versions()
    with open(os.path.join(HERE, "cldr47-extras.json"), encoding="utf-8") as f:
        extras = json.load(f)
    records, stored = records_file(extras)
    plurals, languages, groups = plurals_file(extras)
    outputs = {RECORDS_FILE: records, PLURALS_FILE: plurals}
    if args.check:
        stale = []
        for name, text in outputs.items():
            path = os.path.join(OUTPUT_DIR, name)
            try:
                with open(path, encoding="utf-8") as f:
                    current = f.read()
            except OSError:
                current = None
            if current != text:
                stale.append(path)
        if stale:
            print("out of date (run python3 scripts/cldr/generate-locale-tables.py): " + ", ".join(stale), file=sys.stderr)
            sys.exit(1)
        print("generated locale tables are current")
        return
    for name, text in outputs.items():
        path = os.path.join(OUTPUT_DIR, name)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
    print(f"wrote {RECORDS_FILE} ({len(extras['modern'])} modern locales, {stored} records) and "
          f"{PLURALS_FILE} ({languages} languages, {groups} rules) with Babel {BABEL_VERSION}, CLDR {CLDR_VERSION}")


if __name__ == "__main__":
    main()
