# Runs scratch_dir_test and scratch_dir_failing_probe under a TEST_TMPDIR of their own and checks
# what they leave there: nothing after the passing tests, the failed test's directory (named on
# stderr) after the failing one.
#   cmake -DBINARY=<scratch_dir_test> -DPROBE=<scratch_dir_failing_probe> -DSCRATCH=<dir>
#         -P test/scratch_dir_cleanup.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
set(ENV{TEST_TMPDIR} "${SCRATCH}")

execute_process(COMMAND "${BINARY}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "scratch_dir_test's passing tests failed (exit ${rc}):\n${out}${err}")
endif()
file(GLOB left "${SCRATCH}/*")
if(left)
  message(FATAL_ERROR "a passing run left scratch directories behind: ${left}")
endif()

execute_process(COMMAND "${PROBE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "the probe that fails on purpose passed:\n${out}${err}")
endif()
file(GLOB kept "${SCRATCH}/scratch_dir_test_failed_*/evidence.txt")
if(NOT kept)
  message(FATAL_ERROR "a failing run removed its scratch directory:\n${out}${err}")
endif()
if(NOT err MATCHES "scratch directory kept after a failure: [^\n]*scratch_dir_test_failed_")
  message(FATAL_ERROR "a failing run did not name the directory it kept:\n${err}")
endif()
file(REMOVE_RECURSE "${SCRATCH}")
message(STATUS "scratch directories: removed after a pass, kept and named after a failure")
