#!/usr/bin/env python3
"""The instruction-count gate behind .ci/perf-gate (see there and README's "Performance gate").

    perf_gate.py FORMWORK [--update] [--only NAME[,NAME…]]

Each scenario (`FORMWORK bench gate` lists them) runs under callgrind with
`--collect-atstart=no --toggle-collect=formwork_gate_measured`: only the scenario's work is
counted, not process start or the setup that builds its inputs. The baseline is
perf/baseline.json (instructions per scenario, and the valgrind and Swift it was measured with);
perf/functions/SCENARIO.txt keeps the functions the scenario spends its instructions in (self
cost, demangled, the largest first), so a change can show which functions moved.
"""
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ci_git import branch_base, git  # noqa: E402

BASELINE = "perf/baseline.json"
FUNCTIONS = "perf/functions"
FORMAT = 1
# NB: 250 times the spread of repeated runs (README's "Performance gate": the same binary counts
# within 0.002% run to run), and below a second walk over the components at open (+0.95%).
TOLERANCE = 0.005
KEEP_SHARE = 0.0005   # functions kept in perf/functions: at least 0.05% of the scenario's total
KEEP_MOST = 80
SHOW_MOVED = 12


# MARK: - Running the scenarios

def scenarios(formwork):
    out = subprocess.run([formwork, "bench", "gate"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.split("\n")[1:] if line.startswith("  ") and line.split()]


def floors(formwork):
    """(scenario, floor) pairs: `floor open-1000 jsonserialization-1000` lines of `bench gate`."""
    out = subprocess.run([formwork, "bench", "gate"], capture_output=True, text=True, check=True).stdout
    return [tuple(line.split()[1:3]) for line in out.split("\n") if line.startswith("floor ") and len(line.split()) == 3]


def print_floors(formwork, results):
    """Each scenario's count divided by its floor's, when both ran (README's opening ratio)."""
    pairs = [(name, floor) for name, floor in floors(formwork) if name in results and floor in results]
    for name, floor in pairs:
        print(f"{name} ÷ {floor}: {results[name][0] / results[floor][0]:.2f}× in instructions "
              f"({results[name][0]:,} / {results[floor][0]:,})")


def environment():
    """A fixed environment: Swift's hashing seeded the same every run (dictionary order, and with it
    the instructions, would otherwise change per process), the same temporary folder."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG")}
    env.update({"SWIFT_DETERMINISTIC_HASHING": "1", "TMPDIR": "/tmp", "LC_ALL": "C.UTF-8"})
    return env


def run(formwork, name, work):
    """Runs one scenario under callgrind: (instructions, {function: self instructions}, seconds)."""
    out = os.path.join(work, name + ".callgrind")
    command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=formwork_gate_measured",
               f"--callgrind-out-file={out}", formwork, "bench", "gate", name]
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, env=environment())
    seconds = time.monotonic() - start
    if result.returncode != 0:
        raise SystemExit(f"error: the gate scenario {name} failed under callgrind (exit {result.returncode}):\n{result.stdout}{result.stderr}")
    total = None
    with open(out) as file:
        for line in file:
            if line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    if not total:
        raise SystemExit(f"error: callgrind counted nothing for {name}: is formwork_gate_measured in {formwork}?")
    return total, functions(out, total), seconds


def functions(out, total):
    """Self instructions per function (callgrind_annotate, demangled), the largest first."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", "--auto=no", out],
                          capture_output=True, text=True, check=True).stdout
    found = []
    for line in text.split("\n"):
        match = re.match(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.+?)(?:\s+\[[^\]]*\])?\s*$", line)
        if not match or match.group(2) == "PROGRAM TOTALS":
            continue
        count = int(match.group(1).replace(",", ""))
        name = re.sub(r"^[^:]*:", "", match.group(2), count=1) if ":" in match.group(2) else match.group(2)
        found.append((count, name))
    demangled = demangle([name for _, name in found])
    merged = {}
    for count, name in found:
        short = demangled.get(name, name)
        short = short if len(short) <= 150 else short[:147] + "..."
        merged[short] = merged.get(short, 0) + count
    kept = sorted(((c, n) for n, c in merged.items() if c >= total * KEEP_SHARE), reverse=True)[:KEEP_MOST]
    return {name: count for count, name in kept}


def demangle(names):
    if not names:
        return {}
    result = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names) + "\n",
                            capture_output=True, text=True)
    lines = result.stdout.split("\n")
    return dict(zip(names, lines)) if result.returncode == 0 and len(lines) >= len(names) else {}


def versions():
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    swift_line = next((l for l in (swift.stdout + swift.stderr).split("\n") if "Swift version" in l), "unknown").strip()
    return {"valgrind": valgrind, "swift": swift_line, "machine": machine()}


# NB: what, besides the binary, decides the count: the C library's version and the processor
# features it picks its memcpy, strlen and friends by (callgrind passes most of them through).
CPU_FEATURES = ("sse4_2", "avx", "avx2", "bmi1", "bmi2", "erms", "fsrm", "fma", "movbe", "sha_ni", "rtm", "f16c")


