#!/usr/bin/env python3
"""Writes Tests/FormworkTests/Locales/Generated/DatePatternExpectations.swift: what formatDate
must answer for each pattern letter and width Grammar.md lists, in each locale Formwork has
tables for, at twelve fixed instants (one in each month, every weekday among them).

Usage (from the package root):

    python3 -m venv /tmp/babel && /tmp/babel/bin/pip install babel==2.18.0
    /tmp/babel/bin/python scripts/cldr/generate-date-pattern-expectations.py

The expected text comes from Babel (PyPI `babel`), a pattern formatter written independently of
Formwork's and carrying its own copy of CLDR, so the test checks Formwork's reading of the
pattern letters as well as its tables. Babel 2.18 carries CLDR 47, the version
scripts/cldr/generate-locale-tables.py writes Formwork's tables from (the script refuses another
Babel); the formats of the styles (short … datetime) are Babel's own formatting of CLDR's
patterns, so they check the generated tables end to end. When node is on the PATH, its
`Intl.DateTimeFormat` (ICU, a third CLDR copy) is asked for the stand-alone month and weekday
names as a cross-check, and any disagreement is printed. The tests never reach the network: they
read only the file this script writes.
"""
import datetime
import json
import os
import re
import shutil
import subprocess
import sys

import babel
import babel.core
import babel.localedata
from babel import Locale
from babel.dates import format_date, format_datetime, format_time

if babel.__version__ != "2.18.0" or babel.core.get_cldr_version() != "47":
    sys.exit(f"needs Babel 2.18.0 (CLDR 47), found {babel.__version__}: pip install babel==2.18.0")

# The ten locales Formwork had hand tables for, then languages and regions it gained with the
# generated tables (CLDR 47's modern coverage).
LOCALES = ["en", "de", "de-CH", "fr", "es", "ru", "pl", "ar", "zh-Hans", "ja",
           "it", "ko", "tr", "hi", "pt", "pt-PT", "nl", "sv", "uk", "he", "th", "vi", "el",
           "de-AT", "en-GB", "en-IN", "es-MX", "es-419", "fr-CA", "zh-Hant", "zh-Hant-HK"]
STYLES = ["short", "medium", "long", "full", "time", "datetime"]
# Every letter and width Grammar.md's table of formatDate pattern letters lists.
MONTH_PATTERNS = ["M", "MM", "MMM", "MMMM", "MMMMM", "L", "LL", "LLL", "LLLL", "LLLLL"]
WEEKDAY_PATTERNS = ["E", "EE", "EEE", "EEEE", "EEEEE", "EEEEEE", "ccc", "cccc", "ccccc", "cccccc"]
OTHER_PATTERNS = ["G", "GGGG", "GGGGG", "y", "yy", "yyyy", "d", "dd", "a", "h", "hh", "H", "HH", "m", "mm", "s", "ss"]
# Letters together, as pages write them: a month heading, a date, a weekday heading.
COMBINED_PATTERNS = ["LLLL y", "d MMMM y", "cccc, d MMMM", "EEEE d MMMM", "LLL y", "d MMM"]
PATTERNS = MONTH_PATTERNS + WEEKDAY_PATTERNS + OTHER_PATTERNS + COMBINED_PATTERNS

UTC = datetime.timezone.utc
# One instant in each month; all seven weekdays, hours 0, 9, 12 and 23, two-digit years 99 and 05.
INSTANTS = [
    datetime.datetime(2023, 1, 1, 0, 5, 7, tzinfo=UTC),     # Sunday
    datetime.datetime(2024, 2, 29, 9, 30, 0, tzinfo=UTC),   # Thursday
    datetime.datetime(2023, 3, 6, 12, 0, 59, tzinfo=UTC),   # Monday
    datetime.datetime(2023, 4, 11, 13, 45, 1, tzinfo=UTC),  # Tuesday
    datetime.datetime(2023, 5, 17, 23, 59, 30, tzinfo=UTC), # Wednesday
    datetime.datetime(2023, 6, 22, 11, 0, 0, tzinfo=UTC),   # Thursday
    datetime.datetime(2023, 7, 28, 6, 7, 8, tzinfo=UTC),    # Friday
    datetime.datetime(2023, 8, 5, 18, 20, 0, tzinfo=UTC),   # Saturday
    datetime.datetime(1999, 9, 12, 21, 9, 9, tzinfo=UTC),   # Sunday
    datetime.datetime(2005, 10, 3, 0, 0, 0, tzinfo=UTC),    # Monday
    datetime.datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC),# Tuesday (Grammar's example instant)
    datetime.datetime(2030, 12, 25, 15, 0, 0, tzinfo=UTC),  # Wednesday
]
OUTPUT = os.path.join("Tests", "FormworkTests", "Locales", "Generated", "DatePatternExpectations.swift")


