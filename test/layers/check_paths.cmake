# layers.cited_paths_exist (test/layers/CMakeLists.txt): every repository path that the user docs,
# the comments of the sources, the scripts, the pkg-config templates or the CMake files under
# SOURCE_DIR name exists, so no "see X" points at nothing. It fails naming file:line and the path.
#
# Where it reads: README.md and docs/*.md (all of the text); the // comments of every .h/.cc/.inc
# under the source folders; scripts/*.sh, cmake/*.pc.in, every CMakeLists.txt and .cmake file (all
# of the text: their code names paths through variables, which the rules below pass over).
#
# What counts as a repository path: a run of [-A-Za-z0-9_.~/*<>{}$@%+] holding a '/', trailing
# dots (the end of a sentence) dropped, that
#   - begins with a top-level folder of the repository (docs/, snapshot/, test/, ...), or
#   - begins with ../ (relative to the citing file), or
#   - ends in .md (a document: what docs cite most, and where a foreign folder shows first), or
#   - is a library header spelled as installed, vtsnap/<folder>/..., read as <folder>/....
# It exists when it names a file or folder relative to the repository root, or to the citing
# file's folder or one of that folder's parents up to the root (tests cite their neighbours as
# tools/x_test.cc); a last part without an extension may also name a file's stem (the program
# tools/gen_width_table, built from tools/gen_width_table.cc). A path that leaves the repository
# (a folder beside the checkout) does not exist for a user.
#
# What it passes over, since none of it is a path of the repository as checked out:
#   - placeholders and wildcards: any <, >, *, {, }, $, @, %, ~ or "..." in the run
#     (test/corpus/cases/<name>.bytes, ${PROJECT_SOURCE_DIR}/x, ~/src/vtsnap, .../walk.capture);
#   - URLs and absolute paths (a run that begins with '/': https://x/docs/a.md yields //x/...);
#   - build outputs: a path whose first folder is build or build-* (build/bin/vtsnap);
#   - what .gitignore lists, made by npm, Bazel or a test run and absent from a fresh checkout
#     (test/corpus/oracle/node_modules, bazel-bin/, an .actual, vtsnap-report.html);
#   - a path in double quotes: an example value, of a function's argument in a comment
#     ("test/foo_test.cc" -> "test/goldens/foo_test") or in a message a doc quotes, not a
#     citation (and a quoted path in CMake or shell code is used, so a missing one fails anyway);
#   - ./x: in the docs, a program run from the build folder (./readme_example_test);
#   - golden folders that tests create at run time: a path with a goldens folder in it below
#     test/ or examples/ (test/goldens/menu_test/home.dump), unless it is a tracked one that
#     exists anyway.
cmake_minimum_required(VERSION 3.25)

