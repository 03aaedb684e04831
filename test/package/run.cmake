# Consumes vtsnap as a downstream project does, both ways; any failing step fails the test.
#   cmake -DVTSNAP_SOURCE_DIR=<src> -DVTSNAP_BINARY_DIR=<build> -DSCRATCH=<dir>
#         [-DGENERATOR=Ninja] [-DMAKE_PROGRAM=...] [-DCXX_COMPILER=...] [-DBUILD_TYPE=...]
#         [-DMODES=install;subdirectory] -P test/package/run.cmake
# Every downstream tree is configured with GENERATOR and MAKE_PROGRAM (ctest passes the calling
# build's), never CMake's default generator: a machine with only Ninja has no `make`.
# (a) install: `cmake --install <build> --prefix <scratch>/prefix`, then configure test/package
#     with CMAKE_PREFIX_PATH=<prefix> (find_package), build it and run its ctest;
#     and, with the installed pkg-config files only, compile package_test.cc and run it;
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
  set(MODES install subdirectory)
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
  foreach(pc vtsnap vtsnap-gtest)
    if(NOT EXISTS "${pc_dir}/${pc}.pc")
      message(FATAL_ERROR "package test: the install did not produce ${pc_dir}/${pc}.pc")
    endif()
  endforeach()
  find_program(PKG_CONFIG_EXECUTABLE pkg-config REQUIRED)
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  execute_process(COMMAND "${PKG_CONFIG_EXECUTABLE}" --cflags --libs vtsnap-gtest
                  OUTPUT_VARIABLE pc_flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: pkg-config --cflags --libs vtsnap-gtest failed (exit ${rc})")
  endif()
  message(STATUS "package test: pkg-config --cflags --libs vtsnap-gtest: ${pc_flags}")
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  set(cxx c++)
  if(DEFINED CXX_COMPILER AND NOT CXX_COMPILER STREQUAL "")
    set(cxx "${CXX_COMPILER}")
  endif()
  step(build-pkg-config "${cxx}" -std=c++20 "${downstream}/package_test.cc"
       "${downstream}/pkgconfig_main.cc" -o "${SCRATCH}/pkg_config_consumer" ${pc_flags})
  step(test-pkg-config "${SCRATCH}/pkg_config_consumer")

  set(b "${SCRATCH}/find_package")
  step(configure-find_package ${CMAKE_COMMAND} -S "${downstream}" -B "${b}" -G "${GENERATOR}"
       ${compiler_args} -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
       "-DCMAKE_PREFIX_PATH=${prefix}")
  step(build-find_package ${CMAKE_COMMAND} --build "${b}")
  step(test-find_package ${CMAKE_CTEST_COMMAND} --test-dir "${b}" --output-on-failure
       --no-tests=error)
endif()

if("subdirectory" IN_LIST MODES)
  # The README's route, word for word: its CMake block as the project's CMakeLists.txt, its C++
  # example as readme_example_test.cc (with that example's reviewed golden from test/goldens), and
  # vtsnap's source as vtsnap/. Nothing else goes into the project.
  file(READ "${VTSNAP_SOURCE_DIR}/README.md" readme)
  readme_block(cmake_block "```cmake" "add_subdirectory(vtsnap)")
  readme_block(cpp_block "```cpp" "")
  set(project "${SCRATCH}/readme_project")
  file(MAKE_DIRECTORY "${project}/goldens")
  file(WRITE "${project}/CMakeLists.txt" "${cmake_block}")
  file(WRITE "${project}/readme_example_test.cc" "${cpp_block}")
  file(COPY "${VTSNAP_SOURCE_DIR}/test/goldens/readme_example_test"
       DESTINATION "${project}/goldens")
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
