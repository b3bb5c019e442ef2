# The judges' kit's own suite (the library itself is built by the top makefile).

# The refusal hooks as a shared object that a judge preloads into the programs
# it execs (refusals.h), next to the judges that use it. Position-independent
# objects of their own; the C library only (no C++ runtime in the program).
$(BUILD)/pic/common/%.o: common/%.cpp
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -fPIC -fno-exceptions -fno-rtti -c $< -o $@
$(REFUSAL_PRELOAD): $(BUILD)/pic/common/refusal_hooks.o $(BUILD)/pic/common/refusal_preload.o
	@mkdir -p $(@D)
	$(CC) -shared $^ -o $@ -ldl
ALL_TARGETS += $(REFUSAL_PRELOAD)

COMMON_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(filter-out common/tests/doctest_main.cpp common/tests/sandbox_child.cpp,\
  $(wildcard common/tests/*.cpp)))
$(COMMON_TEST_OBJ): | $(DOCTEST)
# The sandbox tests run this small program (one behaviour per mode) under judge::Process.
$(BUILD)/common/tests/sandbox_child: $(BUILD)/common/tests/sandbox_child.o
	$(CXX) $(CXXFLAGS) $^ -o $@
$(BUILD)/common/tests/common_tests: $(COMMON_TEST_OBJ) $(DOCTEST_MAIN) $(COMMON_LIB) | $(BUILD)/common/tests/sandbox_child \
  $(REFUSAL_PRELOAD)
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -pthread
TEST_BINARIES += $(BUILD)/common/tests/common_tests

# What untrusted code does (crash, spin, hang, exit, print, exhaust memory), built
# once for every judge's test plugins, which link it under their own ABI.
$(MISBEHAVE_OBJ): common/tests/plugins/misbehave.cpp common/tests/plugins/misbehave.h
	@mkdir -p $(@D)
	$(CXX) -std=c++11 -O2 -Wall -Wextra -fPIC -c $< -o $@

# The layout check runs clang-format over the kit (not Strategy/, the user's); `make format` applies it.
CLANG_FORMAT := /usr/bin/clang-format
$(CLANG_FORMAT):
	$(call apt_install,clang-format)
$(BUILD)/common/tests/common_tests: | $(CLANG_FORMAT)
.PHONY: format
format: | $(CLANG_FORMAT)
	git ls-files -z -- '*.cpp' '*.h' ':!:Strategy/' | xargs -0 $(CLANG_FORMAT) -i