def machine():
    model, flags = "unknown", set()
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                key, _, value = line.partition(":")
                if key.strip() == "model name" and model == "unknown":
                    model = value.strip()
                elif key.strip() == "flags" and not flags:
                    flags = set(value.split())
    except OSError:
        pass
    libc = " ".join(platform.libc_ver()) or "unknown"
    return f"{platform.machine()}; {model}; {libc}; " + " ".join(f for f in CPU_FEATURES if f in flags)


def measure(formwork, names):
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        futures = {name: pool.submit(run, formwork, name, work) for name in names}
        return {name: future.result() for name, future in futures.items()}


# MARK: - The baseline and its functions

def read_baseline(text):
    try:
        data = json.loads(text) if text else None
    except ValueError:
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def read_functions(name):
    path = os.path.join(FUNCTIONS, name + ".txt")
    found = {}
    if os.path.exists(path):
        with open(path) as file:
            for line in file:
                if line.startswith("#") or not line.strip():
                    continue
                count, _, function = line.strip().partition("  ")
                if count.isdigit():
                    found[function] = int(count)
    return found


def write_functions(name, table, total):
    os.makedirs(FUNCTIONS, exist_ok=True)
    with open(os.path.join(FUNCTIONS, name + ".txt"), "w") as file:
        file.write(f"# {name}: instructions by function (self cost, demangled), of {total} counted; "
                   f"functions with at least {KEEP_SHARE:.2%} of them. Written by .ci/perf-gate --update.\n")
        for function, count in sorted(table.items(), key=lambda item: (-item[1], item[0])):
            file.write(f"{count:>12}  {function}\n")


def moved(old, new, old_total, new_total):
    """The functions whose instructions moved most, as printed lines. A function below the kept
    share on one side counts as 0 there (hence "at most" for those)."""
    floor_old, floor_new = old_total * KEEP_SHARE, new_total * KEEP_SHARE
    rows = []
    for function in set(old) | set(new):
        a, b = old.get(function), new.get(function)
        delta = (b or 0) - (a or 0)
        rows.append((abs(delta), delta, function, a, b))
    rows.sort(reverse=True)
    lines = []
    for _, delta, function, a, b in rows[:SHOW_MOVED]:
        if delta == 0:
            break
        was = f"{a:,}" if a is not None else f"<{int(floor_old):,}"
        now = f"{b:,}" if b is not None else f"<{int(floor_new):,}"
        lines.append(f"      {delta:+14,}   {was:>12} → {now:<12}  {function}")
    return lines


def percent(new, old):
    return (new - old) / old * 100 if old else float("inf")


# MARK: - The CHANGELOG rule

def submission():
    """(base, target, description): this branch's commits not on main, with what isn't committed
    (target None: the working tree); on main itself, the last landing (HEAD against its first parent)."""
    head = git("rev-parse", "HEAD").strip()
    base = branch_base(head)
    dirty = git("status", "--porcelain", "--", "perf/", "CHANGELOG.md").strip() != ""
    if base == head and not dirty:
        parent = git("rev-parse", "-q", "--verify", "HEAD^1", check=False)
        if not parent:
            return None
        return parent.strip(), head, f"the last commit ({head[:12]})"
    return base, None if dirty else head, f"this branch ({base[:12]}..{'the working tree' if dirty else head[:12]})"


def performance_lines(base, target):
    """The lines added to CHANGELOG.md between base and target that sit under a heading with
    "Performance" in it."""
    args = ["diff", "-U0", base] + ([] if target is None else [target]) + ["--", "CHANGELOG.md"]
    added = {}
    number = 0
    for line in git(*args).split("\n"):
        hunk = re.match(r"^@@ -\S+ \+(\d+)", line)
        if hunk:
            number = int(hunk.group(1))
        elif line.startswith("+") and not line.startswith("+++"):
            added[number] = line[1:]
            number += 1
    if target is None:
        with open("CHANGELOG.md") as file:
            text = file.read().split("\n")
    else:
        text = (git("show", f"{target}:CHANGELOG.md", check=False) or "").split("\n")
    found = []
    for number, line in added.items():
        heading = next((text[i] for i in range(min(number, len(text)) - 1, -1, -1) if text[i].startswith("#")), "")
        if "performance" in heading.lower():
            found.append(line)
    return found


