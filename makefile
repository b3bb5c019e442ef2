# The game-AI contest kit: ConnectFour (Strategy/, Compete/, TestCases/),
# 2048 and Ponte del Diavolo (a folder each, with its own module.mk).
#
#   make            build everything
#   make match      build, then play a short real match (Strategy vs the top sample)
#   make test       build and run every doctest suite (make test-compete, test-2048, ...: one folder's)
#   make bench-...  benchmarks that print figures (see README)
#   make fuzz       libFuzzer on every parser of untrusted input (FUZZ_SECONDS each)
#   make soak       long runs of Compete and Run2048 under load
#   make format     lay out every C++ file as .clang-format says (make test checks it)

CXX      := g++
OPT      ?= -O2
CXXFLAGS := $(OPT) -g -std=c++17 -Wall -Wextra -MMD -MP -ffile-prefix-map=$(CURDIR)=.
BUILD    := build
# Programs and 2048 plugins that are not part of the course framework's layout.
BIN      := $(BUILD)/bin
SO2048   := $(BUILD)/so
DOCTEST  := /usr/include/doctest/doctest.h
# Sample plugins built by old compilers do not list libstdc++ or libm as
# needed libraries: every process that loads a plugin must carry them itself.
PLUGIN_HOST_LIBS := -Wl,--no-as-needed -lstdc++ -lm -ldl -lpthread -Wl,--as-needed

# Build with every core (make JOBS=1 for one at a time).
JOBS ?= $(shell nproc)
MAKEFLAGS += -j$(JOBS)

# Debian packages a fresh machine lacks; one installer at a time (apt holds a lock).
apt_install = flock /var/lock/contest-kit-apt.lock sh -c \
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1)'

# Modules append to these.
ALL_TARGETS     :=
TEST_BINARIES   :=
# The suites of Strategy/ (whatever it holds), apart from the kit's own.
STRATEGY_SUITES :=

.PHONY: all test clean match so zip
.DEFAULT_GOAL := all
# Keep intermediate objects (no "rm" after the test summary, faster rebuilds).
.SECONDARY:

