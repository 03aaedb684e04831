// What the state dump's writer (state_json_write.cc), reader (state_json_read.cc) and differ
// (state_json_diff.cc) share: values as the JSON text a dump writes them in. Not part of the API.
#ifndef VTSNAP_SNAPSHOT_STATE_JSON_INTERNAL_H_
#define VTSNAP_SNAPSHOT_STATE_JSON_INTERNAL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace vtsnap::state_json_internal {

std::string Quote(absl::string_view s);
std::string Bool(bool b);
std::string IntList(const std::vector<int>& values);
std::string StringList(const std::vector<std::string>& values);
std::string IntText(int64_t v);

}  // namespace vtsnap::state_json_internal

#endif  // VTSNAP_SNAPSHOT_STATE_JSON_INTERNAL_H_
