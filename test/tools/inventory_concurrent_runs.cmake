# Two ctest runs at once in one build folder keep their inventory records apart
# (docs/inventory.md, "Concurrent runs"). Run as
#   cmake -DFIXTURE=<goldens_fixture_test> -DVTSNAP=<vtsnap> -DMODULE_DIR=<vtsnap>/cmake
#         -DCTEST=<ctest> -DWORK=<scratch dir> -DGENERATOR=<generator> [-DMAKE_PROGRAM=<path>]
#         -P inventory_concurrent_runs.cmake
# The scratch project is configured with the calling build's generator and build program, never
# CMake's default (Unix Makefiles): a machine with only Ninja has no `make`.
#
# A scratch project registers goldens_fixture_test with vtsnap_discover_tests (the real
# cmake/vtsnapGTest.cmake) plus a test `other_run` that, in the middle of run A (after A's golden
# tests recorded, before A's inventory check), starts a second ctest run B of the same build
# folder which resets the inventory: the moment two overlapping runs race. A's check must still
# find A's records and judge the folder (before per-run records, B's reset deleted them and A
# failed "no test recorded anything"). A third run C then checks that a reset removes the
# directories of runs that ended.

foreach(var FIXTURE VTSNAP MODULE_DIR CTEST WORK GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "inventory_concurrent_runs.cmake: -D${var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/project")
set(env_unset --unset=TEST_UNDECLARED_OUTPUTS_DIR --unset=VTSNAP_REPORT_DIR
              --unset=VTSNAP_INVENTORY_DIR --unset=VTSNAP_INVENTORY_RUNS_DIR --unset=UPDATE_GOLDENS
              --unset=CI)

# The goldens the fixture's tests claim (home and second), written once by an update run.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env ${env_unset} UPDATE_GOLDENS=1 "VTSNAP_GOLDEN_ROOT=${WORK}/goldens"
          "${FIXTURE}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "writing the fixture's goldens failed (${rc}):\n${out}")
endif()

file(WRITE "${WORK}/project/CMakeLists.txt" "
cmake_minimum_required(VERSION 3.25)
project(inventory_concurrent_runs NONE)
enable_testing()
list(APPEND CMAKE_MODULE_PATH \"${MODULE_DIR}\")
set(VTSNAP_EXECUTABLE \"${VTSNAP}\" CACHE FILEPATH \"\")
include(vtsnapGTest)
add_executable(goldens_fixture_test IMPORTED)
set_target_properties(goldens_fixture_test PROPERTIES IMPORTED_LOCATION \"${FIXTURE}\")
vtsnap_discover_tests(goldens_fixture_test
  PROPERTIES ENVIRONMENT \"VTSNAP_GOLDEN_ROOT=${WORK}/goldens\")
# The fixture's test names, so other_run comes after all of them.
execute_process(COMMAND \"${FIXTURE}\" --gtest_list_tests OUTPUT_VARIABLE listing)
string(REGEX MATCHALL \"  [A-Za-z0-9_]+\" names \"\${listing}\")
list(TRANSFORM names REPLACE \"^  \" \"Fixture.\")
add_test(NAME other_run COMMAND \"${CTEST}\" --test-dir \"${WORK}/build\"
         -R \"^goldens_fixture_test[.]vtsnap_inventory_reset$\")
set_tests_properties(other_run PROPERTIES
  FIXTURES_REQUIRED vtsnap_inventory_goldens_fixture_test DEPENDS \"\${names}\")
")

set(make_program_args)
if(DEFINED MAKE_PROGRAM AND NOT MAKE_PROGRAM STREQUAL "")
  set(make_program_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${WORK}/project" -B "${WORK}/build" -G "${GENERATOR}"
          ${make_program_args}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the scratch project failed (${rc}):\n${out}")
endif()

# Run A, with run B inside it (other_run).
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env ${env_unset}
          "${CTEST}" --test-dir "${WORK}/build" -V -R "^Fixture[.]|^other_run$"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "run A failed (${rc}): run B's reset touched A's records?\n${out}")
endif()
if(NOT out MATCHES "Test +#[0-9]+: goldens_fixture_test[.]vtsnap_inventory_reset [.]+ +Passed" OR
   NOT out MATCHES "Test +#[0-9]+: other_run [.]+ +Passed")
  message(FATAL_ERROR "run A did not run the reset and other_run:\n${out}")
endif()
if(NOT out MATCHES "goldens/fixture_test [(][^)]*fixture_test[.]cc[)]\n[^\n]*checked: 2 goldens, ok")
  message(FATAL_ERROR "run A's inventory check did not judge the folder from A's records:\n${out}")
endif()

file(GLOB runs LIST_DIRECTORIES true "${WORK}/build/vtsnap-inventory/goldens_fixture_test/run-*")
list(LENGTH runs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected run A's record directory only, found: ${runs}")
endif()

# Run C: A and B have ended, so C's reset removes A's directory; C keeps its own records.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env ${env_unset}
          "${CTEST}" --test-dir "${WORK}/build" -R "^Fixture[.]Home$"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "run C failed (${rc}):\n${out}")
endif()
file(GLOB runs_after LIST_DIRECTORIES true
     "${WORK}/build/vtsnap-inventory/goldens_fixture_test/run-*")
list(LENGTH runs_after count)
if(NOT count EQUAL 1 OR runs_after STREQUAL runs)
  message(FATAL_ERROR "run C's reset left ${runs_after} (run A's was ${runs})")
endif()
file(REMOVE_RECURSE "${WORK}")
