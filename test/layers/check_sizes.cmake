# layers.library_files_stay_small (test/layers/CMakeLists.txt): every library source file under
# SOURCE_DIR (base/, decoder/, snapshot/ and its rooms, pty/, ncurses/, matchers/, tools/;
# generated tables excluded) has fewer than MAX_LINES lines: a guard against a file nobody reads in one sitting.
# Files are split by concept, in rooms and by what their functions are for, never to pass it
# (docs/decisions.md, "Rooms in snapshot/").
cmake_minimum_required(VERSION 3.25)
if(NOT MAX_LINES)
  set(MAX_LINES 900)
endif()
set(problems "")
set(checked 0)
foreach(folder IN ITEMS base decoder snapshot pty ncurses matchers tools)
  file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${folder}/*.h
       ${SOURCE_DIR}/${folder}/*.cc)
  foreach(file IN LISTS files)
    file(READ ${SOURCE_DIR}/${file} content)
    string(REGEX MATCHALL "\n" newlines "${content}")
    list(LENGTH newlines count)
    math(EXPR checked "${checked} + 1")
    if(count GREATER_EQUAL MAX_LINES)
      string(APPEND problems "${file}: ${count} lines (split it by concern; the limit is "
                             "${MAX_LINES})\n")
    endif()
  endforeach()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no library source found under ${SOURCE_DIR}")
endif()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "library files too long:\n${problems}")
endif()
message(STATUS "${checked} library files under ${MAX_LINES} lines")
