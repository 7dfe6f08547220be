#!/usr/bin/env python3
"""The public-API check behind .ci/api-check (see there and README's "Upgrading").

    api_check.py lines DUMP.json            one sorted line per public declaration, to stdout
    api_check.py compare MODULE BASELINE CURRENT
                                            what changed between a baseline and the build; exit 1
                                            on a source break or a new protocol requirement
    api_check.py changelog                  the CHANGELOG rule over the history of api/ (exit 1)

A line holds a declaration's kind, full name and signature: parameter types (`= default` when a
parameter has a default argument; the digester doesn't give its value), effects (async, throws,
throws(E), rethrows), the result type, a property's accessors (`{ get throws set }`), and flags:
`requirement` for a protocol requirement, `default` when an extension of the protocol implements
it, `static`, `deprecated`. The digester's JSON has `throwing` but no async flag: effects come
from the declaration's mangled name, demangled by the toolchain's `swift demangle`.
"""
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ci_git import branch_base, git  # noqa: E402

FORMAT = "# Formwork API baseline, format 2: one line per public declaration; written by .ci/api-check --update"
SKIP = {"Import", "Accessor", "Conformance", "TypeNominal", "TypeFunc", "TypeNameAlias"}
TYPE_KINDS = ("TypeNominal", "TypeFunc", "TypeNameAlias")
CONTAINERS = ("Struct", "Class", "Enum", "Protocol", "Extension", "TypeAlias")


# MARK: - Effects, from the demangled name

def demangle(names):
    """Demangled text of each mangled name (one `swift demangle` process for all of them)."""
    if not names:
        return {}
    result = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(names) + "\n",
                            capture_output=True, text=True, check=True)
    lines = result.stdout.split("\n")
    if len(lines) < len(names):
        raise SystemExit(f"error: swift demangle answered {len(lines)} lines for {len(names)} names")
    return dict(zip(names, lines))


def effects_of(demangled):
    """The effects written after a function's parameter list: 'async', 'throws', 'throws(E)'."""
    text = re.sub(r"\(extension in [^)]*\):", "", demangled)
    angle = 0
    start = None
    for i, ch in enumerate(text):
        if ch == "<":
            angle += 1
        elif ch == ">" and text[i - 1] != "-":
            angle -= 1
        elif ch == "(" and angle == 0:
            start = i
            break
    if start is None:
        return []
    depth = 0
    end = None
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                end = i
                break
    if end is None:
        return []
    rest = text[end + 1:]
    found = []
    while True:
        rest = rest.lstrip()
        if rest.startswith("async"):
            found.append("async")
            rest = rest[len("async"):]
        elif rest.startswith("throws("):
            depth, i = 0, len("throws")
            for i in range(len("throws"), len(rest)):
                depth += {"(": 1, ")": -1}.get(rest[i], 0)
                if depth == 0:
                    break
            found.append(rest[:i + 1])
            rest = rest[i + 1:]
        elif rest.startswith("throws"):
            found.append("throws")
            rest = rest[len("throws"):]
        else:
            return found


# MARK: - Lines

def collect_mangled(node, out):
    if node.get("declKind") in ("Func", "Constructor") and node.get("mangledName"):
        out.append(node["mangledName"])
    for child in node.get("children", []):
        collect_mangled(child, out)


def signature(node, demangled):
    children = [c for c in node.get("children", []) if c.get("kind") in TYPE_KINDS]
    if not children:
        return ""
    if node.get("declKind") in ("Func", "Constructor", "Subscript"):
        params = [c.get("printedName", "") + (" = default" if c.get("hasDefaultArg") else "") for c in children[1:]]
        effects = []
        if node.get("declKind") != "Subscript":
            effects = effects_of(demangled.get(node.get("mangledName", ""), ""))
            if "Rethrows" in node.get("declAttributes", []):
                effects = [e if not e.startswith("throws") else "rethrows" for e in effects]
            elif node.get("throwing") and not any(e.startswith("throws") for e in effects):
                effects.append("throws")  # NB: the digester's own flag, should demangling miss it
        text = " (" + ", ".join(params) + ")" + "".join(" " + e for e in effects) + " -> " + children[0].get("printedName", "")
        return text + accessors(node)
    return ": " + children[0].get("printedName", "") + accessors(node)


def accessors(node):
    """A property's or subscript's accessors, a getter's `throws` with it (a setter that goes away
    breaks every caller that assigns). NB: an async getter doesn't show in the dump."""
    found = []
    for accessor in node.get("accessors", []):
        kind = accessor.get("accessorKind") or accessor.get("name", "").lower()
        if kind in ("get", "set"):
            found.append(kind + (" throws" if accessor.get("throwing") else ""))
    return " { " + " ".join(found) + " }" if found else ""


def member_key(node, demangled):
    """What identifies a protocol member and its implementation in an extension of the protocol."""
    return (node.get("declKind"), node.get("printedName"), bool(node.get("static")), signature(node, demangled))


