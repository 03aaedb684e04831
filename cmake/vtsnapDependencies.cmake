# Finds vtsnap's dependencies. Used by the build tree and by the installed package config, so a
# downstream project can re-create the imported targets a static libvtsnap.a still names.
include(CMakeFindDependencyMacro)
find_dependency(absl CONFIG)
find_dependency(GTest CONFIG)
find_dependency(Threads)

# Debian 12's re2 and utf8proc ship pkg-config files only; newer upstream re2 ships a CMake config
# exporting re2::re2, the name the shim below keeps.
if(NOT TARGET re2::re2)
  find_package(re2 CONFIG QUIET)
endif()
if(NOT TARGET re2::re2)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(VTSNAP_RE2 REQUIRED IMPORTED_TARGET re2)
  add_library(re2::re2 INTERFACE IMPORTED)
  target_link_libraries(re2::re2 INTERFACE PkgConfig::VTSNAP_RE2)
endif()
if(NOT TARGET utf8proc::utf8proc)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(VTSNAP_UTF8PROC REQUIRED IMPORTED_TARGET libutf8proc)
  add_library(utf8proc::utf8proc INTERFACE IMPORTED)
  target_link_libraries(utf8proc::utf8proc INTERFACE PkgConfig::VTSNAP_UTF8PROC)
endif()
# nlohmann/json reads progress lines (snapshot/formats/progress.cc) and reads and writes state dumps
# (snapshot/formats/state_json_read.cc, state_json_write.cc).
if(NOT TARGET nlohmann_json::nlohmann_json)
  find_dependency(nlohmann_json 3 CONFIG)
endif()
# libpng writes `vtsnap render --format png` and the report's pixel planes, and reads the browser
# checks' screenshots (snapshot/render/png.cc).
if(NOT TARGET PNG::PNG)
  find_dependency(PNG)
endif()
# zlib (which libpng needs anyway) inflates Bazel's outputs.zip for `vtsnap review`
# (tools/zip_reader.cc).
if(NOT TARGET ZLIB::ZLIB)
  find_dependency(ZLIB)
endif()
# ncursesw (Debian: libncurses-dev), for vtsnap::ncurses alone and optional: without it that
# library is not built (in the build tree) or not imported (installed; cmake/vtsnapConfig.cmake.in).
if(NOT TARGET PkgConfig::VTSNAP_NCURSESW)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(VTSNAP_NCURSESW QUIET IMPORTED_TARGET ncursesw)
  endif()
endif()
