# Ponte del Diavolo: rules library, referee, players, tests, benchmark.
PDD_RULES_SRC   := $(wildcard PonteDelDiavolo/rules/*.cpp)
PDD_REFEREE_SRC := $(filter-out PonteDelDiavolo/referee/main.cpp,$(wildcard PonteDelDiavolo/referee/*.cpp))
PDD_PLAYER_SRC  := $(filter-out %_main.cpp,$(wildcard PonteDelDiavolo/players/*.cpp))
PDD_LIB := $(BUILD)/libpdd.a
$(PDD_LIB): $(PDD_RULES_SRC:%.cpp=$(BUILD)/%.o) $(PDD_REFEREE_SRC:%.cpp=$(BUILD)/%.o) $(PDD_PLAYER_SRC:%.cpp=$(BUILD)/%.o)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

PDD_PROGRAMS := $(addprefix $(BIN)/,pdd-referee pdd-strategy pdd-random pdd-greedy)
# pdd-referee preloads the refusal hooks from its own folder into the programs.
$(BIN)/pdd-referee: $(BUILD)/PonteDelDiavolo/referee/main.o $(PDD_LIB) $(VIEWER_LIB) $(COMMON_LIB) | $(REFUSAL_PRELOAD)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@
$(BIN)/pdd-%: $(BUILD)/PonteDelDiavolo/players/%_main.o $(PDD_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@
ALL_TARGETS += $(PDD_PROGRAMS)

# The suite runs the programs above, and builds its own fault programs.
PDD_TEST_SRC := $(wildcard PonteDelDiavolo/tests/*.cpp)
$(BUILD)/PonteDelDiavolo/tests/pdd_tests: $(PDD_TEST_SRC:%.cpp=$(BUILD)/%.o) $(PDD_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) $(PDD_PROGRAMS) \
  $(REFUSAL_PRELOAD) $(BIN)/pdd-bench
	$(CXX) $(CXXFLAGS) $(filter-out $(DOCTEST_MAIN),$(filter %.o,$^)) $(DOCTEST_MAIN) $(PDD_LIB) $(COMMON_LIB) -o $@
$(PDD_TEST_SRC:%.cpp=$(BUILD)/%.o): | $(DOCTEST)
TEST_BINARIES += $(BUILD)/PonteDelDiavolo/tests/pdd_tests

# Strategy against the baselines: win rate, score margin, time per move.
# PDD_BENCH_GAMES (default 40 per opponent) and PDD_THINK_MS (default 2000) change it.
PDD_BENCH_GAMES ?= 40
.PHONY: bench-pdd
bench-pdd: $(BIN)/pdd-bench $(PDD_PROGRAMS)
	$(BIN)/pdd-bench --games $(PDD_BENCH_GAMES)
$(BIN)/pdd-bench: $(BUILD)/PonteDelDiavolo/bench/bench.o $(PDD_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@
