// Early returns for errors as values: the one pair of status macros every layer uses.
//
//   absl::Status ReadAll(Reader& reader) {
//     VTSNAP_RETURN_IF_ERROR(reader.Open());       // returns the Status when it is not OK
//     VTSNAP_ASSIGN_OR_RETURN(std::string header, reader.Line());  // or its StatusOr's status
//     VTSNAP_ASSIGN_OR_RETURN(size_t count, ParseCount(header));
//     ...
//   }
//
// VTSNAP_RETURN_IF_ERROR(expr): `expr` is an absl::Status; when it is not OK the enclosing
// function returns it (as its absl::Status or absl::StatusOr<T>). VTSNAP_ASSIGN_OR_RETURN(lhs,
// expr): `expr` is an absl::StatusOr<T>; when it is not OK the enclosing function returns its
// status, else `lhs` (a declaration or an lvalue) takes the value, moved. Both evaluate `expr`
// once. The macros are the only ones vtsnap defines for this: a file that wants an early return
// includes this header rather than spelling its own.
#ifndef VTSNAP_BASE_STATUS_MACROS_H_
#define VTSNAP_BASE_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define VTSNAP_RETURN_IF_ERROR(expr)                                  \
  do {                                                                \
    if (absl::Status vtsnap_status_ = (expr); !vtsnap_status_.ok()) { \
      return vtsnap_status_;                                          \
    }                                                                 \
  } while (false)

#define VTSNAP_STATUS_MACROS_CONCAT_INNER_(a, b) a##b
#define VTSNAP_STATUS_MACROS_CONCAT_(a, b) VTSNAP_STATUS_MACROS_CONCAT_INNER_(a, b)

#define VTSNAP_ASSIGN_OR_RETURN(lhs, expr) \
  VTSNAP_ASSIGN_OR_RETURN_IMPL_(VTSNAP_STATUS_MACROS_CONCAT_(vtsnap_statusor_, __LINE__), lhs, expr)

// NOLINTBEGIN(bugprone-macro-parentheses): `statusor` is a variable's name and `lhs` a declaration
// or an assignable expression ("auto [a, b]", "std::string s"), which parentheses would break.
#define VTSNAP_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr) \
  auto statusor = (expr);                                  \
  if (!statusor.ok()) return std::move(statusor).status(); \
  lhs = *std::move(statusor)
// NOLINTEND(bugprone-macro-parentheses)

#endif  // VTSNAP_BASE_STATUS_MACROS_H_
