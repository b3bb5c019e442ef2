# Compete: the sandboxed ConnectFour judge.
COMPETE_SRC := $(filter-out Compete/tests/%,$(wildcard Compete/*.cpp))
# The OJ's main.cpp (the course framework's, Compete/framework/) as text, built into a
# student's zip or folder when a judge plays it the OJ's way (upload.h).
COMPETE_OBJ := $(COMPETE_SRC:%.cpp=$(BUILD)/%.o) $(BUILD)/Compete/oj_driver.o
$(BUILD)/Compete/oj_driver.cpp: $(FRAMEWORK_DIR)/main.cpp
	@mkdir -p $(@D)
	{ echo '// Made by make from $<.'; echo 'extern const char* const kOjDriverSource;'; \
	  printf 'const char* const kOjDriverSource = R"OJ_DRIVER('; cat $<; echo ')OJ_DRIVER";'; } > $@
$(BUILD)/Compete/oj_driver.o: $(BUILD)/Compete/oj_driver.cpp
	$(CXX) $(CXXFLAGS) -c $< -o $@
COMPETE_LIB := $(BUILD)/libcompete.a
$(COMPETE_LIB): $(filter-out $(BUILD)/Compete/main.o,$(COMPETE_OBJ))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

Compete/Compete: $(BUILD)/Compete/main.o $(COMPETE_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
ALL_TARGETS += Compete/Compete

# Tournament: Compete matches between N plugins, ranked by Bradley-Terry ratings.
TOURNAMENT_LIB_OBJ := $(BUILD)/Compete/tournament/tournament.o
TOURNAMENT_RUN_OBJ := $(BUILD)/Compete/tournament/command.o $(BUILD)/Compete/tournament/play.o
TOURNAMENT := $(BIN)/Tournament
$(TOURNAMENT): $(BUILD)/Compete/tournament/main.o $(TOURNAMENT_RUN_OBJ) $(TOURNAMENT_LIB_OBJ) $(COMPETE_LIB) $(VIEWER_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
ALL_TARGETS += $(TOURNAMENT)

# --- Compete's tests and benchmark (Compete/tests/) -------------------------
# Test plugins: small, deterministic, most of them deliberately broken; built
# into $(BUILD)/Compete/tests/plugins/ the way users build theirs.
CT_DIR := Compete/tests
CT_OUT := $(BUILD)/Compete/tests
CT_PLUGIN_DIR := $(CT_OUT)/plugins
CT_PLUGIN_DEPS := $(CT_DIR)/plugins/plugin_util.h Compete/framework/Point.h
CT_PLUGIN_CXX := $(CXX) -std=c++11 -O2 -Wall -fPIC -shared -ICompete/framework
CT_FAULTS := segv_get throw_get abort_get refused_abort loop_get sleep_get alloc_get exit_get null_get off_board full_column \
  blocked not_lowest orphan_get escape_get segv_clear double_free_clear throw_clear sleep_clear exit_clear print write_file big_cache \
  scribble first_column
# Hostile plugins: one attempt against the sandbox each (plugins/hostile.h).
CT_HOSTILE := write_outside read_other connect_tcp kill_judge read_memory fork_bomb huge_file leave_daemon fill_disk
CT_PLUGINS := $(CT_FAULTS:%=$(CT_PLUGIN_DIR)/fault_%.so) $(CT_HOSTILE:%=$(CT_PLUGIN_DIR)/hostile_%.so) \
  $(addprefix $(CT_PLUGIN_DIR)/,random_a.so random_b.so random_slow.so no_get.so no_clear.so msvc_guard.so old_abi.so not_elf.so \
    spinner.so counter.so counter_200.so memory_threads.so memory_reserve.so memory_900.so memory_1100.so) \
  $(CT_PLUGIN_DIR)/random_b_program

$(CT_PLUGIN_DIR)/fault_%.so: $(CT_DIR)/plugins/fault.cpp $(CT_PLUGIN_DEPS) $(MISBEHAVE_OBJ)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DFAULT='"$*"' $< $(MISBEHAVE_OBJ) -o $@
$(CT_PLUGIN_DIR)/hostile_%.so: $(CT_DIR)/plugins/hostile.cpp $(CT_DIR)/plugins/hostile.h $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DHOSTILE='"$*"' $< -o $@
$(CT_PLUGIN_DIR)/random_a.so: $(CT_DIR)/plugins/random_move.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DSALT=1 $< -o $@
$(CT_PLUGIN_DIR)/random_b.so: $(CT_DIR)/plugins/random_move.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DSALT=2 $< -o $@
$(CT_PLUGIN_DIR)/random_slow.so: $(CT_DIR)/plugins/random_move.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DSALT=3 -DDELAY_MS=2 $< -o $@
$(CT_PLUGIN_DIR)/no_get.so: $(CT_DIR)/plugins/missing_symbol.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DWITHOUT_GET $< -o $@
$(CT_PLUGIN_DIR)/no_clear.so: $(CT_DIR)/plugins/missing_symbol.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DWITHOUT_CLEAR $< -o $@
$(CT_PLUGIN_DIR)/msvc_guard.so: $(CT_DIR)/plugins/missing_symbol.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DMSVC_GUARD $< -o $@
# The fairness plugins (plugins/fairness.cpp): a spinning opponent, and one that counts its work per move.
$(CT_PLUGIN_DIR)/spinner.so: $(CT_DIR)/plugins/fairness.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DSPINNER $< -o $@ -pthread
$(CT_PLUGIN_DIR)/counter.so: $(CT_DIR)/plugins/fairness.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DCOUNTER -DWORK_MS=20 $< -o $@
$(CT_PLUGIN_DIR)/counter_200.so: $(CT_DIR)/plugins/fairness.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DCOUNTER -DWORK_MS=200 $< -o $@
# random_b built the OJ's way: a program over stdin/stdout (make bench-judge's program rows).
$(CT_PLUGIN_DIR)/random_b_program: $(CT_DIR)/plugins/random_move.cpp $(FRAMEWORK_DIR)/main.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CXX) -std=c++11 -O2 -Wall -DONLINE_JUDGE -DSALT=2 -I$(FRAMEWORK_DIR) $< $(FRAMEWORK_DIR)/main.cpp -o $@
# Close to the memory line (plugins/memory.cpp): legitimate, and one over it.
$(CT_PLUGIN_DIR)/memory_threads.so: $(CT_DIR)/plugins/memory.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DTHREADS $< -o $@ -pthread
$(CT_PLUGIN_DIR)/memory_reserve.so: $(CT_DIR)/plugins/memory.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DRESERVE $< -o $@
$(CT_PLUGIN_DIR)/memory_%.so: $(CT_DIR)/plugins/memory.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -DRESIDENT_MB=$* $< -o $@
# Like the old samples: the C driver links neither libstdc++ nor libm.
$(CT_PLUGIN_DIR)/old_abi.so: $(CT_DIR)/plugins/old_abi.cpp $(CT_PLUGIN_DEPS)
	@mkdir -p $(@D)
	gcc -x c++ -std=c++11 -O2 -fPIC -shared -fno-exceptions -ICompete/framework $< -o $@
$(CT_PLUGIN_DIR)/not_elf.so:
	@mkdir -p $(@D)
	printf 'This is a text file named like a plugin.\n' > $@

# The suite finds the repository and the build folder through these.
CT_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(filter-out $(CT_DIR)/bench_%.cpp,$(wildcard $(CT_DIR)/*.cpp)))
CT_HARNESS_OBJ := $(BUILD)/Compete/tests/harness.o
$(CT_TEST_OBJ) $(CT_OUT)/bench_judge.o $(CT_OUT)/bench_fairness.o: | $(DOCTEST)
$(CT_TEST_OBJ) $(CT_OUT)/bench_judge.o $(CT_OUT)/bench_fairness.o: CXXFLAGS += -DCOMPETE_TEST_ROOT='"$(CURDIR)"' -DCOMPETE_TEST_BUILD='"$(abspath $(BUILD))"'
# The benchmarks use the suite's harness, but are compiled as the code they measure.
$(CT_OUT)/bench_judge.o $(CT_OUT)/bench_fairness.o: TEST_OPT :=

# The tournament test ranks three sample levels far apart on the ladder.
CT_LADDER_LEVELS := TestCases/1.so TestCases/11.so TestCases/21.so
$(CT_OUT)/compete_tests: $(CT_TEST_OBJ) $(BUILD)/Compete/framework/Judge.o $(TOURNAMENT_LIB_OBJ) $(COMPETE_LIB) $(DOCTEST_MAIN) $(VIEWER_LIB) $(COMMON_LIB) \
    | Compete/Compete $(TOURNAMENT) $(CT_PLUGINS) $(CT_LADDER_LEVELS) /usr/bin/parallel $(CT_OUT)/bench_judge \
      $(CT_OUT)/bench_fairness
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread
TEST_BINARIES += $(CT_OUT)/compete_tests

$(CT_OUT)/bench_judge: $(CT_OUT)/bench_judge.o $(CT_HARNESS_OBJ) $(COMMON_LIB) | Compete/Compete $(CT_PLUGINS)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread

# Fair CPU: a 200 ms-a-move counter's work against a quiet and a spinning opponent, frozen or not.
$(CT_OUT)/bench_fairness: $(CT_OUT)/bench_fairness.o $(CT_OUT)/fairness_helpers.o $(CT_HARNESS_OBJ) $(COMMON_LIB) \
    | Compete/Compete $(CT_PLUGINS)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread
.PHONY: bench-fairness
bench-fairness: $(CT_OUT)/bench_fairness
	$< 2

# The judge's own overhead: two instant random-move plugins, 200 games, median of 3 runs at -j 1 and -j 2.
.PHONY: bench-judge
bench-judge: $(CT_OUT)/bench_judge
	$< --games 200 --runs 3

# make sprt A=new.so B=old.so [SPRT="elo0=0 elo1=10"] [SPRT_ROUNDS=2000] [SPRT_FLAGS="--move-time 100 -j 2"]
# An SPRT match of A against B (Compete/README.md says how to read it); the
# round count is the cap. Add --resume to SPRT_FLAGS to continue a stopped one.
SPRT ?= elo0=0 elo1=10
SPRT_ROUNDS ?= 2000
SPRT_FLAGS ?= --move-time 100 -j 2
.PHONY: sprt tournament
sprt: Compete/Compete $(filter so/Strategy.so TestCases/%.so,$(A) $(B))
	@if [ -z "$(A)" ] || [ -z "$(B)" ]; then echo "usage: make sprt A=new.so B=old.so [SPRT=\"elo0=0 elo1=10\"]" >&2; exit 2; fi
	@mkdir -p Results
	./Compete/Compete $(A) $(B) Results/sprt.txt $(SPRT_ROUNDS) --sprt "$(SPRT)" --record Results/sprt.jsonl \
	  $(SPRT_FLAGS) 2>/dev/null | grep -E '^(Match seed|After round|SPRT|Statistics|  [A-Z(]|Summary|Score)'

# make tournament [TOURNAMENT_PLAYERS="a.so b.so ..."] [TOURNAMENT_FLAGS="--rounds 5 --move-time 300 -j 2"]
TOURNAMENT_PLAYERS ?= so/Strategy.so TestCases/40.so TestCases/45.so TestCases/50.so
TOURNAMENT_FLAGS ?= --rounds 5 --move-time 300 --seed 1 -j 2
tournament: $(TOURNAMENT) $(filter so/Strategy.so TestCases/%.so,$(TOURNAMENT_PLAYERS))
	$(TOURNAMENT) $(TOURNAMENT_FLAGS) Results/tournament $(TOURNAMENT_PLAYERS) 2>/dev/null
