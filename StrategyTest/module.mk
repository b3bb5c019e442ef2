# StrategyTest/: the suites of Strategy/, whatever it holds (ours out of the box, or a
# student's own files): what the OJ checks of an upload, and a short real match. They
# are listed apart from the kit's suites (STRATEGY_SUITES; make test names both parts).
STRATEGY_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard StrategyTest/tests/*.cpp))
$(STRATEGY_TEST_OBJ): | $(DOCTEST)
$(STRATEGY_TEST_OBJ): CXXFLAGS += -DKIT_ROOT='"$(CURDIR)"'
$(BUILD)/StrategyTest/strategy_tests: $(STRATEGY_TEST_OBJ) $(BUILD)/Compete/board.o $(DOCTEST_MAIN) $(COMMON_LIB) \
    | so/Strategy.so Strategy.zip Compete/Compete TestCases/1.so /usr/bin/unzip
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -ldl -pthread
STRATEGY_SUITES += $(BUILD)/StrategyTest/strategy_tests

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

