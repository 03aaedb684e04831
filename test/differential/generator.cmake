# The seeded random stream generator and the delta-debugging minimizer
# (docs/differential.md), and their tests.
add_library(vtsnap_differential_gen STATIC
  ${CMAKE_CURRENT_SOURCE_DIR}/generator.cc
  ${CMAKE_CURRENT_SOURCE_DIR}/ddmin.cc)
target_compile_options(vtsnap_differential_gen PRIVATE ${VTSNAP_WARNINGS})
# vtsnap_tree puts the repository root on the include path, so "test/differential/..." resolves for
# the library and everything linking it.
target_link_libraries(vtsnap_differential_gen PUBLIC vtsnap::vtsnap vtsnap_tree)

vtsnap_add_test(generator_test generator_test.cc LIBS vtsnap_differential_gen)
vtsnap_add_test(ddmin_test ddmin_test.cc LIBS vtsnap_differential_gen)
