# Consumes vtsnap as a downstream project does, both ways; any failing step fails the test.
#   cmake -DVTSNAP_SOURCE_DIR=<src> -DVTSNAP_BINARY_DIR=<build> -DSCRATCH=<dir>
#         [-DGENERATOR=Ninja] [-DMAKE_PROGRAM=...] [-DCXX_COMPILER=...] [-DBUILD_TYPE=...]
#         [-DMODES=install;subdirectory] [-DNCURSES=1] -P test/package/run.cmake
# NCURSES=1 (vtsnap::ncurses was built): each consumer below gets one more source,
# ncurses_consumer_test.cc, linked with vtsnap::ncurses (or vtsnap-ncurses.pc).
# Every downstream tree is configured with GENERATOR and MAKE_PROGRAM (ctest passes the calling
# build's), never CMake's default generator: a machine with only Ninja has no `make`.
# (a) install: `cmake --install <build> --prefix <scratch>/prefix`, then configure test/package
#     with CMAKE_PREFIX_PATH=<prefix> (find_package), build it and run its ctest;
#     and, with the installed pkg-config files only, compile package_test.cc and run it;
# (d) inline: a downstream project of inline screens and unnamed goldens, rewritten by
#     UPDATE_GOLDENS=1 (test/package/inline/; see the block below);
# (b) subdirectory: the README's add_subdirectory route as written (its CMake block and its C++
#     example, nothing more), built and its ctest run, golden inventory check included.
cmake_minimum_required(VERSION 3.25)
foreach(var VTSNAP_SOURCE_DIR VTSNAP_BINARY_DIR SCRATCH)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT DEFINED GENERATOR)
  set(GENERATOR Ninja)
endif()
if(NOT DEFINED BUILD_TYPE OR BUILD_TYPE STREQUAL "")
  set(BUILD_TYPE RelWithDebInfo)
endif()
if(NOT DEFINED MODES)
  set(MODES install inline subdirectory)
endif()
if(NOT NCURSES)
  set(NCURSES 0)
