# analysis/: build/bin/analyze, engine analysis of any judge's record (README.md).
ANALYSIS_SRC := $(filter-out analysis/analyze_main.cpp analysis/bench_endgame.cpp,$(wildcard analysis/*.cpp))
$(ANALYSIS_LIB): $(ANALYSIS_SRC:%.cpp=$(BUILD)/%.o)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^
ANALYSIS_LINK := $(ANALYSIS_LIB) $(COMPETE_LIB) $(VIEWER_LIB) $(BOT_LIB) $(PDD_LIB) $(ENGINE_OBJ) $(COMMON_LIB)

ANALYZE := $(BIN)/analyze
$(ANALYZE): $(BUILD)/analysis/analyze_main.o $(ANALYSIS_LINK)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread -ldl
ALL_TARGETS += $(ANALYZE)

# The suite: the solver against a plain negamax, blunders flagged, the command's files.
ANALYSIS_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard analysis/tests/*.cpp))
$(ANALYSIS_TEST_OBJ): | $(DOCTEST)
$(ANALYSIS_TEST_OBJ): CXXFLAGS += -DANALYSIS_TEST_ROOT='"$(CURDIR)"'
$(BUILD)/analysis/tests/analysis_tests: $(ANALYSIS_TEST_OBJ) $(DOCTEST_MAIN) $(ANALYSIS_LINK) \
    | $(ANALYZE) Compete/Compete $(RUN2048) $(SIMPLE2048) $(BIN)/pdd-referee $(BIN)/pdd-greedy $(BIN)/pdd-random
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -pthread
TEST_BINARIES += $(BUILD)/analysis/tests/analysis_tests

# make bench-analyze: the default effort's speed on a 100-game ConnectFour and a 100-game 2048 record.
.PHONY: bench-analyze
bench-analyze: $(ANALYZE) Compete/Compete $(RUN2048) $(SIMPLE2048) TestCases/40.so TestCases/45.so | /usr/bin/bc
	bash analysis/bench_analyze.sh $(CURDIR)
/usr/bin/bc:
	$(call apt_install,bc)

# make bench-endgame [BASE=other.so] [BENCH_ENDGAME_FLAGS="--iterations 100000 --solver"]: the share of
# the positions of analysis/endgame_positions.txt (30..50 empty cells, labelled by the solver) in which
# our strategy's move keeps the proven outcome, at a fixed number of iterations, beside BASE's (e.g.
# BASE=$$(make -s strategy-ref REF=HEAD)); with --solver, the solver's time to prove each.
BENCH_ENDGAME := $(BUILD)/analysis/bench_endgame
$(BENCH_ENDGAME): $(BUILD)/analysis/bench_endgame.o $(ANALYSIS_LINK)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread -ldl
BASE ?=
BENCH_ENDGAME_FLAGS ?= --iterations 100000 --solver
.PHONY: bench-endgame
bench-endgame: $(BENCH_ENDGAME) $(ENGINE_PLUGIN)
	$(BENCH_ENDGAME) run analysis/endgame_positions.txt $(ENGINE_PLUGIN) $(BASE) $(BENCH_ENDGAME_FLAGS)
$(BUILD)/analysis/tests/analysis_tests: | $(BENCH_ENDGAME) $(ZOO_OUT)/plain_c.so
