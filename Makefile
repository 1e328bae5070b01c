# Glance: make deps | browser | build | test | test-custom-design | test-consumer | test-variants | apple-typecheck | lint | format | bench | bench-judge | bench-sim | bench-sweep | bench-store | sweep-slurm | explore-slurm | slurm-check | simulate | scenarios | stress | fuzz | docs | clean
#
# Every target installs what is missing first (`deps`), so a fresh machine needs only
# `make test` (the tests) and `make simulate` (the main job).

SWIFT ?= swift
# Release builds link the Swift runtime and Foundation statically: `simulate` then starts in
# about 2 ms of CPU instead of 5 (no shared libraries to load and relocate), a fifteenth of the
# 30-day run; the binary is larger (about 100 MB). Benchmarks/README.md has both figures.
# Glance's own builds treat every warning as an error; Package.swift imposes nothing, so that a
# newer compiler's new warning never breaks a consumer's build. SwiftPM builds remote dependencies
# with their warnings suppressed, so this reaches Glance's targets only.
STRICT := -Xswiftc -warnings-as-errors
RELEASE := -c release --static-swift-stdlib $(STRICT)
PKG_CONFIG ?= pkg-config
# apt-get needs root; use sudo when we are not root and it exists.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# `make docs`: the scratch path of the debug build the symbol graphs come from, the folder the
# archives go to, and the DocC compiler (it ships with the Swift toolchain).
DOCS_BUILD ?= .build
DOCS_OUT ?= $(DOCS_BUILD)/docs
DOCC ?= docc
# The documented modules; each has its catalog in Sources/<module>/<module>.docc.
DOCS_MODULES := GlanceKernel GlanceSync GlanceStore GlanceSimulation

.PHONY: deps browser build test test-custom-design test-consumer test-variants apple-typecheck lint format bench bench-judge bench-sim bench-sweep bench-store sweep-slurm explore-slurm slurm-check simulate baseline scenarios stress fuzz docs clean

## deps: install GMP (libgmp-dev) and pkg-config with apt-get when `pkg-config --exists gmp` fails,
## and SQLite (libsqlite3-dev, which GRDB links on Linux) when `pkg-config --exists sqlite3` fails.
deps:
	@if command -v $(PKG_CONFIG) >/dev/null 2>&1 && $(PKG_CONFIG) --exists gmp; then \
	  echo "deps: gmp $$($(PKG_CONFIG) --modversion gmp) found"; \
	else \
	  echo "deps: installing libgmp-dev and pkg-config"; \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libgmp-dev pkg-config; \
	fi
	@if $(PKG_CONFIG) --exists sqlite3; then \
	  echo "deps: sqlite3 $$($(PKG_CONFIG) --modversion sqlite3) found"; \
	else \
	  echo "deps: installing libsqlite3-dev"; \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsqlite3-dev; \
	fi

## browser: install Chromium (Debian's `chromium`) with apt-get when `chromium` is not on the
## PATH. Only `make test` needs it: HTMLReportTests renders report.html headless and looks at the
## screenshot (without a browser that test is skipped, and says so). Kept out of `deps` so that
## `make simulate` or `make bench` on a fresh machine never downloads a browser.
browser:
	@if command -v chromium >/dev/null 2>&1; then \
	  echo "browser: $$(chromium --version 2>/dev/null | head -n 1) found"; \
	else \
	  echo "browser: installing chromium"; \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	fi

## build: debug build of every target.
build: deps
	$(SWIFT) build $(STRICT)