def walk(node, parent, out, demangled):
    if node.get("kind", "") in SKIP:
        return
    decl = node.get("declKind")
    name = node.get("printedName", "")
    if decl:
        full = f"{parent}.{name}" if parent else name
        out.add(line_of(node, full, demangled, []))
        for conformance in node.get("conformances", []):
            out.add(f"conformance {full}: {conformance.get('printedName', '')}")
        if decl == "Protocol":
            walk_protocol(node, full, out, demangled)
            return
        parent = full if decl in CONTAINERS else parent
    for child in node.get("children", []):
        walk(child, parent, out, demangled)


def walk_protocol(node, full, out, demangled):
    """A protocol's requirements, each with whether an extension of the protocol implements it (a
    new requirement without one breaks every type a host made conform); other extension members
    are listed as they are."""
    members = [c for c in node.get("children", []) if c.get("declKind")]
    implemented = {member_key(c, demangled) for c in members if c.get("isFromExtension") and not c.get("protocolReq")}
    requirements = {member_key(c, demangled) for c in members if c.get("protocolReq")}
    for child in members:
        child_full = f"{full}.{child.get('printedName', '')}"
        key = member_key(child, demangled)
        if child.get("protocolReq"):
            flags = ["requirement"] + (["default"] if key in implemented else [])
            out.add(line_of(child, child_full, demangled, flags))
        elif key not in requirements:
            out.add(line_of(child, child_full, demangled, []))


def line_of(node, full, demangled, flags):
    flags = list(flags)
    if node.get("deprecated"):
        flags.append("deprecated")
    if node.get("static"):
        flags.append("static")
    line = f"{node['declKind'].lower()} {full}{signature(node, demangled)}"
    return line + (" [" + ", ".join(flags) + "]" if flags else "")


def lines(paths):
    out = set()
    for path in paths:
        with open(path) as file:
            root = json.load(file)["ABIRoot"]
        mangled = []
        collect_mangled(root, mangled)
        walk(root, "", out, demangle(sorted(set(mangled))))
    return [FORMAT] + sorted(out)


# MARK: - Comparing

def declaration(line):
    """The kind and full name a line is about: `func PageTransport.send(_:)`."""
    kind, _, rest = line.partition(" ")
    if kind == "conformance":
        return line
    match = re.match(r"[^ :(]+(?:\([^)]*\))?", rest)
    return f"{kind} {match.group(0) if match else rest}"


def is_new_requirement(line):
    flags = re.search(r" \[([^\]]*)\]$", line)
    names = flags.group(1).split(", ") if flags else []
    return "requirement" in names and "default" not in names


def breaks(old, new):
    """What a change from the lines `old` to `new` breaks for hosts: [(declaration, was, now)]; was
    or now is None for a declaration gone or new. A new declaration is no break, except a protocol
    requirement without a default implementation."""
    old, new = set(old) - {FORMAT}, set(new) - {FORMAT}
    removed, added = sorted(old - new), sorted(new - old)
    added_by = {}
    for line in added:
        added_by.setdefault(declaration(line), []).append(line)
    found, paired = [], set()
    for line in removed:
        now = added_by.get(declaration(line), [])
        found.append((declaration(line), line, now[0] if len(now) == 1 else None))
        if len(now) == 1:
            paired.add(now[0])
    for line in added:
        if line not in paired and is_new_requirement(line):
            found.append((declaration(line), None, line))
    return found, [line for line in added if line not in paired and not is_new_requirement(line)]


def describe(found):
    text = []
    for name, was, now in found:
        if was and now:
            text.append(f"  {name} changed:\n      was: {was}\n      now: {now}")
        elif was:
            text.append(f"  {name} is gone:\n      was: {was}")
        else:
            owner = name.split(" ", 1)[1].split(".")[0]
            text.append(f"  {name} is a new requirement of protocol {owner} without a default implementation: "
                        f"every type a host made conform to {owner} stops compiling\n      now: {now}\n"
                        f"      (give it a default in an extension of {owner}, or make it a separate protocol)")
    return "\n".join(text)


def read_lines(path):
    with open(path) as file:
        return [line for line in file.read().split("\n") if line]


def compare(module, baseline, current):
    old, new = read_lines(baseline), read_lines(current)
    if not old or old[0] != FORMAT:
        print(f"error: {baseline} is not in the current format (format 2: effects, default arguments and "
              f"requirements); run .ci/api-check --update")
        return 1
    found, added = breaks(old, new)
    if found:
        print(f"error: {module}: a source-breaking change to the public API:\n{describe(found)}")
        print("if it is deliberate, run .ci/api-check --update and say what changed for hosts in CHANGELOG.md "
              "(naming the type or member), in the same submission")
    if added:
        print(f"note: {module}: new public API not yet in {baseline} (run .ci/api-check --update):")
        print("\n".join("  + " + line for line in added))
    return 1 if found else 0


