# 2048 (Game2048/): the 4x4 table engine, the generic rows x cols rules, the
# contest's Game API (2048.h + libgame2048.a), the sandboxed runner Run2048,
# the PZ2048 course mode, a simple bot plugin, the doctest suite and benchmarks.
#
#   make Game2048/Run2048 Game2048/PZ2048 Game2048/so/simple.so
#   make bench-2048-engine   raw moves/s of the table engine, runner overhead per move
# The bot of issue 6 (Game2048/bot/, Game2048/train/) has its own Game2048/bot.mk (the top
# makefile includes every */*.mk).

G2048_CORE_SRC := Game2048/2048.cpp Game2048/stats_file.cpp Game2048/engine/contest_game.cpp \
                  Game2048/engine/streams.cpp Game2048/pz/pz_game.cpp Game2048/pz/transcript.cpp
G2048_CORE_OBJ := $(G2048_CORE_SRC:%.cpp=$(BUILD)/%.o)
# The contest library: what a contest bot's own main.cpp links with 2048.h
# (it carries the two common/ modules it needs, so it links alone).
G2048_LIB := $(BUILD)/Game2048/libgame2048.a
$(G2048_LIB): $(G2048_CORE_OBJ) $(BUILD)/common/cli.o $(BUILD)/common/atomic_file.o
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

G2048_RUNNER_SRC := Game2048/runner/host.cpp Game2048/runner/sandboxed_bot.cpp Game2048/runner/run.cpp
G2048_RUNNER_OBJ := $(G2048_RUNNER_SRC:%.cpp=$(BUILD)/%.o)

Game2048/Run2048: $(BUILD)/Game2048/runner/main.o $(G2048_RUNNER_OBJ) $(G2048_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(PLUGIN_HOST_LIBS)
Game2048/PZ2048: $(BUILD)/Game2048/pz/main.o $(G2048_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@

# Bot plugins: built as a contestant would (one shared object, -fpic, -O2).
G2048_PLUGIN_BUILD = $(CXX) -std=c++17 -O2 -Wall -Wextra -fpic -shared -MMD -MP -MF $(BUILD)/$@.d $< -o $@
Game2048/so/simple.so: Game2048/bots/simple_bot.cpp
	@mkdir -p $(@D) $(BUILD)/$(@D)
	$(G2048_PLUGIN_BUILD)

ALL_TARGETS += $(G2048_LIB) Game2048/Run2048 Game2048/PZ2048 Game2048/so/simple.so

# --- tests -------------------------------------------------------------------
# Broken bots the suite runs the runner against (crash, hang, ...).
G2048_TEST_BOTS := $(patsubst Game2048/tests/bots/%.cpp,$(BUILD)/Game2048/testbots/%.so,$(wildcard Game2048/tests/bots/*.cpp))
$(BUILD)/Game2048/testbots/%.so: Game2048/tests/bots/%.cpp
	@mkdir -p $(@D) $(BUILD)/$(@D)
	$(G2048_PLUGIN_BUILD)

G2048_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard Game2048/tests/*.cpp))
$(G2048_TEST_OBJ): | $(DOCTEST)
$(G2048_TEST_OBJ): CXXFLAGS += -DG2048_ROOT='"$(CURDIR)/Game2048"' -DG2048_TEST_BOTS='"$(CURDIR)/$(BUILD)/Game2048/testbots"'
G2048_TEST := $(BUILD)/Game2048/test_game2048
$(G2048_TEST): $(G2048_TEST_OBJ) $(G2048_RUNNER_OBJ) $(G2048_LIB) $(VIEWER_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) \
               | Game2048/Run2048 Game2048/PZ2048 Game2048/so/simple.so $(G2048_TEST_BOTS)
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ $(PLUGIN_HOST_LIBS)
TEST_BINARIES += $(G2048_TEST)

# --- benchmarks --------------------------------------------------------------
$(BUILD)/Game2048/bench_engine: $(BUILD)/Game2048/bench/bench_engine.o $(G2048_RUNNER_OBJ) $(G2048_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(PLUGIN_HOST_LIBS)

.PHONY: bench-2048-engine
bench-2048-engine: $(BUILD)/Game2048/bench_engine Game2048/Run2048 Game2048/so/simple.so
	$(BUILD)/Game2048/bench_engine Game2048/Run2048 Game2048/so/simple.so
