// VTSNAP_TEST_ASAN: defined (to 1) when the test is compiled with AddressSanitizer, by GCC
// (__SANITIZE_ADDRESS__) or Clang (__has_feature(address_sanitizer)). Tests that cap a process's
// address space (setrlimit RLIMIT_AS) skip under it: ASan reserves terabytes of shadow memory.
//
//   #include "test/sanitizer.h"
//   #ifdef VTSNAP_TEST_ASAN
//     GTEST_SKIP() << "AddressSanitizer reserves more address space than the cap";
//   #endif
#ifndef VTSNAP_TEST_SANITIZER_H_
#define VTSNAP_TEST_SANITIZER_H_

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VTSNAP_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(VTSNAP_TEST_ASAN)
#define VTSNAP_TEST_ASAN 1
#endif

#endif  // VTSNAP_TEST_SANITIZER_H_
