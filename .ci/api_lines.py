#!/usr/bin/env python3
"""Flattens a `swift-api-digester -dump-sdk` JSON dump into one sorted line per public
declaration: kind, full name, and its signature's types. The lines are the checked-in API
baseline (api/*.api.txt): a line that disappears or changes is a possible source break."""
import json
import sys

SKIP = {"Import", "Accessor", "Conformance", "TypeNominal", "TypeFunc", "TypeNameAlias"}


def signature(node):
    types = [c.get("printedName", "") for c in node.get("children", []) if c.get("kind") in ("TypeNominal", "TypeFunc", "TypeNameAlias")]
    if not types:
        return ""
    if node.get("declKind") in ("Func", "Constructor", "Subscript"):
        return " " + "(" + ", ".join(types[1:]) + ") -> " + types[0]
    return ": " + types[0]


def walk(node, parent, out):
    kind = node.get("kind", "")
    if kind in SKIP:
        return
    decl = node.get("declKind")
    name = node.get("printedName", "")
    if decl:
        full = f"{parent}.{name}" if parent else name
        flags = []
        if node.get("deprecated"):
            flags.append("deprecated")
        if node.get("static"):
            flags.append("static")
        line = f"{decl.lower()} {full}{signature(node)}"
        if flags:
            line += " [" + ", ".join(flags) + "]"
        out.add(line)
        for conformance in node.get("conformances", []):
            out.add(f"conformance {full}: {conformance.get('printedName', '')}")
        parent = full if decl in ("Struct", "Class", "Enum", "Protocol", "Extension", "TypeAlias") else parent
    for child in node.get("children", []):
        walk(child, parent, out)


def main():
    out = set()
    for path in sys.argv[1:]:
        with open(path) as file:
            walk(json.load(file)["ABIRoot"], "", out)
    sys.stdout.write("".join(line + "\n" for line in sorted(out)))


main()
