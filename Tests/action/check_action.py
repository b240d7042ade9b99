#!/usr/bin/env python3
"""Runs action.yml as the Actions runner would, without GitHub: parses the composite action with
PyYAML, and runs each step's `run:` with `bash --noprofile --norc -eo pipefail` (the runner's `shell:
bash`) in order, with the variables the runner sets (GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_ENV,
GITHUB_PATH, GITHUB_STEP_SUMMARY, RUNNER_TEMP, RUNNER_OS) and each `${{ ... }}` of `env:`, `if:` and
`working-directory:` substituted from the inputs (their defaults, or the scenario's) and the earlier
steps' outputs. A `uses:` step (the build cache) is not run; its condition and inputs are checked.

  Tests/action/check_action.py --binary .build/debug/popgesture [--tarball dist/popgesture-....tar.gz]

Scenarios: annotations, the job summary and SARIF for a failing trace; a passing run with rules,
config and more formats; libyaml installed when missing (apt-get stubbed); the source build (swift
stubbed); a tarball (one made here from --binary, or make dist's with --tarball). Ends with
`action.yml: N passed, N failed`."""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ACTION = yaml.safe_load(open(os.path.join(ROOT, "action.yml"), encoding="utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class Context:
    def __init__(self, inputs, action_path):
        self.inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
        unknown = set(inputs) - set(self.inputs)
        assert not unknown, f"the scenario sets inputs action.yml does not declare: {unknown}"
        self.inputs.update(inputs)
        self.steps = {}
        self.action_path = action_path

    def value(self, name):
        """A context path as the runner resolves it: inputs.x, steps.id.outputs.x, github.action_path;
        an unset output is the empty string."""
        parts = name.split(".")
        if parts[0] == "inputs":
            return self.inputs[".".join(parts[1:])]
        if parts[0] == "steps" and parts[2] == "outputs":
            return self.steps.get(parts[1], {}).get(parts[3], "")
        if name == "github.action_path":
            return self.action_path
        raise AssertionError(f"action.yml uses a context this harness does not know: {name}")

    def evaluate(self, expression):
        """The expressions action.yml uses: a context path, a 'literal', `a == b`, `a != b`, and `&&` / `||`
        between them."""
        expression = expression.strip()
        for operator in ("||", "&&"):
            if operator in expression:
                parts = [self.evaluate(part) for part in expression.split(operator)]
                return any(parts) if operator == "||" else all(parts)
        for operator in ("==", "!="):
            if operator in expression:
                left, right = (self.evaluate(part) for part in expression.split(operator))
                return (left == right) if operator == "==" else (left != right)
        if expression.startswith("'") and expression.endswith("'"):
            return expression[1:-1]
        return self.value(expression)

    def substitute(self, text):
        return EXPRESSION.sub(lambda match: str(self.evaluate(match.group(1))), str(text))


def read_outputs(path):
    outputs = {}
    with open(path, encoding="utf-8") as file:
        for line in file.read().splitlines():
            if "=" in line:
                name, value = line.split("=", 1)
                outputs[name] = value
    return outputs


def run_action(inputs, workspace, action_path=ROOT, path_prefix=None):
    """Runs every step; returns the context (steps' outputs), each run step's (name, status, output),
    the job summary and the skipped `uses:` steps with their substituted `with:`."""
    context = Context(inputs, action_path)
    temp = tempfile.mkdtemp(prefix="runner-temp-")
    summary = os.path.join(temp, "step_summary.md")
    open(summary, "w").close()
    results, used = [], []
    for step in ACTION["runs"]["steps"]:
        condition = step.get("if")
        if condition is not None and not context.evaluate(EXPRESSION.sub(r"\1", str(condition))):
            continue
        if "uses" in step:
            used.append((step["uses"], {name: context.substitute(value) for name, value in step.get("with", {}).items()}))
            continue
        assert step.get("shell") == "bash", f"step {step.get('name')} must run with shell: bash"
        assert "${{" not in step["run"], f"step {step.get('name')} interpolates an expression into its script; pass it in env"
        output = os.path.join(temp, f"output-{len(results)}")
        open(output, "w").close()
        env = dict(os.environ)
        env.update({
            "GITHUB_ACTION_PATH": action_path, "GITHUB_OUTPUT": output, "GITHUB_STEP_SUMMARY": summary,
            "GITHUB_ENV": os.path.join(temp, "env"), "GITHUB_PATH": os.path.join(temp, "path"),
            "GITHUB_WORKSPACE": workspace, "RUNNER_TEMP": temp, "RUNNER_OS": "Linux", "CI": "true",
        })
        if path_prefix:
            env["PATH"] = path_prefix + os.pathsep + env["PATH"]
        env.update({name: context.substitute(value) for name, value in step.get("env", {}).items()})
        folder = os.path.join(workspace, context.substitute(step.get("working-directory", ".")))
        script = os.path.join(temp, f"step-{len(results)}.sh")
        with open(script, "w", encoding="utf-8") as file:
            file.write(step["run"])
        run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=folder, env=env,
                             capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
        if step.get("id"):
            context.steps[step["id"]] = read_outputs(output)
        results.append((step.get("name"), run.returncode, run.stdout + run.stderr))
        if run.returncode != 0:
            break
    with open(summary, encoding="utf-8") as file:
        return context, results, file.read(), used


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, name, condition, details=""):
        if condition:
            self.passed += 1
            print(f"ok: {name}")
        else:
            self.failed += 1
            print(f"FAILED: {name}")
            if details:
                print("    " + str(details).replace("\n", "\n    ")[-3000:])


def workspace_with(traces):
    folder = tempfile.mkdtemp(prefix="workspace-")
    for name, text in traces.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    return folder


def stub(folder, name, script):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as file:
        file.write("#!/usr/bin/env bash\n" + script)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True, help="a built popgesture")
    parser.add_argument("--tarball", help="make dist's tarball, run instead of one made from --binary")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    checks = Checks()
    passing = open(os.path.join(ROOT, "traces/example/cancelled-swipe.yaml"), encoding="utf-8").read()
    failing = passing.replace("pop: cancelled", "pop: completed")

    # The structure the runner needs.
    checks.check("action.yml is a composite action whose inputs include paths, rules, config and format",
                 ACTION["runs"]["using"] == "composite" and {"paths", "rules", "config", "format"} <= set(ACTION["inputs"]))

    # A failing trace: annotations on stdout, the job summary, a SARIF file, exit 1.
    workspace = workspace_with({"swipe.yaml": failing, "traces/ok.yaml": passing})
    context, results, summary, used = run_action({"binary": binary, "paths": "swipe.yaml traces"}, workspace)
    check = results[-1]
    checks.check("with `binary` no cache is restored and nothing is built",
                 used == [] and [name for name, _, _ in results][1] == "Get popgesture", results)
    checks.check("a failing trace fails the check step with exit 1", check[0] == "popgesture check" and check[1] == 1, check)
    checks.check("--format github prints the annotation at the item's line",
                 "::error file=swipe.yaml,line=16,col=5,title=expectation failed (pop)::cancelled-swipe-between-bar-and-no-bar (fd): expect[1]: gesture 1: expected pop completed, got cancelled by projection" in check[2], check[2])
    checks.check("--format markdown goes to the job summary",
                 summary.startswith("## popgesture check\n") and "Failed: 2 traces in 2 files: 1 passed, 1 failed, 0 errors" in summary
                 and "| swipe.yaml:16:5 |" in summary, summary)
    outputs = context.steps.get("check", {})
    sarif_path = outputs.get("sarif-file", "")
    try:
        sarif = json.load(open(sarif_path, encoding="utf-8"))
        results_sarif = sarif["runs"][0]["results"]
        ok = sarif["version"] == "2.1.0" and len(results_sarif) == 1 and results_sarif[0]["ruleId"] == "expect-pop" \
            and results_sarif[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 16
    except Exception as error:  # noqa: BLE001 - any failure to read it is the finding
        ok, sarif = False, error
    checks.check("--format sarif writes the file the sarif-file output names, one result at line 16", ok, sarif)
    checks.check("the exit-code output is 1", outputs.get("exit-code") == "1", outputs)

    # A passing run: rules and config inputs, more formats into output-dir, in a working directory; the
    # failing trace under skipped/ is left out by args' --exclude, the paths come from the config file.
    workspace = workspace_with({
        "app/traces/ok.yaml": passing,
        "app/traces/skipped/swipe.yaml": failing,
        "app/popgesture-ci.yml": "format: popgesture-config/1\ninclude: [traces]\nstrict: true\n",
    })
    out = os.path.join(workspace, "reports")
    context, results, summary, _ = run_action({
        "binary": binary, "rules": "fd", "config": "popgesture-ci.yml", "format": "github markdown junit json html",
        "output-dir": out, "working-directory": "app", "args": "--exclude skipped/ --jobs 1",
    }, workspace)
    check = results[-1]
    checks.check("a passing run exits 0 (rules, the config's include, args' --exclude, working-directory)",
                 check[1] == 0 and "1 trace in 1 file: 1 passed, 0 failed, 0 errors" in check[2]
                 and summary.startswith("## popgesture check\n\nPassed: 1 trace in 1 file"), (check, summary))
    outputs = context.steps.get("check", {})
    files = {name: outputs.get(f"{name}-file", "") for name in ("junit", "json", "html")}
    checks.check("junit, json and html files are written in output-dir and named in the outputs",
                 all(path.startswith(out) and os.path.getsize(path) > 0 for path in files.values())
                 and files["junit"].endswith("popgesture.xml"), (files, check[2]))
    checks.check("the json names the config's trace and rules fd",
                 bool(files["json"]) and '"traces/ok.yaml' in open(files["json"], encoding="utf-8").read()
                 and '"rules": "fd"' in open(files["json"], encoding="utf-8").read())

    # libyaml missing: the setup step installs it with apt-get (stubbed: it records its arguments).
    stubs = tempfile.mkdtemp(prefix="stubs-")
    log = os.path.join(stubs, "calls")
    stub(stubs, "pkg-config", "exit 1\n")
    stub(stubs, "apt-get", f'echo "apt-get $*" >> "{log}"\n')
    stub(stubs, "sudo", f'echo "sudo $*" >> "{log}"\n"$@"\n')
    _, results, _, _ = run_action({"binary": binary, "paths": "ok.yaml"}, workspace_with({"ok.yaml": passing}),
                                  path_prefix=stubs)
    calls = open(log, encoding="utf-8").read() if os.path.exists(log) else ""
    install = "apt-get install -y -q libyaml-dev pkg-config"
    checks.check("without libyaml the setup step installs libyaml-dev with apt-get (sudo when not root)",
                 results[0][1] == 0 and "apt-get update -q" in calls and install in calls
                 and (("sudo" in calls) == (os.geteuid() != 0)), (calls, results[0]))

    # No binary, no tarball: the build cache is restored (actions/cache, keyed by sources and toolchain)
    # and the action's sources are built in release (swift stubbed: it records its arguments).
    action_copy = tempfile.mkdtemp(prefix="action-")
    for name in ("Package.swift", "Sources", "action.yml"):
        os.symlink(os.path.join(ROOT, name), os.path.join(action_copy, name))
    stubs = tempfile.mkdtemp(prefix="stubs-")
    log = os.path.join(stubs, "calls")
    stub(stubs, "swift", f'echo "swift $*" >> "{log}"\n'
         'if [ "$1" = build ]; then mkdir -p "$GITHUB_ACTION_PATH/.build/release"; '
         f'ln -sf "{binary}" "$GITHUB_ACTION_PATH/.build/release/popgesture"; else echo "Swift version 6.3.1"; fi\n')
    context, results, _, used = run_action({"paths": "ok.yaml"}, workspace_with({"ok.yaml": passing}),
                                           action_path=action_copy, path_prefix=stubs)
    calls = open(log, encoding="utf-8").read() if os.path.exists(log) else ""
    key = context.steps.get("setup", {}).get("cache-key", "")
    checks.check("from source: actions/cache restores .build under a key of the runner, toolchain and sources",
                 len(used) == 1 and used[0][0].startswith("actions/cache@")
                 and used[0][1] == {"path": action_copy + "/.build", "key": key}
                 and re.fullmatch(r"popgesture-Linux-x86_64-[0-9a-f]{12}-[0-9a-f]{16}", key) is not None, (used, key))
    checks.check("from source: swift build -c release --product popgesture in the action's folder, then check",
                 f"swift build -c release --product popgesture --package-path {action_copy}" in calls
                 and results[-1][1] == 0, (calls, results))

    # A tarball (make dist's layout: popgesture-VERSION-TRIPLE/bin/popgesture), by path.
    tarball = arguments.tarball
    if not tarball:
        staging = tempfile.mkdtemp(prefix="dist-")
        top = os.path.join(staging, "popgesture-0.0.0-test")
        os.makedirs(os.path.join(top, "bin"))
        shutil.copy2(binary, os.path.join(top, "bin", "popgesture"))
        tarball = os.path.join(staging, "popgesture-0.0.0-test.tar.gz")
        with tarfile.open(tarball, "w:gz") as archive:
            archive.add(top, arcname=os.path.basename(top))
    context, results, _, used = run_action({"tarball": os.path.abspath(tarball), "paths": "swipe.yaml"},
                                           workspace_with({"swipe.yaml": failing}))
    tool = context.steps.get("tool", {}).get("bin", "")
    checks.check(f"a tarball ({os.path.basename(tarball)}) is unpacked in RUNNER_TEMP and its bin/popgesture checks",
                 used == [] and "popgesture-dist/bin/popgesture" in tool and results[-1][1] == 1
                 and "::error file=swipe.yaml,line=16,col=5" in results[-1][2], results)

    print(f"action.yml: {checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
