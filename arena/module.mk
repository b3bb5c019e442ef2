# The arena (arena/): a browser page served on 127.0.0.1 to play ConnectFour
# against the kit's plugins, or watch two of them, with the replay pages'
# drawing code. The only part of the kit that uses an HTTP library: Debian's
# cpp-httplib (compiled, so its flags must match the library's build).
HTTPLIB := /usr/include/httplib.h
$(HTTPLIB):
	@echo "cpp-httplib not found: installing Debian's libcpp-httplib-dev"
	$(call apt_install,libcpp-httplib-dev)
HTTPLIB_FLAGS := -DCPPHTTPLIB_OPENSSL_SUPPORT -DCPPHTTPLIB_ZLIB_SUPPORT -DCPPHTTPLIB_BROTLI_SUPPORT
HTTPLIB_LIBS := -lcpp-httplib

ARENA_ASSETS := arena_js=arena/assets/arena.js arena_css=arena/assets/arena.css
$(BUILD)/arena/assets.cpp: arena/assets/arena.js arena/assets/arena.css viewer/embed.sh
	@mkdir -p $(@D)
	sh viewer/embed.sh $@ $(ARENA_ASSETS)
$(BUILD)/arena/assets.o: $(BUILD)/arena/assets.cpp
	$(CXX) $(CXXFLAGS) -c $< -o $@

ARENA_SRC := $(filter-out arena/main.cpp,$(wildcard arena/*.cpp))
ARENA_OBJ := $(ARENA_SRC:%.cpp=$(BUILD)/%.o) $(BUILD)/arena/assets.o
$(ARENA_OBJ) $(BUILD)/arena/main.o: CXXFLAGS += $(HTTPLIB_FLAGS)
$(ARENA_OBJ) $(BUILD)/arena/main.o: | $(HTTPLIB)
ARENA_LIB := $(BUILD)/libarena.a
$(ARENA_LIB): $(ARENA_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

ARENA := $(BIN)/arena
$(ARENA): $(BUILD)/arena/main.o $(ARENA_LIB) $(COMPETE_LIB) $(G2048_RUNNER_OBJ) $(G2048_LIB) $(PDD_LIB) $(VIEWER_LIB) \
    $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(HTTPLIB_LIBS) $(PLUGIN_HOST_LIBS)
ALL_TARGETS += $(ARENA)

# make arena [ARENA_FLAGS="--port 0"]: build it with the ladder's levels and serve.
ARENA_FLAGS ?=
.PHONY: arena
arena: $(ARENA) so/Strategy.so $(SAMPLE_SO)
	$(ARENA) $(ARENA_FLAGS)

# --- the arena's suite (arena/tests/) ----------------------------------------
# playwright-core, pinned by package-lock.json, drives Debian's chromium.
ARENA_NODE_MODULES := arena/tests/node_modules/playwright-core/package.json
$(ARENA_NODE_MODULES): arena/tests/package.json arena/tests/package-lock.json
	cd arena/tests && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

ARENA_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard arena/tests/*.cpp))
# A PZ2048 player program, built as a student builds one.
ARENA_TEST_PLAYER := $(BUILD)/arena/tests/cycle_player
$(ARENA_TEST_PLAYER): arena/tests/players/cycle_player.cpp $(PZ_PLAYER_LIB)
	@mkdir -p $(@D)
	$(call PZ_PLAYER_BUILD,$<,$@)
$(ARENA_TEST_OBJ): CXXFLAGS += $(HTTPLIB_FLAGS) -DARENA_TEST_ROOT='"$(CURDIR)"' -DARENA_TEST_BUILD='"$(abspath $(BUILD))"'
$(ARENA_TEST_OBJ): | $(DOCTEST) $(HTTPLIB)
ARENA_TEST := $(BUILD)/arena/arena_tests
# (record2html and chromium by their paths: viewer/module.mk, which names them, is read after this file.)
# The suite plays ladder level 1 and Compete's test plugins (random, crashing, hanging,
# illegal), 2048 with the simple bot and a player program, and compares transcripts with PZ2048's.
$(ARENA_TEST): $(ARENA_TEST_OBJ) $(ARENA_LIB) $(COMPETE_LIB) $(G2048_RUNNER_OBJ) $(G2048_LIB) $(PDD_LIB) $(VIEWER_LIB) $(COMMON_LIB) \
    $(DOCTEST_MAIN) | $(ARENA) $(CT_PLUGINS) TestCases/1.so $(SIMPLE2048) $(PZ2048) $(ARENA_TEST_PLAYER) $(BIN)/record2html \
    $(BIN)/pdd-random /usr/bin/chromium \
    $(ARENA_NODE_MODULES)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(HTTPLIB_LIBS)
TEST_BINARIES += $(ARENA_TEST)

# The arena's share of a click's answer in a browser, against an instant plugin,
# alone and with 50 live games (arena/tests/bench.mjs).
.PHONY: bench-arena
bench-arena: $(ARENA) $(CT_PLUGINS) /usr/bin/chromium $(ARENA_NODE_MODULES)
	cd arena/tests && node bench.mjs $(abspath $(ARENA)) $(abspath $(CT_PLUGIN_DIR))