## test: build and run every test (Swift Testing and property tests; warnings are errors), then
## build and test a copy of Examples/CustomDesign outside the repository (test-custom-design), a
## separate package that simulates a design of its own,
## Examples/KernelConsumer, an app's package that pins Yams 5 beside Glance's kernel and builds it
## with a noisy setting (test-consumer), and Examples/ReadmeSnippets (each builds Glance from
## source, as a user's package would; the README's snippets in test-custom-design's build folder,
## $(EXAMPLES_BUILD), where Glance is built the same way, so that they reuse its modules instead of
## a cold build of their own); then, in one more build, the scenario tests with Yams 5 and the
## kernel's tests without GMP (test-variants). `--traits` replaces the
## default traits, so GMP is named beside InternalChecks.
test: deps browser
	$(SWIFT) build --build-tests --traits GMP,InternalChecks $(STRICT)
	$(SWIFT) test --skip-build --traits GMP,InternalChecks $(STRICT)
	$(MAKE) test-custom-design
	$(MAKE) test-consumer
	cd Examples/ReadmeSnippets && $(SWIFT) build --build-tests --scratch-path $(EXAMPLES_BUILD) \
	  && $(SWIFT) test --skip-build --scratch-path $(EXAMPLES_BUILD)
	$(MAKE) test-variants

