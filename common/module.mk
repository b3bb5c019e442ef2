# The judges' kit's own suite (the library itself is built by the top makefile).
COMMON_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(filter-out common/tests/doctest_main.cpp,$(wildcard common/tests/*.cpp)))
$(COMMON_TEST_OBJ): | $(DOCTEST)
$(BUILD)/common/tests/common_tests: $(COMMON_TEST_OBJ) $(DOCTEST_MAIN) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread
TEST_BINARIES += $(BUILD)/common/tests/common_tests

# The layout check runs clang-format over the checkout; `make format` applies it.
CLANG_FORMAT := /usr/bin/clang-format
$(CLANG_FORMAT):
	$(call apt_install,clang-format)
$(BUILD)/common/tests/common_tests: | $(CLANG_FORMAT)
.PHONY: format
format: | $(CLANG_FORMAT)
	git ls-files -z -- '*.cpp' '*.h' | xargs -0 $(CLANG_FORMAT) -i
