#!/usr/bin/env python3
"""Checks popgesture's JSON Schemas with a real validator (jsonschema, draft 2020-12):

- every schema is a valid draft 2020-12 schema and every property in it has a description;
- every YAML document under --valid folders validates against the schema its `format` names;
- every file under --invalid folders has a document the schema rejects;
- every line popgesture prints (`replay --format json`, `check --format json`, `diff --format json`)
  for the valid folders validates against report/check/diff.schema.json (with --binary);
- with --binary, `popgesture validate` agrees with the schema on every valid and invalid sample.

Prints one line per failure and `N passed, M failed` last; exits 0 when nothing failed.
"""
import argparse
import json
import pathlib
import subprocess
import sys

import jsonschema
import yaml
from referencing import Registry, Resource

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
FORMATS = {
    "popgesture-trace/1": "trace.schema.json",
    "popgesture-stack/1": "stack.schema.json",
    "popgesture-rules/1": "rules.schema.json",
}


class CoreLoader(yaml.SafeLoader):
    """YAML 1.2 core schema booleans only: `yes`, `no`, `on` and `off` stay strings, as popgesture reads them."""


CoreLoader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    __import__("re").compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self, condition, message):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL", message)
        return condition


def load_schemas():
    schemas = {path.name: json.loads(path.read_text()) for path in sorted(SCHEMAS.glob("*.schema.json"))}
    registry = Registry().with_resources(
        [(schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()]
    )
    return schemas, registry


def undocumented(node, path=""):
    """Paths of properties without a description."""
    missing = []
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if isinstance(sub, dict) and "description" not in sub and "$ref" not in sub:
                missing.append(f"{path}/properties/{name}")
            elif isinstance(sub, dict) and "$ref" in sub and "description" not in sub:
                pass  # described where the reference points
        for key, value in node.items():
            missing += undocumented(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            missing += undocumented(value, f"{path}/{i}")
    return missing


def validator(schemas, registry, name):
    return jsonschema.Draft202012Validator(schemas[name], registry=registry)


def yaml_files(folder):
    folder = pathlib.Path(folder)
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml"))


def documents(path):
    try:
        return list(yaml.load_all(path.read_text(encoding="utf-8-sig"), Loader=CoreLoader)), None
    except Exception as error:  # noqa: BLE001 - a broken sample is reported, not raised
        return [], error


def schema_errors(schemas, registry, document):
    if not isinstance(document, dict) or document.get("format") not in FORMATS:
        return ["no known `format`"]
    checker = validator(schemas, registry, FORMATS[document["format"]])
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in checker.iter_errors(document)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--valid", action="append", default=[], help="folder of documents that must validate")
    parser.add_argument("--invalid", action="append", default=[], help="folder of files that must each fail")
    parser.add_argument("--binary", help="a built popgesture, to compare verdicts and validate its JSON output")
    parser.add_argument("--reports", action="append", default=[], help="a JSON Lines file of reports that must validate")
    args = parser.parse_args()

    checks = Checks()
    schemas, registry = load_schemas()
    for name, schema in schemas.items():
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
            checks.ok(True, name)
        except jsonschema.SchemaError as error:
            checks.ok(False, f"{name} is not a valid draft 2020-12 schema: {error.message}")
        missing = undocumented(schema)
        checks.ok(not missing, f"{name}: properties without a description: {missing[:5]}")

    samples = []  # (path, schema says valid)
    for folder in args.valid:
        for path in yaml_files(folder):
            docs, error = documents(path)
            if not checks.ok(error is None, f"{path}: not YAML: {error}"):
                continue
            problems = [p for doc in docs for p in schema_errors(schemas, registry, doc)]
            checks.ok(not problems, f"{path}: should be valid: {problems[:3]}")
            samples.append((path, not problems))
    for folder in args.invalid:
        for path in yaml_files(folder):
            docs, error = documents(path)
            problems = [p for doc in docs for p in schema_errors(schemas, registry, doc)]
            checks.ok(error is not None or bool(problems), f"{path}: the schema accepts an invalid sample")
            samples.append((path, error is None and not problems))

    if args.binary:
        for path, valid in samples:
            run = subprocess.run([args.binary, "validate", str(path)], capture_output=True, text=True)
            checks.ok(run.returncode in (0, 1), f"{path}: validate exited {run.returncode}: {run.stderr.strip()}")
            checks.ok((run.returncode == 0) == valid,
                      f"{path}: schema says {'valid' if valid else 'invalid'}, popgesture validate exited {run.returncode}: {run.stdout.strip()[:300]}")
        outputs = {
            "report.schema.json": ["replay", "--format", "json"],
            "check.schema.json": ["check", "--format", "json"],
        }
        printed = 0
        for folder in args.valid:
            for schema, command in outputs.items():
                run = subprocess.run([args.binary, *command, folder], capture_output=True, text=True)
                lines = [line for line in run.stdout.splitlines() if line.strip()]
                printed += len(lines)
                for line in lines:
                    errors = list(validator(schemas, registry, schema).iter_errors(json.loads(line)))
                    checks.ok(not errors, f"{folder}: `{' '.join(command)}` output breaks {schema}: {[e.message for e in errors[:2]]}")
            run = subprocess.run([args.binary, "diff", "--base", "fd", "--head", "cupertino", "--format", "json", folder],
                                 capture_output=True, text=True)
            errors = list(validator(schemas, registry, "diff.schema.json").iter_errors(json.loads(run.stdout)))
            checks.ok(not errors, f"{folder}: diff output breaks diff.schema.json: {[e.message for e in errors[:2]]}")
        checks.ok(printed > 0 or not args.valid, "popgesture printed no JSON for the valid folders")

    for path in args.reports:
        for number, line in enumerate(pathlib.Path(path).read_text().splitlines(), 1):
            if line.strip():
                errors = list(validator(schemas, registry, "report.schema.json").iter_errors(json.loads(line)))
                checks.ok(not errors, f"{path}:{number}: breaks report.schema.json: {[e.message for e in errors[:2]]}")

    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