## test-custom-design: Examples/CustomDesign as an app's package meets Glance: its tracked files
## copied into a new temporary folder outside the repository, the copy's Glance dependency pointed
## at this checkout's absolute path (its only way back), then built and tested there as a user
## would (debug, without STRICT: it is a consumer), and its `small-tally-sweep` run on a built-in
## scenario and on the package's own file; the copy is removed afterwards. The build folder,
## $(EXAMPLES_BUILD), is kept between runs so that Glance is not rebuilt from scratch, and the
## README's snippets build there after it (see test).
EXAMPLES_BUILD ?= $(CURDIR)/.build/examples
test-custom-design: deps
	@copy=$$(mktemp -d "$${TMPDIR:-/tmp}/glance-custom-design.XXXXXX") || exit 1; \
	trap 'rm -rf "$$copy"' EXIT; \
	case "$$copy/" in "$(CURDIR)"/*) echo "test-custom-design: $$copy is inside the repository"; exit 1;; esac; \
	(cd Examples/CustomDesign && git ls-files -z . | xargs -0 cp --parents -t "$$copy") || exit 1; \
	sed -i 's|path: "\.\./\.\."|path: "$(CURDIR)"|' "$$copy/Package.swift"; \
	grep -q 'path: "$(CURDIR)"' "$$copy/Package.swift" \
	  || { echo "test-custom-design: the copy's Package.swift does not point at $(CURDIR)"; exit 1; }; \
	echo "test-custom-design: Examples/CustomDesign copied to $$copy, its Glance at $(CURDIR)"; \
	cd "$$copy" && set -x && $(SWIFT) build --build-tests --scratch-path $(EXAMPLES_BUILD) \
	  && $(SWIFT) test --skip-build --scratch-path $(EXAMPLES_BUILD) \
	  && $(SWIFT) run --skip-build --scratch-path $(EXAMPLES_BUILD) small-tally-sweep --seeds 1...4 --days 2 --jobs 2 \
	  && $(SWIFT) run --skip-build --scratch-path $(EXAMPLES_BUILD) small-tally-sweep \
	    --scenario Tests/CustomDesignTests/Scenarios/watch-away.yaml --seeds 1...4 --days 2 --jobs 2

## test-consumer: Examples/KernelConsumer, an app's package (Glance's kernel without GMP, beside
## its own pin of Yams 5), built with a deliberately noisy setting of its own: strict memory
## safety (SE-0458), which makes Glance's unsafe code warn. Glance imposes no warnings-as-errors on
## a consumer, so the build must succeed, and the warnings must be there (else the setting did not
## reach Glance and the check proves nothing); then its tests run. It builds from scratch in
## $(CONSUMER_BUILD) each time: an up-to-date build compiles nothing, so it would warn of nothing.
CONSUMER_FLAGS := -Xswiftc -strict-memory-safety
CONSUMER_BUILD := $(CURDIR)/.build/kernel-consumer
test-consumer: deps
	rm -rf $(CONSUMER_BUILD) && mkdir -p $(CONSUMER_BUILD)
	@cd Examples/KernelConsumer && $(SWIFT) build --build-tests --scratch-path $(CONSUMER_BUILD) $(CONSUMER_FLAGS) \
	  >$(CONSUMER_BUILD)/build.log 2>&1 \
	  || { cat $(CONSUMER_BUILD)/build.log; echo "test-consumer: Examples/KernelConsumer did not build with $(CONSUMER_FLAGS)"; exit 1; }
	@warnings=$$(grep -o '/Sources/GlanceKernel/[^:]*:[0-9]*:[0-9]*: warning:' $(CONSUMER_BUILD)/build.log | sort -u | wc -l); \
	  if [ "$$warnings" -eq 0 ]; then \
	    echo "test-consumer: no warning in Glance's sources: $(CONSUMER_FLAGS) did not reach Glance ($(CONSUMER_BUILD)/build.log)"; exit 1; \
	  fi; \
	  echo "test-consumer: Examples/KernelConsumer built with $(CONSUMER_FLAGS): $$warnings warnings in Glance's sources, none an error"
	cd Examples/KernelConsumer && $(SWIFT) test --skip-build --scratch-path $(CONSUMER_BUILD) $(CONSUMER_FLAGS)

## test-variants: Glance as two other kinds of package build it, in one build (a cold build of
## every test target is most of what this costs, and the two variants touch unrelated code):
## - without the default trait GMP: the kernel on the pure-Swift backend (attaswift/BigInt), as on
##   iOS and watchOS. The kernel's tests and the determinism suite's report checks run (the
##   committed baseline byte for byte; two runs of one seed alike; `make test`'s GMP run holds the
##   rest of the suite); the test binary must not link libgmp (ldd shows it), and the GMP build's
##   must (so that the check can fail);
## - with Yams 5: Glance accepts Yams 5 or 6 (Package.swift) and resolves 6 itself, so the tracked
##   files are copied into $(VARIANTS_COPY) and Yams resolved to 5.0.1 there; the scenario tests
##   (the only code that reads YAML) run against it.
VARIANTS_COPY ?= .build-variants/package
test-variants: deps
	rm -rf $(VARIANTS_COPY) && mkdir -p $(VARIANTS_COPY)
	git ls-files -z Package.swift Sources Tests Simulations Reports/baseline Benchmarks Fuzz | xargs -0 cp --parents -t $(VARIANTS_COPY)
	cd $(VARIANTS_COPY) && $(SWIFT) package resolve && $(SWIFT) package resolve Yams --version 5.0.1
	cd $(VARIANTS_COPY) && grep -A6 '"identity" : "yams"' Package.resolved | grep -q '"version" : "5\.' \
	  || { echo "test-variants: Yams did not resolve to 5 in $(VARIANTS_COPY)"; exit 1; }
	cd $(VARIANTS_COPY) && $(SWIFT) build --build-tests --traits InternalChecks $(STRICT)
	cd $(VARIANTS_COPY) && $(SWIFT) test --skip-build --traits InternalChecks $(STRICT) \
	  --filter 'GlanceKernelTests|Scenario|DeterminismTests/(sameSeedSameBytes|baseline)\('
	@binary=$$(ls -d $(VARIANTS_COPY)/.build/debug/*.xctest | head -n 1); echo "ldd $$binary:"; ldd $$binary | sed 's/ (0x.*//; s/^/  /'; \
	  if ldd $$binary | grep -q libgmp; then echo "test-variants: $$binary links GMP"; exit 1; fi; \
	  gmp_binary=$$(ls -d .build/debug/*.xctest 2>/dev/null | head -n 1); \
	  if [ -n "$$gmp_binary" ] && ! ldd $$gmp_binary | grep -q libgmp; then echo "test-variants: $$gmp_binary (GMP trait) does not link GMP"; exit 1; fi; \
	  echo "test-variants: no GMP linked; the GMP build links $$(ldd $$gmp_binary | grep -o 'libgmp[^ ]*' | head -n 1)"

## lint: swift-format's lint over every Swift file (the configuration is .swift-format): warnings
## only; `.ci/run` passes LINT_FLAGS=--strict, which makes them errors. `make format` rewrites the
## files in place.
LINT_PATHS := Sources Tests Benchmarks Fuzz/Sources Examples/CustomDesign/Sources Examples/CustomDesign/Tests \
  Examples/KernelConsumer/Sources Examples/KernelConsumer/Tests \
  Examples/ReadmeSnippets/Sources Examples/ReadmeSnippets/Tests Examples/ReadmeSnippets/Plugins
