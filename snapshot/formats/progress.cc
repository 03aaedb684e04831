#include "vtsnap/snapshot/formats/progress.h"

#include <cstddef>
#include <exception>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "vtsnap/base/status_macros.h"

namespace vtsnap {
namespace {

using Json = nlohmann::json;

constexpr size_t kMaxQuoted = 40;  // the longest value an error quotes whole

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void SkipSpace(absl::string_view text, size_t& i) {
  while (i < text.size() && IsJsonSpace(text[i])) ++i;
}

// `text[i]` is the opening quote of a string; moves `i` past its closing quote.
void SkipString(absl::string_view text, size_t& i) {
  for (++i; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == '"') {
      ++i;
      return;
    }
  }
}

// Moves `i` past the JSON value that starts at `text[i]`.
void SkipValue(absl::string_view text, size_t& i) {
  if (i >= text.size()) return;
  if (text[i] == '"') {
    SkipString(text, i);
    return;
  }
  if (text[i] == '{' || text[i] == '[') {
    int depth = 0;
    while (i < text.size()) {
      const char c = text[i];
      if (c == '"') {
        SkipString(text, i);
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') --depth;
      ++i;
      if (depth == 0) return;
    }
    return;
  }
  while (i < text.size() && !IsJsonSpace(text[i]) && text[i] != ',' && text[i] != '}' &&
         text[i] != ']') {
    ++i;
  }
}

// Where the value of the top-level key `name` starts and ends in `text`, a JSON object that
// nlohmann already parsed (so the scan need not check the grammar). With duplicate keys the last
// one counts, as in the parsed object. {npos, npos} when the key is absent.
struct Span {
  size_t begin = absl::string_view::npos;
  size_t end = absl::string_view::npos;
};

Span FindValue(absl::string_view text, absl::string_view name) {
  Span found;
  size_t i = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // nlohmann skips a UTF-8 byte order mark
  SkipSpace(text, i);
  if (i >= text.size() || text[i] != '{') return found;
  ++i;
  while (i < text.size()) {
    SkipSpace(text, i);
    if (i >= text.size() || text[i] != '"') return found;  // '}' of an empty object
    const size_t key_begin = i;
    SkipString(text, i);
    const absl::string_view raw_key = text.substr(key_begin, i - key_begin);
    std::string key;
    if (raw_key.find('\\') == absl::string_view::npos) {
      key = std::string(raw_key.substr(1, raw_key.size() - 2));
    } else {
      try {
        key = Json::parse(raw_key.begin(), raw_key.end()).get<std::string>();
      } catch (const std::exception&) {
        key.clear();
      }
    }
    SkipSpace(text, i);
    if (i < text.size() && text[i] == ':') ++i;
    SkipSpace(text, i);
    const size_t value_begin = i;
    SkipValue(text, i);
    if (key == name) found = {value_begin, i};
    SkipSpace(text, i);
    if (i >= text.size() || text[i] != ',') return found;
    ++i;
  }
  return found;
}

// The value of `name` as written in `line`, shortened when long, for a message.
std::string Quoted(absl::string_view line, const Span& span) {
  absl::string_view raw = line.substr(span.begin, span.end - span.begin);
  if (raw.size() <= kMaxQuoted) return absl::CHexEscape(raw);
  return absl::StrCat(absl::CHexEscape(raw.substr(0, kMaxQuoted)), "...");
}

absl::Status Malformed(absl::string_view line, absl::string_view name, absl::string_view why) {
  const Span span = FindValue(line, name);
  if (span.begin == absl::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("malformed progress line: \"", name, "\" ", why));
  }
  return absl::InvalidArgumentError(absl::StrCat("malformed progress line: \"", name, "\" is ",
                                                 Quoted(line, span), ", ", why, " (column ",
                                                 span.begin + 1, ")"));
}

ProgressReading NotProgress(std::string why) {
  ProgressReading reading;
  reading.not_progress = std::move(why);
  return reading;
}

std::optional<ProgressState> StateNamed(const std::string& name) {
  if (name == "start") return ProgressState::kStart;
  if (name == "progress") return ProgressState::kProgress;
  if (name == "done") return ProgressState::kDone;
  if (name == "fail") return ProgressState::kFail;
  if (name == "end") return ProgressState::kEnd;
  return std::nullopt;
}

// Reads an optional string field into `out`; an error when it is neither a string nor null.
absl::Status ReadString(const Json& object, absl::string_view line, const char* name,
                        std::optional<std::string>& out) {
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) return absl::OkStatus();
  if (!it->is_string()) return Malformed(line, name, "not a string or null");
  out = it->get_ref<const std::string&>();
  return absl::OkStatus();
}

}  // namespace

absl::string_view ProgressStateName(ProgressState state) {
  switch (state) {
    case ProgressState::kStart:
      return "start";
    case ProgressState::kProgress:
      return "progress";
    case ProgressState::kDone:
      return "done";
    case ProgressState::kFail:
      return "fail";
    case ProgressState::kEnd:
      return "end";
  }
  return "start";
}

absl::StatusOr<ProgressReading> ReadProgress(absl::string_view line) {
  Json object;
  try {
    object = Json::parse(line.begin(), line.end());
  } catch (const Json::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 1: syntax error ..." ->
    // "parse error at line 1, column 1: syntax error ...".
    absl::string_view what = e.what();
    const size_t bracket = what.find("] ");
    if (bracket != absl::string_view::npos) what.remove_prefix(bracket + 2);
    return NotProgress(absl::StrCat("not JSON: ", what));
  } catch (const std::exception& e) {
    return NotProgress(absl::StrCat("not JSON: ", e.what()));
  }
  if (!object.is_object()) return NotProgress("not a JSON object");

  Progress progress;
  if (const auto v = object.find("v"); v != object.end()) {
    if (!v->is_number() || v->get<double>() != 1.0) {
      return NotProgress(absl::StrCat("\"v\" is ", Quoted(line, FindValue(line, "v")), ", not 1"));
    }
  }
  const auto state = object.find("state");
  if (state == object.end()) return NotProgress("no \"state\"");
  if (!state->is_string()) {
    return NotProgress(
        absl::StrCat("\"state\" is ", Quoted(line, FindValue(line, "state")), ", not a string"));
  }
  const std::optional<ProgressState> named = StateNamed(state->get_ref<const std::string&>());
  if (!named) {
    return NotProgress(absl::StrCat("\"state\" is ", Quoted(line, FindValue(line, "state")),
                                    ", not one of start, progress, done, fail, end"));
  }
  progress.state = *named;

  VTSNAP_RETURN_IF_ERROR(ReadString(object, line, "stage", progress.stage));
  VTSNAP_RETURN_IF_ERROR(ReadString(object, line, "msg", progress.msg));
  if (const auto fraction = object.find("fraction");
      fraction != object.end() && !fraction->is_null()) {
    if (!fraction->is_number()) return Malformed(line, "fraction", "not a number or null");
    const double f = fraction->get<double>();
    if (!(f >= 0.0 && f <= 1.0)) return Malformed(line, "fraction", "outside 0..1");
    progress.fraction = f;
  }
  if (const auto ok = object.find("ok"); ok != object.end() && !ok->is_null()) {
    if (!ok->is_boolean()) return Malformed(line, "ok", "not true, false or null");
    progress.ok = ok->get<bool>();
  }
  ProgressReading reading;
  reading.progress = std::move(progress);
  return reading;
}

}  // namespace vtsnap
