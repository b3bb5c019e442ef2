# libFuzzer targets, one per parser of untrusted input (fuzz/targets/), their
# committed corpora (fuzz/corpus/<target>/: seeds and every crash found, fixed),
# and the replay suite that runs every corpus input under ASan and UBSan in
# `make test`.
#
#   make fuzz                 fuzz each target for FUZZ_SECONDS (default 60), print runs per target
#   make fuzz FUZZ_SECONDS=5  a short pass
FUZZ_SECONDS ?= 60
FUZZ_CXX := clang++
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_FLAGS := -g -O1 -std=c++17 $(FUZZ_SAN) -DONLINE_JUDGE -DONLINE_JUDGE_NO_MAIN
FUZZ_TARGETS := $(basename $(notdir $(wildcard fuzz/targets/*.cpp)))
FUZZ_OUT := $(BUILD)/fuzz

# The code each target reaches.
FUZZ_PDD_SRC := $(wildcard PonteDelDiavolo/rules/*.cpp) PonteDelDiavolo/referee/infer_action.cpp
FUZZ_SRC_pdd_turn_files := $(FUZZ_PDD_SRC)
FUZZ_SRC_pdd_steplog := $(FUZZ_PDD_SRC)
FUZZ_SRC_compete_reply := Compete/board.cpp
FUZZ_SRC_oj_reply := Compete/board.cpp Compete/oj_protocol.cpp
FUZZ_SRC_run2048_reply := Game2048/engine/contest_game.cpp Game2048/engine/streams.cpp common/cli.cpp
FUZZ_SRC_pz_input := Game2048/pz/pz_game.cpp Game2048/pz/transcript.cpp Game2048/engine/streams.cpp common/cli.cpp
FUZZ_SRC_oj_protocol := $(wildcard engine/*.cpp $(FRAMEWORK_DIR)/*.cpp)
$(FUZZ_OUT)/fz/engine/%.o $(FUZZ_OUT)/rp/engine/%.o: FUZZ_FLAGS += -I$(FRAMEWORK_DIR)
FUZZ_SRC_record_reader := common/json_read.cpp common/json.cpp viewer/record.cpp
FUZZ_SRC_run2048_record := Game2048/runner/record.cpp Game2048/engine/contest_game.cpp Game2048/engine/streams.cpp \
  common/json_read.cpp common/json.cpp common/shards.cpp common/cli.cpp \
  common/sandbox_record.cpp common/run_records.cpp common/atomic_file.cpp
FUZZ_SRC_weights_file := Game2048/bot/weights_file.cpp Game2048/bot/ntuple.cpp Game2048/bot/table.cpp
FUZZ_ALL_SRC := $(sort $(foreach t,$(FUZZ_TARGETS),$(FUZZ_SRC_$(t))))

# clang and its fuzzer runtime come with the machine; a fresh one without them gets Debian's.
FUZZ_TOOLS := $(FUZZ_OUT)/.clang-ready
$(FUZZ_TOOLS):
	@if ! command -v $(FUZZ_CXX) > /dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a > /dev/null 2>&1; \
	then echo "clang or libFuzzer not found: installing Debian's clang and libclang-rt-dev"; \
	  $(call apt_install,clang libclang-rt-dev); fi
	@mkdir -p $(@D) && touch $@

# Fuzzing build: coverage-guided (fuzzer-no-link) objects.
$(FUZZ_OUT)/fz/%.o: %.cpp | $(FUZZ_TOOLS)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@
# Replay build: the same code under ASan and UBSan only, each target's entry renamed.
$(FUZZ_OUT)/rp/%.o: %.cpp | $(FUZZ_TOOLS) $(DOCTEST)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -MMD -MP -c $< -o $@
$(FUZZ_OUT)/rp/fuzz/targets/%.o: fuzz/targets/%.cpp | $(FUZZ_TOOLS)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -DLLVMFuzzerTestOneInput=fuzz_$* -DLLVMFuzzerInitialize=fuzz_init_$* -MMD -MP -c $< -o $@

define FUZZ_TARGET_RULE
$(FUZZ_OUT)/$(1): $(FUZZ_OUT)/fz/fuzz/targets/$(1).o $(patsubst %.cpp,$(FUZZ_OUT)/fz/%.o,$(FUZZ_SRC_$(1)))
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer $$^ -o $$@ -lpthread
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_TARGET_RULE,$(t))))

FUZZ_REPLAY := $(FUZZ_OUT)/fuzz_replay
$(FUZZ_REPLAY): $(FUZZ_OUT)/rp/fuzz/replay_test.o $(FUZZ_OUT)/rp/common/tests/doctest_main.o \
    $(FUZZ_TARGETS:%=$(FUZZ_OUT)/rp/fuzz/targets/%.o) $(FUZZ_ALL_SRC:%.cpp=$(FUZZ_OUT)/rp/%.o)
	$(FUZZ_CXX) $(FUZZ_FLAGS) $^ -o $@ -lpthread
$(FUZZ_OUT)/rp/fuzz/replay_test.o: FUZZ_FLAGS += -DFUZZ_CORPUS_ROOT='"$(CURDIR)/fuzz/corpus"'
TEST_BINARIES += $(FUZZ_REPLAY)

.PHONY: fuzz
fuzz: $(FUZZ_TARGETS:%=$(FUZZ_OUT)/%)
	@mkdir -p $(FUZZ_OUT)/crashes
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_OUT)/runs/$$t; \
	  nice $(FUZZ_OUT)/$$t -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_OUT)/crashes/$$t- $(FUZZ_OUT)/runs/$$t fuzz/corpus/$$t > $(FUZZ_OUT)/$$t.log 2>&1; \
	  rc=$$?; runs=$$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' $(FUZZ_OUT)/$$t.log); \
	  echo "fuzz $$t: $$runs runs in $(FUZZ_SECONDS) s, exit $$rc (log: $(FUZZ_OUT)/$$t.log)"; \
	  [ $$rc -eq 0 ] || { grep -E "ERROR|SUMMARY|artifact" $(FUZZ_OUT)/$$t.log | head; exit 1; }; \
	done
