#!/usr/bin/env node
// Writes Tests/FormworkTests/Locales/Conformance/icu-cases.tsv: what ICU (through node's Intl)
// writes for thousands of generated inputs per locale function, the independent answer
// CLDRConformanceTests compares Formwork's own tables with.
//
//   node scripts/cldr/write-conformance-fixture.mjs            # writes the fixture
//   node scripts/cldr/write-conformance-fixture.mjs --check    # exits 1 if the committed one differs
//
// Deterministic: the inputs come from a seeded PRNG (mulberry32, one seed per function and locale),
// and the first line names node's, ICU's and CLDR's versions, so the same node writes the same file.
//
// Each case is one line of 7 tab-separated columns:
//   function  locale  a  b  c  expected  tags
// function     a                    b                       c
// formatNumber x                    digits ('' = none)
// formatPercent x                   digits ('' = none)
// formatMoney  x                    currency                display (symbol | code)
// formatDate   ms                   style or pattern        time zone
// plural       the number as written (`1.50` has 2 visible decimals)
// formatRelative count              unit ('' = none: the locale's word for now)
// tags is a comma-separated list (or empty) naming why a case may differ for a reason that isn't
// locale data; allowances.tsv says which tags are allowed and why:
//   rounding       ICU rounds the shortest decimal that reads back as the double (1.005 → 1.01);
//                  Formwork rounds the double's exact value (1.00499999999999989… → 1.00), as
//                  Grammar.md says. Detected here by comparing with JavaScript's toFixed, which
//                  rounds the exact value too.
//   native-digits  the locale's CLDR default numbering system isn't Latin (ar-EG, fa, bn, mr, …).
//
// The mappings from Formwork's contract (Grammar.md, Locales) to Intl options:
//   formatNumber(x)            {maximumFractionDigits: 3}; with digits d: {minimum…: d, maximum…: d}
//   formatPercent(x, {digits}) {style: 'percent'}, d decimals (0 when none)
//   formatMoney(x, cur, {display}) {style: 'currency', currency, currencyDisplay: 'symbol' | 'code'}
//   every number function      signDisplay: 'negative' (a negative that rounds to 0 loses its sign)
//   formatDate styles          short/medium/long/full ↔ {dateStyle}; time ↔ {timeStyle: 'short'};
//                              datetime ↔ {dateStyle: 'medium', timeStyle: 'short'}; always
//                              calendar: 'gregory' (Formwork writes Gregorian dates only)
//   formatDate patterns        only where an Intl option writes exactly that field and nothing else:
//                              LLLL ↔ {month: 'long'}, LLL ↔ {month: 'short'}, cccc ↔ {weekday:
//                              'long'}, ccc ↔ {weekday: 'short'}, ccccc ↔ {weekday: 'narrow'},
//                              MMMM ↔ the month part of {day, month: 'long'} (where it is a name),
//                              EEEE ↔ the weekday part of {dateStyle: 'full'}. Other letters (y, d,
//                              H, m, s are digits; a and h depend on the locale's hour cycle and
//                              day periods, which no Intl option writes alone) are not compared.
//                              Intl answers an option through the locale's own pattern for it (CLDR's
//                              availableFormats), which in a few locales is another field: a pattern
//                              is left out there (see `inexact` below).
//   plural                     Intl.PluralRules(locale, {minimum/maximumFractionDigits: v}).select(n)
//   formatRelative(ms, {unit}) Intl.RelativeTimeFormat(locale, {numeric: 'always'}).format(count, unit);
//                              without a unit, count 0 ↔ {numeric: 'auto'}.format(0, 'second') ("now")
import { writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'Tests/FormworkTests/Locales/Conformance/icu-cases.tsv');

