# syscat build. `make` = debug flavour (ASan + UBSan, warnings are errors).
#
#   make deps      install the Debian packages we need (apt-get; sudo when not root)
#   make           build/libsyscat.a and build/syscat (debug)
#   make release   build/release/{libsyscat.a,syscat} with -O2 -DNDEBUG
#   make shared    build/release/libsyscat.so.MAJOR.MINOR.PATCH (release, -fPIC)
#   make install   release CLI, static + shared library, headers, syscat.pc, man page,
#                  bash completion
#                  into $(DESTDIR)$(PREFIX) (PREFIX=/usr/local by default)
#   make coverage  gcc --coverage build in build/coverage, make check + the
#                  corpus runners, per-directory line coverage (gcovr)
#   make test      deps + build + every Check suite + corpus runners + fuzz smoke
#   make crash     the crash suites, long (CRASH_RUNS=1000 kills each; SC_CRASH_SEED replays)
#   make check-X   one suite alone (tests/check_X.c), e.g. make check-catalog
#   make bench     benchmarks (release build), printing figures
#   make bench-peers  workload W: syscat vs MariaDB, SQLite, raw LMDB (docs/performance.md)
#   make fuzz      libFuzzer targets for FUZZ_SECONDS each (clang)
#   make demo      the end-to-end scenario of README.md
#
# Sources are found by wildcard: a new .c in catalog/, ddl/, replicate/ or
# tools/ is built without touching this file; a new tests/check_NAME.c must
# export `Suite *sc_test_NAME_suite(void)` and is added to the runner.

MODE ?= debug
ifeq ($(MODE),release)
BUILD ?= build/release
else
BUILD ?= build
endif

CC ?= cc
PKGS := lmdb libprotobuf-c libmariadb libdeflate
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -llmdb -lprotobuf-c -lmariadb -ldeflate)
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
# Connector/C for the server suites (tests/check_server*.c); the library links it too
MARIADB_LIBS := $(shell pkg-config --libs libmariadb 2>/dev/null || echo -lmariadb)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm -pthread)
TOOL_LIBS := $(shell pkg-config --libs jansson libedit 2>/dev/null || echo -ljansson -ledit)
TOOL_CFLAGS := $(shell pkg-config --cflags jansson libedit 2>/dev/null)
SERVER_LIBS := $(shell pkg-config --libs libevent_openssl libevent openssl 2>/dev/null || echo -levent_openssl -levent -lssl -lcrypto)

WARN := -Wall -Wextra -Werror -Wpedantic -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -I. -I$(BUILD)/gen -fvisibility=hidden \
               $(PKG_CFLAGS)
ifeq ($(MODE),release)
OPT := -O2 -g -DNDEBUG
SAN :=
else
OPT := -g3 -O0 -DSC_DEBUG
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
CFLAGS_ALL := $(BASE_CFLAGS) $(OPT) $(SAN) $(WARN) $(CFLAGS)
# protoc-c output is not ours to fix: same flags minus pedantic noise.
CFLAGS_GEN := $(BASE_CFLAGS) $(OPT) $(SAN) -Wall -Werror $(CFLAGS)
LDFLAGS_ALL := $(SAN) $(LDFLAGS)

PROTO := catalog/syscat.proto
GEN_C := $(BUILD)/gen/catalog/syscat.pb-c.c
GEN_H := $(BUILD)/gen/catalog/syscat.pb-c.h