def changelog_rule():
    where = submission()
    if where is None:
        return 0
    base, target, what = where
    old = read_baseline(git("show", f"{base}:{BASELINE}", check=False))
    if target is None:
        new = read_baseline(open(BASELINE).read()) if os.path.exists(BASELINE) else None
    else:
        new = read_baseline(git("show", f"{target}:{BASELINE}", check=False))
    if old is None or new is None:
        print(f"perf-gate: CHANGELOG rule: nothing to judge ({what} {'adds' if new else 'has no'} baseline in this format)")
        return 0
    raised = [(name, old["scenarios"][name], count) for name, count in new["scenarios"].items()
              if name in old["scenarios"] and count > old["scenarios"][name] * (1 + TOLERANCE)]
    lines = performance_lines(base, target) if raised else []
    unexplained = [r for r in raised if not any(r[0] in line for line in lines)]
    for name, was, now in unexplained:
        print(f"error: {what} raises the baseline of {name} from {was:,} to {now:,} instructions "
              f"({percent(now, was):+.1f}%) without a CHANGELOG.md line naming {name} under a Performance heading:\n"
              f"  add one under the Unreleased section's \"### Performance\" that names {name} and says why it costs more")
    print(f"perf-gate: CHANGELOG rule: {'failed' if unexplained else 'passed'} over {what}"
          + (f" ({len(raised)} scenario(s) raised, each explained)" if raised and not unexplained else ""))
    return 1 if unexplained else 0


# MARK: - Main

def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 64
    formwork, rest = args[0], args[1:]
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            print(f"error: the gate needs {tool} (Debian: apt-get install valgrind)")
            return 1
    update = "--update" in rest
    only = rest[rest.index("--only") + 1] if "--only" in rest and rest.index("--only") + 1 < len(rest) else None
    names = scenarios(formwork)
    if only:
        # NB: several names, comma-separated, count a scenario with its floor: --only open-1000,jsonserialization-1000
        unknown = [name for name in only.split(",") if name not in names]
        if unknown:
            print(f"error: no gate scenario '{unknown[0]}'; the scenarios are {', '.join(names)}")
            return 64
        names = only.split(",")
    baseline = read_baseline(open(BASELINE).read()) if os.path.exists(BASELINE) else None
    if baseline is None and not update:
        print(f"error: no baseline in this format at {BASELINE}: run .ci/perf-gate --update and commit it")
        return 1
    old = (baseline or {}).get("scenarios", {})
    now = versions()
    if "--same-machine" in rest:
        # For .ci/perf-gate: whether the committed counts were measured on a machine like this one.
        differ = [key for key in ("valgrind", "swift", "machine") if (baseline or {}).get(key) != now[key]]
        for key in differ:
            print(f"note: the baseline was measured with {key} {(baseline or {}).get(key)!r}; this is {now[key]!r}")
        return 3 if differ else 0
    old_tables = None
    if "--baseline-binary" in rest and rest.index("--baseline-binary") + 1 < len(rest):
        # Another machine: the baseline's own commit, built and counted here, stands in for the
        # committed counts (the CHANGELOG rule below still judges the committed file).
        base = measure(rest[rest.index("--baseline-binary") + 1], names)
        old = {name: result[0] for name, result in base.items()}
        old_tables = {name: result[1] for name, result in base.items()}
        print("note: the baseline's commit was counted on this machine, in place of the committed counts")
    results = measure(formwork, names)
    status = 0
    print(f"{'scenario':<18} {'baseline':>14} {'now':>14} {'change':>8}  (instructions; callgrind, {now['valgrind']})")
    for name in names:
        total, table, seconds = results[name]
        was = old.get(name)
        change = f"{percent(total, was):+.2f}%" if was else "new"
        print(f"{name:<18} {was or 0:>14,} {total:>14,} {change:>8}  ({seconds:.0f} s under callgrind)")
        if was is None:
            if not update:
                print(f"  note: {name} has no baseline yet: run .ci/perf-gate --update")
            continue
        over = total > was * (1 + TOLERANCE)
        under = total < was * (1 - TOLERANCE)
        if update or over or under:
            lines = moved(old_tables[name] if old_tables else read_functions(name), table, was, total)
            if lines:
                print("    the functions that moved most (self instructions, baseline → now):")
                print("\n".join(lines))
        if update:
            continue
        if over:
            status = 1
            print(f"  error: {name} counts {percent(total, was):+.1f}% over its baseline ({TOLERANCE:.1%} allowed). "
                  f"If the cost is deliberate, run .ci/perf-gate --update and add a line naming {name} and why to "
                  f"CHANGELOG.md under \"### Performance\", in the same submission")
        elif under:
            print(f"  note: {name} counts {percent(total, was):+.1f}% under its baseline: run .ci/perf-gate --update "
                  f"to keep the gain (the next rise would otherwise hide in it)")
    print_floors(formwork, results)
    if update:
        scenarios_now = dict(old) if only else {}
        scenarios_now.update({name: results[name][0] for name in names})
        data = {"format": FORMAT,
                "about": "instructions counted by callgrind in each scenario of `formwork bench gate` (release build); "
                         "written by .ci/perf-gate --update",
                **now, "scenarios": dict(sorted(scenarios_now.items()))}
        os.makedirs(os.path.dirname(BASELINE), exist_ok=True)
        with open(BASELINE + ".tmp", "w") as file:
            json.dump(data, file, indent=2)
            file.write("\n")
        os.replace(BASELINE + ".tmp", BASELINE)
        for name in names:
            write_functions(name, results[name][1], results[name][0])
        print(f"wrote {BASELINE} and {FUNCTIONS}/ ({len(names)} scenario(s))")
        return 0
    return max(status, changelog_rule())


sys.exit(main())
