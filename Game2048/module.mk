# 2048 (Game2048/): the 4x4 table engine, the generic rows x cols rules, the
# contest's Game API (2048.h + libgame2048.a), the sandboxed runner Run2048,
# the PZ2048 course mode, a simple bot plugin, the doctest suite and benchmarks.
#
#   make build/bin/Run2048 build/bin/PZ2048 build/so/simple.so
#   make bench-2048-engine   raw moves/s of the table engine, runner overhead per move
# The strong bot (Game2048/bot/, Game2048/train/) has its own Game2048/bot.mk (the top
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

G2048_RUNNER_SRC := Game2048/runner/command.cpp Game2048/runner/host.cpp Game2048/runner/sandboxed_bot.cpp Game2048/runner/run.cpp \
                    Game2048/runner/record.cpp
G2048_RUNNER_OBJ := $(G2048_RUNNER_SRC:%.cpp=$(BUILD)/%.o)

RUN2048 := $(BIN)/Run2048
PZ2048 := $(BIN)/PZ2048
SIMPLE2048 := $(SO2048)/simple.so
$(RUN2048): $(BUILD)/Game2048/runner/main.o $(G2048_RUNNER_OBJ) $(G2048_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(PLUGIN_HOST_LIBS)
G2048_PZ_EVAL_OBJ := $(BUILD)/Game2048/pz/eval.o $(BUILD)/Game2048/pz/formula.o $(BUILD)/Game2048/pz/play.o
$(PZ2048): $(BUILD)/Game2048/pz/main.o $(G2048_PZ_EVAL_OBJ) $(G2048_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread

# The PZ2048 Extension's player library: main() and the course's game_logic.h /
# utils.h functions around a student's user_logic.cpp (Game2048/pz/README.md).
PZ_PLAYER_LIB := $(BUILD)/Game2048/libpz2048player.a
$(BUILD)/Game2048/pz/player/player_host.o: CXXFLAGS += -IGame2048/pz/include
$(PZ_PLAYER_LIB): $(BUILD)/Game2048/pz/player/player_host.o $(BUILD)/Game2048/pz/pz_game.o $(BUILD)/common/sandbox.o \
    $(BUILD)/common/confinement.o $(BUILD)/common/staging.o $(BUILD)/common/refusals.o $(BUILD)/common/workdir.o \
    $(BUILD)/common/copy_tree.o
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^
# A player built as a student builds one: USER_LOGIC=path/to/user_logic.cpp.
PZ_PLAYER_BUILD = $(CXX) -std=c++17 -O2 -IGame2048/pz/include $(1) $(PZ_PLAYER_LIB) -o $(2)
# Our player: pz/players/user_logic.cpp on the bot's network (Game2048/bot.mk's library).
PZ_OUR_PLAYER := $(BIN)/PZ2048Player
$(PZ_OUR_PLAYER): Game2048/pz/players/user_logic.cpp $(PZ_PLAYER_LIB) $(BOT_LIB)
	@mkdir -p $(@D) $(BUILD)/Game2048
	$(CXX) -std=c++17 -O3 -g -Wall -Wextra -MMD -MP -MF $(BUILD)/Game2048/PZ2048Player.d -IGame2048/pz/include $< \
	  $(PZ_PLAYER_LIB) $(BOT_LIB) -o $@ -ldl
ALL_TARGETS += $(PZ_OUR_PLAYER)
USER_LOGIC ?=
EVAL_ARGS ?=
.PHONY: pz-eval
pz-eval: $(PZ2048) $(PZ_PLAYER_LIB)
	@test -n "$(USER_LOGIC)" || { echo "usage: make pz-eval USER_LOGIC=path/to/user_logic.cpp [EVAL_ARGS='--games 1000 -j 2']" >&2; exit 2; }
	@mkdir -p $(BUILD)/pz-eval
	$(call PZ_PLAYER_BUILD,$(USER_LOGIC),$(BUILD)/pz-eval/player)
	$(PZ2048) --eval $(BUILD)/pz-eval/player $(EVAL_ARGS)

# Bot plugins: built as a contestant would (one shared object, -fpic, -O2).
G2048_PLUGIN_BUILD = $(CXX) -std=c++17 -O2 -Wall -Wextra -fpic -shared -MMD -MP -MF $@.d $< -o $@
$(SIMPLE2048): Game2048/bots/simple_bot.cpp
	@mkdir -p $(@D)
	$(G2048_PLUGIN_BUILD)

ALL_TARGETS += $(G2048_LIB) $(RUN2048) $(PZ2048) $(SIMPLE2048) $(PZ_PLAYER_LIB)

# --- tests -------------------------------------------------------------------
# The PZ2048 --play tests drive the game in tmux; install it on a fresh machine.
/usr/bin/tmux:
	$(call apt_install,tmux)

# Broken bots the suite runs the runner against (crash, hang, ...).
G2048_TEST_BOTS := $(patsubst Game2048/tests/bots/%.cpp,$(BUILD)/Game2048/testbots/%.so,$(wildcard Game2048/tests/bots/*.cpp))
# They link the misbehaviours every judge's test plugins share (common/tests/plugins/).
$(BUILD)/Game2048/testbots/%.so: Game2048/tests/bots/%.cpp $(MISBEHAVE_OBJ)
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -fpic -shared -MMD -MP -MF $@.d $< $(MISBEHAVE_OBJ) -o $@

G2048_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard Game2048/tests/*.cpp))
$(G2048_TEST_OBJ): | $(DOCTEST)
$(G2048_TEST_OBJ): CXXFLAGS += -DG2048_ROOT='"$(CURDIR)/Game2048"' -DG2048_TEST_BOTS='"$(CURDIR)/$(BUILD)/Game2048/testbots"' \
    -DG2048_BUILD='"$(CURDIR)/$(BUILD)"' -DPZ_PLAYER_LIB='"$(CURDIR)/$(PZ_PLAYER_LIB)"' -DCXX_COMPILER='"$(CXX)"'
G2048_TEST := $(BUILD)/Game2048/test_game2048
$(G2048_TEST): $(G2048_TEST_OBJ) $(G2048_RUNNER_OBJ) $(G2048_PZ_EVAL_OBJ) $(G2048_LIB) $(VIEWER_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) \
               | $(RUN2048) $(PZ2048) $(SIMPLE2048) $(G2048_TEST_BOTS) $(PZ_PLAYER_LIB) $(PZ_OUR_PLAYER) \
                 $(BUILD)/Game2048/bench_engine /usr/bin/tmux
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ $(PLUGIN_HOST_LIBS)
TEST_BINARIES += $(G2048_TEST)

# --- benchmarks --------------------------------------------------------------
$(BUILD)/Game2048/bench_engine: $(BUILD)/Game2048/bench/bench_engine.o $(G2048_RUNNER_OBJ) $(G2048_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(PLUGIN_HOST_LIBS)

.PHONY: bench-2048-engine
bench-2048-engine: $(BUILD)/Game2048/bench_engine $(RUN2048) $(SIMPLE2048)
	$(BUILD)/Game2048/bench_engine $(RUN2048) $(SIMPLE2048)
