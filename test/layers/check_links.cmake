# layers.decoder_links_no_json (test/layers/CMakeLists.txt): BASE_LINKS and DECODER_LINKS are the
# LINK_LIBRARIES (public and private) of vtsnap_base and vtsnap_decoder. Neither may name
# nlohmann/json: the decoder has no JSON dependency (progress lines are snapshot/formats/progress.h;
# docs/decisions.md, "base/: what every layer uses").
cmake_minimum_required(VERSION 3.25)
set(problems "")
foreach(layer IN ITEMS BASE DECODER)
  if("${${layer}_LINKS}" STREQUAL "")
    string(APPEND problems "no ${layer}_LINKS given: is the test's command line right?\n")
  endif()
  foreach(lib IN LISTS ${layer}_LINKS)
    if(lib MATCHES "nlohmann")
      string(TOLOWER ${layer} name)
      string(APPEND problems "vtsnap_${name} links ${lib}: the decoder reads no JSON\n")
    endif()
  endforeach()
endforeach()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "${problems}")
endif()
message(STATUS "vtsnap_base links: ${BASE_LINKS}")
message(STATUS "vtsnap_decoder links: ${DECODER_LINKS}")
