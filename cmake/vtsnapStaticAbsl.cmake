# Links vtsnap's own programs (the `vtsnap` command, the tests, the benchmarks) against Abseil's
# static archives where the system has them beside the shared libraries (Debian's libabsl-dev
# ships both).
#
# Why: Debian's Abseil is about 35 shared libraries. Mapping, faulting in and relocating them
# costs every process about 4 ms on the CI machine kind: a `vtsnap decode` of an empty file took
# 10.2 ms at best against 6.2 ms with the archives (docs/performance.md, "Joins in the loop,
# fixed parameters and start-up"), and ctest starts each of its 3500 tests as a process. The
# library's exported targets still name absl:: targets, which a consumer resolves with its own
# find_package(absl): nothing changes for it.
#
# Only the targets imported in this directory are changed, and only those whose archive exists;
# VTSNAP_STATIC_ABSL=OFF keeps the shared libraries.
include(vtsnapStaticArchives)

# Sets VTSNAP_ABSL_LEFT_SHARED in the caller's scope: the Abseil shared libraries without an
# archive (vtsnapStaticCommand.cmake needs none left).
function(vtsnap_prefer_static_absl)
  get_directory_property(imported IMPORTED_TARGETS)
  set(absl "")
  foreach(target IN LISTS imported)
    if(target MATCHES "^absl::")
      list(APPEND absl ${target})
    endif()
  endforeach()
  vtsnap_prefer_static_archives(changed left ${absl})
  set(VTSNAP_ABSL_LEFT_SHARED "${left}" PARENT_SCOPE)
  message(STATUS "vtsnap: linking ${changed} Abseil libraries statically (VTSNAP_STATIC_ABSL)")
endfunction()
