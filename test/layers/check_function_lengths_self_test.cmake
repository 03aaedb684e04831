# layers.function_lengths_self_test (test/layers/CMakeLists.txt): function_lengths, the program
# behind layers.library_functions_stay_short, names the two functions of 121 lines in
# function_lengths_fixture.txt and fails, and passes over its function of exactly 120 lines, its
# class, namespace, table, enum, raw string and macro.
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${TOOL} --max 120 --root ${FIXTURE_DIR} function_lengths_fixture.txt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(CONCAT expected
    "function_lengths_fixture.txt:133: TooLong is 121 lines (the limit is 120; split it by what its steps mean)\n"
    "function_lengths_fixture.txt:258: Holder is 121 lines (the limit is 120; split it by what its steps mean)\n"
    "1 files read, 2 functions over 120 lines\n")
if(NOT rc EQUAL 1 OR NOT out STREQUAL expected)
  message(FATAL_ERROR "function_lengths on the fixture: exit ${rc} (expected 1), printed:\n${out}"
                      "${err}\nexpected:\n${expected}")
endif()
message(STATUS "function_lengths names the 121-line functions of the fixture and no other")
