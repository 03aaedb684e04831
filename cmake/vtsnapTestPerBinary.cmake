# VTSNAP_TEST_PER_BINARY=ON: one ctest entry per gtest binary (`<target>.all`, every test of it in
# one process) instead of gtest_discover_tests' one entry per test case. For the sanitizer tree of
# .ci/run, where starting a process costs more than most tests: about 2 600 of its 3 000 test
# processes ran under 0.3 s, most of it start-up. Labels, fixtures and environment given as
# PROPERTIES apply to the one entry; VTSNAP_GTEST_FILTER (a --gtest_filter value, such as
# "-Slow.*:Other/Param.*") leaves tests out of every binary.
#
# This replaces gtest_discover_tests for the rest of the configure, so it is included after the
# last include(GoogleTest) (vtsnapGTest.cmake's, and the top level's).
include_guard(GLOBAL)

set(VTSNAP_GTEST_FILTER "" CACHE STRING
    "With VTSNAP_TEST_PER_BINARY: a --gtest_filter for every test binary (empty: none)")

function(gtest_discover_tests target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG
    "NO_PRETTY_TYPES;NO_PRETTY_VALUES"
    "TEST_PREFIX;TEST_SUFFIX;WORKING_DIRECTORY;TEST_LIST;DISCOVERY_TIMEOUT;XML_OUTPUT_DIR;DISCOVERY_MODE"
    "EXTRA_ARGS;PROPERTIES;TEST_FILTER")
  set(args ${ARG_EXTRA_ARGS})
  if(VTSNAP_GTEST_FILTER)
    list(APPEND args "--gtest_filter=${VTSNAP_GTEST_FILTER}")
  endif()
  set(workdir "${CMAKE_CURRENT_BINARY_DIR}")
  if(ARG_WORKING_DIRECTORY)
    set(workdir "${ARG_WORKING_DIRECTORY}")
  endif()
  add_test(NAME ${target}.all COMMAND ${target} ${args} WORKING_DIRECTORY "${workdir}")
  if(ARG_PROPERTIES)
    set_tests_properties(${target}.all PROPERTIES ${ARG_PROPERTIES})
  endif()
endfunction()
