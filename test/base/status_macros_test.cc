// The one pair of status macros (base/status_macros.h): an error returns early, once, from a
// function returning a Status or a StatusOr; success goes on with the value.
#include "vtsnap/base/status_macros.h"

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"

namespace vtsnap {
namespace {

absl::StatusOr<int> Half(int n) {
  if (n % 2 != 0) return absl::InvalidArgumentError("odd");
  return n / 2;
}

absl::Status Check(int n, int* calls) {
  ++*calls;
  return n < 0 ? absl::OutOfRangeError("negative") : absl::OkStatus();
}

absl::Status Quarter(int n, int* out, int* calls) {
  VTSNAP_RETURN_IF_ERROR(Check(n, calls));
  VTSNAP_ASSIGN_OR_RETURN(const int half, Half(n));
  VTSNAP_ASSIGN_OR_RETURN(*out, Half(half));
  return absl::OkStatus();
}

TEST(StatusMacrosTest, ReturnEarlyOnError) {
  int out = 0;
  int calls = 0;
  EXPECT_TRUE(Quarter(8, &out, &calls).ok());
  EXPECT_EQ(out, 2);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(Quarter(-4, &out, &calls), absl::OutOfRangeError("negative"));
  EXPECT_EQ(calls, 2);  // the expression is evaluated once
  out = 0;
  EXPECT_EQ(Quarter(6, &out, &calls), absl::InvalidArgumentError("odd"));  // 6 / 2 is odd
  EXPECT_EQ(out, 0);
}

absl::StatusOr<std::string> Named(absl::StatusOr<std::unique_ptr<std::string>> in) {
  VTSNAP_ASSIGN_OR_RETURN(std::unique_ptr<std::string> value, std::move(in));  // move-only
  VTSNAP_RETURN_IF_ERROR(value->empty() ? absl::NotFoundError("empty") : absl::OkStatus());
  return "name: " + *value;
}

TEST(StatusMacrosTest, InAStatusOrFunction) {
  EXPECT_EQ(*Named(std::make_unique<std::string>("x")), "name: x");
  EXPECT_EQ(Named(std::make_unique<std::string>("")).status(), absl::NotFoundError("empty"));
  EXPECT_EQ(Named(absl::DataLossError("gone")).status(), absl::DataLossError("gone"));
}

}  // namespace
}  // namespace vtsnap
