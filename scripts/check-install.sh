#!/usr/bin/env bash
# `make install` into a temporary PREFIX, from the debug build that `make test` has just made: the
# binary runs, `record --serve` reaches popgesture-record beside it, `man -l` renders the page without
# a warning (mdoc's and groff's, which `man popgesture` prints on every call), the bash completion loads (zsh's and fish's too where those
# shells are installed; said when they are not), and `make uninstall` leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" CONFIGURATION=debug > /dev/null
"$prefix/bin/popgesture" --version
# The installed popgesture execs the installed helper: its error is the server's, not a missing helper's.
serve=$("$prefix/bin/popgesture" record --serve --host phone.local --out "$prefix/takes" 2>&1 || true)
[[ $serve == "error: --host phone.local is not an IPv4 address"* ]] \
    || { echo "record --serve did not reach popgesture-record: $serve" >&2; exit 1; }
echo "record --serve runs popgesture-record"
if command -v man > /dev/null; then
    MANWIDTH=100 man -l "$prefix/share/man/man1/popgesture.1" 2> /dev/null | grep -q "popgesture check" \
        || { echo "man -l: the page does not show popgesture check" >&2; exit 1; }
    warnings=$(MANWIDTH=80 man --warnings -l "$prefix/share/man/man1/popgesture.1" 2>&1 > /dev/null)
    [[ -z $warnings ]] || { echo "man -l warns of the page:" >&2; echo "$warnings" | head -n 20 >&2; exit 1; }
    echo "man page renders without warnings"
else
    echo "skipped: man -l (no man here)"
fi
if command -v groff > /dev/null; then
    warnings=$(groff -man -ww -z "$prefix/share/man/man1/popgesture.1" 2>&1)
    [[ -z $warnings ]] || { echo "groff -man -ww warns of the page:" >&2; echo "$warnings" | head -n 20 >&2; exit 1; }
    echo "groff -man -ww: no warnings"
else
    echo "skipped: groff -ww (no groff here)"
fi
bash -c "source '$prefix/share/bash-completion/completions/popgesture' && complete -p popgesture" > /dev/null
echo "bash completion loads"
if command -v zsh > /dev/null; then
    zsh -f -c "fpath=('$prefix/share/zsh/site-functions' \$fpath); autoload -Uz compinit && compinit -u && (( \$+functions[_popgesture] ))"
    echo "zsh completion loads"
else
    echo "skipped: zsh completion (no zsh here)"
fi
if command -v fish > /dev/null; then
    fish -c "source '$prefix/share/fish/vendor_completions.d/popgesture.fish'; complete -c popgesture | string match -q '*check*'"
    echo "fish completion loads"
else
    echo "skipped: fish completion (no fish here)"
fi
make --no-print-directory uninstall PREFIX="$prefix" > /dev/null
left=$(find "$prefix" -type f | wc -l)
[[ $left -eq 0 ]] || { echo "make uninstall left $left files" >&2; find "$prefix" -type f >&2; exit 1; }
echo "installed and uninstalled: binaries, man page, bash/zsh/fish completions"