LINT_FLAGS ?=
lint:
	$(SWIFT) format lint $(LINT_FLAGS) --configuration .swift-format --recursive $(LINT_PATHS)

format:
	$(SWIFT) format format --in-place --configuration .swift-format --recursive $(LINT_PATHS)

## bench: release-build benchmarks (never part of `make test`): glance-bench (money, days, the
## simulator), bench-sim and bench-store, each printing its Markdown table and writing its named figures to
## .build/bench/*.json; `glance-bench merge` then writes .build/bench/results.json and regenerates
## the dated table of Benchmarks/README.md, with issue 19's targets.
bench: deps
	$(SWIFT) build $(RELEASE) --product glance-bench
	.build/release/glance-bench --json .build/bench/money.json
	$(MAKE) bench-sim
	$(MAKE) bench-store
	.build/release/glance-bench merge .build/bench/results.json Benchmarks/README.md \
	  .build/bench/money.json .build/bench/simulate.json .build/bench/store.json

## bench-judge: the simulator against the one before the independent judge (issue 14, commit
## JUDGE_BASE), side by side in one run: each binary plays the 30-day default run, seed 42,
## alternately RUNS times; prints each one's median CPU time (user + system) and their ratio.
JUDGE_BASE ?= e0f8c3f
RUNS ?= 15
# bash's `time` reports CPU time to the millisecond (TIMEFORMAT).
bench-judge: SHELL := /bin/bash
bench-judge: deps
	$(SWIFT) build $(RELEASE) --product simulate
	rm -rf .build/judge-base && git worktree prune && git worktree add --force --detach .build/judge-base $(JUDGE_BASE)
	cd .build/judge-base && $(SWIFT) build $(RELEASE) --product simulate
	@rm -f .build/judge-times; for run in $$(seq $(RUNS)); do \
	  for side in before now; do \
	    binary=.build/release/simulate; [ $$side = before ] && binary=.build/judge-base/.build/release/simulate; \
	    TIMEFORMAT="$$side %3U %3S"; { time $$binary --days 30 --seed 42 --out .build/judge-out-$$side >/dev/null; } 2>>.build/judge-times; \
	  done; \
	done
	@awk '{ cpu[$$1] = cpu[$$1] " " ($$2 + $$3) } END { \
	  for (side in cpu) { n = split(substr(cpu[side], 2), v, " "); \
	    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t } \
	    median[side] = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 } \
	  printf "30-day default run, seed 42, median CPU time of %d runs each: before %.0f ms, now %.0f ms: %.2fx\n", \
	    n, median["before"] * 1000, median["now"] * 1000, median["now"] / median["before"] }' .build/judge-times
	git worktree remove --force .build/judge-base

