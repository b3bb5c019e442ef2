# Compete: the sandboxed ConnectFour judge.
COMPETE_SRC := $(filter-out Compete/tests/%,$(wildcard Compete/*.cpp))
COMPETE_OBJ := $(COMPETE_SRC:%.cpp=$(BUILD)/%.o)
COMPETE_LIB := $(BUILD)/libcompete.a
$(COMPETE_LIB): $(filter-out $(BUILD)/Compete/main.o,$(COMPETE_OBJ))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

Compete/Compete: $(BUILD)/Compete/main.o $(COMPETE_LIB) $(COMMON_LIB)
	$(CXX) $(CXXFLAGS) $^ -o $@ -pthread $(PLUGIN_HOST_LIBS)
ALL_TARGETS += Compete/Compete
