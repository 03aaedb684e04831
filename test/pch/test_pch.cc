// Compiled only to build the tests' shared precompiled header (test/CMakeLists.txt,
// VTSNAP_TEST_PCH); the header's contents are listed there.