def swift_string(text):
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ch in "\u200e\u200f\u061c\u00a0\u202f":
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def node_cross_check():
    """Stand-alone names from node's Intl (ICU): a month or weekday asked for alone is stand-alone."""
    node = shutil.which("node")
    if not node:
        print("node not found: no cross-check with Intl.DateTimeFormat")
        return
    script = """
const [locales, instants] = JSON.parse(process.argv[1]);
const out = {};
for (const l of locales) {
  const f = (o) => new Intl.DateTimeFormat(l, {...o, timeZone: 'UTC'});
  out[l] = {
    LLLL: instants.map(ms => f({month: 'long'}).format(ms)),
    LLL: instants.map(ms => f({month: 'short'}).format(ms)),
    cccc: instants.map(ms => f({weekday: 'long'}).format(ms)),
    ccc: instants.map(ms => f({weekday: 'short'}).format(ms)),
  };
}
console.log(JSON.stringify({icu: process.versions.icu, cldr: process.versions.cldr, names: out}));
"""
    ms = [int(i.timestamp() * 1000) for i in INSTANTS]
    result = subprocess.run([node, "-e", script, json.dumps([LOCALES, ms])], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def date_time_glue(tag):
    """CLDR 47's atTime pattern for a medium date and a time (`{1}, {0}` in pt), which ICU's
    DateFormat joins a date style and a time style with; Babel carries only the plain
    dateTimeFormats (`{1} {0}`), so it is read from the file generate-locale-tables.py reads it from."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cldr47-date-extras.json"), encoding="utf-8") as f:
        return json.load(f)["dateTimeAtTimeMedium"][tag]


def style_text(instant, style, locale):
    """formatDate's styles as Babel writes them: the date formats, the short time, and the medium
    date and short time joined by the locale's atTime pattern for medium dates."""
    if style == "time":
        return format_time(instant, "short", tzinfo=UTC, locale=locale)
    if style == "datetime":
        # The glue's quoted text ('klo') is literal; '' is a quote.
        glue = re.sub(r"'([^']*)'", lambda m: m.group(1) or "'", date_time_glue(locale.replace("_", "-")))
        return glue.replace("{1}", format_date(instant, "medium", locale=locale)).replace("{0}", format_time(instant, "short", tzinfo=UTC, locale=locale))
    return format_date(instant, style, locale=locale)


def main():
    rows = []
    for tag in LOCALES:
        locale = tag.replace("-", "_")
        # NB: Babel 2.18 shares alias-resolved name tables between loaded locales (after `he`,
        # `th`'s stand-alone months read as Hebrew); reloading per locale avoids it.
        babel.localedata._cache.clear()
        for pattern in PATTERNS:
            rows.append((tag, pattern, [format_datetime(i, pattern, tzinfo=UTC, locale=locale) for i in INSTANTS]))
        for style in STYLES:
            # NB: a time written with `B` (zh-Hant's) is left to LocaleFormattingTests: Babel says
            # midnight (`午夜`) at 00:00 exactly, where ICU and Formwork say `凌晨`.
            if style in ("time", "datetime") and "B" in Locale.parse(locale).time_formats["short"].pattern:
                continue
            rows.append((tag, style, [style_text(i, style, locale) for i in INSTANTS]))

    # Babel's CLDR is newer than Formwork's tables: refuse to pin a name CLDR 47 doesn't have.
    cldr47 = os.environ.get("CLDR_JSON")
    if cldr47:
        days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        for tag in LOCALES:
            path = os.path.join(cldr47, "cldr-json", "cldr-dates-full", "main", tag, "ca-gregorian.json")
            with open(path, encoding="utf-8") as f:
                gregorian = json.load(f)["main"][tag]["dates"]["calendars"]["gregorian"]
            ours = Locale.parse(tag.replace("-", "_"))
            for context in ["format", "stand-alone"]:
                for width in ["abbreviated", "wide", "narrow"]:
                    for m in range(1, 13):
                        if gregorian["months"][context][width][str(m)] != ours.months[context][width][m]:
                            sys.exit(f"{tag} month {m} {context} {width}: CLDR 47 and Babel's CLDR differ")
                for width in ["abbreviated", "wide", "narrow", "short"]:
                    for i, key in enumerate(days):
                        if gregorian["days"][context][width][key] != ours.days[context][width][i]:
                            sys.exit(f"{tag} weekday {key} {context} {width}: CLDR 47 and Babel's CLDR differ")
        print("CLDR 47 (CLDR_JSON) and Babel agree on every month and weekday name")
    else:
        print("CLDR_JSON not set: Babel's names were not compared with CLDR 47's")

    node = node_cross_check()
    if node:
        disagreements = 0
        for tag, pattern, values in rows:
            theirs = node["names"][tag].get(pattern)
            if theirs and theirs != values:
                disagreements += 1
                print(f"Intl (ICU {node['icu']}, CLDR {node['cldr']}) differs for {tag} {pattern}: {theirs} vs Babel {values}")
        print(f"node Intl cross-check: {disagreements} disagreement(s)")

    lines = [
        f"// Generated by scripts/cldr/generate-date-pattern-expectations.py with Babel {babel.__version__}",
        "// (CLDR 47, the tables' version). Do not edit by hand: change the script and run it again.",
        "",
        "extension DatePatternTests {",
        "    /// The instants each row is formatted at, in milliseconds since 1970 (UTC).",
        "    static let instants: [Double] = [" + ", ".join(str(int(i.timestamp() * 1000)) for i in INSTANTS) + "]",
        "",
        "    /// formatDate(instant, pattern) in the locale, for each of `instants` in turn.",
        "    static let expectations: [DatePatternRow] = [",
    ]
    for tag, pattern, values in rows:
        lines.append(f"        DatePatternRow(locale: {swift_string(tag)}, pattern: {swift_string(pattern)}, expected: ["
                     + ", ".join(swift_string(v) for v in values) + "]),")
    lines += ["    ]", "}", ""]
    with open(OUTPUT + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    os.replace(OUTPUT + ".tmp", OUTPUT)
    print(f"wrote {OUTPUT}: {len(rows)} rows × {len(INSTANTS)} instants")


if __name__ == "__main__":
    main()