## bench-sim: the simulator's speed (release build, never part of `make test`): the median CPU
## time (user + system) of the 30-day default run, seed 42, over SIM_RUNS runs; the 365-day run's
## median over SIM_RUNS_365 runs as a ratio to it; with SWEEP=1 also the wall time of
## `simulate sweep --seeds 1...10000 --jobs 2`. Writes .build/bench/simulate.json (a flat
## object, sorted keys) and prints a Markdown table.
SIM_RUNS ?= 9
SIM_RUNS_365 ?= 3
SWEEP ?=
bench-sim: SHELL := /bin/bash
bench-sim: deps
	$(SWIFT) build $(RELEASE) --product simulate
	@mkdir -p .build/bench && rm -f .build/bench/simulate-times
	@for run in $$(seq $(SIM_RUNS)); do \
	  TIMEFORMAT="days30 %3U %3S"; { time .build/release/simulate --days 30 --seed 42 --out .build/bench/sim-out >/dev/null; } 2>>.build/bench/simulate-times; \
	done
	@for run in $$(seq $(SIM_RUNS_365)); do \
	  TIMEFORMAT="days365 %3U %3S"; { time .build/release/simulate --days 365 --seed 42 --out .build/bench/sim-out >/dev/null; } 2>>.build/bench/simulate-times; \
	done
	@if [ "$(SWEEP)" = 1 ]; then \
	  TIMEFORMAT="sweep10000 %3R"; { time .build/release/simulate sweep --seeds 1...10000 --jobs 2 --no-progress --out .build/bench/sim-sweep >/dev/null; } 2>>.build/bench/simulate-times; \
	fi
	@awk '{ value[$$1] = value[$$1] " " ($$1 == "sweep10000" ? $$2 : $$2 + $$3) } END { \
	  for (key in value) { n = split(substr(value[key], 2), v, " "); \
	    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t } \
	    median[key] = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 } \
	  printf "{\n  \"simulate.days30.ms\": %.0f,\n  \"simulate.days365.ratioToDays30\": %.2f", median["days30"] * 1000, median["days365"] / median["days30"]; \
	  if ("sweep10000" in median) printf ",\n  \"simulate.sweep10000.seconds\": %.1f", median["sweep10000"]; \
	  printf "\n}\n" }' .build/bench/simulate-times > .build/bench/simulate.json
	@awk -F': ' '/"/ { gsub(/[",]/, ""); gsub(/^ +/, "", $$1); print "| " $$1 " | " $$2 " |" }' .build/bench/simulate.json | \
	  { echo "| measure | value |"; echo "|---|---:|"; cat; }
	@echo "written: .build/bench/simulate.json"

## bench-sweep: the sweep's throughput (release build, never part of `make test`): 1 000 seeds
## × 30 days × every strategy of the default scenario with 1 job, then with 2 jobs (the scaling),
## then the 10 000-seed sweep with 2 jobs; each prints its seed-days per second.
SWEEP_SEEDS ?= 1...10000
bench-sweep: deps
	$(SWIFT) build $(RELEASE) --product simulate
	.build/release/simulate sweep --seeds 1...1000 --jobs 1 --no-progress --out .build/bench-sweep/jobs1
	.build/release/simulate sweep --seeds 1...1000 --jobs 2 --no-progress --out .build/bench-sweep/jobs2
	cmp .build/bench-sweep/jobs1/sweep-default-seeds1-1000-days30/lines.jsonl \
	    .build/bench-sweep/jobs2/sweep-default-seeds1-1000-days30/lines.jsonl
	.build/release/simulate sweep --seeds $(SWEEP_SEEDS) --jobs 2 --no-progress --out .build/bench-sweep/full

## bench-store: EventStore's writes per second against raw SQLite doing the same transactions on
## the same schema with the same pragmas (one process, the watch's batch, three writer processes;
## synchronous FULL and NORMAL), side by side in one run, and `simulate --store sqlite` against
## the in-memory run (release builds, never part of `make test`). Prints a Markdown table and
## writes the figures to .build/bench/store.json.
bench-store: deps
	$(SWIFT) build $(RELEASE) --product simulate
	$(SWIFT) build $(RELEASE) --product glance-store-bench
	.build/release/glance-store-bench --json .build/bench/store.json

