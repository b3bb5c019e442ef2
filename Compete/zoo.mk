# The compatibility zoo (Compete/tests/plugins/zoo/README.md): ConnectFour
# plugins written the way students write them, each with one habit (files in
# its working folder, a 600 MB static pool, SIGALRM, threads, C, Rust, ...),
# built as their authors would build them. Compete/tests/zoo_test.cpp plays
# them through Compete, Tournament and Grade. Included after Compete/module.mk:
# CT_PLUGIN_DIR, CT_PLUGIN_CXX and CT_OUT come from there.
ZOO_DIR := Compete/tests/plugins/zoo
ZOO_OUT := $(CT_PLUGIN_DIR)/zoo
ZOO_DEPS := $(ZOO_DIR)/zoo_move.h Compete/framework/Point.h
# Built with g++ like the other test plugins.
ZOO_CXX_NAMES := log_append state_file subfolder static_pool sigalrm thread_pool time_rand exceptions thread_local \
  chatty proc_urandom
ZOO_PLUGINS := $(ZOO_CXX_NAMES:%=$(ZOO_OUT)/%.so) $(ZOO_OUT)/plain_c.so

$(ZOO_CXX_NAMES:%=$(ZOO_OUT)/%.so): $(ZOO_OUT)/%.so: $(ZOO_DIR)/%.cpp $(ZOO_DEPS)
	@mkdir -p $(@D)
	$(CT_PLUGIN_CXX) -I$(ZOO_DIR) $< -o $@ -pthread

# Plain C by the C driver: no libstdc++ among its needed libraries.
$(ZOO_OUT)/plain_c.so: $(ZOO_DIR)/plain_c.c $(ZOO_DEPS)
	@mkdir -p $(@D)
	gcc -x c -std=c99 -O2 -Wall -Wextra -fPIC -shared -I$(ZOO_DIR) $< -o $@
	@if readelf -d $@ | grep -q 'NEEDED.*libstdc++'; then echo "$@ needs libstdc++" >&2; rm -f $@; exit 1; fi

# clang++ with its own copy of libstdc++ inside the plugin (skipped without clang++).
ZOO_CLANGXX := $(shell command -v clang++ 2>/dev/null)
ifneq ($(ZOO_CLANGXX),)
ZOO_PLUGINS += $(ZOO_OUT)/clang_static.so
$(ZOO_OUT)/clang_static.so: $(ZOO_DIR)/clang_static.cpp $(ZOO_DEPS)
	@mkdir -p $(@D)
	$(ZOO_CLANGXX) -std=c++11 -O2 -Wall -fPIC -shared -static-libstdc++ -ICompete/framework -I$(ZOO_DIR) $< -o $@
else
$(info zoo: clang++ not found, clang_static plugin skipped)
endif

# Rust: one file, plain rustc, no cargo (skipped without rustc, on PATH or in ~/.cargo/bin).
# MAKEFLAGS emptied: rustc would otherwise warn that make's jobserver is not passed to it.
ZOO_RUSTC := $(or $(shell command -v rustc 2>/dev/null),$(wildcard $(HOME)/.cargo/bin/rustc))
ifneq ($(ZOO_RUSTC),)
ZOO_PLUGINS += $(ZOO_OUT)/rust_plugin.so
$(ZOO_OUT)/rust_plugin.so: $(ZOO_DIR)/rust_plugin.rs
	@mkdir -p $(@D)
	MAKEFLAGS= $(ZOO_RUSTC) --edition 2021 --crate-type cdylib -C opt-level=2 -o $@ $<
endif

# The suite skips (and says so) what was not built. Its sanitizer build
# (common/sanitize.mk) compiles the zoo's test cases out: no plugins needed there.
$(CT_OUT)/zoo_test.o: CXXFLAGS += -DZOO_HAVE_CLANG=$(if $(ZOO_CLANGXX),1,0) -DZOO_HAVE_RUSTC=$(if $(ZOO_RUSTC),1,0)
$(CT_OUT)/compete_tests: | $(ZOO_PLUGINS) $(BIN)/Grade
zoo-plugins: $(ZOO_PLUGINS)
.PHONY: zoo-plugins
