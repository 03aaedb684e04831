#include "examples/chat_app/chat_app.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chat_app {
namespace {

constexpr const char* kSpinner[] = {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"};
constexpr int kSpinnerFrames = 10;
constexpr std::string_view kPasteStart = "\x1b[200~";
constexpr std::string_view kPasteEnd = "\x1b[201~";

const Style kRule = {.dim = true};
const Style kHint = {.dim = true};

// `text` word-wrapped to `width` columns: lines break at spaces where they can, inside a word
// longer than a line where they must, and at every '\n'.
std::vector<std::string> Wrap(std::string_view text, int width) {
  std::vector<std::string> lines;
  width = std::max(width, 1);
  size_t start = 0;
  while (true) {
    const size_t nl = text.find('\n', start);
    std::string_view para =
        text.substr(start, nl == std::string_view::npos ? text.npos : nl - start);
    std::string line;
    int line_width = 0;
    size_t pos = 0;
    while (pos < para.size()) {
      const size_t space = para.find(' ', pos);
      std::string_view word = para.substr(pos, space == para.npos ? para.npos : space - pos);
      pos = space == para.npos ? para.size() : space + 1;
      int word_width = TextWidth(word);
      if (line_width > 0 && line_width + 1 + word_width > width) {
        lines.push_back(std::move(line));
        line.clear();
        line_width = 0;
      }
      if (line_width > 0) {
        line += ' ';
        ++line_width;
      }
      // A word longer than a line is cut, byte-wise on ASCII and at code point starts otherwise.
      while (word_width > width - line_width) {
        size_t cut = 0;
        int cut_width = 0;
        while (cut < word.size()) {
          size_t next = cut + 1;
          while (next < word.size() && (static_cast<unsigned char>(word[next]) & 0xC0) == 0x80) {
            ++next;
          }
          const int w = TextWidth(word.substr(cut, next - cut));
          if (cut_width + w > width - line_width) break;
          cut_width += w;
          cut = next;
        }
        if (cut == 0 && line_width == 0) cut = 1;  // a character wider than the line
        line.append(word.substr(0, cut));
        lines.push_back(std::move(line));
        line.clear();
        line_width = 0;
        word.remove_prefix(cut);
        word_width = TextWidth(word);
      }
      line.append(word);
      line_width += word_width;
    }
    lines.push_back(std::move(line));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return lines;
}

}  // namespace

ChatApp::ChatApp(AppOptions options) : options_(std::move(options)) {
  options_.cols = std::max(options_.cols, 1);
  options_.rows = std::max(options_.rows, 1);
  canvas_ = Compose();
}

void ChatApp::Start() {
  if (running_) return;
  running_ = true;
  options_.write("\x1b[?1049h\x1b[?25l\x1b[?2004h");
  renderer_.Invalidate();
  Redraw();
}

void ChatApp::Stop() {
  if (!running_) return;
  running_ = false;
  int messages = 0;
  int cards = 0;
  for (const Entry& e : entries_) (e.kind == Kind::kCard ? cards : messages) += 1;
  options_.write("\x1b[m\x1b[?2004l\x1b[?1049l\x1b[?25h");
  options_.write(options_.title + ": session ended, " + std::to_string(messages) + " messages, " +
                 std::to_string(cards) + " tool calls\r\n");
}

void ChatApp::Resize(int cols, int rows) {
  options_.cols = std::max(cols, 1);
  options_.rows = std::max(rows, 1);
  Redraw();
}

void ChatApp::AddUserMessage(std::string text) {
  entries_.push_back({.kind = Kind::kUser, .text = std::move(text)});
  Redraw();
}

void ChatApp::BeginAssistantMessage() {
  entries_.push_back({.kind = Kind::kAssistant, .streaming = true});
  Redraw();
}

void ChatApp::AppendAssistantChunk(std::string_view chunk) {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->kind == Kind::kAssistant && it->streaming) {
      it->text.append(chunk);
      break;
    }
  }
  Redraw();
}

void ChatApp::EndAssistantMessage() {
  for (Entry& e : entries_) e.streaming = false;
  Redraw();
}