## sweep-slurm: a sweep on the Slurm cluster this machine submits to (sbatch on the PATH; SLURM_CONF
## when not the default): Scripts/slurm/sweep.sbatch as an array of SHARDS tasks, task K running
## shard K/SHARDS of SEEDS on SLURM_CPUS cores into $(SLURM_OUT)/shards, which every node must see
## (a shared filesystem, as is the binary .build/release/simulate); waits for every task (sbatch
## --wait), then `simulate merge` writes $(SLURM_OUT)/sweep-<scenario>-seeds<A>-<B>-days<D>/ and
## prints the verdict; fails when a task failed or the verdict is FAIL. SWEEP_FLAGS go to `simulate
## sweep` (--scenario generated --days 7), SBATCH_FLAGS to sbatch (--partition=..., --time=...).
SEEDS ?= 1...10000
SHARDS ?= 4
SLURM_CPUS ?= 2
SLURM_OUT ?= Reports/slurm
SWEEP_FLAGS ?=
SBATCH_FLAGS ?=
# $(call slurm_array,<target>,<SEEDS or explore>,<flags>): the recipe's first lines for sweep-slurm
# and explore-slurm: builds the binary, then submits Scripts/slurm/sweep.sbatch as an array of
# SHARDS tasks into $(SLURM_OUT)/shards and waits for every task.
define slurm_array
	$(if $(strip $(SLURM_OUT)),,$(error $(1): SLURM_OUT is empty))
	@command -v sbatch >/dev/null || { echo "$(1): no sbatch here: run it where Slurm jobs are submitted"; exit 1; }
	$(SWIFT) build $(RELEASE) --product simulate
	rm -rf $(SLURM_OUT)/shards && mkdir -p $(SLURM_OUT)/shards $(SLURM_OUT)/logs
	sbatch --wait --array=1-$(SHARDS) --cpus-per-task=$(SLURM_CPUS) --output=$(abspath $(SLURM_OUT))/logs/%x-%A_%a.out \
	    $(SBATCH_FLAGS) Scripts/slurm/sweep.sbatch \
	    $(abspath .build/release/simulate) $(abspath $(SLURM_OUT))/shards $(2) $(SHARDS) $(3) \
	  || { echo "$(1): the submission or a task failed (each task's log is in $(SLURM_OUT)/logs/)"; exit 1; }
