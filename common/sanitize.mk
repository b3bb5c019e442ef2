# AddressSanitizer + UBSan builds of the judges' own test suites, run by
# `make test` beside the normal ones: the judge code the suites run in-process
# (Compete's board, games, result files, the sandbox and its confinement; the
# PDD referee, rules and file readers; Run2048's runner library and 2048 engine)
# under the sanitizers. The programs and plugins they start as subprocesses are
# the normal builds.
#
# The suites' own code (the test files and doctest's main) is the normal build's
# objects: it is not the code under test, and a test file compiled with the
# sanitizers costs up to a minute of CPU. The sanitized objects come first on
# each link line, so that the copies of inline functions and templates the
# linker keeps are their instrumented ones.
SAN_BUILD := $(BUILD)/san
SAN_FLAGS := -O1 -g -std=c++17 -Wall -Wextra -MMD -MP -fsanitize=address,undefined -fno-sanitize-recover=undefined \
  -fno-omit-frame-pointer
$(SAN_BUILD)/%.o: %.cpp | $(DOCTEST)
	@mkdir -p $(@D)
	$(CXX) $(SAN_FLAGS) -c $< -o $@
san_objects = $(patsubst $(BUILD)/%,$(SAN_BUILD)/%,$(1))
# A generated source (the OJ's main.cpp as text) is made in the normal build's folder.
$(SAN_BUILD)/Compete/oj_driver.o: $(BUILD)/Compete/oj_driver.cpp
	@mkdir -p $(@D)
	$(CXX) $(SAN_FLAGS) -c $< -o $@

# Compete: every suite but two. Not the CPU-share measurement of fairness_test.cpp: under ASan the
# harness itself competes for the cores, and the counter's quiet baseline alone moved between 3.7k
# and 7.2k work units a move. Not the compatibility zoo of zoo_test.cpp: it only starts the normal
# builds of the judges, so it would play the same games again for half a minute more.
SAN_CT_OBJ := $(call san_objects,$(BUILD)/Compete/framework/Judge.o $(filter-out $(BUILD)/Compete/main.o,$(COMPETE_OBJ)) \
  $(TOURNAMENT_LIB_OBJ) $(COMMON_SRC:%.cpp=$(BUILD)/%.o)) \
  $(filter-out $(BUILD)/Compete/tests/fairness_test.o $(BUILD)/Compete/tests/zoo_test.o,$(CT_TEST_OBJ)) $(DOCTEST_MAIN)
# The page writer (with its generated assets) is linked as the normal build made it.
$(CT_OUT)/compete_tests_san: $(SAN_CT_OBJ) $(VIEWER_LIB) | Compete/Compete $(TOURNAMENT) $(CT_PLUGINS) $(CT_LADDER_LEVELS)
	$(CXX) $(SAN_FLAGS) $^ -o $@ -pthread

# Ponte del Diavolo: the suite finds the programs from its own path, so it sits beside pdd_tests.
SAN_PDD_OBJ := $(call san_objects,$(PDD_RULES_SRC:%.cpp=$(BUILD)/%.o) $(PDD_REFEREE_SRC:%.cpp=$(BUILD)/%.o) \
  $(PDD_PLAYER_SRC:%.cpp=$(BUILD)/%.o) $(COMMON_SRC:%.cpp=$(BUILD)/%.o)) \
  $(PDD_TEST_SRC:%.cpp=$(BUILD)/%.o) $(DOCTEST_MAIN)
$(BUILD)/PonteDelDiavolo/tests/pdd_tests_san: $(SAN_PDD_OBJ) $(VIEWER_LIB) | $(PDD_PROGRAMS)
	$(CXX) $(SAN_FLAGS) $^ -o $@ -pthread

# common/: the sandbox, atomic files, numbers and JSON suites (the layout check and
# make test's runner are not code under test), beside the normal build's sandbox_child.
SAN_COMMON_OBJ := $(call san_objects,$(COMMON_SRC:%.cpp=$(BUILD)/%.o)) \
  $(filter-out $(BUILD)/common/tests/format_test.o $(BUILD)/common/tests/run_tests_test.o,$(COMMON_TEST_OBJ)) \
  $(DOCTEST_MAIN)
$(SAN_BUILD)/common/tests/common_tests_san: $(SAN_COMMON_OBJ) | $(SAN_BUILD)/common/tests/sandbox_child $(REFUSAL_PRELOAD)
	$(CXX) $(SAN_FLAGS) $^ -o $@ -pthread
$(SAN_BUILD)/common/tests/sandbox_child: $(BUILD)/common/tests/sandbox_child
	@mkdir -p $(@D)
	cp $< $@

TEST_BINARIES += $(SAN_BUILD)/common/tests/common_tests_san
TEST_BINARIES += $(CT_OUT)/compete_tests_san $(BUILD)/PonteDelDiavolo/tests/pdd_tests_san

# Run2048: the runner library run in-process (run_contest, its sandboxed bot, the stats file and
# record), the 2048 engine, streams and contest API suites. The PZ2048 suites (a terminal driven in tmux,
# players built with g++) stay in the normal build only: under the sanitizers they would cost
# minutes of CI and cover no judge code of Run2048's.
SAN_G2048_TESTS := engine_test streams_test contest_api_test runner_test
SAN_G2048_OBJ := $(call san_objects,$(G2048_RUNNER_OBJ) $(G2048_CORE_OBJ) $(COMMON_SRC:%.cpp=$(BUILD)/%.o)) \
  $(SAN_G2048_TESTS:%=$(BUILD)/Game2048/tests/%.o) $(DOCTEST_MAIN)
$(BUILD)/Game2048/test_game2048_san: $(SAN_G2048_OBJ) $(VIEWER_LIB) | $(RUN2048) $(SIMPLE2048) $(G2048_TEST_BOTS)
	$(CXX) $(SAN_FLAGS) $^ -o $@ -pthread

TEST_BINARIES += $(BUILD)/Game2048/test_game2048_san