endif()
set(compiler_args)
if(DEFINED CXX_COMPILER AND NOT CXX_COMPILER STREQUAL "")
  list(APPEND compiler_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
if(DEFINED MAKE_PROGRAM AND NOT MAKE_PROGRAM STREQUAL "")
  list(APPEND compiler_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
set(downstream "${VTSNAP_SOURCE_DIR}/test/package")

# Runs one command, echoing it; stops the script (and fails the test) when it fails.
function(step name)
  string(REPLACE ";" " " shown "${ARGN}")
  message(STATUS "package test: [${name}] ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: step '${name}' FAILED (exit ${rc}): ${shown}")
  endif()
endfunction()

# The first fenced block of README.md opened by `fence` (```cmake) that contains `needle`, without
# its fences; stops the script when there is none.
function(readme_block out fence needle)
  set(rest "${readme}")
  while(TRUE)
    string(FIND "${rest}" "${fence}\n" begin)
    if(begin EQUAL -1)
      message(FATAL_ERROR "package test: README.md has no ${fence} block containing '${needle}'")
    endif()
    string(LENGTH "${fence}\n" fence_length)
    math(EXPR begin "${begin} + ${fence_length}")
    string(SUBSTRING "${rest}" ${begin} -1 rest)
    string(FIND "${rest}" "```" end)
    string(SUBSTRING "${rest}" 0 ${end} block)
    string(FIND "${block}" "${needle}" found)
    if(NOT found EQUAL -1)
      set(${out} "${block}" PARENT_SCOPE)
      return()
    endif()
  endwhile()
endfunction()

# Stale trees would hide a broken install or configure: start from nothing.
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
# The downstream's goldens are checked, never written, and found beside its source: nothing from
# the caller's environment may change that.
unset(ENV{UPDATE_GOLDENS})
unset(ENV{VTSNAP_GOLDEN_ROOT})
unset(ENV{VTSNAP_INVENTORY_DIR})

if("install" IN_LIST MODES)
  set(prefix "${SCRATCH}/prefix")
  step(install ${CMAKE_COMMAND} --install "${VTSNAP_BINARY_DIR}" --prefix "${prefix}")
  foreach(f include/vtsnap/matchers/matchers.h include/vtsnap/decoder/width_table.inc
            include/vtsnap/base/utf8.h
            include/vtsnap/snapshot/screen/frame.h bin/vtsnap)
    if(NOT EXISTS "${prefix}/${f}")
      message(FATAL_ERROR "package test: the install did not produce ${prefix}/${f}")
    endif()
  endforeach()
  file(GLOB configs "${prefix}/lib*/cmake/vtsnap/vtsnapConfig.cmake")
  if(NOT configs)
    message(FATAL_ERROR "package test: the install did not produce ${prefix}/lib*/cmake/vtsnap/vtsnapConfig.cmake")
  endif()
  # (c) pkg-config: package_test.cc compiled and linked with nothing but the installed
  #     vtsnap-gtest.pc's flags (no CMake), then run.
  file(GLOB pc_dirs "${prefix}/lib*/pkgconfig" "${prefix}/lib/*/pkgconfig")
  if(NOT pc_dirs)
    message(FATAL_ERROR "package test: the install did not produce ${prefix}/lib*/pkgconfig")
  endif()
  list(GET pc_dirs 0 pc_dir)
  set(pc_modules vtsnap-gtest)
  set(pc_sources "${downstream}/package_test.cc" "${downstream}/pkgconfig_main.cc")
  set(pcs vtsnap vtsnap-gtest)
  if(NCURSES)
    list(APPEND pc_modules vtsnap-ncurses)
    list(APPEND pc_sources "${downstream}/ncurses_consumer_test.cc")
    list(APPEND pcs vtsnap-ncurses)
    if(NOT EXISTS "${prefix}/include/vtsnap/ncurses/curses_screen.h")
      message(FATAL_ERROR "package test: the install did not produce "
                          "${prefix}/include/vtsnap/ncurses/curses_screen.h")
    endif()
  endif()
  foreach(pc IN LISTS pcs)
    if(NOT EXISTS "${pc_dir}/${pc}.pc")
      message(FATAL_ERROR "package test: the install did not produce ${pc_dir}/${pc}.pc")
    endif()
  endforeach()
  find_program(PKG_CONFIG_EXECUTABLE pkg-config REQUIRED)
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  execute_process(COMMAND "${PKG_CONFIG_EXECUTABLE}" --cflags --libs ${pc_modules}
                  OUTPUT_VARIABLE pc_flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR
            "package test: pkg-config --cflags --libs ${pc_modules} failed (exit ${rc})")
  endif()
  message(STATUS "package test: pkg-config --cflags --libs ${pc_modules}: ${pc_flags}")
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  set(cxx c++)
  if(DEFINED CXX_COMPILER AND NOT CXX_COMPILER STREQUAL "")
    set(cxx "${CXX_COMPILER}")
  endif()
  step(build-pkg-config "${cxx}" -std=c++20 ${pc_sources} -o "${SCRATCH}/pkg_config_consumer"
       ${pc_flags})
  step(test-pkg-config "${SCRATCH}/pkg_config_consumer")

  set(b "${SCRATCH}/find_package")
  step(configure-find_package ${CMAKE_COMMAND} -S "${downstream}" -B "${b}" -G "${GENERATOR}"
       ${compiler_args} -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
       "-DCMAKE_PREFIX_PATH=${prefix}" -DVTSNAP_EXPECT_NCURSES=${NCURSES})
  step(build-find_package ${CMAKE_COMMAND} --build "${b}")
  step(test-find_package ${CMAKE_CTEST_COMMAND} --test-dir "${b}" --output-on-failure
       --no-tests=error)
endif()

# Runs ctest in `dir` with UPDATE_GOLDENS=`update` ("" for none); `out` gets its output and `rc`
# its exit code. CI is unset: this scratch project's goldens are the test's to write.
function(downstream_ctest dir update out rc)
  set(saved_ci "$ENV{CI}")
  unset(ENV{CI})
  if(NOT update STREQUAL "")
    set(ENV{UPDATE_GOLDENS} "${update}")
  endif()
  execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir "${dir}" --output-on-failure
                  --no-tests=error OUTPUT_VARIABLE output ERROR_VARIABLE output
                  RESULT_VARIABLE result)
  unset(ENV{UPDATE_GOLDENS})
  if(NOT saved_ci STREQUAL "")
    set(ENV{CI} "${saved_ci}")
  endif()
  set(${out} "${output}" PARENT_SCOPE)
  set(${rc} "${result}" PARENT_SCOPE)
endfunction()

# Fails the script unless the file `actual` holds exactly what the file `expected` holds.
function(expect_same_file step actual expected)
  file(READ "${actual}" got)
  file(READ "${expected}" want)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "package test: [${step}] ${actual} is not ${expected}:\n${got}")
  endif()