endef
sweep-slurm: deps
	$(call slurm_array,sweep-slurm,$(SEEDS),$(SWEEP_FLAGS))
	.build/release/simulate merge $(SLURM_OUT)/shards/*-shard*of$(SHARDS) --out $(SLURM_OUT)

## explore-slurm: an exploration on the Slurm cluster, as sweep-slurm runs a sweep: Scripts/slurm/
## sweep.sbatch with `explore` for SEEDS, task K running `simulate explore --shard K/SHARDS
## $(EXPLORE_FLAGS)` into $(SLURM_OUT)/shards; then `simulate merge` of each domain's SHARDS
## folders writes $(SLURM_OUT)/explore-<scenario>-<strategy>-<domain>-moves<N>/, byte for byte the
## exploration run whole. Fails when a task or a merge failed, or a design expected to converge broke.
EXPLORE_FLAGS ?= --moves 2
explore-slurm: deps
	$(call slurm_array,explore-slurm,explore,$(EXPLORE_FLAGS))
	status=0; for first in $(SLURM_OUT)/shards/explore-*-shard1of$(SHARDS); do \
	  .build/release/simulate merge $${first%-shard1of$(SHARDS)}-shard*of$(SHARDS) --out $(SLURM_OUT) || status=$$?; \
	done; exit $$status

## slurm-check: the Slurm integration, for real (Scripts/slurm/check.sh; root): installs slurm-wlm
## and munge with apt-get when missing, starts a one-node cluster on this machine in a temporary
## folder (its own munge key, slurm.conf, state and logs; ports 16817-16818), checks that `make
## sweep-slurm` of seeds 1...200 in 4 tasks merges into the bytes of the sweep run whole, and that
## it still does after task 2, cancelled mid-run, is resubmitted alone, and that `make explore-slurm`
## of the steps domain at one move in 3 tasks merges into the exploration run whole; then stops every daemon it
## started, by pid, even on failure. `.ci/run` runs it after `make test`.
slurm-check: deps
	$(SWIFT) build $(RELEASE) --product simulate
	Scripts/slurm/check.sh

## simulate: the main job: every strategy through the default scenario, 30 days, seed 42
## (release build); writes Reports/default-seed42-days30/report.md, report.html and report.json.
simulate: deps
	$(SWIFT) build $(RELEASE) --product simulate
	.build/release/simulate --days 30 --seed 42

## baseline: regenerate the committed Reports/baseline/ (make test fails if it differs by a byte).
baseline: deps
	$(SWIFT) build $(RELEASE) --product simulate
	.build/release/simulate --days 30 --seed 42 --out Reports/baseline

## scenarios: regenerate $(BUILT_IN_SCENARIOS), the scenario files of Simulations/ built into
## `simulate` (so that it runs from any folder). Simulations/*.yaml stay the source of truth: run
## this after changing one; `make test` fails while the embedded copy differs from the files.
BUILT_IN_SCENARIOS := Sources/GlanceSimulation/Scenario/BuiltInScenarios.swift
scenarios:
	@if grep -l -e '"""#' -e '\\#' Simulations/*.yaml; then echo 'scenarios: the file above holds """# or \#, which the embedded raw string literal cannot hold'; exit 1; fi
	@{ echo '// swift-format-ignore-file'; \
	  echo '// Generated by `make scenarios` from Simulations/*.yaml: do not edit. ScenarioFilesTests fails'; \
	  echo '// while a text here differs from its file.'; \
	  echo ''; \
	  echo 'extension ScenarioLoader {'; \
	  echo '  /// The text of each file of `Simulations/` when the binary was built, by name (the file name'; \
	  echo '  /// without `.yaml`).'; \
	  echo '  static let builtInTexts: [(name: String, text: String)] = ['; \
	  for file in $$(LC_ALL=C ls Simulations/*.yaml); do \
	    printf '    (\n      "%s",\n      #"""\n' "$$(basename "$$file" .yaml)"; \
	    cat "$$file"; \
	    printf '\n"""#\n    ),\n'; \
	  done; \
	  echo '  ]'; \
	  echo '}'; \
	} > $(BUILT_IN_SCENARIOS).new && mv $(BUILT_IN_SCENARIOS).new $(BUILT_IN_SCENARIOS)
	@echo "scenarios: $(BUILT_IN_SCENARIOS) holds $$(ls Simulations/*.yaml | wc -l) scenarios"

## stress: app, widget and watch writer processes on one database, SIGKILLed at random and
## restarted for 120 s (release build); fails when an acknowledged write is lost, an id is stored
## twice or invented, or integrity_check fails. `make test` runs a 15 s debug version in each
## synchronous mode. STRESS_SYNCHRONOUS=normal runs the workers with `synchronous = NORMAL`.
STRESS_SYNCHRONOUS ?= full
stress: deps
	$(SWIFT) build $(RELEASE) --product glance-store-stress
	.build/release/glance-store-stress drive --seconds 120 --seed 1 --synchronous $(STRESS_SYNCHRONOUS)

# Fuzzing: seconds per target, libFuzzer's memory and per-input time limits, the build folder
# (its own, so that the sanitized release build never replaces the normal debug one), and the
# targets (one per folder of Fuzz/Corpus; `glance-fuzz --list` names them too). Swift's own
# backtracer is off while fuzzing: libFuzzer and AddressSanitizer report the crash.
FUZZ_SECONDS ?= 60
FUZZ_RSS_LIMIT_MB ?= 2048
FUZZ_TIMEOUT_SECONDS ?= 10
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_TARGETS ?= $(notdir $(wildcard Fuzz/Corpus/*))
FUZZ_BUILD_FLAGS = -c release --scratch-path $(FUZZ_SCRATCH) --product glance-fuzz $(STRICT) \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -DGLANCE_INTERNAL_CHECKS \
  -Xcc -fsanitize=fuzzer-no-link,address

## fuzz: libFuzzer on every target for FUZZ_SECONDS each (default 60), from its committed corpus
## Fuzz/Corpus/<target> (never written to) with Fuzz/Dictionaries/<target>.dict. Release build
## with AddressSanitizer and GLANCE_INTERNAL_CHECKS, in FUZZ_SCRATCH. Prints each target's
## executions; fails when one crashes, leaks, times out or breaks a law, and leaves the input in
## FUZZ_SCRATCH/fuzz/<target>/artifacts/ (replay it: .build/debug/glance-fuzz <target> <file>).
fuzz: deps
	$(SWIFT) build $(FUZZ_BUILD_FLAGS)
	@failed=""; for target in $(FUZZ_TARGETS); do \
	  work=$(FUZZ_SCRATCH)/fuzz/$$target; \
	  rm -rf $$work && mkdir -p $$work/corpus $$work/artifacts; \
	  dictionary=Fuzz/Dictionaries/$$target.dict; \
	  if [ -f $$dictionary ]; then dictionary=-dict=$$dictionary; else dictionary=; fi; \
	  started=$$(date +%s); \
	  if SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/release/glance-fuzz $$target \
	      -max_total_time=$(FUZZ_SECONDS) \
	      -rss_limit_mb=$(FUZZ_RSS_LIMIT_MB) -timeout=$(FUZZ_TIMEOUT_SECONDS) -print_final_stats=1 \
	      -artifact_prefix=$$work/artifacts/ $$dictionary $$work/corpus Fuzz/Corpus/$$target \
	      >$$work/log 2>&1; then \
	    echo "fuzz $$target: $$(sed -n 's/^stat::number_of_executed_units: *//p' $$work/log | tail -n 1) executions" \
	      "in $$(( $$(date +%s) - started )) s, $$(ls $$work/corpus | wc -l) new inputs, no crash"; \
	  else \
	    tail -n 40 $$work/log; \
	    echo "fuzz $$target: FAILED after $$(( $$(date +%s) - started )) s; log $$work/log, input in $$work/artifacts/"; \
	    failed="$$failed $$target"; \
	  fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed"; exit 1; fi