// CLDR's modern-coverage languages (cldr-json coverageLevels.json, "modern"), plus common regional
// variants whose data differs from their parent's.
const languages = [
  'af', 'am', 'ar', 'as', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'chr', 'cs', 'cy', 'da', 'de', 'el',
  'en', 'es', 'et', 'eu', 'fa', 'ff', 'fi', 'fil', 'fr', 'ga', 'gd', 'gl', 'gu', 'ha', 'he', 'hi',
  'hr', 'hu', 'hy', 'id', 'ig', 'is', 'it', 'ja', 'jv', 'ka', 'kk', 'km', 'kn', 'ko', 'kok', 'ky',
  'lo', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'my', 'nb', 'ne', 'nl', 'no', 'or', 'pa', 'pcm',
  'pl', 'ps', 'pt', 'ro', 'ru', 'sd', 'si', 'sk', 'sl', 'so', 'sq', 'sr', 'sv', 'sw', 'ta', 'te',
  'th', 'tk', 'tr', 'uk', 'ur', 'uz', 'vi', 'yo', 'yue', 'zh-Hans', 'zh-Hant', 'zu',
];
const variants = [
  'ar-EG', 'ar-SA', 'de-AT', 'de-CH', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'es-419', 'es-MX',
  'es-US', 'fr-BE', 'fr-CA', 'fr-CH', 'it-CH', 'nl-BE', 'pt-PT', 'sr-Latn', 'zh-Hant-HK',
];
const locales = [...languages, ...variants];

// Where Intl's answer isn't the pattern the case names, in CLDR 48 (cldr-json 48.0.0,
// cldr-dates-full/main/<locale>/ca-gregorian.json): ICU writes {month: 'short'} with the
// availableFormats pattern for the skeleton MMM, widened to MMMM for {month: 'long'} where there is no
// MMMM of its own; {weekday: …} with the one for E, widened; the month of {day, month: 'long'} with
// MMMMd's; the weekday of {dateStyle: 'full'} with dateFormats.full. Every other case locale has
// LLL, LLLL, ccc, MMMM and EEEE there. Read again when node's CLDR changes (the script refuses another).
const inexactCLDR = '48.0';
const inexact = {
  bg: ['LLL'], lt: ['LLL'],                          // MMM → MM (`11`); MMMM → LLLL, exact
  ja: ['LLL', 'LLLL'],                               // MMM → M月, a number
  da: ['LLL', 'LLLL'], el: ['LLL', 'LLLL'],          // MMM → MMM, the month as inside a date
  et: ['LLL', 'LLLL'], ff: ['LLL', 'LLLL'],          //   (el: `Νοε`, `Νοεμβρίου`, not `Νοέ`, `Νοέμβριος`)
  fr: ['ccc', 'cccc', 'ccccc'], 'fr-BE': ['ccc', 'cccc', 'ccccc'],   // E → E, the weekday as inside a date
  'fr-CA': ['ccc', 'cccc', 'ccccc'], 'fr-CH': ['ccc', 'cccc', 'ccccc'],
  sr: ['ccc', 'cccc', 'ccccc'], 'sr-Latn': ['ccc', 'cccc', 'ccccc'],
  fa: ['MMMM'],                                      // MMMMd → d LLLL, the month as it stands alone
  fi: ['EEEE'],                                      // full → cccc d. MMMM y (`tiistai`, not `tiistaina`)
};
if (process.versions.cldr !== inexactCLDR) {
  console.error(`write-conformance-fixture.mjs: node's CLDR is ${process.versions.cldr}; the table of inexact patterns (\`inexact\`) was read from CLDR ${inexactCLDR}'s availableFormats: check it against CLDR ${process.versions.cldr}'s, then change inexactCLDR`);
  process.exit(1);
}
const exact = (locale, pattern) => !(inexact[locale] ?? []).includes(pattern);

// MARK: - Deterministic inputs

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function seed(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0), 16777619) >>> 0;
  return h;
}
const pick = (random, list) => list[Math.floor(random() * list.length)];
const int = (random, low, high) => low + Math.floor(random() * (high - low + 1));

/// Numbers of every size and sign, some exactly on a rounding edge at `edgeDigits` decimals.
function numbers(random, count, edgeDigits) {
  const fixed = [0, 1, -1, 7, 12, 999, 1000, 1234, 12345, 123456, 1234567.891, -1234.5, 0.5, 0.125, 1.005, 2.675, -0.0001, 999999999999999];
  const values = [...fixed];
  while (values.length < count) {
    const kind = int(random, 0, 4);
    const magnitude = 10 ** int(random, 0, 12);
    const sign = random() < 0.3 ? -1 : 1;
    let x;
    if (kind === 0) x = Math.floor(random() * magnitude);                                          // an integer
    else if (kind === 1) x = Number((random() * magnitude).toFixed(int(random, 1, 6)));            // a decimal
    else if (kind === 2) x = Number((random() * 1000).toFixed(edgeDigits) + '5');                  // on an edge
    else if (kind === 3) x = Number((random() * 10).toFixed(int(random, 1, 4)));                   // small
    else x = Math.floor(random() * 10_000) / 100;                                                  // cents
    values.push(sign * x);
  }
  return values.map((x) => (Object.is(x, -0) ? 0 : x));
}

