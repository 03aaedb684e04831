# The oracle adapters (docs/differential.md): libvterm in process and @xterm/headless through
# `node test/corpus/oracle/state.mjs`, the vtsnap_oracle command and their tests.
# libvterm is test-only: Debian's libvterm-dev (scripts/test.sh installs it).
find_package(PkgConfig REQUIRED)
pkg_check_modules(VTERM REQUIRED IMPORTED_TARGET vterm)
find_package(nlohmann_json 3 CONFIG REQUIRED)

add_library(vtsnap_oracles STATIC oracles.cc)
target_compile_options(vtsnap_oracles PRIVATE ${VTSNAP_WARNINGS})
target_include_directories(vtsnap_oracles PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(vtsnap_oracles
  PUBLIC vtsnap::vtsnap absl::status absl::statusor absl::strings absl::time
  PRIVATE PkgConfig::VTERM nlohmann_json::nlohmann_json)
# The client finds test/corpus/oracle/state.mjs in this source tree.
target_compile_definitions(vtsnap_oracles PRIVATE VTSNAP_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

add_executable(vtsnap_oracle oracle_main.cc)
target_compile_options(vtsnap_oracle PRIVATE ${VTSNAP_WARNINGS})
target_link_libraries(vtsnap_oracle PRIVATE vtsnap_oracles)

vtsnap_add_test(oracles_test oracles_test.cc LIBS vtsnap_oracles nlohmann_json::nlohmann_json)

# Resize with reflow against @xterm/headless (TerminalOptions::reflow_on_resize).
vtsnap_add_test(reflow_test reflow_test.cc LIBS vtsnap_oracles)