## docs: DocC archives of GlanceKernel, GlanceStore and GlanceSimulation in
## $(DOCS_OUT)/<module>.doccarchive, ready for static hosting. The symbol graphs come from
## `swift package dump-symbol-graph` (no plugin dependency; it needs the test modules built, hence
## the first line); a DocC warning fails the target.
docs: deps
	$(SWIFT) build --build-tests --scratch-path $(DOCS_BUILD) $(STRICT)
	$(SWIFT) package --scratch-path $(DOCS_BUILD) dump-symbol-graph
	@graphs="$$(dirname "$$($(SWIFT) build --scratch-path $(DOCS_BUILD) --show-bin-path)")/symbolgraph"; \
	for module in $(DOCS_MODULES); do \
	  rm -rf "$(DOCS_BUILD)/symbol-graphs/$$module" "$(DOCS_OUT)/$$module.doccarchive"; \
	  mkdir -p "$(DOCS_BUILD)/symbol-graphs/$$module" "$(DOCS_OUT)"; \
	  cp "$$graphs/$$module.symbols.json" "$(DOCS_BUILD)/symbol-graphs/$$module/" || exit 1; \
	  for extension in "$$graphs/$$module@"*.symbols.json; do \
	    if [ -f "$$extension" ]; then cp "$$extension" "$(DOCS_BUILD)/symbol-graphs/$$module/"; fi; \
	  done; \
	  $(DOCC) convert "Sources/$$module/$$module.docc" --warnings-as-errors \
	    --additional-symbol-graph-dir "$(DOCS_BUILD)/symbol-graphs/$$module" \
	    --fallback-display-name "$$module" --fallback-bundle-identifier "glance.$$module" \
	    --output-path "$(DOCS_OUT)/$$module.doccarchive" || exit 1; \
	  echo "docs: $(DOCS_OUT)/$$module.doccarchive"; \
	done

## apple-typecheck: type-checks GlanceKernel (without GMP, as an app gets it), GlanceSync with its
## Apple adapters, and GlanceStore, for every Apple target each SDK folder of APPLE_SDK serves
## (APPLE_SDK="<sdk> [<sdk> …]"), with this machine's toolchain (Scripts/apple/typecheck.sh; how
## to get an SDK copy, and what the check cannot see: Scripts/apple/README.md). Opt-in: with no
## SDK it says so and succeeds, so CI, which has none, passes.
APPLE_SDK ?=
apple-typecheck:
	@if [ -z "$(strip $(APPLE_SDK))" ]; then \
	  echo "apple-typecheck: no SDK given (make apple-typecheck APPLE_SDK=<folder>; see Scripts/apple/README.md): nothing checked"; \
	  exit 0; \
	fi; \
	$(SWIFT) package resolve && Scripts/apple/typecheck.sh $(APPLE_SDK)

clean:
	rm -rf .build $(FUZZ_SCRATCH)
