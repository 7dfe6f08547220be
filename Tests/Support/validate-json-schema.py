#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 2020-12) with the independent
`jsonschema` package. Used by the Swift tests to check the schemas `formwork schema` makes.

usage: validate-json-schema.py SCHEMA FILE...
Prints one line per file: "ok FILE" or "invalid FILE: PATH: MESSAGE" (the first error, by path).
Exits 0 when every file is valid, 1 when any is not, 2 when the schema itself is not valid.
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        print(f"the schema is not valid: {error.message}", file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)
    failed = False
    for path in argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            failed = True
            where = "/".join(str(part) for part in errors[0].absolute_path)
            print(f"invalid {path}: {where}: {errors[0].message[:300]}")
        else:
            print(f"ok {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
