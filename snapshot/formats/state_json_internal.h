// What the state dump's writer (state_json_write.cc), reader (state_json_read.cc) and differ
// (state_json_diff.cc) share: a value as the JSON text a dump writes it in. Not part of the API.
//
//   JsonText(OrderedJson::array({0, 1}))              // "[0, 1]"
//   JsonText(OrderedJson({{"ch", "\n"}, {"fg", 7}}))  // "{\"ch\": \"\\u000a\", \"fg\": 7}"
#ifndef VTSNAP_SNAPSHOT_FORMATS_STATE_JSON_INTERNAL_H_
#define VTSNAP_SNAPSHOT_FORMATS_STATE_JSON_INTERNAL_H_

#include <string>

#include "nlohmann/json.hpp"

namespace vtsnap::state_json_internal {

// Keeps the keys of an object in the order they were added: the schema's order.
using OrderedJson = nlohmann::ordered_json;

// Appends `value` on one line as nlohmann/json writes it, with a space after each ':' and ','
// between members and elements, and every control character in a string escaped as \u00XX (also
// the five nlohmann would write as \b, \t, \n, \f, \r). Anything else in a string is written as
// it is, non-ASCII included; malformed UTF-8 becomes U+FFFD.
void AppendJsonText(const OrderedJson& value, std::string* out);

// The same, as a string.
std::string JsonText(const OrderedJson& value);

}  // namespace vtsnap::state_json_internal

#endif  // VTSNAP_SNAPSHOT_FORMATS_STATE_JSON_INTERNAL_H_
