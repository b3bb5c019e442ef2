# The replay page (viewer/): one self-contained HTML file from a judge's
# record, written by Compete, Run2048 and pdd-referee (--html) and by the
# converter build/bin/record2html. The page's script and style are real files
# in viewer/assets/, compiled into the library by viewer/embed.sh.
VIEWER_ASSETS := css=viewer/assets/page.css viewer_js=viewer/assets/viewer.js connect4_js=viewer/assets/connect4.js \
                 game2048_js=viewer/assets/game2048.js pdd_js=viewer/assets/pdd.js
VIEWER_ASSET_FILES := $(foreach a,$(VIEWER_ASSETS),$(word 2,$(subst =, ,$(a))))
$(BUILD)/viewer/assets.cpp: $(VIEWER_ASSET_FILES) viewer/embed.sh
	@mkdir -p $(@D)
	sh viewer/embed.sh $@ $(VIEWER_ASSETS)
$(BUILD)/viewer/assets.o: $(BUILD)/viewer/assets.cpp
	$(CXX) $(CXXFLAGS) -c $< -o $@

VIEWER_SRC := viewer/page.cpp viewer/record.cpp
$(VIEWER_LIB): $(VIEWER_SRC:%.cpp=$(BUILD)/%.o) $(BUILD)/viewer/assets.o
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

RECORD2HTML := $(BUILD)/bin/record2html
$(RECORD2HTML): $(BUILD)/viewer/record2html.o $(VIEWER_LIB) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@
ALL_TARGETS += $(RECORD2HTML)

# The browser the tests load the pages in: Debian's chromium, installed when missing.
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	@echo "chromium not found: installing Debian's chromium"
	$(call apt_install,chromium)

# The suite: the converter's errors and escaping, and pages made by the three
# judges, loaded in headless Chromium (screenshots in build/viewer/).
VIEWER_TEST_OBJ := $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard viewer/tests/*.cpp))
$(VIEWER_TEST_OBJ): | $(DOCTEST)
$(VIEWER_TEST_OBJ): CXXFLAGS += -DVIEWER_TEST_ROOT='"$(CURDIR)"' -DVIEWER_TEST_BUILD='"$(abspath $(BUILD))"'
VIEWER_TEST := $(BUILD)/viewer/viewer_tests
# The class page's test grades group 1 (samples 1, 3, 5, 7, 9) with grade-class.
CLASS_PAGE_SAMPLES := TestCases/1.so TestCases/3.so TestCases/5.so TestCases/7.so TestCases/9.so
$(VIEWER_TEST): $(VIEWER_TEST_OBJ) $(CT_HARNESS_OBJ) $(VIEWER_LIB) $(G2048_LIB) $(COMMON_LIB) $(DOCTEST_MAIN) \
    | $(RECORD2HTML) $(CHROMIUM) Compete/Compete $(CT_PLUGINS) $(RUN2048) $(SIMPLE2048) \
      $(BIN)/pdd-referee $(BIN)/pdd-random $(BIN)/pdd-greedy $(GRADE_CLASS) $(CLASS_PAGE_SAMPLES) /usr/bin/zip
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread
TEST_BINARIES += $(VIEWER_TEST)