file(GLOB top_dirs RELATIVE ${SOURCE_DIR} LIST_DIRECTORIES true ${SOURCE_DIR}/*)
set(top_folders "")
foreach(d IN LISTS top_dirs)
  if(IS_DIRECTORY ${SOURCE_DIR}/${d} AND NOT d MATCHES "^(\\.|build|bazel-)")
    list(APPEND top_folders ${d})
  endif()
endforeach()
string(REPLACE ";" "|" top_alternatives "${top_folders}")
set(library_folders "base|decoder|snapshot|pty|ncurses|matchers|tools")

# Whole-text files and comment-only files, relative to SOURCE_DIR.
file(GLOB text_files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/README.md ${SOURCE_DIR}/docs/*.md
     ${SOURCE_DIR}/scripts/*.sh ${SOURCE_DIR}/cmake/*.pc.in ${SOURCE_DIR}/cmake/*.cmake
     ${SOURCE_DIR}/CMakeLists.txt)
set(comment_files "")
foreach(folder IN LISTS top_folders)
  if(folder STREQUAL "docs" OR folder STREQUAL "scripts")
    continue()
  endif()
  file(GLOB_RECURSE found RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${folder}/*.h
       ${SOURCE_DIR}/${folder}/*.cc ${SOURCE_DIR}/${folder}/*.inc)
  list(APPEND comment_files ${found})
  file(GLOB_RECURSE found RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/${folder}/CMakeLists.txt
       ${SOURCE_DIR}/${folder}/*.cmake)
  list(APPEND text_files ${found})
endforeach()
# Not the repository's: what npm installs and Bazel's scratch copies (.gitignore).
list(FILTER comment_files EXCLUDE REGEX "node_modules|golden_rule_scratch")
list(FILTER text_files EXCLUDE REGEX "node_modules|golden_rule_scratch")
# This script, whose comment shows the rules on made-up paths.
list(REMOVE_ITEM text_files test/layers/check_paths.cmake)

set(problems "")
set(checked 0)

# Checks the paths in `text`, a part of `file` whose whole content is `content`.
function(check_text file content text)
  set(problems_here "")
  set(checked_here 0)
  get_filename_component(dir ${file} DIRECTORY)
  string(REGEX MATCHALL "\"?[-A-Za-z0-9_.~/*<>{}$@%+]*/[-A-Za-z0-9_.~/*<>{}$@%+]*" runs
         "${text}")
  list(REMOVE_DUPLICATES runs)
  foreach(run IN LISTS runs)
    if(run MATCHES "^\"")
      continue()
    endif()
    string(REGEX REPLACE "\\.+$" "" path "${run}")
    if(path MATCHES "[<>*{}$@%~]" OR path MATCHES "\\.\\.\\." OR path MATCHES "^/")
      continue()
    endif()
    if(path MATCHES "^vtsnap/(${library_folders})/")
      string(REGEX REPLACE "^vtsnap/" "" path "${path}")
    endif()
    if(NOT (path MATCHES "^(${top_alternatives})/" OR path MATCHES "^\\.\\./"
            OR path MATCHES "\\.md$"))
      continue()
    endif()
    if(path MATCHES "^build(-[^/]*)?/"
       OR path MATCHES "(^|/)(node_modules|bazel-[^/]*|tui-traces|\\.tui-test)(/|$)"
       OR path MATCHES "\\.actual(/|$)" OR path MATCHES "(^|/)vtsnap-report\\.")
      continue()
    endif()
    math(EXPR checked_here "${checked_here} + 1")
    # The root, then the citing file's folder and each of its parents.
    set(bases "${SOURCE_DIR}")
    set(d "${dir}")
    while(NOT d STREQUAL "")
      list(APPEND bases "${SOURCE_DIR}/${d}")
      get_filename_component(d "${d}" DIRECTORY)
    endwhile()
    set(exists FALSE)
    foreach(base IN LISTS bases)
      get_filename_component(full "${base}/${path}" ABSOLUTE)
      string(FIND "${full}/" "${SOURCE_DIR}/" inside)
      if(inside EQUAL 0 AND EXISTS "${full}")
        set(exists TRUE)
        break()
      endif()
      get_filename_component(last "${path}" NAME)
      if(inside EQUAL 0 AND NOT last MATCHES "\\.")
        file(GLOB stems "${full}.*")
        if(stems)
          set(exists TRUE)
          break()
        endif()
      endif()
    endforeach()
    if(exists OR path MATCHES "^(test|examples)/(.*/)?goldens(/|$)")
      continue()
    endif()
    string(FIND "${content}" "${run}" at)
    string(SUBSTRING "${content}" 0 ${at} before)
    string(REGEX MATCHALL "\n" newlines "${before}")
    list(LENGTH newlines line)
    math(EXPR line "${line} + 1")
    string(APPEND problems_here "${file}:${line}: ${path} does not exist in the repository\n")
  endforeach()
  set(problems "${problems}${problems_here}" PARENT_SCOPE)
  math(EXPR total "${checked} + ${checked_here}")
  set(checked ${total} PARENT_SCOPE)
endfunction()

foreach(file IN LISTS text_files)
  file(READ ${SOURCE_DIR}/${file} content)
  check_text(${file} "${content}" "${content}")
endforeach()
foreach(file IN LISTS comment_files)
  file(READ ${SOURCE_DIR}/${file} content)
  string(REGEX MATCHALL "//[^\n]*" comments "${content}")
  string(REPLACE ";" " " comments "${comments}")
  check_text(${file} "${content}" "${comments}")
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "no repository path found under ${SOURCE_DIR}: is SOURCE_DIR right?")
endif()
if(NOT problems STREQUAL "")
  # Unformatted, one problem a line (FATAL_ERROR would rewrap them).
  message("${problems}")
  message(FATAL_ERROR "paths named in docs, comments, scripts or build files do not exist (above)")
endif()
message(STATUS "${checked} cited repository paths exist")
