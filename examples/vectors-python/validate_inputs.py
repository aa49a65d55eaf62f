#!/usr/bin/env python3
"""Validate every call of the call corpus against its operation's input schema, in Python's standard library.

It loads every profile's spec/<profile>/spec.json (the operations with their
standalone JSON Schemas), reads goldens/index.json and each scenario's calls,
and validates each call's input with schema.py. It prints one verdict a call,

    <scenario id>#<n> <TAB> <op> <TAB> valid|invalid <TAB> <the first reason>

or, with --summary, the counts alone. The corpus holds inputs a schema
refuses on purpose (the scenarios that test refusals), so "invalid" is a
verdict, not a failure. Exit status 0, or 2 when the spec or the corpus
cannot be read or a schema uses what schema.py does not know.
"""

import argparse
import glob
import json
import os
import sys

import schema

HERE = os.path.dirname(os.path.abspath(__file__))


def load_validators(spec_dir):
    """Every operation's input-schema validator, by operation name."""
    validators = {}
    files = sorted(glob.glob(os.path.join(spec_dir, "*", "spec.json")))
    if not files:
        raise schema.SchemaError(f"--spec {spec_dir}: no <profile>/spec.json in it")
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f, parse_float=schema.Decimal, parse_int=schema.Decimal)
        for op in doc["operations"]:
            try:
                validators[op["name"]] = schema.Validator(op["input_schema"])
            except schema.SchemaError as e:
                raise schema.SchemaError(f"{path}: operation {op['name']}: input schema {e}")
    return validators


def calls(goldens):
    """(call id, op, input value) of every call the manifest lists, in its order."""
    with open(os.path.join(goldens, "index.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    for scenario in manifest["scenarios"]:
        with open(os.path.join(goldens, scenario["file"]), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                call = schema.load_json(line)
                yield f"{scenario['id']}#{n}", call["op"], call["input"]


def main(args):
    p = argparse.ArgumentParser(description="Validate every corpus call's input against its operation's input schema.")
    p.add_argument("--spec", default=os.path.join(HERE, "..", "..", "spec"), help="the spec folder (default: the repository's spec/)")
    p.add_argument("--goldens", default=os.path.join(HERE, "..", "..", "goldens"), help="the corpus folder (default: the repository's goldens/)")
    p.add_argument("--summary", action="store_true", help="print the counts alone")
    opts = p.parse_args(args)
    try:
        validators = load_validators(opts.spec)
        counts = {"valid": 0, "invalid": 0}
        for call_id, op, value in calls(opts.goldens):
            if op not in validators:
                raise schema.SchemaError(f"{call_id}: no spec.json defines the operation {op}")
            errors = validators[op].errors(value)
            verdict = "invalid" if errors else "valid"
            counts[verdict] += 1
            if not opts.summary:
                print(f"{call_id}\t{op}\t{verdict}\t{errors[0] if errors else ''}")
    except (OSError, ValueError, KeyError, schema.SchemaError) as e:
        print(f"validate_inputs.py: {e}", file=sys.stderr)
        return 2
    print(f"{counts['valid'] + counts['invalid']} calls of {len(validators)} operations: "
          f"{counts['valid']} inputs valid, {counts['invalid']} invalid", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
