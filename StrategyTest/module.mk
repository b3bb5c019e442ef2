# The strategy's unit tests and benchmarks (the engine lives in Strategy/, which
# is uploaded as it is; this folder holds what is not uploaded).
STRATEGY_ENGINE_SRC := Strategy/position.cpp Strategy/uct.cpp
STRATEGY_ENGINE_OBJ := $(STRATEGY_ENGINE_SRC:%.cpp=$(BUILD)/%.o)

$(BUILD)/StrategyTest/bench_strategy: $(BUILD)/StrategyTest/bench_strategy.o $(STRATEGY_ENGINE_OBJ)
	$(CXX) $(CXXFLAGS) $^ -o $@

.PHONY: bench-strategy
bench-strategy: $(BUILD)/StrategyTest/bench_strategy
	$<

STRATEGY_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard StrategyTest/tests/*.cpp))
$(STRATEGY_TEST_OBJ): | $(DOCTEST)
$(BUILD)/StrategyTest/strategy_tests: so/Strategy.so Strategy.zip $(STRATEGY_TEST_OBJ) $(STRATEGY_ENGINE_OBJ) $(BUILD)/Compete/board.o $(DOCTEST_MAIN) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $(filter-out so/Strategy.so Strategy.zip,$^) -o $@ -ldl -pthread
TEST_BINARIES += $(BUILD)/StrategyTest/strategy_tests
