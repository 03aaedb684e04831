# layers.includes_follow_the_flow (test/layers/CMakeLists.txt): reads every #include "..." of the
# library folders, tests, examples and benchmarks under SOURCE_DIR and fails, naming file and line,
#   - on a library header spelled without the project prefix ("decoder/terminal.h" instead of
#     "vtsnap/decoder/terminal.h"), anywhere;
#   - on a header of snapshot/ named outside its rooms ("vtsnap/snapshot/screen/frame.h");
#   - on a library file including a header of a layer above it. The flow: base/ <- decoder/ <-
#     snapshot/ <- pty/, ncurses/ and matchers/ (side by side: the matchers see a PtySession or a
#     CursesScreen only as a ScreenView; ncurses/ sees only snapshot/'s screen room) <- tools/
#     (which includes no ncurses/). base/ includes nothing of vtsnap's but itself. Within snapshot/ the
#     rooms are layers too: screen/ <- formats/ <- render/ <- golden/;
#   - on a file of base/ or decoder/ including nlohmann/json: the decoder reads no JSON (progress
#     lines are snapshot/formats/progress.h; layers.decoder_links_no_json checks the link side).
cmake_minimum_required(VERSION 3.25)
set(rooms snapshot/screen snapshot/formats snapshot/render snapshot/golden)
set(allowed_base base)
set(allowed_decoder base decoder)
set(allowed_snapshot/screen base decoder snapshot/screen)
set(allowed_snapshot/formats ${allowed_snapshot/screen} snapshot/formats)
set(allowed_snapshot/render ${allowed_snapshot/formats} snapshot/render)
set(allowed_snapshot/golden ${allowed_snapshot/render} snapshot/golden)
set(allowed_pty base decoder ${rooms} pty)
set(allowed_matchers base decoder ${rooms} matchers)
set(allowed_ncurses base decoder snapshot/screen ncurses)
set(allowed_tools base decoder ${rooms} pty tools)

set(problems "")
set(checked 0)
foreach(folder IN ITEMS base decoder snapshot pty ncurses matchers tools test examples bench)
  file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${folder}/*.h
       ${SOURCE_DIR}/${folder}/*.cc ${SOURCE_DIR}/${folder}/*.inc)
  list(FILTER files EXCLUDE REGEX "node_modules")
  foreach(file IN LISTS files)
    # The unit whose rules apply: the folder, or for snapshot/ the room.
    set(unit ${folder})
    if(file MATCHES "^snapshot/([^/]+)/")
      set(unit snapshot/${CMAKE_MATCH_1})
    endif()
    file(READ ${SOURCE_DIR}/${file} content)
    if(folder MATCHES "^(base|decoder)$" AND content MATCHES "#[ \t]*include[ \t]*[<\"]nlohmann/")
      string(APPEND problems "${file}: includes nlohmann/json, but ${folder}/ reads no JSON (the "
                             "decoder has no JSON dependency; progress lines are snapshot/formats/)\n")
    endif()
    string(REGEX MATCHALL "#[ \t]*include[ \t]*\"[^\"\n]*\"" includes "${content}")
    foreach(inc IN LISTS includes)
      math(EXPR checked "${checked} + 1")
      string(REGEX REPLACE ".*\"([^\"]*)\"" "\\1" path "${inc}")
      string(FIND "${content}" "${inc}" at)
      string(SUBSTRING "${content}" 0 ${at} before)
      string(REGEX MATCHALL "\n" newlines "${before}")
      list(LENGTH newlines line)
      math(EXPR line "${line} + 1")
      if(path MATCHES "^(base|decoder|snapshot|pty|ncurses|matchers|tools)/")
        string(APPEND problems
               "${file}:${line}: #include \"${path}\": spell vtsnap headers vtsnap/${path}\n")
      elseif(path MATCHES "^vtsnap/snapshot/[^/]+$")
        string(APPEND problems "${file}:${line}: #include \"${path}\": snapshot/'s headers are in "
                               "its rooms (vtsnap/snapshot/screen/frame.h, ...)\n")
      elseif(path MATCHES "^vtsnap/([^/]+)/" AND DEFINED allowed_${unit})
        set(target_folder ${CMAKE_MATCH_1})
        if(path MATCHES "^vtsnap/(snapshot/[^/]+)/")
          set(target_folder ${CMAKE_MATCH_1})
        endif()
        set(may_include ${allowed_${unit}})
        if(NOT target_folder IN_LIST may_include)
          string(REPLACE ";" "/, " may "${allowed_${unit}}")
          string(APPEND problems "${file}:${line}: #include \"${path}\": ${unit}/ may include "
                                 "only ${may}/ (a lower layer never includes a higher one)\n")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no #include found under ${SOURCE_DIR}: is SOURCE_DIR right?")
endif()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "includes against the layers:\n${problems}")
endif()
message(STATUS "${checked} includes follow the layers")