int ChatApp::BeginToolCall(std::string tool, std::string summary) {
  const int id = next_card_id_++;
  entries_.push_back({.kind = Kind::kCard,
                      .text = std::move(summary),
                      .id = id,
                      .tool = std::move(tool),
                      .state = CardState::kPending});
  Redraw();
  return id;
}

void ChatApp::FinishToolCall(int id, std::vector<std::string> body, bool ok) {
  for (Entry& e : entries_) {
    if (e.kind == Kind::kCard && e.id == id) {
      e.body = std::move(body);
      e.state = ok ? CardState::kDone : CardState::kFailed;
    }
  }
  Redraw();
}

void ChatApp::ShowError(std::string message) {
  error_ = std::move(message);
  Redraw();
}

std::vector<std::string> ChatApp::TakeSubmitted() { return std::exchange(submitted_, {}); }

std::string ChatApp::Status() const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->kind == Kind::kCard && it->state == CardState::kPending) return "running " + it->tool;
    if (it->kind == Kind::kAssistant && it->streaming) return "streaming reply";
  }
  return "ready";
}

std::string ChatApp::SpinnerGlyph() const {
  const int64_t frame = options_.clock_ms() / kSpinnerFrameMs;
  return kSpinner[((frame % kSpinnerFrames) + kSpinnerFrames) % kSpinnerFrames];
}

void ChatApp::Redraw() {
  canvas_ = Compose();
  if (!running_) return;
  const std::string bytes = renderer_.Render(canvas_);
  if (!bytes.empty()) options_.write(bytes);
}

// --- Input ---

void ChatApp::HandleInput(std::string_view bytes) {
  std::string data = std::exchange(pending_input_, {});
  data.append(bytes);
  std::string_view in = data;
  while (!in.empty()) {
    if (in.starts_with(kPasteStart)) {
      const size_t end = in.find(kPasteEnd);
      if (end == in.npos) break;  // the rest of the paste comes with the next read
      std::string text(in.substr(kPasteStart.size(), end - kPasteStart.size()));
      for (char& c : text) {
        if (c == '\r' || c == '\n' || c == '\t') c = ' ';
      }
      if (!help_open_) InsertText(text);
      in.remove_prefix(end + kPasteEnd.size());
      continue;
    }
    size_t len = 1;
    const auto b0 = static_cast<unsigned char>(in[0]);
    if (b0 == 0x1b && in.size() >= 2 && in[1] == 'O') {
      if (in.size() < 3) break;  // unfinished SS3: wait for the rest
      len = 3;
    } else if (b0 == 0x1b && in.size() >= 2 && in[1] == '[') {
      // CSI: up to its final byte (0x40-0x7E).
      len = 2;
      while (len < in.size() && (in[len] < 0x40 || in[len] > 0x7e)) ++len;
      if (len >= in.size()) break;  // unfinished: wait for the rest
      ++len;
    } else if (b0 >= 0xC0) {
      len = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2;
      if (len > in.size()) break;
    }
    HandleKey(in.substr(0, len));
    in.remove_prefix(len);
  }
  pending_input_ = std::string(in);
  Redraw();
}

void ChatApp::HandleKey(std::string_view key) {
  if (key == "\x03" || key == "\x04") {
    quit_requested_ = true;
    return;
  }
  if (key == "\x1bOP" || (key == "?" && input_.empty() && !help_open_)) {
    help_open_ = !help_open_;
    return;
  }
  if (key == "\x1b") {
    if (help_open_) {
      help_open_ = false;
    } else if (!error_.empty()) {
      error_.clear();
    } else {
      selected_card_ = 0;
    }
    return;
  }
  if (help_open_) return;  // the overlay takes every other key
  if (key == "\t") {
    SelectCard(1);
  } else if (key == "\x1b[Z") {
    SelectCard(-1);
  } else if (key == "\x0f") {
    ToggleSelectedCard();
  } else if (key == "\r") {
    Submit();
  } else if (key == "\x7f" || key == "\b") {
    while (!input_.empty() && (static_cast<unsigned char>(input_.back()) & 0xC0) == 0x80) {
      input_.pop_back();
    }
    if (!input_.empty()) input_.pop_back();
  } else if (static_cast<unsigned char>(key[0]) >= 0x20 && key[0] != 0x7f) {
    InsertText(key);
  }
}

void ChatApp::InsertText(std::string_view text) { input_.append(text); }