CATALOG_SRC := $(wildcard catalog/*.c)
DDL_SRC := $(wildcard ddl/*.c)
# frm/: .frm files in and out (docs/frm.md), above ddl/
FRM_SRC := $(wildcard frm/*.c)
REPL_SRC := $(wildcard replicate/*.c)
# track/: the schema tracker and --as-of (docs/tracking.md), above ddl/ and replicate/
TRACK_SRC := $(wildcard track/*.c)
TOOLS_SRC := $(wildcard tools/*.c)
# server/: `syscat serve`, linked into the CLI only (the library needs no OpenSSL/libevent)
SERVER_SRC := $(wildcard server/*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
CATALOG_OBJ := $(call obj,$(CATALOG_SRC)) $(BUILD)/obj/gen/syscat.pb-c.o
DDL_OBJ := $(call obj,$(DDL_SRC))
FRM_OBJ := $(call obj,$(FRM_SRC))
REPL_OBJ := $(call obj,$(REPL_SRC))
TRACK_OBJ := $(call obj,$(TRACK_SRC))
TOOLS_OBJ := $(call obj,$(TOOLS_SRC))
SERVER_OBJ := $(call obj,$(SERVER_SRC))
LIB_OBJ := $(CATALOG_OBJ) $(DDL_OBJ) $(FRM_OBJ) $(REPL_OBJ) $(TRACK_OBJ)

LIB := $(BUILD)/libsyscat.a
CLI := $(BUILD)/syscat

SUITE_SRC := $(filter-out tests/check_main.c,$(wildcard tests/check_*.c))
SUITES := $(patsubst tests/check_%.c,%,$(SUITE_SRC))
TEST_SUPPORT_SRC := tests/fixtures.c
TEST_SUPPORT_OBJ := $(call obj,$(TEST_SUPPORT_SRC))
# CLI helpers unit-tested directly (check_tools.c); main.c stays out.
TEST_TOOLS_OBJ := $(BUILD)/obj/tools/cli.o

.PHONY: all release deps test check crash bench bench-build fuzz demo clean format format-check headertest \
        check-replica-long check-replica-net check-mapgrow-long \
        shared install coverage \
        $(addprefix check-,$(SUITES))
.DEFAULT_GOAL := all

all: $(LIB) $(CLI)

release:
	$(MAKE) MODE=release all

# ---------------------------------------------------------------- deps
DEB_PKGS := build-essential pkg-config liblmdb-dev lmdb-utils libprotobuf-c-dev \
            protobuf-c-compiler check libsubunit-dev mariadb-client libjansson-dev \
            libedit-dev zlib1g-dev clang libclang-rt-14-dev python3 \
            libmariadb-dev mariadb-server gcovr clang-format strace tmux libevent-dev libssl-dev \
            python3-pymysql openssl libdeflate-dev
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' \
	    || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages present"; exit 0; fi; \
	echo "deps: installing$$missing"; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
	else echo "deps: not root and no sudo; run as root:"; \
	     echo "  apt-get update && apt-get install -y$$missing"; exit 1; fi; \
	$$SUDO apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing || \
	{ echo "deps: install failed; run: apt-get update && apt-get install -y$$missing"; exit 1; }

# ---------------------------------------------------------------- generated code
$(GEN_C) $(GEN_H) &: $(PROTO)
	@mkdir -p $(BUILD)/gen/catalog
	protoc-c --c_out=$(BUILD)/gen $(PROTO)
	@# protoc-c 1.4 writes no DO NOT EDIT banner of its own; add one.
	@for f in $(GEN_C) $(GEN_H); do \
	  { echo "/* DO NOT EDIT: generated by protoc-c from $(PROTO) (make). */"; cat $$f; } > $$f.tmp \
	  && mv $$f.tmp $$f; done

$(BUILD)/obj/gen/syscat.pb-c.o: $(GEN_C)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_GEN) -MMD -MP -c $< -o $@

# Everything may include the generated header.
$(CATALOG_OBJ) $(DDL_OBJ) $(FRM_OBJ) $(REPL_OBJ) $(TRACK_OBJ) $(TOOLS_OBJ) $(SERVER_OBJ) $(TEST_SUPPORT_OBJ): $(GEN_H)
# Test objects too, so `make check` works in a fresh clone with no `make` before it.
$(call obj,$(SUITE_SRC)) $(TEST_TOOLS_OBJ): $(GEN_H)

$(BUILD)/obj/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(TOOL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(CHECK_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

# ---------------------------------------------------------------- library, CLI
$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(CLI): $(TOOLS_OBJ) $(SERVER_OBJ) $(LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $(TOOLS_OBJ) $(SERVER_OBJ) $(LIB) $(PKG_LIBS) $(TOOL_LIBS) $(SERVER_LIBS) -lz -lm

# ---------------------------------------------------------------- tests
# The runner's suite list is generated from the tests/check_*.c file names.
$(BUILD)/gen/suites-all.h: $(SUITE_SRC) Makefile
	@mkdir -p $(dir $@)
	@printf '/* DO NOT EDIT: generated by the Makefile from tests/check_*.c. */\n' > $@.tmp
	@for s in $(SUITES); do printf 'SC_SUITE(%s)\n' $$s >> $@.tmp; done
	@mv $@.tmp $@

$(BUILD)/gen/suites-%.h: tests/check_%.c
	@mkdir -p $(dir $@)
	@printf '/* DO NOT EDIT: generated by the Makefile. */\nSC_SUITE(%s)\n' $* > $@

$(BUILD)/obj/tests/main-%.o: tests/check_main.c $(BUILD)/gen/suites-%.h $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(CHECK_CFLAGS) -DSC_SUITES_H='"suites-$*.h"' -c $< -o $@

TEST_LINK = $(PKG_LIBS) $(CHECK_LIBS) $(TOOL_LIBS) $(MARIADB_LIBS) -lz -lm

$(BUILD)/check: $(BUILD)/obj/tests/main-all.o $(call obj,$(SUITE_SRC)) $(TEST_SUPPORT_OBJ) $(TEST_TOOLS_OBJ) $(LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^) $(LIB) $(TEST_LINK)

# One suite alone links only what it needs from the library archive, so a
# module can be tested while another module's tests are broken.
$(BUILD)/check_%: $(BUILD)/obj/tests/main-%.o $(BUILD)/obj/tests/check_%.o $(TEST_SUPPORT_OBJ) $(TEST_TOOLS_OBJ) $(LIB)
	$(CC) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^) $(LIB) $(TEST_LINK)

$(addprefix check-,$(SUITES)): check-%: $(BUILD)/check_% $(CLI)
	SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) $(BUILD)/check_$*

ORACLE ?= ../shared/oracle

check: $(BUILD)/check $(CLI)
	SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) $(BUILD)/check