endfunction()

# (d) inline: test/package/inline's tests write their screens inline (ScreenIs, one empty and
#     one out of date) and name their goldens after themselves (EqualsGolden()). One
#     UPDATE_GOLDENS=1 ctest run (a process per test: the second literal is found below the
#     first one's growth) must rewrite the source into shop_test.cc.round1 exactly and write the
#     goldens; rebuilt, the tests pass. A changed screen then moves its literal only
#     (shop_test.cc.round2), and a renamed test leaves an orphan golden the run reports.
if("inline" IN_LIST MODES)
  set(prefix "${SCRATCH}/prefix")
  if(NOT EXISTS "${prefix}")
    step(install-for-inline ${CMAKE_COMMAND} --install "${VTSNAP_BINARY_DIR}" --prefix "${prefix}")
  endif()
  set(src "${SCRATCH}/inline_src")
  set(b "${SCRATCH}/inline_build")
  file(MAKE_DIRECTORY "${src}")
  foreach(f CMakeLists.txt shop_app.h shop_test.cc)
    file(COPY_FILE "${downstream}/inline/${f}" "${src}/${f}")
  endforeach()
  step(configure-inline ${CMAKE_COMMAND} -S "${src}" -B "${b}" -G "${GENERATOR}" ${compiler_args}
       -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 "-DCMAKE_PREFIX_PATH=${prefix}")
  step(build-inline ${CMAKE_COMMAND} --build "${b}")
  downstream_ctest("${b}" 1 output rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: [inline-update] UPDATE_GOLDENS=1 ctest failed:\n${output}")
  endif()
  expect_same_file(inline-update "${src}/shop_test.cc" "${downstream}/inline/shop_test.cc.round1")
  foreach(g Shop.HighlightsTheSelection.dump Shop.KeepsTheTitle.dump)
    if(NOT EXISTS "${src}/goldens/shop_test/${g}")
      message(FATAL_ERROR "package test: [inline-update] no golden ${src}/goldens/shop_test/${g}")
    endif()
  endforeach()
  step(rebuild-inline ${CMAKE_COMMAND} --build "${b}")
  downstream_ctest("${b}" "" output rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: [inline-rerun] the rebuilt tests failed:\n${output}")
  endif()

  # Round two: the first test's screen gains a row; only its literal moves.
  file(READ "${src}/shop_test.cc" text)
  string(REPLACE "vt.Write(ShopScreen(0));\n  EXPECT_THAT(vt, vtsnap::ScreenIs("
                 "vt.Write(ShopScreen(0, true));\n  EXPECT_THAT(vt, vtsnap::ScreenIs(" text "${text}")
  file(WRITE "${src}/shop_test.cc" "${text}")
  step(build-inline-round2 ${CMAKE_COMMAND} --build "${b}")
  downstream_ctest("${b}" "" output rc)
  if(rc EQUAL 0 OR NOT output MATCHES "shop_test.cc:[0-9]+ differs")
    message(FATAL_ERROR "package test: [inline-round2] the changed screen did not fail:\n${output}")
  endif()
  if(NOT EXISTS "${src}/.shop_test.cc.pending-screens")
    message(FATAL_ERROR "package test: [inline-round2] the failure left no change for review")
  endif()
  downstream_ctest("${b}" 1 output rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: [inline-round2] UPDATE_GOLDENS=1 ctest failed:\n${output}")
  endif()
  expect_same_file(inline-round2 "${src}/shop_test.cc" "${downstream}/inline/shop_test.cc.round2")
  # The failing run left the change for review beside the source; the rewrite took it.
  if(EXISTS "${src}/.shop_test.cc.pending-screens")
    message(FATAL_ERROR "package test: [inline-round2] the pending change outlived the rewrite")
  endif()

  # A renamed test: its new golden is written, the old one is an orphan the run reports.
  file(READ "${src}/shop_test.cc" text)
  string(REPLACE "TEST(Shop, KeepsTheTitle)" "TEST(Shop, ShowsTheTitle)" text "${text}")
  file(WRITE "${src}/shop_test.cc" "${text}")
  step(build-inline-renamed ${CMAKE_COMMAND} --build "${b}")
  downstream_ctest("${b}" 1 output rc)
  if(rc EQUAL 0 OR NOT output MATCHES "rm '[^']*/goldens/shop_test/Shop[.]KeepsTheTitle[.]dump'")
    message(FATAL_ERROR "package test: [inline-renamed] the orphan was not reported:\n${output}")
  endif()
  message(STATUS "package test: [inline-renamed] reported:\n${output}")
endif()

if("subdirectory" IN_LIST MODES)
  # The README's route, word for word: its CMake block as the project's CMakeLists.txt, its C++
  # example as readme_example_test.cc (its screen is inline: no golden file), and vtsnap's source
  # as vtsnap/. Nothing else goes into the project but, with ncursesw, the ncurses consumer below.
  file(READ "${VTSNAP_SOURCE_DIR}/README.md" readme)
  readme_block(cmake_block "```cmake" "add_subdirectory(vtsnap)")
  readme_block(cpp_block "```cpp" "")
  set(project "${SCRATCH}/readme_project")
  file(MAKE_DIRECTORY "${project}")
  file(WRITE "${project}/CMakeLists.txt" "${cmake_block}")
  file(WRITE "${project}/readme_example_test.cc" "${cpp_block}")
  # With ncursesw, one addition: the ncurses consumer's source in the same test binary.
  if(NCURSES)
    file(COPY_FILE "${downstream}/ncurses_consumer_test.cc"
         "${project}/ncurses_consumer_test.cc")
    file(APPEND "${project}/CMakeLists.txt"
         "target_sources(readme_example_test PRIVATE ncurses_consumer_test.cc)\n"
         "target_link_libraries(readme_example_test PRIVATE vtsnap::ncurses)\n")
  endif()
  file(CREATE_LINK "${VTSNAP_SOURCE_DIR}" "${project}/vtsnap" SYMBOLIC)

  set(b "${SCRATCH}/subdirectory")
  # This mode compiles the whole library again, and the `vtsnap` command the inventory check runs
  # (16 of its 84 compile steps, about a fifth of the compile), the slowest part of the test (250 s
  # of the CI run's 300 s of ctest at -O2 -g, before the command was part of it). What it proves,
  # that vtsnap builds, links and checks its inventory as a subdirectory, does not depend on
  # optimization, so it builds unoptimized and without debug information, about a third faster
  # (108 s against 156 s for the libraries alone, timed alone on an idle machine).
  # The libraries' precompiled headers (VTSNAP_LIBRARY_PCH, off by default inside another
  # project) are asked for too: the parsing they save is a fifth of the libraries' compile, and a
  # source missing an include is caught by the builds without them (clang's fuzz build, Bazel).
  step(configure-subdirectory ${CMAKE_COMMAND} -S "${project}" -B "${b}" -G "${GENERATOR}"
       ${compiler_args} -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0
       -DVTSNAP_LIBRARY_PCH=ON)
  step(build-subdirectory ${CMAKE_COMMAND} --build "${b}")
  # The command is built for the inventory check; the tools a consumer does not run are not.
  if(NOT EXISTS "${b}/bin/vtsnap")
    message(FATAL_ERROR "package test: the README's project did not build ${b}/bin/vtsnap")
  endif()
  if(EXISTS "${b}/bin/gen_width_table")
    message(FATAL_ERROR "package test: the README's project built ${b}/bin/gen_width_table")
  endif()
  execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir "${b}" -N
                  OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT listing MATCHES "readme_example_test[.]vtsnap_inventory\n")
    message(FATAL_ERROR "package test: the README's project has no inventory check:\n${listing}")
  endif()
  step(test-subdirectory ${CMAKE_CTEST_COMMAND} --test-dir "${b}" --output-on-failure
       --no-tests=error)
endif()
message(STATUS "package test: all steps passed (${MODES})")
