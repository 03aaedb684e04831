# layers.function_lengths_self_test (test/layers/CMakeLists.txt): function_lengths, the program
# behind layers.library_functions_stay_short, names the three functions of 121 lines in
# function_lengths_fixture.txt and fails, and passes over its function of exactly 120 lines, its
# class, namespace, table, enum, raw string and macro; it reads a digit separator after an 8
# (1'048'576) as one, and a missing folder is an error.
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${TOOL} --max 120 --root ${FIXTURE_DIR} function_lengths_fixture.txt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(CONCAT expected
    "function_lengths_fixture.txt:133: TooLong is 121 lines (the limit is 120; split it by what its steps mean)\n"
    "function_lengths_fixture.txt:258: Holder is 121 lines (the limit is 120; split it by what its steps mean)\n"
    "function_lengths_fixture.txt:794: AfterSeparator is 121 lines (the limit is 120; split it by what its steps mean)\n"
    "1 files read, 3 functions over 120 lines\n")
if(NOT rc EQUAL 1 OR NOT out STREQUAL expected)
  message(FATAL_ERROR "function_lengths on the fixture: exit ${rc} (expected 1), printed:\n${out}"
                      "${err}\nexpected:\n${expected}")
endif()
# A folder or file that is not there (a layer renamed or moved) is an error, not a pass.
execute_process(COMMAND ${TOOL} --max 120 --root ${FIXTURE_DIR} function_lengths_fixture.txt
                        no_such_folder
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "no_such_folder\" is neither a folder nor a file")
  message(FATAL_ERROR "function_lengths with a missing folder: exit ${rc} (expected 2), printed:\n"
                      "${out}${err}")
endif()
message(STATUS "function_lengths names the 121-line functions of the fixture and no other")
