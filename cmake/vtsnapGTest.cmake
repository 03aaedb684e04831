# vtsnap_discover_tests(<target> [gtest_discover_tests arguments...])
#
# gtest_discover_tests(<target> DISCOVERY_MODE PRE_TEST ...) plus vtsnap's cross-process golden
# inventory check (docs/inventory.md). ctest runs every discovered test in its own filtered
# process, so no process sees all the tests of a source file; each process records what it saw
# into a shared directory and one more test merges the records:
#
#   <target>.vtsnap_inventory_reset  FIXTURES_SETUP: `vtsnap inventory --ctest-reset <dir>`
#                                    empties this ctest run's <dir>/run-<ctest pid> and removes
#                                    the directories of ctest runs that ended
#   every discovered test            FIXTURES_REQUIRED, VTSNAP_INVENTORY_RUNS_DIR=<dir>: records
#                                    into <dir>/run-<parent pid>, the parent being ctest
#   <target>.vtsnap_inventory        FIXTURES_CLEANUP: `vtsnap inventory --ctest-run <dir>`
#                                    merges <dir>/run-<ctest pid>
#
# <dir> is <binary dir>/vtsnap-inventory/<target>. Keying the records by the ctest process keeps
# two ctest runs at once in one build folder apart (docs/inventory.md, "Concurrent runs"); it
# needs ctest to start the tests itself (a test launcher must exec the test).
#
# ctest adds the reset and the check to any selection of the target's tests (`ctest -R Foo`), and
# runs the check after them even when some failed. A folder whose tests did not all run and pass
# is reported "not checked" and does not fail the check.
#
# The `vtsnap` command: $<TARGET_FILE:vtsnap_cli> in vtsnap's own build tree (or after
# add_subdirectory, where <target> then depends on it, the command being out of `all`), the
# imported executable vtsnap::cli after find_package(vtsnap), or the cache variable
# VTSNAP_EXECUTABLE, which wins when set.
#
# Arguments after <target> are passed to gtest_discover_tests (DISCOVERY_MODE defaults to
# PRE_TEST). PROPERTIES may not set FIXTURES_REQUIRED or ENVIRONMENT_MODIFICATION, which this
# function sets; ENVIRONMENT is fine (the inventory directory goes through
# ENVIRONMENT_MODIFICATION so the two do not overwrite each other).
#
# Example:
#   include(vtsnapGTest)   # find_package(vtsnap) makes it available
#   add_executable(ui_test ui_test.cc)
#   target_link_libraries(ui_test PRIVATE vtsnap::gtest GTest::gmock_main)
#   vtsnap_discover_tests(ui_test PROPERTIES LABELS ui)

include_guard(GLOBAL)
include(GoogleTest)

set(VTSNAP_EXECUTABLE "" CACHE FILEPATH
    "vtsnap program for vtsnap_discover_tests (empty: the vtsnap_cli or vtsnap::cli target)")

function(vtsnap_discover_tests target)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "vtsnap_discover_tests: ${target} is not a target")
  endif()
  # GoogleTest's module keeps the path of its discovery script in a variable of the directory that
  # included it: a project that added vtsnap as a subdirectory calls this function from a directory
  # that may never have included it, and its tests would fail at discovery.
  if(NOT DEFINED _GOOGLETEST_DISCOVER_TESTS_SCRIPT)
    include(GoogleTest)
  endif()

  if(VTSNAP_EXECUTABLE)
    set(vtsnap_command "${VTSNAP_EXECUTABLE}")
  elseif(TARGET vtsnap_cli)
    set(vtsnap_command "$<TARGET_FILE:vtsnap_cli>")
    # Left out of `all` when vtsnap is another project's subdirectory: building the tests builds it.
    get_target_property(cli_excluded vtsnap_cli EXCLUDE_FROM_ALL)
    if(cli_excluded)
      add_dependencies(${target} vtsnap_cli)
    endif()
  elseif(TARGET vtsnap::cli)
    set(vtsnap_command "$<TARGET_FILE:vtsnap::cli>")
  else()
    message(FATAL_ERROR
      "vtsnap_discover_tests(${target}): cannot find the vtsnap command for the golden inventory "
      "check. Build vtsnap's tools (VTSNAP_BUILD_TOOLS=ON), use find_package(vtsnap) (which "
      "imports vtsnap::cli), or set VTSNAP_EXECUTABLE to the vtsnap program.")
  endif()

  # gtest_discover_tests' own keywords, so a caller's PROPERTIES list ends where it should.
  cmake_parse_arguments(PARSE_ARGV 1 ARG
    "NO_PRETTY_TYPES;NO_PRETTY_VALUES"
    "TEST_PREFIX;TEST_SUFFIX;WORKING_DIRECTORY;TEST_LIST;DISCOVERY_TIMEOUT;XML_OUTPUT_DIR;DISCOVERY_MODE"
    "EXTRA_ARGS;PROPERTIES;TEST_FILTER")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "vtsnap_discover_tests(${target}): unexpected arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  foreach(reserved FIXTURES_REQUIRED ENVIRONMENT_MODIFICATION)
    if(reserved IN_LIST ARG_PROPERTIES)
      message(FATAL_ERROR
        "vtsnap_discover_tests(${target}): PROPERTIES may not set ${reserved}; "
        "vtsnap_discover_tests sets it for the golden inventory check")
    endif()
  endforeach()
  if(NOT ARG_DISCOVERY_MODE)
    set(ARG_DISCOVERY_MODE PRE_TEST)
  endif()

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/vtsnap-inventory/${target}")
  set(fixture "vtsnap_inventory_${target}")

  set(forwarded DISCOVERY_MODE ${ARG_DISCOVERY_MODE})
  foreach(option NO_PRETTY_TYPES NO_PRETTY_VALUES)
    if(ARG_${option})
      list(APPEND forwarded ${option})
    endif()
  endforeach()
  foreach(keyword TEST_PREFIX TEST_SUFFIX WORKING_DIRECTORY TEST_LIST DISCOVERY_TIMEOUT
                  XML_OUTPUT_DIR)
    if(DEFINED ARG_${keyword})
      list(APPEND forwarded ${keyword} "${ARG_${keyword}}")
    endif()
  endforeach()
  foreach(keyword EXTRA_ARGS TEST_FILTER)
    if(DEFINED ARG_${keyword})
      list(APPEND forwarded ${keyword} ${ARG_${keyword}})
    endif()
  endforeach()

  # Each property value must be one list element: PRE_TEST discovery flattens the list.
  gtest_discover_tests(${target} ${forwarded}
    PROPERTIES
      ${ARG_PROPERTIES}
      FIXTURES_REQUIRED ${fixture}
      ENVIRONMENT_MODIFICATION "VTSNAP_INVENTORY_RUNS_DIR=set:${dir}")

  add_test(NAME ${target}.vtsnap_inventory_reset
           COMMAND "${vtsnap_command}" inventory --ctest-reset "${dir}")
  set_tests_properties(${target}.vtsnap_inventory_reset PROPERTIES FIXTURES_SETUP ${fixture})

  # Writers create the directory again; when none did, the check fails saying no test recorded
  # anything, which guards against a misconfigured run passing vacuously.
  add_test(NAME ${target}.vtsnap_inventory
           COMMAND "${vtsnap_command}" inventory --ctest-run "${dir}")
  set_tests_properties(${target}.vtsnap_inventory PROPERTIES
    FIXTURES_CLEANUP ${fixture}
    LABELS vtsnap_inventory)
endfunction()