# MARK: - The CHANGELOG rule over the history

BASELINES = ("api/Formwork.api.txt", "api/FormworkTesting.api.txt")
WORKTREE = None  # the files as they are now, committed or not


def baseline_at(rev, path):
    if rev is WORKTREE:
        return read_lines(path) if os.path.exists(path) else []
    text = git("show", f"{rev}:{path}", check=False)
    return [line for line in (text or "").split("\n") if line]


def changelog_added(base, target):
    args = ["diff", base] + ([] if target is WORKTREE else [target]) + ["--", "CHANGELOG.md"]
    return [line[1:] for line in git(*args).split("\n") if line.startswith("+") and not line.startswith("+++")]


def mentioned(name, added_text):
    """A CHANGELOG line names the declaration: its type, or the member itself."""
    path = name.split(" ", 1)[1]
    if path.startswith("conformance "):
        path = path.split(" ", 1)[1]
    owner = path.split(".")[0].split(":")[0]
    member = path.split(".")[-1].split("(")[0] if "." in path else owner
    return any(owner in line or (member != owner and len(member) > 2 and member in line) for line in added_text)


def judge(base, target, what):
    """Errors for the baseline change from `base` to `target` (None: nothing to judge)."""
    problems = []
    for path in BASELINES:
        old, new = baseline_at(base, path), baseline_at(target, path)
        if old == new:
            continue
        if not old or old[0] != FORMAT:
            return None  # the change to this format: earlier history was judged by the rule of its time
        found, _ = breaks(old, new)
        problems += found
    if not problems:
        return []
    added = changelog_added(base, target)
    unmentioned = [p for p in problems if not mentioned(p[0], added)]
    if not unmentioned:
        return []
    if not added:
        head = f"error: {what} changes the API baseline in a way that breaks hosts, without a word in CHANGELOG.md:"
    else:
        head = f"error: {what} changes the API baseline in a way that breaks hosts, and its CHANGELOG.md lines don't name:"
    return [head + "\n" + describe(unmentioned)]


def changelog_rule():
    shallow = git("rev-parse", "--is-shallow-repository").strip() == "true"
    if shallow:
        if subprocess.run(["git", "fetch", "--unshallow", "--quiet"], capture_output=True).returncode == 0:
            print("note: api-check: the clone was shallow; fetched its history for the CHANGELOG rule")
        else:
            print("note: api-check: a shallow clone whose history can't be fetched (git fetch --unshallow failed): "
                  "the CHANGELOG rule is checked only over the commits present; the build is still compared with the baseline")
    head = git("rev-parse", "HEAD").strip()
    # What is being submitted: the commits of this branch that aren't on main yet (one unit, with
    # what isn't committed); on main itself, each landing (a first-parent commit: a merge with its
    # whole branch, or one commit) since the baseline took this format.
    base = branch_base(head)
    errors = []
    dirty = git("status", "--porcelain", "--", "api/", "CHANGELOG.md").strip() != ""
    if base != head or dirty:
        top = WORKTREE if dirty else head
        what = f"this branch ({base[:12]}..{'the working tree' if dirty else head[:12]})"
        verdict = judge(base, top, what)
        if verdict is None:
            print(f"note: api-check: {what} puts the baseline in this format; the CHANGELOG rule judges changes after that")
        errors += verdict or []
    checked = 0
    for line in git("log", "--first-parent", "--format=%H %P", base).split("\n"):
        if not line:
            continue
        commit, *parents = line.split()
        if not parents:
            if git("rev-parse", "--is-shallow-repository").strip() == "true":
                print(f"note: api-check: the history ends at {commit[:12]} (shallow clone); landings before it aren't checked")
            break
        if subprocess.run(["git", "diff", "--quiet", parents[0], commit, "--", "api/"]).returncode == 0:
            continue  # the landing left the baseline alone
        subject = git("log", "-1", "--format=%s", commit).strip()
        kind = "merge" if len(parents) > 1 else "commit"
        verdict = judge(parents[0], commit, f"{kind} {commit[:12]} ({subject[:60]})")
        if verdict is None:
            print(f"note: api-check: the CHANGELOG rule stops at {kind} {commit[:12]}: the baseline before it is in an older format")
            break
        errors += verdict
        checked += 1
    for error in errors:
        print(error)
    scope = (f"this branch ({base[:12]}..{'the working tree' if dirty else head[:12]}) and " if base != head or dirty else "")
    print(f"api-check: CHANGELOG rule: {'failed' if errors else 'passed'} over {scope}{checked} landing(s) on main "
          f"that changed the baseline since it took this format")
    return 1 if errors else 0


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "lines":
        sys.stdout.write("".join(line + "\n" for line in lines(sys.argv[2:])))
        return 0
    if command == "compare" and len(sys.argv) == 5:
        return compare(*sys.argv[2:])
    if command == "changelog":
        return changelog_rule()
    print(__doc__, file=sys.stderr)
    return 64


sys.exit(main())