test: deps
	$(MAKE) format-check
	$(MAKE) all
	$(MAKE) check
	$(MAKE) headertest
	@if [ -f tests/run-extra.sh ]; then SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) bash tests/run-extra.sh; fi
	@# The optimised build sees warnings -O0 does not (maybe-uninitialized...).
	$(MAKE) MODE=release all
	@# Fuzz smoke run: every libFuzzer target for FUZZ_SMOKE_SECONDS, from a fixed seed
	@# (a red run reproduces; `make fuzz` explores from a new seed each time).
	FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_SEED=$(FUZZ_SMOKE_SEED) SC_ORACLE=$(ORACLE) \
		bash tests/fuzz/run.sh

# Long crash runs (docs/testing.md "Crash tests"): the crash suites with CRASH_RUNS kills or
# rounds each instead of the quick counts of `make test`; SC_CRASH_SEED=N replays a run.
CRASH_RUNS ?= 1000
crash: $(BUILD)/check_replicate_crash $(BUILD)/check_crash_procs $(CLI)
	CRASH_RUNS=$(CRASH_RUNS) SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) $(BUILD)/check_crash_procs
	CRASH_RUNS=$(CRASH_RUNS) SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) $(BUILD)/check_replicate_crash

# Each public header must compile on its own.
headertest:
	@mkdir -p $(BUILD)/headertest
	@for h in include/syscat.h include/syscat/*.h; do \
	  echo "#include \"$$h\"" > $(BUILD)/headertest/t.c; \
	  $(CC) -std=c11 -Wall -Wextra -Werror -Wpedantic -Iinclude -I. -fsyntax-only \
	    $(BUILD)/headertest/t.c || exit 1; done; echo "headertest: all public headers compile alone"

# ---------------------------------------------------------------- shared library, install
# The release number lives in include/syscat.h (SYSCAT_VERSION_*). The shared
# library is linked from position-independent objects of the release flavour
# (build/release/pic/, no sanitizers); `make install` always installs release
# builds, whatever MODE says.
sc_version_part = $(shell sed -n 's/^.define SYSCAT_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' include/syscat.h)
VERSION_MAJOR := $(call sc_version_part,MAJOR)
VERSION := $(VERSION_MAJOR).$(call sc_version_part,MINOR).$(call sc_version_part,PATCH)
SONAME := libsyscat.so.$(VERSION_MAJOR)
REL := build/release
SHLIB := $(BUILD)/libsyscat.so.$(VERSION)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

shared:
	$(MAKE) MODE=release $(REL)/libsyscat.so.$(VERSION)

PIC_OBJ := $(patsubst $(BUILD)/obj/%,$(BUILD)/pic/%,$(LIB_OBJ))
$(PIC_OBJ): $(GEN_H)
$(BUILD)/pic/gen/syscat.pb-c.o: $(GEN_C)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_GEN) -fPIC -MMD -MP -c $< -o $@
$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fPIC -MMD -MP -c $< -o $@
-include $(shell find $(BUILD)/pic -name '*.d' 2>/dev/null)

# -z defs: every symbol the library uses must come from a library it names.
$(SHLIB): $(PIC_OBJ)
	@if [ "$(MODE)" != release ]; then echo "$@: release objects only (make shared)"; exit 1; fi
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,-z,defs $(LDFLAGS) -o $@ $(PIC_OBJ) \
	  $(PKG_LIBS) -lz -lm
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libsyscat.so

$(REL)/syscat.pc: syscat.pc.in include/syscat.h Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@.tmp
	mv $@.tmp $@

install:
	@if [ -z "$(VERSION_MAJOR)" ]; then echo "install: no SYSCAT_VERSION_* in include/syscat.h"; exit 1; fi
	$(MAKE) MODE=release all $(REL)/libsyscat.so.$(VERSION)
	@rm -f $(REL)/syscat.pc
	$(MAKE) $(REL)/syscat.pc
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	  $(DESTDIR)$(INCLUDEDIR)/syscat
	install -m 755 $(REL)/syscat $(DESTDIR)$(BINDIR)/syscat
	install -m 644 $(REL)/libsyscat.a $(DESTDIR)$(LIBDIR)/libsyscat.a
	install -m 755 $(REL)/libsyscat.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsyscat.so.$(VERSION)
	ln -sf libsyscat.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsyscat.so
	install -m 644 include/syscat.h $(DESTDIR)$(INCLUDEDIR)/syscat.h
	install -m 644 include/syscat/*.h $(DESTDIR)$(INCLUDEDIR)/syscat/
	install -m 644 $(REL)/syscat.pc $(DESTDIR)$(PKGCONFIGDIR)/syscat.pc
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 docs/syscat.1 $(DESTDIR)$(MANDIR)/man1/syscat.1
	install -m 644 tools/syscat.bash-completion $(DESTDIR)$(BASHCOMPDIR)/syscat
	@echo "installed syscat $(VERSION) into $(DESTDIR)$(PREFIX)"

# ---------------------------------------------------------------- coverage
# A -O0 --coverage build without sanitizers in its own directory; runs every
# Check suite and tests/run-extra.sh (corpus runners through the CLI) on it,
# then reports line coverage per source directory (gcovr; the full per-file
# table is in build/coverage/coverage.txt).
COV_BUILD := build/coverage
COV_DIRS := catalog ddl frm replicate server tools track
COV_MAKE = $(MAKE) MODE=release BUILD=$(COV_BUILD) OPT='-g -O0 -DSC_DEBUG --coverage' \
           LDFLAGS='$(LDFLAGS) --coverage'
coverage: deps
	$(COV_MAKE) all $(COV_BUILD)/check
	@find $(COV_BUILD) -name '*.gcda' -delete
	SC_BUILD=$(COV_BUILD) SC_ORACLE=$(ORACLE) $(COV_BUILD)/check
	SC_BUILD=$(COV_BUILD) SC_ORACLE=$(ORACLE) bash tests/run-extra.sh > $(COV_BUILD)/run-extra.log 2>&1 \
	  || { tail -30 $(COV_BUILD)/run-extra.log; exit 1; }
	gcovr -r . --object-directory $(COV_BUILD) $(addprefix --filter ,$(addsuffix /,$(COV_DIRS))) \
	  --txt $(COV_BUILD)/coverage.txt --json-summary $(COV_BUILD)/coverage.json
	@python3 tests/coverage-summary.py $(COV_BUILD)/coverage.json $(COV_DIRS)

# ---------------------------------------------------------------- bench, fuzz, demo
# Benchmark programs: bench/bench_NAME.c -> $(BUILD)/bench_NAME (run by bench/run.sh).
BENCH_SRC := $(wildcard bench/bench_*.c)
BENCH_BIN := $(patsubst bench/%.c,$(BUILD)/%,$(BENCH_SRC))

$(BUILD)/bench_%: bench/bench_%.c $(LIB)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(LIB) $(PKG_LIBS) -lz -lm

# bench/applylog.c: the C side of bench/bench-apply.sh (not a bench_* program:
# it takes arguments; bench/run.sh runs it through the script).
$(BUILD)/applylog: bench/applylog.c $(LIB)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(LIB) $(PKG_LIBS) -lz -lm

bench-build: $(BENCH_BIN) $(BUILD)/applylog

# A catalog made by main's syscat (format 1.2, built from `git archive main`; a few
# minutes) read and converted by this one (docs/storage.md; SC_MAIN_SYSCAT=PATH skips the build).
.PHONY: check-upgrade-main
check-upgrade-main: all
	SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) bash tests/upgrade-from-main.sh

# syscat binlog decode against mariadb-binlog on binlogs a private MariaDB records under
# other settings (NOBLOB/MINIMAL images, NO_LOG/MINIMAL metadata, compressed; ~15 s each).
.PHONY: check-binlog-variants
check-binlog-variants: all
	SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) bash tests/oracle/binlog-variants.sh

# The replica's HOST:PORT transport against private MariaDB servers (about 30 s).
check-replica-net:
	SC_REPLICA_NET=1 $(MAKE) check-replicate_replica_net

# Live schema tracking against a private MariaDB server (issue 14, acceptance 3; ~2 min).
.PHONY: check-track-live
check-track-live: all
	bash tests/track-live.sh $(CLI)

# binlog flashback against mariadb-binlog --flashback and a private server (not in make test)
.PHONY: check-binlog-flashback
check-binlog-flashback: all
	bash tests/track-binlog-flashback.sh $(CLI)

# Map growth at the acceptance size: 100,000 tables from a 1 MiB map, through the API
# and the CLI (make test runs a few thousand).
check-mapgrow-long:
	SC_MAPGROW_TABLES=100000 $(MAKE) check-catalog_mapgrow check-tools_script

# syscat serve's long modes: every DDL corpus case through the mariadb client
# (acceptance 1 of issue 10, ~2 minutes) and the 30 s load test.
.PHONY: check-server-corpus check-server-load check-server-tsan
check-server-corpus: all
	SC_BUILD=$(BUILD) SC_ORACLE=$(ORACLE) /usr/bin/python3 tests/server/wire_corpus.py
check-server-load: all
	SC_BUILD=$(BUILD) SC_LOAD_SECONDS=$${SC_LOAD_SECONDS:-30} bash tests/server/load.sh
# The reader loops' hand-overs under ThreadSanitizer (docs/testing.md): the churn test
# (SC_CHURN_SECONDS, SC_CHURN_CLIENTS, SC_CHURN_BURNERS for a long stress), then the load test.
TSAN_BUILD ?= build/tsan
check-server-tsan:
	$(MAKE) MODE=release BUILD=$(TSAN_BUILD) SAN=-fsanitize=thread OPT='-O1 -g' $(TSAN_BUILD)/syscat
	SC_BUILD=$(TSAN_BUILD) SC_CHURN_SECONDS=$${SC_CHURN_SECONDS:-15} bash tests/server/churn.sh
	SC_BUILD=$(TSAN_BUILD) SC_LOAD_SECONDS=$${SC_LOAD_SECONDS:-10} SC_LOAD_CLIENTS=16 \
		SC_LOAD_FOLLOWERS=1 bash tests/server/load.sh

# Replica suites in their long mode (thousands of transactions, 220 kills), then
# the fan-in over `syscat serve` with 2,000 statements per source (about 50 s).
check-replica-long:
	SC_REPLICA_LONG=1 $(MAKE) check-replicate_replica check-replicate_replica_crash
	SC_BUILD=$(BUILD) REPLICA_SERVE_COUNT=2000 bash tests/replica-serve.sh

bench:
	$(MAKE) MODE=release all bench-build
	@if [ -f bench/run.sh ]; then bash bench/run.sh build/release; fi

# Workload W through syscat (CLI, API), MariaDB 10.11, SQLite and raw LMDB in one run,
# medians of 3 and ratios (issue 13, docs/performance.md; a few minutes; bench/bench-peers.sh).
PEERS_BIN := $(addprefix $(BUILD)/,peers_syscat peers_lmdb peers_maria)
$(BUILD)/peers_syscat: bench/peers_syscat.c $(LIB)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(LIB) $(PKG_LIBS) -lz -lm
$(BUILD)/peers_lmdb: bench/peers_lmdb.c
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< -llmdb
$(BUILD)/peers_maria: bench/peers_maria.c
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(MARIADB_LIBS)
.PHONY: bench-peers bench-peers-build
bench-peers-build: $(PEERS_BIN)
bench-peers:
	$(MAKE) MODE=release all bench-peers-build
	bash bench/bench-peers.sh build/release

FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_SMOKE_SEED ?= 1
fuzz:
	@if [ -f tests/fuzz/run.sh ]; then FUZZ_SECONDS=$(FUZZ_SECONDS) bash tests/fuzz/run.sh; fi

# The corruption sweep's long mode (tests/corrupt_sweep.py; make test runs 8 rounds).
.PHONY: sweep-long
sweep-long: all
	SWEEP_LONG=1 SC_BUILD=$(BUILD) python3 tests/corrupt_sweep.py

demo: deps all
	bash tools/demo.sh $(CLI)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

# The tree matches .clang-format (run `make format` to fix); part of `make test`.
format-check:
	@files=$$(git ls-files '*.c' '*.h' 2>/dev/null || find catalog ddl replicate tools tests bench include -name '*.[ch]'); \
	clang-format --dry-run --Werror $$files || \
	{ echo "format-check: run 'make format' (clang-format 14, .clang-format)"; exit 1; }; \
	echo "format-check: $$(echo $$files | wc -w) files match .clang-format"

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
