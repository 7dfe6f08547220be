#!/usr/bin/env python3
"""Lists the public symbols of a module that have no doc comment, from the symbol graph the
compiler wrote (.ci/docs). A symbol counts when it is declared in the module's own sources:
compiler-synthesized members (hashValue, init(rawValue:)) have no source and no comment to
write, and a module that re-exports another doesn't count the other's symbols twice.

    doc_coverage.py GRAPH_DIR MODULE   exit 1 when a public symbol has no doc comment
"""
import glob
import json
import sys

graphs, module = sys.argv[1], sys.argv[2]
folder = f"/Sources/{module}/"
seen, missing = set(), []
for path in sorted(glob.glob(f"{graphs}/*.symbols.json")):
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        uri = symbol.get("location", {}).get("uri", "")
        if symbol.get("accessLevel") not in ("public", "open") or folder not in uri:
            continue
        identifier = symbol["identifier"]["precise"]
        if identifier in seen:
            continue
        seen.add(identifier)
        if not symbol.get("docComment"):
            line = symbol["location"].get("position", {}).get("line", 0) + 1
            where = uri.split(folder, 1)[1]
            missing.append(f"Sources/{module}/{where}:{line}: {'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName'].lower()})")
documented = len(seen) - len(missing)
print(f"{module}: {documented} of {len(seen)} public symbols documented")
for line in missing:
    print("  undocumented: " + line)
sys.exit(1 if missing else 0)
