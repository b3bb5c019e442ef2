# ladder: a class ladder that lives all term (ConnectFour plugins or PDD programs).
# It links Compete's and PDD's game drivers and serves as its own plugin host.
LADDER_SRC := $(filter-out ladder/main.cpp ladder/bench_%.cpp,$(wildcard ladder/*.cpp))
CLASS_LADDER_LIB := $(BUILD)/libladder.a
$(CLASS_LADDER_LIB): $(LADDER_SRC:%.cpp=$(BUILD)/%.o)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^
CLASS_LADDER_DEPS := $(CLASS_LADDER_LIB) $(COMPETE_LIB) $(PDD_LIB) $(VIEWER_LIB) \
  $(COMMON_LIB)

CLASS_LADDER := $(BIN)/ladder
# PDD games preload the refusal hooks from the ladder's own folder.
$(CLASS_LADDER): $(BUILD)/ladder/main.o $(CLASS_LADDER_DEPS) | $(REFUSAL_PRELOAD) /usr/bin/unzip
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -pthread $(PLUGIN_HOST_LIBS)
ALL_TARGETS += $(CLASS_LADDER)

# The benchmark: a simulated class of 200 players and 20,000 recorded games.
CLASS_LADDER_BENCH := $(BUILD)/ladder/bench_class_ladder
$(CLASS_LADDER_BENCH): $(BUILD)/ladder/bench_class_ladder.o $(CLASS_LADDER_DEPS)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
.PHONY: bench-class-ladder
bench-class-ladder: $(CLASS_LADDER_BENCH)
	$< --players 200 --games 20000

# The suite: real games between far-apart sample levels, instant test plugins,
# PDD's programs, kill -9, two processes at once, shards, the page in Chromium.
LADDER_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard ladder/tests/*.cpp))
$(LADDER_TEST_OBJ): | $(DOCTEST)
$(LADDER_TEST_OBJ): CXXFLAGS += -DLADDER_TEST_ROOT='"$(CURDIR)"' -DLADDER_TEST_BUILD='"$(abspath $(BUILD))"'
LADDER_TEST := $(BUILD)/ladder/tests/ladder_tests
$(LADDER_TEST): $(LADDER_TEST_OBJ) $(BUILD)/viewer/tests/browser.o $(CT_HARNESS_OBJ) $(CLASS_LADDER_DEPS) $(DOCTEST_MAIN) \
    | $(CLASS_LADDER) $(CLASS_LADDER_BENCH) /usr/bin/chromium TestCases/1.so TestCases/25.so TestCases/50.so \
      $(CT_PLUGIN_DIR)/random_a.so $(CT_PLUGIN_DIR)/random_b.so $(CT_PLUGIN_DIR)/random_slow.so $(CT_PLUGIN_DIR)/no_get.so $(CT_PLUGIN_DIR)/not_elf.so \
      $(BIN)/pdd-strategy $(BIN)/pdd-greedy $(BIN)/pdd-random /usr/bin/zip
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -pthread $(PLUGIN_HOST_LIBS)
TEST_BINARIES += $(LADDER_TEST)

# The in-process suite (records, matchmaking, standings, the ledger cache) under
# AddressSanitizer and UBSan (common/sanitize.mk), the ladder's code built
# with them; the suite's code and the kit's libraries as the normal build made them.
LADDER_SAN_OBJ := $(call san_objects,$(LADDER_SRC:%.cpp=$(BUILD)/%.o)) $(BUILD)/ladder/tests/records_test.o $(DOCTEST_MAIN)
$(SAN_BUILD)/ladder/tests/ladder_tests_san: $(LADDER_SAN_OBJ) $(COMPETE_LIB) $(PDD_LIB) \
    $(VIEWER_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(SAN_FLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
TEST_BINARIES += $(SAN_BUILD)/ladder/tests/ladder_tests_san
