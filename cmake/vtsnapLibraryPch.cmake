# One precompiled header per vtsnap library (decoder, the rooms of snapshot/ but render/, matchers,
# tools; not base, pty or snapshot/render, whose few sources gain less than the header costs): the
# standard and Abseil headers most of their sources
# include, and GoogleTest's for the matchers, parsed once per library instead of once per source
# file (docs/decisions.md, "The libraries compile with a precompiled header"). Only headers from
# outside the tree, so a change to a vtsnap header rebuilds what it did before. PRIVATE: nothing
# of it reaches a user's build or the installed package.
#
# A precompiled header is included before every source file, so a source that forgets an include
# still compiles here; the builds without it catch that (clang's fuzz build and Bazel, both in
# .ci/run). On by default with GCC when vtsnap is the top-level project; other compilers, and
# vtsnap inside another project, keep it off unless asked.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND PROJECT_IS_TOP_LEVEL)
  set(vtsnap_library_pch_default ON)
else()
  set(vtsnap_library_pch_default OFF)
endif()
option(VTSNAP_LIBRARY_PCH "Compile each vtsnap library with a precompiled header"
       ${vtsnap_library_pch_default})

# vtsnap_library_pch(target folder): the header for one library; `folder` matchers adds GoogleTest.
function(vtsnap_library_pch target folder)
  if(NOT VTSNAP_LIBRARY_PCH)
    return()
  endif()
  set(headers
    <algorithm> <cstdint> <optional> <string> <utility> <vector> <absl/status/status.h>
    <absl/status/statusor.h> <absl/strings/str_cat.h> <absl/strings/string_view.h>)
  if(folder STREQUAL "matchers")
    list(APPEND headers <gmock/gmock.h> <gtest/gtest.h>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
  # GCC passes over a header that does not fit a source's flags; this says when it does.
  target_compile_options(${target} PRIVATE -Winvalid-pch)
endfunction()