void ChatApp::Submit() {
  if (input_.empty()) return;
  submitted_.push_back(input_);
  error_.clear();
  entries_.push_back({.kind = Kind::kUser, .text = std::exchange(input_, {})});
}

std::vector<int> ChatApp::CardIndexes() const {
  std::vector<int> cards;
  for (int i = 0; i < static_cast<int>(entries_.size()); ++i) {
    if (entries_[i].kind == Kind::kCard) cards.push_back(i);
  }
  return cards;
}

void ChatApp::SelectCard(int step) {
  const std::vector<int> cards = CardIndexes();
  if (cards.empty()) return;
  const int n = static_cast<int>(cards.size());
  int at = -1;
  for (int i = 0; i < n; ++i) {
    if (entries_[cards[i]].id == selected_card_) at = i;
  }
  at = at < 0 ? (step > 0 ? 0 : n - 1) : ((at + step) % n + n) % n;
  selected_card_ = entries_[cards[at]].id;
}

void ChatApp::ToggleSelectedCard() {
  const std::vector<int> cards = CardIndexes();
  if (cards.empty()) return;
  int target = cards.back();
  for (int i : cards) {
    if (entries_[i].id == selected_card_) target = i;
  }
  entries_[target].expanded = !entries_[target].expanded;
}

// --- Composition ---

std::vector<ChatApp::Line> ChatApp::TranscriptLines(int width) const {
  std::vector<Line> lines;
  const std::string glyph = SpinnerGlyph();
  for (const Entry& e : entries_) {
    if (!lines.empty()) lines.push_back({});
    switch (e.kind) {
      case Kind::kUser:
      case Kind::kAssistant: {
        const bool user = e.kind == Kind::kUser;
        Line header = {{user ? "you" : "assistant", {.fg = user ? kCyan : kMagenta, .bold = true}}};
        if (e.streaming) header.push_back({"  streaming", {.dim = true, .italic = true}});
        lines.push_back(std::move(header));
        std::vector<std::string> body = Wrap(e.text, width - 3);
        if (e.streaming) body.back() += "▍";
        for (std::string& text : body) lines.push_back({{"  " + text, {}}});
        break;
      }
      case Kind::kCard: {
        const bool selected = e.id == selected_card_;
        Line header = {
            {e.expanded ? "▾ " : "▸ ", {}}, {e.tool, {.bold = true}}, {"  " + e.text + "  ", {}}};
        switch (e.state) {
          case CardState::kPending:
            header.push_back({glyph + " running", {.fg = kYellow}});
            break;
          case CardState::kDone:
            header.push_back({"✓ done", {.fg = kGreen}});
            break;
          case CardState::kFailed:
            header.push_back({"✗ failed", {.fg = kRed}});
            break;
        }
        if (!e.expanded && e.state != CardState::kPending) {
          header.push_back(
              {"  (" + std::to_string(e.body.size()) + (e.body.size() == 1 ? " line)" : " lines)"),
               kHint});
        }
        if (selected) {
          for (Span& span : header) span.style.reverse = true;
        }
        lines.push_back(std::move(header));
        if (e.expanded) {
          if (e.state == CardState::kPending) {
            lines.push_back(
                {{"  │ ", kRule}, {"waiting for output", {.dim = true, .italic = true}}});
          }
          for (const std::string& text : e.body) {
            lines.push_back(
                {{"  │ ", kRule}, {text, {.fg = e.state == CardState::kFailed ? kRed : kDefault}}});
          }
        }
        break;
      }
    }
  }
  return lines;
}

