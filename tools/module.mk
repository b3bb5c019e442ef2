# Tools over several games. The signature: fixed positions through the three
# engines at fixed effort, one number (see tools/signature.h).
#
#   make signature          print it and compare with tools/signature.expected
#   make signature-update   commit a new number after a change of play (say so in the commit)
SIGNATURE_LIBS := $(BUILD)/tools/signature.o $(BOT_LIB) $(PDD_LIB) $(ENGINE_OBJ) $(COMMON_LIB)
# The strategy's engine and the bot are built with their own flags elsewhere.
$(BIN)/signature: $(BUILD)/tools/signature_main.o $(SIGNATURE_LIBS)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ -ldl
ALL_TARGETS += $(BIN)/signature

$(BUILD)/tools/tests/signature_test.o: | $(DOCTEST)
$(BUILD)/tools/signature_test: $(BUILD)/tools/tests/signature_test.o $(SIGNATURE_LIBS) $(DOCTEST_MAIN) | $(BIN)/signature
	$(CXX) $(CXXFLAGS) $^ -o $@ -ldl
TEST_BINARIES += $(BUILD)/tools/signature_test

.PHONY: signature signature-update
signature: $(BIN)/signature
	$< --expect tools/signature.expected
signature-update: $(BIN)/signature
	$< | sed -n 's/^signature: //p' > tools/signature.expected
	@echo "tools/signature.expected: $$(cat tools/signature.expected)"

# A one-node Slurm on this machine runs a sharded grade (group 1: samples 1 to 9), a Compete match,
# a 2048 run and a class ladder's plan (tools/cluster/): Debian's slurm-wlm and munge, installed when missing.
# make test-slurm runs this suite alone.
/usr/sbin/slurmctld /usr/sbin/munged:
	$(call apt_install,slurm-wlm munge)
$(BUILD)/tools/tests/slurm_test.o: | $(DOCTEST)
$(BUILD)/tools/slurm_test: $(BUILD)/tools/tests/slurm_test.o $(DOCTEST_MAIN) $(COMMON_LIB) \
    | $(GRADE) $(foreach n,1 3 5 7 9 11,TestCases/$(n).so) Compete/Compete $(RUN2048) $(SIMPLE2048) $(CLASS_LADDER) \
      /usr/sbin/slurmctld /usr/sbin/munged
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@ -pthread
TEST_BINARIES += $(BUILD)/tools/slurm_test
.PHONY: test-slurm
test-slurm: $(BUILD)/tools/slurm_test
	@bash common/run_tests.sh $<

# The kit with a student's own Strategy/ (tools/tests/student_strategy_test.cpp): a copy of
# the checkout, built as far as this one is (make all, the suites of Strategy/).
$(BUILD)/tools/tests/student_strategy_test.o: | $(DOCTEST)
$(BUILD)/tools/student_strategy_test: $(BUILD)/tools/tests/student_strategy_test.o $(DOCTEST_MAIN) $(COMMON_LIB) \
    | $(STRATEGY_SUITES) Strategy.zip /usr/bin/unzip
	$(CXX) $(CXXFLAGS) $(filter %.o %.a,$^) -o $@
TEST_BINARIES += $(BUILD)/tools/student_strategy_test
NEEDS_ALL += $(BUILD)/tools/student_strategy_test
