# engine/: the kit's ConnectFour engine, our strategy's source (ENGINE_SRC and
# ENGINE_OBJ are set in the top makefile, for the modules that link it), its
# tests and its benchmarks. Strategy/ links here out of the box.

# Our strategy as a plugin, built from the kit's copy with the OJ's flags: what
# the kit's own suites play (so/Strategy.so is the user's, whatever Strategy/ holds).
ENGINE_PLUGIN_SRC := $(wildcard engine/*.cpp) $(wildcard $(FRAMEWORK_DIR)/*.cpp)
$(ENGINE_PLUGIN): $(ENGINE_PLUGIN_SRC) $(wildcard engine/*.h $(FRAMEWORK_DIR)/*.h)
	@mkdir -p $(@D)
	$(CXX) -Wall -std=c++11 -O2 -fpic -shared -I$(FRAMEWORK_DIR) $(ENGINE_PLUGIN_SRC) -o $@
ALL_TARGETS += $(ENGINE_PLUGIN)

# The engine's suite: the position against the judge's board, the playouts' replies,
# the tree, and the plugin's tactics.
ENGINE_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard engine/tests/*.cpp))
$(ENGINE_TEST_OBJ): | $(DOCTEST)
$(BUILD)/engine/tests/engine_tests: $(ENGINE_TEST_OBJ) $(ENGINE_OBJ) $(BUILD)/Compete/board.o $(DOCTEST_MAIN) $(COMMON_LIB) \
    | $(ENGINE_PLUGIN)
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -ldl -pthread
TEST_BINARIES += $(BUILD)/engine/tests/engine_tests

# make bench-strategy: the engine against the engine of commit BENCH_REF, in one run, alternately
# (engine/bench/bench_strategy.cpp). Both are built with the OJ's flags; the reference's strategy
# is taken from git into build/ (engine/extract_strategy.sh) and compiled in a namespace of its
# own (-Dc4=... -Dc4engine=..., whichever name its namespace has). BENCH_RUNS: the alternating runs whose medians are reported.
BENCH_REF ?= e15c0af
BENCH_RUNS ?= 5
BENCH_OJ_FLAGS := -Wall -std=c++11 -O2 -fpic -g -MMD -MP
BENCH_DIR := $(BUILD)/engine/bench-$(BENCH_REF)
BENCH_CURRENT_OBJ := $(addprefix $(BENCH_DIR)/current/,bits.o position.o uct.o bench_engine.o bench_portable.o)
BENCH_REF_OBJ := $(addprefix $(BENCH_DIR)/reference/,bits.o position.o uct.o bench_engine.o)
# (extract_strategy.sh empties the folder it writes: one of its own, not BENCH_DIR.)
BENCH_REF_SRC := $(BENCH_DIR)/reference-source
$(BENCH_REF_SRC)/Strategy/.extracted:
	sh engine/extract_strategy.sh "$(BENCH_REF)" $(BENCH_REF_SRC)
	touch $@
$(BENCH_DIR)/current/%.o: engine/%.cpp
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -c $< -o $@
$(BENCH_DIR)/current/bench_engine.o: engine/bench/bench_engine.cpp
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -Iengine -DBENCH_ENGINE=bench_current -DBENCH_COMPACTIONS -c $< -o $@
$(BENCH_DIR)/current/bench_portable.o: engine/bench/bench_engine.cpp
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -Iengine -DBENCH_ENGINE=bench_portable -DBENCH_PORTABLE -c $< -o $@
$(BENCH_DIR)/reference/%.o: $(BENCH_REF_SRC)/Strategy/.extracted
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -Dc4=c4_reference -Dc4engine=c4_reference -c $(BENCH_REF_SRC)/Strategy/$*.cpp -o $@
$(BENCH_DIR)/reference/bench_engine.o: engine/bench/bench_engine.cpp $(BENCH_REF_SRC)/Strategy/.extracted
	@mkdir -p $(@D)
	$(CXX) $(BENCH_OJ_FLAGS) -I$(BENCH_REF_SRC)/Strategy -Dc4=c4_reference -Dc4engine=c4_reference -DBENCH_ENGINE=bench_reference -c $< -o $@
# The benchmarks' drivers (bench_strategy, bench_pool), each linked with both engines.
$(BENCH_DIR)/bench_%.o: engine/bench/bench_%.cpp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -DBENCH_REF_NAME='"$(BENCH_REF)"' -c $< -o $@
$(BENCH_DIR)/bench_%: $(BENCH_DIR)/bench_%.o $(BENCH_CURRENT_OBJ) $(BENCH_REF_OBJ) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@

.PHONY: bench-strategy
bench-strategy: $(BENCH_DIR)/bench_strategy
	$< $(BENCH_RUNS)

# make bench-pool: the tree kept in the node pool over self-play games at full time, the
# engine against BENCH_REF's (engine/bench/bench_pool.cpp); POOL_FLAGS: its options.
POOL_FLAGS ?=
.PHONY: bench-pool
bench-pool: $(BENCH_DIR)/bench_pool
	$< $(POOL_FLAGS)

# make strategy-ref REF=<commit>: that commit's strategy, built as the OJ builds it, into
# build/ref/<commit>/Strategy.so (the opponent for measuring a change: make sprt, Compete).
REF ?= HEAD
.PHONY: strategy-ref
strategy-ref:
	@sha=$$(git rev-parse --short=12 "$(REF)^{commit}" 2>/dev/null) || { echo "strategy-ref: '$(REF)' is not a commit" >&2; exit 2; }; \
	  dir=$(BUILD)/ref/$$sha; \
	  if [ ! -f $$dir/Strategy.so ]; then \
	    sh engine/extract_strategy.sh "$$sha" $$dir && \
	    (cd $$dir/Strategy && $(CXX) -Wall -std=c++11 -O2 -fpic -shared *.cpp -o ../Strategy.so) || exit 1; \
	  fi; \
	  echo "$$dir/Strategy.so"
