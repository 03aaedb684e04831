# pty.wait_for_names_the_matchers_header (test/pty/CMakeLists.txt): compiles SOURCE with CXX
# (syntax only) against INCLUDES, and fails unless the compilation fails with EXPECT in its output.
cmake_minimum_required(VERSION 3.25)
set(flags -std=c++20 -fsyntax-only)
# The system folders are searched anyway: naming them with -I would reorder them.
list(REMOVE_DUPLICATES INCLUDES)
list(REMOVE_ITEM INCLUDES /usr/include /usr/local/include)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags -I${dir})
endforeach()
execute_process(COMMAND ${CXX} ${flags} ${SOURCE}
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled; it must not")
endif()
string(FIND "${out}" "${EXPECT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${SOURCE} failed without naming ${EXPECT}:\n${out}")
endif()
message(STATUS "${SOURCE}: refused, naming ${EXPECT}")