# --- shared by every judge: sandbox, timing, result files, JSON, CLI --------
# (refusal_preload.cpp is a shared object of its own: common/module.mk builds it.)
COMMON_SRC := $(filter-out common/refusal_preload.cpp,$(wildcard common/*.cpp))
COMMON_LIB := $(BUILD)/libjudge.a
$(COMMON_LIB): $(COMMON_SRC:%.cpp=$(BUILD)/%.o)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# The replay page every judge writes (viewer/module.mk builds it).
VIEWER_LIB := $(BUILD)/libviewer.a
# Engine analysis of records (analysis/module.mk builds it; grade-class links it too).
ANALYSIS_LIB := $(BUILD)/libanalysis.a
# The refusal hooks preloaded into programs a judge execs (common/module.mk builds it).
REFUSAL_PRELOAD := $(BIN)/refusal-hooks.so
# The misbehaviours the judges' test plugins share (common/module.mk builds it).
MISBEHAVE_OBJ := $(BUILD)/common/tests/plugins/misbehave.o

# A suite's own code (an object that needs doctest, see "| $(DOCTEST)" in each
# module) is compiled at TEST_OPT: it runs little, and at -O2 it was a third of
# make test's compiling. The code under test keeps OPT.
TEST_OPT ?= -O0
$(BUILD)/%.o: %.cpp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(if $(filter $(DOCTEST),$|),$(TEST_OPT)) -c $< -o $@

# doctest comes from Debian; install it on a fresh machine.
$(DOCTEST):
	@echo "doctest not found: installing Debian's doctest-dev"
	$(call apt_install,doctest-dev)
$(BUILD)/common/tests/doctest_main.o: | $(DOCTEST)
DOCTEST_MAIN := $(BUILD)/common/tests/doctest_main.o

# Tools the zip targets and tests use.
/usr/bin/zip /usr/bin/unzip:
	$(call apt_install,zip unzip)
# GNU parallel: running shards on many machines (and its test on this one).
/usr/bin/parallel:
	$(call apt_install,parallel)

# --- ConnectFour: the kit's engine, and the user's strategy ------------------
# engine/ is our strategy's source, the kit's own: the analysis, the signature,
# the benchmarks and the engine's tests build from it. Strategy/ is the user's
# folder: out of the box it holds links to engine/ and Compete/framework/ (our
# strategy), and a student replaces them with files of their own; nothing of
# the kit but so/Strategy.so, Strategy.zip and the suites of Strategy/ reads it.
ENGINE_SRC := engine/bits.cpp engine/position.cpp engine/uct.cpp
ENGINE_OBJ := $(ENGINE_SRC:%.cpp=$(BUILD)/%.o)
# The course framework's files (the ABI headers, its helpers, the OJ's main.cpp).
FRAMEWORK_DIR := Compete/framework
# Our strategy as a plugin built from the kit's copy (engine/module.mk builds it).
ENGINE_PLUGIN := $(BUILD)/engine/Strategy.so

# so/Strategy.so is exactly the OJ's build: g++ -Wall -std=c++11 -O2 -fpic -shared *.cpp
STRATEGY_SRC := $(wildcard Strategy/*.cpp)
STRATEGY_HDR := $(wildcard Strategy/*.h Strategy/*.hpp)
so/Strategy.so: $(STRATEGY_SRC) $(STRATEGY_HDR)
	@mkdir -p so
	@test -n "$(STRATEGY_SRC)" || { echo "Strategy/ holds no .cpp file: put your strategy's files there (make strategy-restore puts ours back)" >&2; exit 1; }
	cd Strategy && $(CXX) -Wall -std=c++11 -O2 -fpic -shared *.cpp -o ../so/Strategy.so
so: so/Strategy.so
ALL_TARGETS += so/Strategy.so

# Strategy.zip: the files of Strategy/ at the zip's root, as the OJ takes them (<= 100 KB);
# links are stored as the files they point to.
Strategy.zip: $(STRATEGY_SRC) $(STRATEGY_HDR) | /usr/bin/zip
	rm -f $@
	cd Strategy && zip -q -X ../Strategy.zip $(notdir $(STRATEGY_SRC) $(STRATEGY_HDR))
	@size=$$(stat -c %s $@); echo "Strategy.zip: $$size bytes"; \
	  if [ $$size -gt 102400 ]; then echo "Strategy.zip is over the OJ's 100 KB" >&2; exit 1; fi
zip: Strategy.zip

# make strategy-own: Strategy/'s links become files of your own (to start from our strategy);
# make strategy-restore: Strategy/ holds our strategy again (your files go to Strategy.saved/).
.PHONY: strategy-own strategy-restore
strategy-own:
	@cd Strategy && for f in *; do if [ -L "$$f" ]; then cp --remove-destination "$$(readlink -f "$$f")" "$$f"; fi; done
	@echo "Strategy/: every file is now your own"
strategy-restore:
	@if [ -n "$$(find Strategy -mindepth 1 ! -type l 2>/dev/null)" ]; then \
	  rm -rf Strategy.saved && mv Strategy Strategy.saved && echo "your files: Strategy.saved/"; fi
	@rm -rf Strategy && mkdir Strategy
	@cd Strategy && for f in ../engine/*.cpp ../engine/*.h ../$(FRAMEWORK_DIR)/*.cpp ../$(FRAMEWORK_DIR)/*.h; do \
	  ln -s "$$f" .; done
	@echo "Strategy/: our strategy (links to engine/ and $(FRAMEWORK_DIR)/)"

# Every folder's *.mk (module.mk, and e.g. Game2048/bot.mk) adds its own targets.
include $(sort $(wildcard */*.mk))

