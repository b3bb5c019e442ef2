# TestCases: the ladder of 50 sample strategies (one source, -DLEVEL=k), the
# OJ-style grade and the ladder benchmark.

# The samples' engine, compiled once as position-independent code with hidden
# symbols; src/sample.cpp, compiled once per level, adds the plugin ABI.
LADDER_SRC       := $(filter-out TestCases/src/sample.cpp,$(wildcard TestCases/src/*.cpp))
LADDER_PIC_OBJ   := $(LADDER_SRC:%.cpp=$(BUILD)/pic/%.o)
LADDER_OBJ       := $(LADDER_SRC:%.cpp=$(BUILD)/%.o)
LADDER_PICFLAGS  := $(CXXFLAGS) -fPIC -fvisibility=hidden -fvisibility-inlines-hidden
LADDER_LEVELS    := $(shell seq 1 50)
SAMPLE_SO        := $(LADDER_LEVELS:%=TestCases/%.so)

$(BUILD)/pic/TestCases/src/%.o: TestCases/src/%.cpp
	@mkdir -p $(@D)
	$(CXX) $(LADDER_PICFLAGS) -c $< -o $@

$(BUILD)/TestCases/level/%.o: TestCases/src/sample.cpp
	@mkdir -p $(@D)
	$(CXX) $(LADDER_PICFLAGS) -DLEVEL=$* -c $< -o $@

# The dependency files are only read: without this empty rule, make's built-in "%: %.o"
# would try to remake level/k.d from a level "k.d" (-DLEVEL=k.d).
$(BUILD)/TestCases/level/%.d: ;

TestCases/%.so: $(BUILD)/TestCases/level/%.o $(LADDER_PIC_OBJ)
	$(CXX) -shared $^ -o $@

# Tools: they link Compete's referee and run themselves as the plugin host.
TC_TOOL_OBJ := $(BUILD)/TestCases/tools/game_pool.o $(BUILD)/TestCases/tools/grade_score.o $(BUILD)/TestCases/tools/grade_run.o \
  $(BUILD)/TestCases/tools/class_table.o $(BUILD)/TestCases/tools/class_page.o
GRADE := $(BIN)/Grade
$(GRADE): $(BUILD)/TestCases/tools/grade.o $(TC_TOOL_OBJ) $(COMPETE_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
GRADE_CLASS := $(BIN)/grade-class
$(GRADE_CLASS): $(BUILD)/TestCases/tools/grade_class.o $(TC_TOOL_OBJ) $(ANALYSIS_LIB) $(COMPETE_LIB) $(VIEWER_LIB) \
    $(BOT_LIB) $(PDD_LIB) $(ENGINE_OBJ) $(COMMON_LIB) | /usr/bin/unzip
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
$(BUILD)/TestCases/bench_ladder: $(BUILD)/TestCases/tools/bench_ladder.o $(TC_TOOL_OBJ) $(LADDER_OBJ) $(COMPETE_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
# In-process duels between levels or plans, for tuning the ladder (see tools/duel.cpp).
$(BUILD)/TestCases/duel: $(BUILD)/TestCases/tools/duel.o $(LADDER_OBJ) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread

ALL_TARGETS += $(SAMPLE_SO) $(GRADE) $(GRADE_CLASS) $(BUILD)/TestCases/bench_ladder $(BUILD)/TestCases/duel

# Plugins that misbehave on purpose, for the grade's tests.
TC_FAULTS := crash illegal timeout
TC_FAULT_SO := $(TC_FAULTS:%=$(BUILD)/TestCases/faulty/%.so)
$(BUILD)/TestCases/faulty/%.so: TestCases/tests/faulty_plugin.cpp $(MISBEHAVE_OBJ)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -fPIC -shared -DFAULT_$* $< $(MISBEHAVE_OBJ) -o $@

TC_TEST_SRC := $(wildcard TestCases/tests/*_test.cpp)
TC_TEST_BIN := $(BUILD)/TestCases/tests/testcases_tests
$(TC_TEST_BIN): $(TC_TEST_SRC:%.cpp=$(BUILD)/%.o) $(BUILD)/TestCases/tools/grade_score.o \
                $(BUILD)/TestCases/tools/class_table.o $(BUILD)/TestCases/tools/class_page.o \
                $(LADDER_OBJ) $(COMPETE_LIB) $(VIEWER_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) | $(SAMPLE_SO) $(GRADE) $(GRADE_CLASS) $(TC_FAULT_SO) $(ENGINE_PLUGIN) /usr/bin/parallel /usr/bin/unzip \
                  $(BUILD)/TestCases/bench_ladder $(BUILD)/TestCases/duel
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -pthread $(PLUGIN_HOST_LIBS)
$(TC_TEST_SRC:%.cpp=$(BUILD)/%.o): | $(DOCTEST)
TEST_BINARIES += $(TC_TEST_BIN)

# make grade [STRATEGY=so/Strategy.so] [GRADE_FLAGS="--seed 7 --move-time 300 --group 2 -j 2"]
STRATEGY ?= so/Strategy.so
GRADE_FLAGS ?=
.PHONY: grade bench-ladder bench-class clean-testcases
grade: $(GRADE) $(SAMPLE_SO) $(if $(filter so/Strategy.so,$(STRATEGY)),so/Strategy.so)
	@mkdir -p Results
	$(GRADE) --results Results/grade.tsv --record Results/grade.jsonl --html Results/grade.html $(GRADE_FLAGS) \
	  $(STRATEGY)

# make bench-ladder [BENCH_LADDER_FLAGS="--rounds 50 --seed 1 -j 2"]
BENCH_LADDER_FLAGS ?= --rounds 50 --seed 1 -j 2
bench-ladder: $(BUILD)/TestCases/bench_ladder $(SAMPLE_SO)
	$(BUILD)/TestCases/bench_ladder $(BENCH_LADDER_FLAGS)

# A class of 8 zipped ladder levels graded at 1, 2 and 4 shards (GNU parallel on this
# machine, then --merge), and a merge of 10,000 recorded games: wall times.
# make bench-class [BENCH_CLASS_FLAGS="--move-time 20 --group 2"]  (any grade-class options)
BENCH_CLASS_FLAGS ?= --move-time 20 --group 2
bench-class: $(GRADE_CLASS) $(SAMPLE_SO) | /usr/bin/parallel /usr/bin/zip
	nice bash tools/cluster/bench-class.sh $(BUILD)/bench-class $(BENCH_CLASS_FLAGS)
