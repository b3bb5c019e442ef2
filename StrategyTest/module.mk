# The strategy's unit tests and benchmarks (the engine lives in Strategy/, which
# is uploaded as it is; this folder holds what is not uploaded).
STRATEGY_ENGINE_SRC := Strategy/bits.cpp Strategy/position.cpp Strategy/uct.cpp
STRATEGY_ENGINE_OBJ := $(STRATEGY_ENGINE_SRC:%.cpp=$(BUILD)/%.o)

# make bench-strategy: the engine of Strategy/ against the engine of commit BENCH_REF, in one run,
# alternately (StrategyTest/bench_strategy.cpp). Both are built with the OJ's flags; the reference's
# Strategy/ is taken from git into build/ and compiled in a namespace of its own (-Dc4=...).
# BENCH_RUNS: the alternating runs whose medians are reported.
BENCH_REF ?= e15c0af
BENCH_RUNS ?= 5
BENCH_OJ_FLAGS := -Wall -std=c++11 -O2 -fpic -g -MMD -MP
BENCH_DIR := $(BUILD)/StrategyTest/bench-$(BENCH_REF)
BENCH_CURRENT_OBJ := $(addprefix $(BENCH_DIR)/current/,bits.o position.o uct.o bench_engine.o bench_portable.o)
BENCH_REF_OBJ := $(addprefix $(BENCH_DIR)/reference/,bits.o position.o uct.o bench_engine.o)
$(BENCH_DIR)/Strategy/.extracted:
	rm -rf $(@D) && mkdir -p $(BENCH_DIR)
	git archive "$(BENCH_REF)" Strategy | tar -x -C $(BENCH_DIR)
	touch $@
$(BENCH_DIR)/current/%.o: Strategy/%.cpp
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -c $< -o $@
$(BENCH_DIR)/current/bench_engine.o: StrategyTest/bench_engine.cpp
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -IStrategy -DBENCH_ENGINE=bench_current -c $< -o $@
$(BENCH_DIR)/current/bench_portable.o: StrategyTest/bench_engine.cpp
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -IStrategy -DBENCH_ENGINE=bench_portable -DBENCH_PORTABLE -c $< -o $@
$(BENCH_DIR)/reference/%.o: $(BENCH_DIR)/Strategy/.extracted
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -Dc4=c4_reference -c $(BENCH_DIR)/Strategy/$*.cpp -o $@
$(BENCH_DIR)/reference/bench_engine.o: StrategyTest/bench_engine.cpp $(BENCH_DIR)/Strategy/.extracted
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -I$(BENCH_DIR)/Strategy -Dc4=c4_reference -DBENCH_ENGINE=bench_reference -c $< -o $@
$(BENCH_DIR)/bench_strategy.o: StrategyTest/bench_strategy.cpp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -DBENCH_REF_NAME='"$(BENCH_REF)"' -c $< -o $@
$(BENCH_DIR)/bench_strategy: $(BENCH_DIR)/bench_strategy.o $(BENCH_CURRENT_OBJ) $(BENCH_REF_OBJ) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@

.PHONY: bench-strategy
bench-strategy: $(BENCH_DIR)/bench_strategy
	$< $(BENCH_RUNS)

STRATEGY_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard StrategyTest/tests/*.cpp))
$(STRATEGY_TEST_OBJ): | $(DOCTEST)
$(BUILD)/StrategyTest/strategy_tests: so/Strategy.so Strategy.zip $(STRATEGY_TEST_OBJ) $(STRATEGY_ENGINE_OBJ) $(BUILD)/Compete/board.o $(DOCTEST_MAIN) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $(filter-out so/Strategy.so Strategy.zip,$^) -o $@ -ldl -pthread
TEST_BINARIES += $(BUILD)/StrategyTest/strategy_tests

# make bench-strength: our strategy in real matches through Compete.
#   1. against the strongest sample (TestCases/50.so, fixed iteration budget) at STRENGTH_MS per move;
#   2. against itself given 3x less time (STRENGTH_MS vs STRENGTH_MS/3).
# Each match: its Stat block and score, the longest move of each side (from the record),
# and at the end the number of fault codes seen. STRENGTH_FLAGS adds Compete options
# (e.g. "--move-iterations-a 120000 --move-iterations-b 40000 --time-limit 30000" for a
# load-independent self-play at 3x fewer iterations).
STRENGTH_ROUNDS ?= 50
STRENGTH_MS ?= 300
STRENGTH_SEED ?= 2026
STRENGTH_FLAGS ?=
# The longest move of side A and of side B in a Compete record (JSON lines: ["A",x,y,ms]).
longest_moves = for s in A B; do printf '  longest move of %s: ' $$s; \
  grep -o "\[\"$$s\",[0-9]*,[0-9]*,[0-9.]*\]" $(1) | cut -d, -f4 | tr -d ']' | sort -g | tail -n 1 | sed 's/$$/ ms/'; done
.PHONY: bench-strength
bench-strength: so/Strategy.so Compete/Compete TestCases/50.so
	@mkdir -p Results
	@echo "Strategy vs TestCases/50.so, $(STRENGTH_ROUNDS) rounds (x2 games), $(STRENGTH_MS) ms/move, seed $(STRENGTH_SEED)"
	@./Compete/Compete so/Strategy.so TestCases/50.so Results/strength_vs50.txt $(STRENGTH_ROUNDS) --seed $(STRENGTH_SEED) \
	  --move-time $(STRENGTH_MS) -j 2 --record Results/strength_vs50.jsonl 2>/dev/null | tail -n 8
	@$(call longest_moves,Results/strength_vs50.jsonl)
	@echo "Strategy at $(STRENGTH_MS) ms vs Strategy at $$(( $(STRENGTH_MS) / 3 )) ms, $(STRENGTH_ROUNDS) rounds"
	@./Compete/Compete so/Strategy.so so/Strategy.so Results/strength_self3x.txt $(STRENGTH_ROUNDS) --seed $(STRENGTH_SEED) \
	  --move-time-a $(STRENGTH_MS) --move-time-b $$(( $(STRENGTH_MS) / 3 )) -j 2 $(STRENGTH_FLAGS) \
	  --record Results/strength_self3x.jsonl 2>/dev/null | tail -n 8
	@$(call longest_moves,Results/strength_self3x.jsonl)
	@echo "fault codes (3-8, negative) in these games:"; \
	  cat Results/strength_vs50.txt Results/strength_self3x.txt | awk -F'\t' 'NF==3 && ($$1<0 || $$1>2) {n++} END {print n+0}'

# make strategy-ref REF=<commit>: that commit's Strategy/, built as the OJ builds it, into
# build/ref/<commit>/Strategy.so (the opponent for measuring a change: make sprt, Compete).
REF ?= HEAD
.PHONY: strategy-ref
strategy-ref:
	@sha=$$(git rev-parse --short=12 "$(REF)^{commit}" 2>/dev/null) || { echo "strategy-ref: '$(REF)' is not a commit" >&2; exit 2; }; \
	  dir=$(BUILD)/ref/$$sha; \
	  if [ ! -f $$dir/Strategy.so ]; then \
	    rm -rf $$dir && mkdir -p $$dir && git archive "$$sha" Strategy | tar -x -C $$dir && \
	    (cd $$dir/Strategy && $(CXX) -Wall -std=c++11 -O2 -fpic -shared *.cpp -o ../Strategy.so) || exit 1; \
	  fi; \
	  echo "$$dir/Strategy.so"
