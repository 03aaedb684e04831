# Links the `vtsnap` command as one static executable: libstdc++, glibc and every dependency
# inside, nothing for the dynamic loader to map or relocate.
#
# Why: `vtsnap decode` is timed as a process against the library (issue 23: within 15% of its
# rate), and the dynamic start-up was most of the fixed cost left: a decode of a two-byte file
# took 5.2 ms of CPU with the shared libraries (libstdc++, RE2, utf8proc, libpng, zlib), 2.3 ms
# static, against 1.4 ms for /bin/true (docs/performance.md, "A static command").
#
# How: the imported targets of RE2, utf8proc, libpng and zlib point at their static archives
# where those sit beside the shared libraries (Debian's -dev packages ship both), for every
# program of this build, as VTSNAP_STATIC_ABSL does for Abseil (the tests start faster too); the
# command alone links with -static. Nothing changes for a consumer's find_package: the installed
# targets name the same imported targets, which the consumer finds again.
#
# Left shared when it cannot work: under the sanitizers (their runtimes are shared libraries),
# without Abseil's archives (VTSNAP_STATIC_ABSL=OFF), or when a dependency has no archive or the
# toolchain cannot link a static C++ program. VTSNAP_STATIC_COMMAND=OFF keeps it dynamic.

include(vtsnapStaticArchives)

# Sets VTSNAP_STATIC_COMMAND_LINK in the caller's scope: whether tools/ links the command with
# -static. Call from the directory that found the dependencies (imported targets are local to it).
function(vtsnap_static_command)
  set(VTSNAP_STATIC_COMMAND_LINK OFF PARENT_SCOPE)
  if(VTSNAP_SANITIZE OR VTSNAP_FUZZ)
    message(STATUS "vtsnap: the command links dynamically (the sanitizers need shared runtimes)")
    return()
  endif()
  if(NOT VTSNAP_STATIC_ABSL)
    message(STATUS "vtsnap: the command links dynamically (VTSNAP_STATIC_ABSL is OFF)")
    return()
  endif()
  # Abseil's archives: vtsnap_prefer_static_absl names the shared libraries that had none.
  vtsnap_prefer_static_archives(changed left PkgConfig::VTSNAP_RE2 PkgConfig::VTSNAP_UTF8PROC
                                re2::re2 utf8proc::utf8proc PNG::PNG ZLIB::ZLIB)
  list(APPEND left ${VTSNAP_ABSL_LEFT_SHARED})
  if(left)
    list(JOIN left ", " names)
    message(STATUS "vtsnap: the command links dynamically (no static archive for ${names})")
    return()
  endif()
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_LINK_OPTIONS -static)
  check_cxx_source_compiles("#include <string>\nint main() { return std::string(\"x\").size() == 1 ? 0 : 1; }"
                            VTSNAP_CAN_LINK_STATIC)
  if(NOT VTSNAP_CAN_LINK_STATIC)
    message(STATUS "vtsnap: the command links dynamically (the toolchain cannot link -static)")
    return()
  endif()
  message(STATUS "vtsnap: the command links statically (VTSNAP_STATIC_COMMAND)")
  set(VTSNAP_STATIC_COMMAND_LINK ON PARENT_SCOPE)
endfunction()