all: $(ALL_TARGETS)
# Suites that copy the checkout as built: everything is built before them.
$(NEEDS_ALL): | $(ALL_TARGETS)

# The main job: a short real match, our strategy against the strongest sample.
MATCH_ROUNDS ?= 2
MATCH_MOVE_MS ?= 300
match: all
	@mkdir -p Results
	./Compete/Compete so/Strategy.so TestCases/50.so Results/match.txt $(MATCH_ROUNDS) \
	  --move-time $(MATCH_MOVE_MS) --record Results/match.jsonl --html Results/match.html -j 2
	@echo "result file: Results/match.txt   record: Results/match.jsonl   replay page: Results/match.html"

# Whose strategy Strategy/ holds: ours (links only) or the user's own files.
STRATEGY_OWNER = $(if $(shell find Strategy -mindepth 1 ! -type l 2>/dev/null | head -n 1),your own files,ours: links to engine/)
test: $(TEST_BINARIES) $(STRATEGY_SUITES)
	@bash common/run_tests.sh --part "the kit's suites" $(TEST_BINARIES) \
	  --part "the suites of Strategy/ ($(STRATEGY_OWNER))" $(STRATEGY_SUITES)

# One folder's suites, its sanitizer builds included, as make test runs them:
#   make test-compete test-common test-2048 test-pdd test-strategy test-testcases
#        test-viewer test-analysis test-tools test-fuzz test-arena test-ladder test-engine
# (test-strategy: the suites of Strategy/ alone, whatever it holds)
# (each folder's README says what its suites check). A suite belongs to the folder
# its binary is built in, under build/ or build/san/.
suites_in = $(filter $(BUILD)/$(1)/% $(SAN_BUILD)/$(1)/%,$(TEST_BINARIES) $(STRATEGY_SUITES))
define FOLDER_TESTS
.PHONY: test-$(1)
test-$(1): $(call suites_in,$(2))
	@test -n "$$^" || { echo "test-$(1): no suite is built in $(2)/" >&2; exit 1; }
	@bash common/run_tests.sh $$^
endef
$(eval $(call FOLDER_TESTS,compete,Compete))
$(eval $(call FOLDER_TESTS,common,common))
$(eval $(call FOLDER_TESTS,2048,Game2048))
$(eval $(call FOLDER_TESTS,pdd,PonteDelDiavolo))
$(eval $(call FOLDER_TESTS,strategy,StrategyTest))
$(eval $(call FOLDER_TESTS,testcases,TestCases))
$(eval $(call FOLDER_TESTS,viewer,viewer))
$(eval $(call FOLDER_TESTS,analysis,analysis))
$(eval $(call FOLDER_TESTS,tools,tools))
$(eval $(call FOLDER_TESTS,fuzz,fuzz))
$(eval $(call FOLDER_TESTS,arena,arena))
$(eval $(call FOLDER_TESTS,ladder,ladder))
$(eval $(call FOLDER_TESTS,engine,engine))

# Long runs under load (not part of make test): Compete 2,000 games at -j 16 and
# Run2048 1,000 games at -j 8; results complete and unique, no zombie or
# leftover process, the judge's fds and memory at game 100 and at the end.
.PHONY: soak
soak: Compete/Compete $(RUN2048) $(SIMPLE2048) $(CT_PLUGIN_DIR)/random_a.so $(CT_PLUGIN_DIR)/random_b.so
	nice bash common/soak.sh $(abspath Compete/Compete) $(abspath $(CT_PLUGIN_DIR)/random_a.so) \
	  $(abspath $(CT_PLUGIN_DIR)/random_b.so) $(abspath $(RUN2048)) $(abspath $(SIMPLE2048))

# Everything built: build/ and the framework's own places (the .gitignore lists the same).
clean:
	rm -rf $(BUILD) so/*.so TestCases/*.so Compete/Compete Strategy.zip

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
