// Compiling a user's test file against this build, as a project that uses vtsnap through
// pkg-config would (test/package/run.cmake): one compiler invocation with the build tree's
// vtsnap-gtest.pc, its include folder pointed at a link to the source tree (installed headers are
// include/vtsnap/<layer>/...) and its library folders at the build tree. For tests that build what
// a user writes (a generated test, the README's example) and run it.
//
//   #include "test/consumer_compile.h"
//   vtsnap::test_util::ShellResult r =
//       vtsnap::test_util::CompileConsumer(dir, "greeting_test.cc", "build/greeting_test");
//   // r.code == 0; dir/build/greeting_test is a GoogleTest binary linking vtsnap::gtest
//
// The target must define VTSNAP_SOURCE_DIR, VTSNAP_BINARY_DIR and VTSNAP_CXX_COMPILER.
#ifndef VTSNAP_TEST_CONSUMER_COMPILE_H_
#define VTSNAP_TEST_CONSUMER_COMPILE_H_

#include <filesystem>
#include <string>

#include "absl/strings/str_cat.h"
#include "test/sanitizer.h"
#include "test/tools/shell_command.h"
#include "vtsnap/snapshot/golden/store.h"

namespace vtsnap::test_util {

// Compiles `source` (relative to `dir`, or absolute) into `binary` (likewise), running the
// compiler in `dir` so that a relative source is named relatively in the binary, as a user's
// build names it. The result's output holds the command and the compiler's messages.
inline ShellResult CompileConsumer(const std::filesystem::path& dir, const std::string& source,
                                   const std::string& binary) {
  namespace fs = std::filesystem;
  std::string sanitize;
#ifdef VTSNAP_TEST_ASAN
  sanitize = "-fsanitize=address,undefined";
#endif
  const std::string bin = VTSNAP_BINARY_DIR;
  const fs::path include = dir / ".vtsnap-include";
  std::error_code ec;
  fs::create_directories(include, ec);
  fs::create_directory_symlink(VTSNAP_SOURCE_DIR, include / "vtsnap", ec);
  fs::create_directories((dir / binary).parent_path(), ec);
  const std::string pkg_config = absl::StrCat(
      "PKG_CONFIG_PATH=", ShellQuote(bin), " pkg-config --define-variable=libdir=", ShellQuote(bin),
      " --define-variable=includedir=", ShellQuote(include.string()),
      " --cflags --libs vtsnap-gtest gtest_main");
  const std::string command =
      absl::StrCat("cd ", ShellQuote(dir.string()), " && ", ShellQuote(VTSNAP_CXX_COMPILER),
                   " -std=c++20 ", sanitize, " ", ShellQuote(source), " -o ", ShellQuote(binary),
                   " -L", ShellQuote(bin + "/matchers"), " $(", pkg_config, ")");
  ShellResult result = Shell(command);
  result.out = absl::StrCat(command, "\n", result.out);
  return result;
}

}  // namespace vtsnap::test_util

#endif  // VTSNAP_TEST_CONSUMER_COMPILE_H_
