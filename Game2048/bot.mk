# 2048 bot (Game2048/bot/) and its TD trainer (Game2048/train/).
# Included from the top makefile:  include Game2048/bot.mk
#
#   make train-2048       train the n-tuple network (TRAIN_ARGS=... to override)
#   make bench-2048       one table: every agent / setting, contest figures
#   build/Game2048/bot/test_bot, build/Game2048/train/test_train   the doctest suites (part of make test)

BOT_SRC := $(filter-out Game2048/bot/plugin.cpp Game2048/bot/bench.cpp,$(wildcard Game2048/bot/*.cpp))
BOT_OBJ := $(BOT_SRC:%.cpp=$(BUILD)/%.o)
BOT_LIB := $(BUILD)/libbot2048.a
BOT_PLUGIN_OBJ := $(BUILD)/Game2048/bot/plugin.o
BOT_WEIGHTS := Game2048/bot/weights.n2048

# The bot's code goes into a shared object: position independent, and fast.
$(BOT_OBJ) $(BOT_PLUGIN_OBJ) $(BUILD)/Game2048/bot/bench.o $(BUILD)/Game2048/train/train.o: CXXFLAGS += -O3 -fPIC

$(BOT_LIB): $(BOT_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^


PLAY2048 := $(BIN)/play2048
$(PLAY2048): $(BUILD)/Game2048/bot/bench.o $(BOT_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -ldl
ALL_TARGETS += $(PLAY2048)

TRAIN2048 := $(BIN)/train2048
$(TRAIN2048): $(BUILD)/Game2048/train/train.o $(BOT_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@
ALL_TARGETS += $(TRAIN2048)

# The training run that produced the committed weights (see Game2048/bot/README.md); it writes
# build/train/. To replace the committed weights: cp build/train/weights.n2048 Game2048/bot/weights.n2048
TRAIN_ARGS ?= --seed 2048 --episodes 3000000 --lambda 0 --alpha 0.4 --late-alpha 0.1 --late-from 400000 --report 5000 --save-every 300
.PHONY: train-2048
train-2048: $(TRAIN2048)
	$(TRAIN2048) $(TRAIN_ARGS)

# The bot plugin for Run2048, and a copy of the committed weights beside it: the
# sandbox lets the bot read its own folder only (a symbolic link would lead out of
# it). The bot reads the weights beside it (evaluator.h).
BOT_PLUGIN := $(SO2048)/bot2048.so
BOT_PLUGIN_WEIGHTS := $(SO2048)/weights.n2048
$(BOT_PLUGIN): $(BOT_PLUGIN_OBJ) $(BOT_OBJ) $(BOT_PLUGIN_WEIGHTS)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -shared $(filter %.o,$^) -o $@ -ldl
$(BOT_PLUGIN_WEIGHTS): $(BOT_WEIGHTS)
	@mkdir -p $(@D)
	cp $< $@.tmp && mv $@.tmp $@
ALL_TARGETS += $(BOT_PLUGIN) $(BOT_PLUGIN_WEIGHTS)

BOT_TEST_SRC := $(wildcard Game2048/bot/tests/*.cpp)
BOT_TEST_OBJ := $(BOT_TEST_SRC:%.cpp=$(BUILD)/%.o)
BOT_TEST := $(BUILD)/Game2048/bot/test_bot
$(BOT_TEST_OBJ): | $(DOCTEST)
$(BOT_TEST_OBJ): CXXFLAGS += -DBOT2048_PLUGIN_PATH='"$(abspath $(BOT_PLUGIN))"' -DPLAY2048_PATH='"$(abspath $(PLAY2048))"' \
                             -DRUN2048_PATH='"$(abspath $(BIN)/Run2048)"'
$(BOT_TEST): $(BOT_TEST_OBJ) $(BOT_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) | $(BOT_PLUGIN) $(PLAY2048) $(BIN)/Run2048
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -ldl
TEST_BINARIES += $(BOT_TEST)

# The trainer's suite (it runs the train2048 program too).
TRAIN_TEST_SRC := $(wildcard Game2048/train/tests/*.cpp)
TRAIN_TEST_OBJ := $(TRAIN_TEST_SRC:%.cpp=$(BUILD)/%.o)
TRAIN_TEST := $(BUILD)/Game2048/train/test_train
$(TRAIN_TEST_OBJ): | $(DOCTEST)
$(TRAIN_TEST_OBJ): CXXFLAGS += -DTRAIN2048_PATH='"$(abspath $(TRAIN2048))"'
# The bot's and the trainer's suites run the search and the n-tuple updates, inline in their
# headers, millions of times: at -O0 they ran 79 s and 41 s instead of 29 s and 19 s.
$(BOT_TEST_OBJ) $(TRAIN_TEST_OBJ): TEST_OPT :=
$(TRAIN_TEST): $(TRAIN_TEST_OBJ) $(BOT_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) | $(TRAIN2048)
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -ldl
TEST_BINARIES += $(TRAIN_TEST)

# One table, a row per agent / setting, every game played by Run2048.
BENCH2048_GAMES ?= 5
BENCH2048_SEED ?= 2014
.PHONY: bench-2048 bench-2048-network bench-2048-endgame contest-2048
bench-2048: $(RUN2048) $(BOT_PLUGIN) $(PLAY2048)
	@bash Game2048/bot/bench.sh $(RUN2048) $(BOT_PLUGIN) $(PLAY2048) $(BENCH2048_GAMES) $(BENCH2048_SEED) $(BUILD)/bench2048

# The quick proxies of a network's strength (about 10 minutes on one core):
# make bench-2048-network WEIGHTS=build/tr/X.n2048 (default: the committed weights).
WEIGHTS ?= Game2048/bot/weights.n2048
bench-2048-network: $(PLAY2048)
	@bash Game2048/bot/bench_network.sh $(PLAY2048) $(WEIGHTS)

# The endgame conversion rate (about 35 minutes on one core):
# make bench-2048-endgame [WEIGHTS=file] [ENDGAME_AGENT=expectimax:guard=0,...].
ENDGAME_AGENT ?= expectimax:guard=0
bench-2048-endgame: $(PLAY2048)
	@bash Game2048/bot/bench_endgame.sh $(PLAY2048) $(WEIGHTS) $(ENDGAME_AGENT)

# The trainer's moves learned per second of one core, by recipe (a few minutes):
# make bench-2048-train [TRAIN_BEFORE=an earlier train2048, its rows interleaved].
TRAIN_BEFORE ?=
.PHONY: bench-2048-train
bench-2048-train: $(TRAIN2048)
	@bash Game2048/train/bench_train.sh $(TRAIN2048) $(BOT_WEIGHTS) $(BUILD)/bench2048train $(TRAIN_BEFORE)

# The full contest run of the best agent: 100 games, the runner's default seed (hours at ~120 moves/s).
contest-2048: $(RUN2048) $(BOT_PLUGIN)
	$(RUN2048) $(BOT_PLUGIN) --games 100 --out $(BUILD)/contest2048.stats.txt --record $(BUILD)/contest2048.jsonl