void ChatApp::DrawHelp(Canvas& canvas) const {
  static constexpr std::pair<const char*, const char*> kKeys[] = {
      {"F1  ?", "toggle this help"},
      {"tab", "select the next card"},
      {"shift+tab", "select the previous card"},
      {"ctrl+o", "expand or collapse a card"},
      {"enter", "send the message"},
      {"esc", "close, dismiss the error"},
      {"ctrl+c", "quit"},
  };
  const int n = static_cast<int>(std::size(kKeys));
  const int w = std::min(40, canvas.cols() - 4);
  const int h = std::min(n + 4, canvas.rows() - 4);
  const int left = (canvas.cols() - w) / 2;
  const int top = 2 + std::max(0, (canvas.rows() - 5 - h) / 2);
  canvas.Clear(left, top, w, h);
  const Style border = {.bold = true};
  canvas.Put(left, top, "┌", border);
  canvas.Fill(left + 1, top, w - 2, "─", border);
  canvas.Put(left + w - 1, top, "┐", border);
  for (int r = top + 1; r < top + h - 1; ++r) {
    canvas.Put(left, r, "│", border);
    canvas.Put(left + w - 1, r, "│", border);
  }
  canvas.Put(left, top + h - 1, "└", border);
  canvas.Fill(left + 1, top + h - 1, w - 2, "─", border);
  canvas.Put(left + w - 1, top + h - 1, "┘", border);
  canvas.Put(left + 2, top, " Help ", {.bold = true});
  for (int i = 0; i < n && top + 2 + i < top + h - 1; ++i) {
    const int row = top + 2 + i;
    canvas.Put(left + 2, row, kKeys[i].first, {.fg = kCyan});
    const int text_col = left + 13;
    if (text_col < left + w - 2) {
      Canvas line(left + w - 2, 1);  // clip the description at the box's inner edge
      line.Put(text_col, 0, kKeys[i].second, {});
      for (int c = text_col; c < left + w - 2; ++c) {
        if (line.cell(c, 0).width > 0) canvas.Put(c, row, line.cell(c, 0).text, {});
      }
    }
  }
}

Canvas ChatApp::Compose() const {
  const int cols = options_.cols;
  const int rows = options_.rows;
  Canvas canvas(cols, rows);
  if (cols < kMinCols || rows < kMinRows) {
    const std::string text = cols >= 18 ? "terminal too small" : cols >= 9 ? "too small" : "!";
    canvas.Put(std::max(0, (cols - TextWidth(text)) / 2), rows / 2, text, {.bold = true});
    return canvas;
  }
  // Header.
  canvas.Put(1, 0, options_.title, {.bold = true});
  canvas.Put(cols - 8, 0, "F1 help", kHint);
  canvas.Fill(0, 1, cols, "─", kRule);
  // Conversation, bottom-anchored.
  const int top = 2;
  const int height = rows - 5;
  const std::vector<Line> lines = TranscriptLines(cols - 1);
  const int first = std::max(0, static_cast<int>(lines.size()) - height);
  for (int i = first; i < static_cast<int>(lines.size()); ++i) {
    int col = 1;
    for (const Span& span : lines[i]) col = canvas.Put(col, top + i - first, span.text, span.style);
  }
  // Error banner or rule.
  if (!error_.empty()) {
    canvas.Put(1, rows - 3, "✗ error: " + error_, {.fg = kRed, .bold = true});
  } else {
    canvas.Fill(0, rows - 3, cols, "─", kRule);
  }
  // Input line.
  int col = canvas.Put(1, rows - 2, "› ", {.fg = kCyan, .bold = true});
  if (input_.empty() && !help_open_) {
    canvas.Put(col, rows - 2, " ", {.reverse = true});
    canvas.Put(col + 2, rows - 2, "type a message", {.dim = true, .italic = true});
  } else {
    // The end of the input when it is longer than the line.
    std::string shown = input_;
    while (TextWidth(shown) > cols - col - 2) {
      size_t cut = 1;
      while (cut < shown.size() && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) ++cut;
      shown.erase(0, cut);
    }
    col = canvas.Put(col, rows - 2, shown, {});
    if (!help_open_) canvas.Put(col, rows - 2, " ", {.reverse = true});
  }
  // Status line.
  const std::string status = Status();
  if (status == "ready") {
    canvas.Put(1, rows - 1, "● ready", {.fg = kGreen});
  } else {
    canvas.Put(1, rows - 1, SpinnerGlyph() + " " + status, {.fg = kYellow});
  }
  const std::string hints = "tab select  ctrl+o expand  ctrl+c quit";
  const int status_end = 2 + TextWidth(status) + 2;
  if (cols - 1 - TextWidth(hints) > status_end) {
    canvas.Put(cols - 1 - TextWidth(hints), rows - 1, hints, kHint);
  }
  if (help_open_) DrawHelp(canvas);
  return canvas;
}

}  // namespace chat_app