// MARK: - Tags

/// JavaScript's toFixed rounds the double's exact value, half away from zero — as Formwork does.
function exactFixed(x, digits) {
  const text = Math.abs(x).toFixed(digits);
  return (x < 0 && /[1-9]/.test(text) ? '-' : '') + text;
}
const plain = (digits) => new Intl.NumberFormat('en', { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' });
function roundsDifferently(x, digits) {
  return plain(digits).format(x) !== exactFixed(x, digits);
}
function tags(locale, ...more) {
  const list = more.filter(Boolean);
  if (new Intl.NumberFormat(locale).resolvedOptions().numberingSystem !== 'latn') list.push('native-digits');
  return list.join(',');
}

// MARK: - Cases

const lines = [];
const add = (fn, locale, a, b, c, expected, tag) => lines.push([fn, locale, a, b, c, expected, tag].join('\t'));

for (const locale of locales) {
  // formatNumber: at most 3 decimals, or exactly `digits`
  {
    const random = mulberry32(seed('formatNumber ' + locale));
    for (const x of numbers(random, 40, 3)) {
      const digits = random() < 0.4 ? int(random, 0, 4) : null;
      const options = digits === null ? { maximumFractionDigits: 3 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
      const expected = new Intl.NumberFormat(locale, { ...options, signDisplay: 'negative' }).format(x);
      add('formatNumber', locale, String(x), digits ?? '', '', expected, tags(locale, roundsDifferently(x, digits ?? 3) && 'rounding'));
    }
  }
  // formatPercent: x × 100, `digits` decimals (0 when none)
  {
    const random = mulberry32(seed('formatPercent ' + locale));
    for (const x of numbers(random, 30, 3).map((v) => v / 1000)) {
      const digits = random() < 0.5 ? int(random, 0, 2) : null;
      const d = digits ?? 0;
      const expected = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: d, maximumFractionDigits: d, signDisplay: 'negative' }).format(x);
      // NB: Formwork multiplies the double by 100 before rounding; ICU shifts the decimal point.
      const icu = new Intl.NumberFormat('en', { style: 'percent', useGrouping: false, minimumFractionDigits: d, maximumFractionDigits: d, signDisplay: 'negative' }).format(x).replace('%', '');
      add('formatPercent', locale, String(x), digits ?? '', '', expected, tags(locale, icu !== exactFixed(x * 100, d) && 'rounding'));
    }
  }
  // formatMoney: the currency's own decimals, its symbol or code
  {
    const random = mulberry32(seed('formatMoney ' + locale));
    const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CNY', 'RUB', 'PLN', 'KRW', 'INR', 'BRL', 'KWD'];
    for (const x of numbers(random, 40, 2)) {
      const currency = pick(random, currencies);
      const display = random() < 0.25 ? 'code' : 'symbol';
      const format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display, signDisplay: 'negative' });
      const digits = format.resolvedOptions().maximumFractionDigits;
      add('formatMoney', locale, String(x), currency, display, format.format(x), tags(locale, roundsDifferently(x, digits) && 'rounding'));
    }
  }
  // formatDate: every style, and the patterns with an exact Intl counterpart, in two time zones
  {
    const random = mulberry32(seed('formatDate ' + locale));
    const instants = [1_700_000_000_000, 0, Date.UTC(2024, 1, 29, 12, 0, 0), Date.UTC(2000, 0, 1, 0, 0, 0)];
    while (instants.length < 16) instants.push(Date.UTC(int(random, 1900, 2099), int(random, 0, 11), int(random, 1, 28), int(random, 0, 23), int(random, 0, 59), int(random, 0, 59)));
    const styles = {
      short: { dateStyle: 'short' }, medium: { dateStyle: 'medium' }, long: { dateStyle: 'long' }, full: { dateStyle: 'full' },
      time: { timeStyle: 'short' }, datetime: { dateStyle: 'medium', timeStyle: 'short' },
    };
    instants.forEach((ms, index) => {
      const timeZone = index % 2 === 0 ? 'UTC' : 'Asia/Kolkata';
      const base = { timeZone, calendar: 'gregory' };
      for (const [style, options] of Object.entries(styles)) {
        add('formatDate', locale, String(ms), style, timeZone, new Intl.DateTimeFormat(locale, { ...base, ...options }).format(ms), tags(locale));
      }
      const alone = { LLLL: { month: 'long' }, LLL: { month: 'short' }, cccc: { weekday: 'long' }, ccc: { weekday: 'short' }, ccccc: { weekday: 'narrow' } };
      for (const [pattern, options] of Object.entries(alone)) {
        if (!exact(locale, pattern)) continue;
        add('formatDate', locale, String(ms), pattern, timeZone, new Intl.DateTimeFormat(locale, { ...base, ...options }).format(ms), tags(locale));
      }
      const part = (options, type) => new Intl.DateTimeFormat(locale, { ...base, ...options }).formatToParts(ms).find((p) => p.type === type)?.value;
      const month = part({ day: 'numeric', month: 'long' }, 'month');
      if (month !== undefined && !/\p{Nd}/u.test(month) && exact(locale, 'MMMM')) add('formatDate', locale, String(ms), 'MMMM', timeZone, month, tags(locale));
      const weekday = part({ dateStyle: 'full' }, 'weekday');
      if (weekday !== undefined && exact(locale, 'EEEE')) add('formatDate', locale, String(ms), 'EEEE', timeZone, weekday, tags(locale));
    });
  }
  // plural: the category of a number as written
  {
    const random = mulberry32(seed('plural ' + locale));
    const written = ['0', '1', '2', '3', '4', '5', '6', '7', '10', '11', '12', '14', '19', '20', '21', '22', '25', '100', '101', '102', '111', '1000', '1000000', '0.0', '1.0', '1.5', '2.0', '0.5', '1.50', '2.1', '10.0', '21.00'];
    while (written.length < 60) {
      const v = random() < 0.6 ? 0 : int(random, 1, 3);
      const n = random() < 0.5 ? int(random, 0, 200) : int(random, 0, 2_000_000);
      written.push(v === 0 ? String(n) : (n + random()).toFixed(v));
    }
    for (const n of written) {
      const v = n.includes('.') ? n.split('.')[1].length : 0;
      add('plural', locale, n, '', '', new Intl.PluralRules(locale, { minimumFractionDigits: v, maximumFractionDigits: v }).select(Number(n)), '');
    }
  }
  // formatRelative: a count of a unit, ahead or back
  {
    const random = mulberry32(seed('formatRelative ' + locale));
    const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'];
    const always = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    add('formatRelative', locale, '0', '', '', new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second'), tags(locale));
    const counts = [0, 1, -1, 2, -2, 3, 5, -5, 11, 21, -21, 22, 100, -101, 1000, -1234];
    while (counts.length < 40) counts.push((random() < 0.5 ? -1 : 1) * int(random, 1, random() < 0.8 ? 30 : 5000));
    counts.forEach((count, index) => {
      const unit = units[(index + int(random, 0, 6)) % units.length];
      add('formatRelative', locale, String(count), unit, '', always.format(count, unit), tags(locale));
    });
  }
}

const header = `# Written by scripts/cldr/write-conformance-fixture.mjs with node ${process.version}, ICU ${process.versions.icu}, CLDR ${process.versions.cldr}, Unicode ${process.versions.unicode}; don't edit. Columns: function, locale, a, b, c, expected, tags (see the script).`;
const text = [header, ...lines].join('\n') + '\n';
if (process.argv.includes('--check')) {
  let old = '';
  try { old = readFileSync(out, 'utf8'); } catch {}
  if (old !== text) { console.error(`${out} differs from what this node writes; run node scripts/cldr/write-conformance-fixture.mjs`); process.exit(1); }
  console.log(`${out}: up to date (${lines.length} cases)`);
} else {
  writeFileSync(out, text);
  console.log(`wrote ${lines.length} cases for ${locales.length} locales to ${out} (${text.length} characters)`);
}
