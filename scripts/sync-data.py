#!/usr/bin/env python3
"""Copies the reference data the tests read into Tests/Data, or checks that the copy is current.

    scripts/sync-data.py SOURCE DEST            copy (make sync-shared)
    scripts/sync-data.py --check SOURCE DEST    list what differs; exit 1 when anything does

SOURCE is the folder the data is maintained in (the steering repository's shared folder, beside a
checkout when it is there). What is copied: the conformance suites' traces, rules and reference
reports (not their prose or their comparison script: Tests/Data/README.md says what the suites are,
in this project's words), the velocity vectors, and the recordings with their attribution and licence
files. The copy is what the tests read, so a clone alone runs every test; the check is what makes a
new suite or a changed report in SOURCE fail the tests instead of being silently missed.
"""
import filecmp
import os
import shutil
import sys

FOLDERS = ("conformance", "vectors", "recordings")


def wanted(relative):
    """Whether a file below SOURCE (its path relative to SOURCE) belongs in the copy."""
    parts = relative.split(os.sep)
    if parts[0] not in FOLDERS:
        return False
    if parts[0] == "conformance":
        name = parts[-1]
        return not (name.endswith(".md") or name.endswith(".py") or name == "__pycache__")
    return "__pycache__" not in parts


def files(root):
    found = set()
    for folder in FOLDERS:
        for directory, dirs, names in os.walk(os.path.join(root, folder)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                relative = os.path.relpath(os.path.join(directory, name), root)
                if wanted(relative):
                    found.add(relative)
    return found


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    source, dest = args
    if not os.path.isdir(os.path.join(source, "conformance")):
        print(f"sync-data: {source} holds no conformance/ folder: not the reference data", file=sys.stderr)
        return 2
    have, want = files(dest), files(source)
    missing = sorted(want - have)
    extra = sorted(have - want)
    changed = sorted(p for p in want & have
                     if not filecmp.cmp(os.path.join(source, p), os.path.join(dest, p), shallow=False))
    if check:
        for label, paths in (("missing from", missing), ("not in the source, but in", extra),
                             ("differs from the source in", changed)):
            for p in paths:
                print(f"{p}: {label} {dest}")
        if missing or extra or changed:
            print(f"{len(missing) + len(extra) + len(changed)} files differ: run `make sync-shared`")
            return 1
        print(f"{len(want)} files agree")
        return 0
    for p in missing + changed:
        os.makedirs(os.path.dirname(os.path.join(dest, p)), exist_ok=True)
        shutil.copyfile(os.path.join(source, p), os.path.join(dest, p))
    for p in extra:
        os.remove(os.path.join(dest, p))
    print(f"{dest}: {len(missing)} added, {len(changed)} updated, {len(extra)} removed, {len(want)} in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
