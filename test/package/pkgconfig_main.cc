// main() for the pkg-config consumer of test/package/run.cmake: package_test.cc built with nothing
// but `pkg-config --cflags --libs vtsnap-gtest` (no gmock_main), as a Makefile user would.
#include "gmock/gmock.h"
#include "gtest/gtest.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
