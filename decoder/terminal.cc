#include "vtsnap/decoder/terminal.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <utility>

#include "absl/cleanup/cleanup.h"
#include "absl/hash/hash.h"
#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "vtsnap/decoder/size.h"

namespace vtsnap {
namespace {

// DEC Special Graphics for 0x5F..0x7E (VT100 line drawing).
constexpr char32_t kDecSpecial[] = {
    U' ',      U'\u25C6', U'\u2592', U'\u2409', U'\u240C', U'\u240D', U'\u240A', U'\u00B0',
    U'\u00B1', U'\u2424', U'\u240B', U'\u2518', U'\u2510', U'\u250C', U'\u2514', U'\u253C',
    U'\u23BA', U'\u23BB', U'\u2500', U'\u23BC', U'\u23BD', U'\u251C', U'\u2524', U'\u2534',
    U'\u252C', U'\u2502', U'\u2264', U'\u2265', U'\u03C0', U'\u2260', U'\u00A3', U'\u00B7',
};

constexpr size_t kMaxIgnoredKinds = 256;

// Primary DA: a VT100 with advanced video (docs/xterm-deviations.md#replies).
constexpr char kPrimaryDaReply[] = "\x1b[?1;2c";

// The largest cell, in pixels, a Sixel plane is laid out with.
constexpr int kMaxCellPixels = 64;

}  // namespace

Terminal::Terminal(const TerminalOptions& options)
    : options_(options),
      cols_(std::clamp(options.cols, 1, kMaxTerminalDimension)),
      rows_(std::clamp(options.rows, 1, kMaxTerminalDimension)),
      cell_width_(std::clamp(options.graphics.cell_width, 1, kMaxCellPixels)),
      cell_height_(std::clamp(options.graphics.cell_height, 1, kMaxCellPixels)) {
  FullReset();
  if (options_.track_generations) {
    generations_.assign(static_cast<size_t>(cols_) * rows_, Generation{});
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        generations_[static_cast<size_t>(r) * cols_ + c].fingerprint = Fingerprint(cell(c, r));
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Generation tracking.

uint64_t Terminal::Fingerprint(const ScreenCell& c) const {
  // What the position shows: the grapheme, its width, its pen and its link (not whether it was
  // ever written: a never-written blank and an erased one look the same).
  // Hashed in place (no copies): this runs for every cell after every action.
  static const std::u32string kNoCluster;
  static const std::string kNoText;
  const std::u32string& cluster = c.cluster != 0 ? clusters_[c.cluster] : kNoCluster;
  const Hyperlink* link = c.link != 0 ? &links_[c.link] : nullptr;
  const std::string& id = link ? link->id : kNoText;
  const std::string& uri = link ? link->uri : kNoText;
  const char32_t ch = c.ch;  // bit-fields: copied, since a reference cannot bind to one
  const uint8_t width = static_cast<uint8_t>(c.width);
  return absl::Hash<std::tuple<const char32_t&, const uint8_t&, const Pen&, const std::u32string&,
                               const std::string&, const std::string&>>()(
      std::tie(ch, width, pens_[c.pen], cluster, id, uri));
}

void Terminal::CountGenerations() {
  for (int r = 0; r < rows_; ++r) {
    const std::vector<ScreenCell>& cells = active()[r].cells;
    Generation* g = &generations_[static_cast<size_t>(r) * cols_];
    for (int c = 0; c < cols_; ++c) {
      const uint64_t fingerprint = Fingerprint(cells[c]);
      if (fingerprint != g[c].fingerprint) {
        g[c].fingerprint = fingerprint;
        ++g[c].count;
      }
    }
  }
}

void Terminal::ResizeGenerations(int old_cols, int old_rows) {
  if (!options_.track_generations) return;
  // Positions that stay keep their counts; new ones start at 0 as never-written blanks.
  std::vector<Generation> next(static_cast<size_t>(cols_) * rows_,
                               Generation{.count = 0, .fingerprint = Fingerprint(ScreenCell{})});
  for (int r = 0; r < std::min(rows_, old_rows); ++r) {
    for (int c = 0; c < std::min(cols_, old_cols); ++c) {
      next[static_cast<size_t>(r) * cols_ + c] =
          generations_[static_cast<size_t>(r) * old_cols + c];
    }
  }
  generations_ = std::move(next);
  UpdateGenerations();
}

Terminal::~Terminal() = default;

void Terminal::ClearTables() {
  pens_.assign(1, Pen{});
  pen_ids_.clear();
  pen_ids_[Pen{}] = 0;
  clusters_.assign(1, std::u32string());
  cluster_ids_.clear();
  links_.assign(1, Hyperlink{});
  link_ids_.clear();
  compact_threshold_ = kMinCompactThreshold;
  erase_valid_ = false;
  ClearPenCache();
  ++compactions_;
  join_cache_.clear();
}

uint32_t Terminal::InternPen(const Pen& pen) {
  PenCacheEntry& cached = pen_cache_[PenCacheSlot(pen)];
  if (cached.valid && cached.pen == pen) return cached.id;
  // A new pen may first need room (compaction renumbers, empties the cache, keeps the current pen).
  if (pens_.size() >= compact_threshold_ && !pen_ids_.contains(pen)) MaybeCompact(pens_.size());
  const uint32_t id = FindOrAddPen(pen);
  pen_cache_[PenCacheSlot(pen)] = {.pen = pen, .id = id, .valid = true};
  return id;
}

uint32_t Terminal::FindOrAddPen(const Pen& pen) {
  // One lookup: finds the pen or inserts it with the next id.
  const auto [it, inserted] = pen_ids_.try_emplace(pen, static_cast<uint32_t>(pens_.size()));
  if (inserted) pens_.push_back(pen);
  return it->second;
}

void Terminal::InternCurrentPen() {
  pen_id_ = InternPen(pen_);
  pen_dirty_ = false;
}

uint32_t Terminal::InternCluster(std::u32string cluster) {
  auto it = cluster_ids_.find(cluster);
  if (it != cluster_ids_.end()) return it->second;
  MaybeCompact(clusters_.size());
  const uint32_t id = static_cast<uint32_t>(clusters_.size());
  clusters_.push_back(cluster);
  cluster_ids_.emplace(std::move(cluster), id);
  return id;
}

void Terminal::MaybeCompact(size_t table_size) {
  if (table_size < compact_threshold_) return;
  CompactTables();
  const size_t live = std::max({pens_.size(), clusters_.size(), links_.size()});
  // Four times what is live: a compaction visits every cell of the screens and the scrollback,
  // so it must be rare (amortized over 3 * live new entries), while memory stays in proportion
  // to what the cells hold.
  compact_threshold_ = std::max(kMinCompactThreshold, 4 * live);
}

// Drops the pens, clusters and hyperlinks no cell refers to any more, renumbering the rest, so a
// long or hostile stream (a true-colour animation, endless distinct links) costs memory in
// proportion to what the screens and the scrollback hold, not to what ever passed through.
void Terminal::CompactTables() {
  ++compactions_;
  join_cache_.clear();  // keyed and valued by cluster ids, which are renumbered
  std::vector<uint32_t> pen_map(pens_.size(), UINT32_MAX);
  std::vector<uint32_t> cluster_map(clusters_.size(), UINT32_MAX);
  std::vector<uint32_t> link_map(links_.size(), UINT32_MAX);
  std::vector<Pen> pens = {Pen{}};
  std::vector<std::u32string> clusters = {std::u32string()};
  std::vector<Hyperlink> links = {Hyperlink{}};
  pen_map[0] = cluster_map[0] = link_map[0] = 0;
  auto keep = [](auto& table, std::vector<uint32_t>& map, uint32_t id, auto& out) {
    if (map[id] == UINT32_MAX) {
      map[id] = static_cast<uint32_t>(out.size());
      out.push_back(std::move(table[id]));
    }
    return map[id];
  };
  // Neighbouring cells mostly share a pen: the last mapping is remembered.
  uint32_t last_old = 0;
  uint32_t last_new = 0;
  auto remap_line = [&](Line& line) {
    for (ScreenCell& c : line.cells) {
      if (c.pen != last_old) {
        last_old = c.pen;
        last_new = keep(pens_, pen_map, c.pen, pens);
      }
      c.pen = last_new;
      // Most cells have no cluster and no link (id 0 maps to 0).
      if (c.cluster != 0) c.cluster = keep(clusters_, cluster_map, c.cluster, clusters);
      if (c.link != 0) c.link = keep(links_, link_map, c.link, links);
    }
  };
  for (Line& l : primary_.unordered()) remap_line(l);
  for (Line& l : alternate_.unordered()) remap_line(l);
  for (Line& l : scrollback_) remap_line(l);
  link_id_ = keep(links_, link_map, link_id_, links);
  pens_ = std::move(pens);
  clusters_ = std::move(clusters);
  links_ = std::move(links);
  erase_valid_ = false;
  ClearPenCache();
  pen_ids_ = {};
  pen_ids_.reserve(std::max(kMinCompactThreshold, 4 * pens_.size()));  // room to the next one
  for (uint32_t i = 0; i < pens_.size(); ++i) pen_ids_.emplace(pens_[i], i);
  cluster_ids_.clear();
  for (uint32_t i = 1; i < clusters_.size(); ++i) cluster_ids_.emplace(clusters_[i], i);
  link_ids_.clear();
  for (uint32_t i = 1; i < links_.size(); ++i)
    link_ids_.emplace(std::make_pair(links_[i].id, links_[i].uri), i);
  // The current pen is live even with no cell in it (BlankCell interns the erase pen again when
  // it needs it).
  pen_id_ = FindOrAddPen(pen_);
  pen_dirty_ = false;
}

ScreenCell Terminal::BlankCell() {
  ScreenCell c;
  c.written = 1;
  if (!pen_.bg.is_default()) {
    if (!erase_valid_ || erase_bg_ != pen_.bg) {
      Pen p;
      p.bg = pen_.bg;
      erase_pen_ = InternPen(p);  // may compact: callers take ids after asking for a blank
      erase_bg_ = pen_.bg;
      erase_valid_ = true;
    }
    c.pen = erase_pen_;
  }
  return c;
}

Line Terminal::BlankLine() {
  Line l;
  l.cells.assign(cols_, BlankCell());
  return l;
}

void Terminal::ResetLine(Line& line, const ScreenCell& blank) const {
  line.cells.assign(cols_, blank);  // keeps the storage when it is large enough
  line.wrapped = false;
  DropPixels(line);
}

Line Terminal::SaveLine(Line&& line) {
  DropPixels(line);  // the scrollback keeps cells only (docs/sixel.md)
  scrollback_.push_back(std::move(line));
  if (static_cast<int>(scrollback_.size()) <= options_.scrollback_limit) return Line{};
  Line dropped = std::move(scrollback_.front());
  scrollback_.pop_front();
  return dropped;
}

void Terminal::Screen::RotateUp(int top, int bottom, int n) {
  const int len = bottom - top + 1;
  if (len == size()) {
    head_ = (head_ + n) % size();  // the whole screen: the ring turns
    return;
  }
  absl::InlinedVector<uint32_t, 128> region(len);
  for (int i = 0; i < len; ++i) region[i] = order_[Slot(top + i)];
  for (int i = 0; i < len; ++i) order_[Slot(top + i)] = region[(i + n) % len];
}

void Terminal::Screen::RotateDown(int top, int bottom, int n) {
  const int len = bottom - top + 1;
  if (len == size()) {
    head_ = (head_ + size() - n % size()) % size();
    return;
  }
  absl::InlinedVector<uint32_t, 128> region(len);
  for (int i = 0; i < len; ++i) region[i] = order_[Slot(top + i)];
  for (int i = 0; i < len; ++i) order_[Slot(top + i)] = region[(i + len - n % len) % len];
}

std::string Terminal::Grapheme(const ScreenCell& cell) const {
  std::string out;
  if (cell.is_continuation()) return out;
  if (cell.cluster != 0) {
    for (char32_t cp : clusters_[cell.cluster]) AppendUtf8(cp, &out);
  } else {
    AppendUtf8(cell.ch, &out);
  }
  return out;
}

std::string Terminal::LineText(const Line& line) const {
  std::string out;
  for (const ScreenCell& c : line.cells) {
    if (c.is_continuation()) continue;
    if (c.cluster == 0 && c.ch < 0x80) {
      out.push_back(static_cast<char>(c.ch));
    } else {
      out += Grapheme(c);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string Terminal::RowText(int row) const { return LineText(active()[row]); }

std::string Terminal::ScreenText() const {
  std::vector<std::string> rows;
  for (int r = 0; r < rows_; ++r) rows.push_back(RowText(r));
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  return absl::StrJoin(rows, "\n");
}

std::string Terminal::TakeReplies() { return std::exchange(replies_, std::string()); }

// ---------------------------------------------------------------------------------------------
// Printing.

void Terminal::SplitWide(Line& line, int col) {
  std::vector<ScreenCell>& cells = line.cells;
  ScreenCell& c = cells[col];
  if (c.is_continuation() && col > 0) {
    ScreenCell& lead = cells[col - 1];
    // The half left behind is erased: a blank that keeps its pen but loses any hyperlink.
    lead.ch = U' ';
    lead.cluster = 0;
    lead.width = 1;
    lead.link = 0;
    c.ch = U' ';
    c.width = 1;
    c.link = 0;
    ClearPixels(line, col - 1, col + 1);
  } else if (c.width == 2 && col + 1 < cols_) {
    ScreenCell& tail = cells[col + 1];
    tail.ch = U' ';
    tail.cluster = 0;
    tail.width = 1;
    tail.link = 0;
    ClearPixels(line, col + 1, col + 2);
  }
}

void Terminal::PutGlyph(char32_t cp, int width) {
  if (cursor_.pending_wrap && modes_.autowrap) {
    active()[cursor_.row].wrapped = true;
    CarriageReturn();
    Index();
  }
  cursor_.pending_wrap = false;
  if (width == 2 && cols_ < 2) {
    IgnoreText("wide character on a 1-column screen");
    return;
  }
  if (width == 2 && cursor_.col == cols_ - 1) {
    if (modes_.autowrap) {
      // A wide character that does not fit wraps whole; xterm leaves the last column blank.
      active()[cursor_.row].wrapped = true;
      CarriageReturn();
      Index();
    } else {
      cursor_.col = cols_ - 2;
    }
  }
  if (modes_.insert) InsertChars(width);
  const int row = cursor_.row;
  const int col = cursor_.col;   // col + width <= cols_
  const uint32_t pen = PenId();  // before taking references: interning may compact
  Line& line = active()[row];
  ScreenCell* cell = line.cells.data() + col;
  // A wide character this glyph overwrites half of loses its other half.
  if (cell[0].width != 1) SplitWide(line, col);
  if (width == 2 && cell[1].width != 1) SplitWide(line, col + 1);
  cell[0] = ScreenCell{
      .ch = cp, .width = static_cast<uint32_t>(width), .written = 1, .pen = pen, .link = link_id_};
  if (width == 2) {
    cell[1] = ScreenCell{.ch = 0, .width = 0, .written = 1, .pen = pen, .link = link_id_};
  }
  if (!line.pixels.empty()) ClearPixels(line, col, col + width);  // a glyph covers the pixels
  last_valid_ = true;
  last_col_ = col;
  last_row_ = row;
  rep_cp_ = cp;
  cursor_.col = col + width;
  if (cursor_.col >= cols_) {
    cursor_.col = cols_ - 1;
    cursor_.pending_wrap = modes_.autowrap;
  }
}

void Terminal::JoinGlyph(char32_t cp) {
  int col;
  int row;
  if (last_valid_) {
    col = last_col_;
    row = last_row_;
  } else {
    // A combining mark after a cursor movement joins the cell left of the cursor, as in xterm.
    row = cursor_.row;
    col = cursor_.pending_wrap ? cursor_.col : cursor_.col - 1;
    if (col < 0) return;
    if (at(col, row).is_continuation() && col > 0) --col;
  }
  ScreenCell& c = at(col, row);
  // What joining cp to this grapheme gives is remembered: the same marks and emoji sequences come
  // again and again, and the remembered answer needs no string, hash or width of the cluster.
  const uint64_t key = (c.cluster != 0 ? uint64_t{c.cluster} : (uint64_t{1} << 31) | c.ch) << 32 |
                       static_cast<uint32_t>(cp);
  JoinResult joined;
  if (auto it = join_cache_.find(key); it != join_cache_.end()) {
    joined = it->second;
  } else {
    std::u32string cluster = c.cluster != 0 ? clusters_[c.cluster] : std::u32string(1, c.ch);
    if (cluster.size() >= 32) return;  // bound pathological clusters (endless combining marks)
    cluster.push_back(cp);
    joined.width = static_cast<uint8_t>(ClusterWidth(cluster, options_.width));
    const uint64_t compactions = compactions_;
    joined.cluster = InternCluster(std::move(cluster));
    // A compaction renumbered the clusters (and emptied the cache): the key's id is stale.
    if (compactions == compactions_) {
      if (join_cache_.size() >= kJoinCacheLimit) join_cache_.clear();  // hostile streams
      join_cache_.emplace(key, joined);
    }
  }
  const bool widens = c.width == 1 && joined.width == 2;
  if (widens && col + 1 >= cols_) {
    // No room to widen at the right margin: keep the narrow glyph (a cell never holds more than
    // its width shows; docs/unicode.md).
    IgnoreText("emoji presentation at the right margin");
    return;
  }
  c.cluster = joined.cluster;
  if (widens) {
    // An emoji presentation selector or a second regional indicator widens the cell.
    ClearWideAt(col + 1, row);
    c.width = 2;
    at(col + 1, row) = ScreenCell{.ch = 0, .width = 0, .written = 1, .pen = c.pen, .link = c.link};
    ClearPixels(active()[row], col + 1, col + 2);
    if (cursor_.row == row && cursor_.col == col + 1 && !cursor_.pending_wrap) {
      cursor_.col = col + 2;
      if (cursor_.col >= cols_) {
        cursor_.col = cols_ - 1;
        cursor_.pending_wrap = modes_.autowrap;
      }
    }
  }
}

void Terminal::Print(char32_t cp) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  if (charsets_[gl_] == Charset::kDecSpecialGraphics && cp >= 0x5F && cp <= 0x7E) {
    cp = kDecSpecial[cp - 0x5F];
  }
  const int width = CodePointWidth(cp, options_.width);
  if (last_valid_) {
    const bool brk = IsGraphemeBreak(last_cp_, cp, &grapheme_state_);
    last_cp_ = cp;
    if (!brk || width == 0) {
      JoinGlyph(cp);
      return;
    }
  } else {
    grapheme_state_ = 0;
    last_cp_ = cp;
    if (width == 0) {
      JoinGlyph(cp);
      return;
    }
  }
  PutGlyph(cp, width);
  last_cp_ = cp;
}

void Terminal::PrintAscii(absl::string_view run) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  if (charsets_[gl_] != Charset::kAscii || modes_.insert) {
    for (char ch : run) Print(static_cast<unsigned char>(ch));  // line drawing, insert mode
    return;
  }
  if (!modes_.autowrap) {
    // The last column is overwritten again and again: one character at a time.
    for (char ch : run) {
      PutGlyph(static_cast<unsigned char>(ch), 1);
      last_cp_ = static_cast<unsigned char>(ch);
      grapheme_state_ = 0;
    }
    return;
  }
  // The fast path: a run of printable ASCII fills the rest of the cursor's row in one step (no
  // per-byte state, no width lookup: ASCII is one column and always starts a new grapheme
  // cluster; docs/decisions.md), wrapping to the next row as often as the run needs.
  const char* p = run.data();
  const char* const end = p + run.size();
  while (p < end) {
    if (cursor_.pending_wrap) {
      active()[cursor_.row].wrapped = true;
      CarriageReturn();
      Index();
    }
    const int row = cursor_.row;
    const int col = cursor_.col;
    const int n = static_cast<int>(std::min<ptrdiff_t>(end - p, cols_ - col));
    Line& line = active()[row];
    // A wide character cut by either end of the span loses its other half.
    ScreenCell* cell = line.cells.data() + col;
    if (cell[0].width != 1) SplitWide(line, col);
    if (cell[n - 1].width != 1) SplitWide(line, col + n - 1);
    const ScreenCell proto{.ch = 0, .width = 1, .written = 1, .pen = PenId(), .link = link_id_};
    for (int i = 0; i < n; ++i) {
      ScreenCell c = proto;  // built in registers: one store per cell, no read-modify-write
      c.ch = static_cast<unsigned char>(p[i]);
      cell[i] = c;
    }
    if (!line.pixels.empty()) ClearPixels(line, col, col + n);
    p += n;
    last_valid_ = true;
    last_col_ = col + n - 1;
    last_row_ = row;
    last_cp_ = rep_cp_ = static_cast<unsigned char>(p[-1]);
    grapheme_state_ = 0;
    cursor_.col = col + n;
    cursor_.pending_wrap = false;
    if (cursor_.col >= cols_) {
      cursor_.col = cols_ - 1;
      cursor_.pending_wrap = true;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Cursor movement and scrolling.

void Terminal::MoveTo(int col, int row) {
  cursor_.col = std::clamp(col, 0, cols_ - 1);
  cursor_.row = std::clamp(row, 0, rows_ - 1);
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::MoveToOrigin(int col, int row) {
  if (modes_.origin) {
    MoveTo(col, std::clamp(row + top_, top_, bottom_));
  } else {
    MoveTo(col, row);
  }
}

void Terminal::CarriageReturn() {
  cursor_.col = 0;
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::Index() {
  if (cursor_.row == bottom_) {
    ScrollUp(top_, bottom_, 1);
  } else if (cursor_.row < rows_ - 1) {
    ++cursor_.row;
  }
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::ReverseIndex() {
  if (cursor_.row == top_) {
    ScrollDown(top_, bottom_, 1);
  } else if (cursor_.row > 0) {
    --cursor_.row;
  }
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::ScrollUp(int top, int bottom, int n) {
  n = std::min(n, bottom - top + 1);
  if (n <= 0) return;
  Screen& screen = active();
  const bool save = !alternate_active_ && top == 0 && options_.scrollback_limit > 0;
  const ScreenCell blank = BlankCell();
  last_valid_ = false;
  // The lines leaving the top go to the scrollback; the storage it drops comes back as the new
  // bottom lines.
  if (save) {
    for (int i = 0; i < n; ++i) screen[top + i] = SaveLine(std::move(screen[top + i]));
  }
  screen.RotateUp(top, bottom, n);
  for (int r = bottom - n + 1; r <= bottom; ++r) ResetLine(screen[r], blank);
}

void Terminal::ScrollDown(int top, int bottom, int n) {
  n = std::min(n, bottom - top + 1);
  if (n <= 0) return;
  Screen& screen = active();
  const ScreenCell blank = BlankCell();
  last_valid_ = false;
  screen.RotateDown(top, bottom, n);
  for (int r = top; r < top + n; ++r) ResetLine(screen[r], blank);
}

void Terminal::EraseCells(int row, int from, int to) {
  from = std::clamp(from, 0, cols_);
  to = std::clamp(to, 0, cols_);
  if (from >= to) return;
  std::vector<ScreenCell>& cells = active()[row].cells;
  if (cells[from].is_continuation() && from > 0) ClearWideAt(from, row);
  if (to < cols_ && cells[to].is_continuation()) ClearWideAt(to, row);
  const ScreenCell blank = BlankCell();
  std::fill(cells.begin() + from, cells.begin() + to, blank);
  if (from == 0 && to == cols_) {
    DropPixels(active()[row]);
  } else {
    ClearPixels(active()[row], from, to);
  }
  last_valid_ = false;
}

void Terminal::EraseInDisplay(int mode) {
  switch (mode) {
    case 0:
      EraseInLine(0);
      for (int r = cursor_.row + 1; r < rows_; ++r) {
        EraseCells(r, 0, cols_);
        active()[r].wrapped = false;
      }
      break;
    case 1:
      for (int r = 0; r < cursor_.row; ++r) {
        EraseCells(r, 0, cols_);
        active()[r].wrapped = false;
      }
      EraseInLine(1);
      break;
    case 2:
      for (int r = 0; r < rows_; ++r) {
        EraseCells(r, 0, cols_);
        active()[r].wrapped = false;
      }
      break;
    case 3:
      scrollback_.clear();
      break;
    default:
      IgnoreText(absl::StrCat("CSI ", mode, " J"));
      return;
  }
  cursor_.pending_wrap = false;
}

void Terminal::EraseInLine(int mode) {
  // With a wrap pending the cursor is on the last column, so EL 0 erases that column (xterm).
  switch (mode) {
    case 0:
      EraseCells(cursor_.row, cursor_.col, cols_);
      active()[cursor_.row].wrapped = false;
      break;
    case 1:
      EraseCells(cursor_.row, 0, cursor_.col + 1);
      break;
    case 2:
      EraseCells(cursor_.row, 0, cols_);
      active()[cursor_.row].wrapped = false;
      break;
    default:
      IgnoreText(absl::StrCat("CSI ", mode, " K"));
      return;
  }
  cursor_.pending_wrap = false;
}

void Terminal::InsertChars(int n) {
  std::vector<ScreenCell>& cells = active()[cursor_.row].cells;
  const int col = cursor_.col;
  n = std::min(n, cols_ - col);
  // Inserting inside a wide character splits it; inserting before one shifts it whole.
  if (cells[col].is_continuation()) ClearWideAt(col, cursor_.row);
  std::rotate(cells.begin() + col, cells.end() - n, cells.end());
  std::fill(cells.begin() + col, cells.begin() + col + n, BlankCell());
  ShiftPixels(active()[cursor_.row], col, n);  // pixels move with their cells
  // A wide character pushed half off the right edge is cut.
  if (cells[cols_ - 1].width == 2) {
    cells[cols_ - 1] = BlankCell();
    ClearPixels(active()[cursor_.row], cols_ - 1, cols_);
  }
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::DeleteChars(int n) {
  std::vector<ScreenCell>& cells = active()[cursor_.row].cells;
  const int col = cursor_.col;
  n = std::min(n, cols_ - col);
  // A wide character with one half deleted loses the other; one just after the deleted cells
  // shifts whole.
  ClearWideAt(col, cursor_.row);
  if (col + n < cols_ && cells[col + n].is_continuation()) ClearWideAt(col + n, cursor_.row);
  std::rotate(cells.begin() + col, cells.begin() + col + n, cells.end());
  std::fill(cells.end() - n, cells.end(), BlankCell());
  ShiftPixels(active()[cursor_.row], col, -n);
  cursor_.pending_wrap = false;
  last_valid_ = false;
}

void Terminal::InsertLines(int n) {
  if (cursor_.row < top_ || cursor_.row > bottom_) return;
  ScrollDown(cursor_.row, bottom_, n);
  CarriageReturn();
}

void Terminal::DeleteLines(int n) {
  if (cursor_.row < top_ || cursor_.row > bottom_) return;
  if (cursor_.row == 0) {
    // On the top line, xterm's DeleteLine saves the deleted lines to the scrollback, as
    // scrolling does (util.c: scroll_all_lines when cur_row == 0 on the normal screen).
    ScrollUp(0, bottom_, n);
    CarriageReturn();
    return;
  }
  ScrollUp(cursor_.row, bottom_, n);  // not the top row, so nothing is saved
  CarriageReturn();
}

void Terminal::TabForward(int n) {
  int col = cursor_.col;
  while (n-- > 0 && col < cols_ - 1) {
    ++col;
    while (col < cols_ - 1 && !tab_stops_[col]) ++col;
  }
  // xterm's TabToNextStop only sets the column: a pending wrap stays pending (charproc.c
  // CASE_TAB, CASE_CHT), so the next character still wraps.
  cursor_.col = col;
  last_valid_ = false;
}

void Terminal::TabBackward(int n) {
  int col = cursor_.col;
  while (n-- > 0 && col > 0) {
    --col;
    while (col > 0 && !tab_stops_[col]) --col;
  }
  // As for HT: xterm's CBT leaves do_wrap set, so the next character wraps to the next line even
  // though the cursor moved left.
  cursor_.col = col;
  last_valid_ = false;
}

void Terminal::ResetTabStops() {
  // Every 8th column from column 0, as xterm's TabReset does (the stop at 0 is never reached by
  // HT, but the state dump shows it, as it does for xterm, xterm.js and libvterm).
  tab_stops_.assign(cols_, false);
  for (int c = 0; c < cols_; c += 8) tab_stops_[c] = true;
}

// ---------------------------------------------------------------------------------------------
// Controls.

void Terminal::Execute(uint32_t control) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  switch (control) {
    case 0x07:  // BEL
      ++stats_.bells;
      break;
    case 0x08:  // BS
      if (cursor_.col > 0) --cursor_.col;
      cursor_.pending_wrap = false;
      last_valid_ = false;
      break;
    case 0x09:  // HT
      TabForward(1);
      break;
    case 0x0A:  // LF
    case 0x0B:  // VT
    case 0x0C:  // FF
      Index();
      if (modes_.linefeed_newline) CarriageReturn();
      break;
    case 0x0D:  // CR
      CarriageReturn();
      break;
    case 0x0E:  // SO: G1 into GL
      gl_ = 1;
      break;
    case 0x0F:  // SI: G0 into GL
      gl_ = 0;
      break;
    case 0x84:  // IND
      Index();
      break;
    case 0x85:  // NEL
      Index();
      CarriageReturn();
      break;
    case 0x88:  // HTS
      tab_stops_[cursor_.col] = true;
      break;
    case 0x8D:  // RI
      ReverseIndex();
      break;
    default:
      break;  // other C0 and C1 controls do nothing on xterm's screen
  }
}

void Terminal::IgnoreText(const std::string& what, uint64_t count) {
  stats_.ignored_total += count;
  if (stats_.ignored.size() < kMaxIgnoredKinds || stats_.ignored.count(what) != 0) {
    stats_.ignored[what] += count;
  }
}

void Terminal::Ignore(const Sequence& seq, absl::string_view kind) {
  std::string what(kind);
  if (seq.marker != 0) absl::StrAppend(&what, " ", std::string(1, seq.marker));
  for (int i = 0; i < seq.params.size(); ++i) {
    absl::StrAppend(&what, i == 0 ? " " : (seq.params.is_sub(i) ? ":" : ";"));
    if (seq.params.raw(i) != Params::kDefault) absl::StrAppend(&what, seq.params.raw(i));
  }
  if (!seq.intermediates.empty()) absl::StrAppend(&what, " ", seq.intermediates);
  absl::StrAppend(&what, " ", std::string(1, seq.final));
  IgnoreText(what);
}

void Terminal::EscDispatch(const Sequence& seq) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  if (seq.overflowed) return Ignore(seq, "ESC");
  if (seq.intermediates.empty()) {
    switch (seq.final) {
      case '7':
        return SaveCursor();
      case '8':
        return RestoreCursor();
      case 'D':
        return Index();
      case 'E':
        Index();
        return CarriageReturn();
      case 'H':
        tab_stops_[cursor_.col] = true;
        return;
      case 'M':
        return ReverseIndex();
      case 'c':
        return FullReset();
      case 'Z':  // DECID: the obsolete form of primary DA
        absl::StrAppend(&replies_, kPrimaryDaReply);
        return;
      case '=':
        modes_.keypad_application = true;
        return;
      case '>':
        modes_.keypad_application = false;
        return;
      case '\\':  // ST after an OSC or DCS string
        return;
      default:
        return Ignore(seq, "ESC");
    }
  }
  if (seq.intermediates.size() == 1) {
    const char i = seq.intermediates[0];
    if (i == '(' || i == ')') {
      // Designate G0 or G1: '0' is DEC Special Graphics; 'B' and every other set is taken as
      // ASCII (national sets are not modelled).
      charsets_[i == '(' ? 0 : 1] =
          seq.final == '0' ? Charset::kDecSpecialGraphics : Charset::kAscii;
      return;
    }
    if (i == '#' && seq.final == '8') {  // DECALN: fill the screen with 'E'
      top_ = 0;
      bottom_ = rows_ - 1;
      for (Line& l : active().unordered()) {
        l.wrapped = false;
        for (ScreenCell& c : l.cells) c = ScreenCell{.ch = U'E', .width = 1, .written = 1};
        DropPixels(l);
      }
      MoveTo(0, 0);
      return;
    }
    if (i == '%') return;  // select UTF-8 / default character set: UTF-8 is always on
  }
  Ignore(seq, "ESC");
}

void Terminal::CsiDispatch(const Sequence& seq) {
  absl::Cleanup count_generations = [this] { UpdateGenerations(); };
  if (seq.overflowed) return Ignore(seq, "CSI");
  const Params& p = seq.params;
  auto n = [&p](int i = 0) { return p.Get(i, 1, /*zero_is_default=*/true); };

  if (seq.marker == '?') {
    if (!seq.intermediates.empty()) return Ignore(seq, "CSI");
    switch (seq.final) {
      case 'h':
      case 'l':
        for (int i = 0; i < p.size(); ++i) SetPrivateMode(p.raw(i), seq.final == 'h');
        return;
      case 'J':  // DECSED: no protected cells here, so like ED
        return EraseInDisplay(p.Get(0, 0));
      case 'K':  // DECSEL
        return EraseInLine(p.Get(0, 0));
      case 'n':
        if (p.Get(0, 0) == 6) {
          const int row = modes_.origin ? cursor_.row - top_ : cursor_.row;
          absl::StrAppend(&replies_, "\x1b[?", row + 1, ";", cursor_.col + 1, "R");
          return;
        }
        return Ignore(seq, "CSI");
      default:
        return Ignore(seq, "CSI");
    }
  }
  if (seq.marker == '>' && seq.final == 'c' && seq.intermediates.empty()) {
    if (p.Get(0, 0) == 0) absl::StrAppend(&replies_, "\x1b[>0;276;0c");  // DA2
    return;
  }
  if (seq.marker != 0) return Ignore(seq, "CSI");

  if (!seq.intermediates.empty()) {
    if (seq.intermediates == " " && seq.final == 'q') {  // DECSCUSR
      const int s = p.Get(0, 0);
      if (s > 6) return Ignore(seq, "CSI");
      cursor_.blinking = s == 0 || s % 2 == 1;
      cursor_.shape = s <= 2   ? CursorShape::kBlock
                      : s <= 4 ? CursorShape::kUnderline
                               : CursorShape::kBar;
      return;
    }
    if (seq.intermediates == "!" && seq.final == 'p') return SoftReset();
    return Ignore(seq, "CSI");
  }

  switch (seq.final) {
    case '@':  // ICH
      return InsertChars(n());
    case 'A': {  // CUU
      const int limit = cursor_.row >= top_ ? top_ : 0;
      return MoveTo(cursor_.col, std::max(cursor_.row - n(), limit));
    }
    case 'B':    // CUD
    case 'e': {  // VPR
      const int limit = cursor_.row <= bottom_ ? bottom_ : rows_ - 1;
      return MoveTo(cursor_.col, std::min(cursor_.row + n(), limit));
    }
    case 'C':  // CUF
    case 'a':  // HPR
      return MoveTo(cursor_.col + n(), cursor_.row);
    case 'D':  // CUB
      return MoveTo(cursor_.col - n(), cursor_.row);
    case 'E': {  // CNL
      const int limit = cursor_.row <= bottom_ ? bottom_ : rows_ - 1;
      return MoveTo(0, std::min(cursor_.row + n(), limit));
    }
    case 'F': {  // CPL
      const int limit = cursor_.row >= top_ ? top_ : 0;
      return MoveTo(0, std::max(cursor_.row - n(), limit));
    }
    case 'G':  // CHA
    case '`':  // HPA
      return MoveTo(n() - 1, cursor_.row);
    case 'H':  // CUP
    case 'f':  // HVP
      return MoveToOrigin(n(1) - 1, n(0) - 1);
    case 'I':  // CHT
      return TabForward(n());
    case 'J':
      return EraseInDisplay(p.Get(0, 0));
    case 'K':
      return EraseInLine(p.Get(0, 0));
    case 'L':
      return InsertLines(n());
    case 'M':
      return DeleteLines(n());
    case 'P':
      return DeleteChars(n());
    case 'S':  // SU
      return ScrollUp(top_, bottom_, n());
    case 'T':  // SD; with more parameters it is xterm's mouse highlight tracking
      if (p.size() > 1) return Ignore(seq, "CSI");
      return ScrollDown(top_, bottom_, n());
    case 'X': {  // ECH
      EraseCells(cursor_.row, cursor_.col, cursor_.col + n());
      cursor_.pending_wrap = false;
      return;
    }
    case 'Z':  // CBT
      return TabBackward(n());
    case 'b': {  // REP: repeat the last printed graphic character
      if (rep_cp_ == 0) return;
      int count = std::min(n(), cols_ * rows_);
      const int width = std::max(CodePointWidth(rep_cp_, options_.width), 1);
      while (count > 0) {
        const int fit = (cols_ - cursor_.col) / width;
        if (!modes_.insert || cursor_.pending_wrap || fit < 2) {
          PutGlyph(rep_cp_, width);
          --count;
          continue;
        }
        // In insert mode, k characters inserted one by one equal k*width blanks inserted once
        // and then written: one shift per row instead of one per character.
        const int k = std::min(count, fit);
        InsertChars(k * width);
        modes_.insert = false;
        for (int i = 0; i < k; ++i) PutGlyph(rep_cp_, width);
        modes_.insert = true;
        count -= k;
      }
      return;
    }
    case 'c':  // DA
      if (p.Get(0, 0) == 0) absl::StrAppend(&replies_, kPrimaryDaReply);
      return;
    case 'd':  // VPA
      return MoveToOrigin(cursor_.col, n() - 1);
    case 'g':  // TBC
      if (p.Get(0, 0) == 0) {
        tab_stops_[cursor_.col] = false;
      } else if (p.Get(0, 0) == 3) {
        tab_stops_.assign(cols_, false);
      }
      return;
    case 'h':
    case 'l':
      return SetMode(seq, seq.final == 'h');
    case 'm':
      return SelectGraphicRendition(p);
    case 'n':
      if (p.Get(0, 0) == 5) {
        absl::StrAppend(&replies_, "\x1b[0n");
      } else if (p.Get(0, 0) == 6) {
        const int row = modes_.origin ? cursor_.row - top_ : cursor_.row;
        absl::StrAppend(&replies_, "\x1b[", row + 1, ";", cursor_.col + 1, "R");
      } else {
        Ignore(seq, "CSI");
      }
      return;
    case 'r': {  // DECSTBM
      const int top = p.Get(0, 1, true) - 1;
      const int bottom = std::min(p.Get(1, rows_, true), rows_) - 1;
      if (top >= bottom) return;
      top_ = top;
      bottom_ = bottom;
      return MoveToOrigin(0, 0);
    }
    case 's':  // SCOSC
      return SaveCursor();
    case 'u':  // SCORC
      return RestoreCursor();
    case 't':  // window operations: only the text-area size report is answered
      if (p.Get(0, 0) == 18) {
        absl::StrAppend(&replies_, "\x1b[8;", rows_, ";", cols_, "t");
        return;
      }
      return Ignore(seq, "CSI");
    default:
      return Ignore(seq, "CSI");
  }
}

void Terminal::SetMode(const Sequence& seq, bool on) {
  for (int i = 0; i < seq.params.size(); ++i) {
    switch (seq.params.raw(i)) {
      case 4:
        modes_.insert = on;
        break;
      case 20:
        modes_.linefeed_newline = on;
        break;
      default:
        IgnoreText(absl::StrCat("CSI ", seq.params.raw(i), on ? " h" : " l"));
        break;
    }
  }
}

void Terminal::SetPrivateMode(int mode, bool on) {
  switch (mode) {
    case 1:
      modes_.cursor_keys_application = on;
      return;
    case 5:
      modes_.reverse_video = on;
      return;
    case 6:
      modes_.origin = on;
      return MoveToOrigin(0, 0);
    case 7:
      modes_.autowrap = on;
      if (!on) cursor_.pending_wrap = false;
      return;
    case 12:
      cursor_.blinking = on;
      return;
    case 25:
      cursor_.visible = on;
      return;
    case 9:
      modes_.mouse_tracking = on ? MouseTracking::kX10 : MouseTracking::kNone;
      return;
    case 1000:
      modes_.mouse_tracking = on ? MouseTracking::kNormal : MouseTracking::kNone;
      return;
    case 1002:
      modes_.mouse_tracking = on ? MouseTracking::kButtonEvent : MouseTracking::kNone;
      return;
    case 1003:
      modes_.mouse_tracking = on ? MouseTracking::kAnyEvent : MouseTracking::kNone;
      return;
    case 1004:
      modes_.focus_events = on;
      return;
    case 1005:
    case 1006:
    case 1015: {
      // The encodings exclude each other; resetting one that is not in force changes nothing.
      const MouseEncoding e = mode == 1005   ? MouseEncoding::kUtf8
                              : mode == 1006 ? MouseEncoding::kSgr
                                             : MouseEncoding::kUrxvt;
      if (on) {
        modes_.mouse_encoding = e;
      } else if (modes_.mouse_encoding == e) {
        modes_.mouse_encoding = MouseEncoding::kDefault;
      }
      return;
    }
    case 47:
      return SwitchScreen(on, false);
    case 1047:
      // Leaving clears the alternate screen first.
      if (!on && alternate_active_) {
        for (Line& l : alternate_.unordered()) l = BlankLine();
      }
      return SwitchScreen(on, false);
    case 1048:
      return on ? SaveCursor() : RestoreCursor();
    case 1049:
      // As xterm: save the cursor (in the slot of the screen it is on), switch and clear; leaving
      // restores the normal screen's saved cursor even when the normal screen was already shown
      // (then it is DECRC).
      if (on) {
        SaveCursor();
        SwitchScreen(true, true);
      } else {
        if (alternate_active_) SwitchScreen(false, false);
        RestoreCursor();
      }
      return;
    case 2004:
      modes_.bracketed_paste = on;
      return;
    case 2026:
      modes_.synchronized_output = on;
      return;
    case 80:
      modes_.sixel_display = on;
      return;
    case 1070:
      modes_.private_color_registers = on;
      return;
    case 8452:
      modes_.sixel_scrolls_right = on;
      return;
    default:
      IgnoreText(absl::StrCat("CSI ? ", mode, on ? " h" : " l"));
      return;
  }
}

void Terminal::SwitchScreen(bool alternate, bool clear_alternate) {
  if (alternate && clear_alternate) {
    for (Line& l : alternate_.unordered()) l = BlankLine();
  }
  alternate_active_ = alternate;
  last_valid_ = false;
}

void Terminal::SaveCursor() {
  SavedCursor& s = saved_[alternate_active_ ? 1 : 0];
  s.col = cursor_.col;
  s.row = cursor_.row;
  s.pending_wrap = cursor_.pending_wrap;
  s.pen = pen_;
  s.origin = modes_.origin;
  s.charsets[0] = charsets_[0];
  s.charsets[1] = charsets_[1];
  s.gl = gl_;
  s.valid = true;
}

void Terminal::RestoreCursor() {
  const SavedCursor s = saved_[alternate_active_ ? 1 : 0];  // invalid: home, default pen
  SetPen(s.pen);
  modes_.origin = s.origin;  // DECAWM is not part of the saved state (xterm's DECSC_FLAGS)
  charsets_[0] = s.charsets[0];
  charsets_[1] = s.charsets[1];
  gl_ = s.gl;
  MoveTo(s.col, s.row);
  cursor_.pending_wrap = s.pending_wrap && modes_.autowrap;
}

void Terminal::SoftReset() {
  modes_.insert = false;
  modes_.origin = false;
  modes_.autowrap = true;
  modes_.cursor_keys_application = false;
  modes_.keypad_application = false;
  cursor_.visible = true;
  top_ = 0;
  bottom_ = rows_ - 1;
  charsets_[0] = charsets_[1] = Charset::kAscii;
  gl_ = 0;
  SetPen(Pen{});
  saved_[0] = saved_[1] = SavedCursor{};
}

void Terminal::FullReset() {
  for (Screen* screen : {&primary_, &alternate_}) {
    screen->Rebuild([this](std::vector<Line>& lines) {
      lines.assign(rows_, Line{.cells = std::vector<ScreenCell>(cols_)});
    });
  }
  alternate_active_ = false;
  cursor_ = CursorState{};
  modes_ = Modes{};
  top_ = 0;
  bottom_ = rows_ - 1;
  ResetTabStops();
  charsets_[0] = charsets_[1] = Charset::kAscii;
  gl_ = 0;
  SetPen(Pen{});
  link_id_ = 0;
  saved_[0] = saved_[1] = SavedCursor{};
  last_valid_ = false;
  rep_cp_ = 0;
  scrollback_.clear();  // xterm's RIS clears the saved lines; the window title stays
  ClearTables();        // nothing refers to a pen, cluster or link any more
  // xterm's RIS resets the colour registers and drops every graphic (reset_displayed_graphics).
  palette_.Reset();
  sixel_.reset();
  graphics_status_ = absl::OkStatus();
}

// ---------------------------------------------------------------------------------------------
// SGR.

namespace {

// Reads an extended colour (38, 48, 58) starting at params[i], which holds the selector. Handles
// "38;5;N", "38;2;R;G;B", "38:5:N", "38:2::R:G:B" and "38:2:R:G:B". Returns the index of the last
// parameter consumed; *ok is false when the colour is malformed.
int ReadExtendedColor(const Params& p, int i, PenColor* color, bool* ok) {
  *ok = false;
  auto clamp8 = [](int v) { return v == Params::kDefault ? 0 : std::min(v, 255); };
  if (p.is_sub(i + 1)) {
    int end = i + 1;
    while (end + 1 < p.size() && p.is_sub(end + 1)) ++end;
    const int count = end - i;  // sub-parameters after the selector
    const int kind = p.raw(i + 1);
    if (kind == 5 && count >= 2) {
      *color = PenColor::Palette(clamp8(p.raw(i + 2)));
      *ok = true;
    } else if (kind == 2 && count >= 4) {
      const int first = count >= 5 ? i + 3 : i + 2;  // skip the colour-space id when present
      *color =
          PenColor::Rgb(clamp8(p.raw(first)), clamp8(p.raw(first + 1)), clamp8(p.raw(first + 2)));
      *ok = true;
    }
    return end;
  }
  const int kind = p.raw(i + 1);
  if (kind == 5) {
    if (i + 2 >= p.size()) return p.size() - 1;
    *color = PenColor::Palette(clamp8(p.raw(i + 2)));
    *ok = true;
    return i + 2;
  }
  if (kind == 2) {
    if (i + 4 >= p.size()) return p.size() - 1;
    *color = PenColor::Rgb(clamp8(p.raw(i + 2)), clamp8(p.raw(i + 3)), clamp8(p.raw(i + 4)));
    *ok = true;
    return i + 4;
  }
  return i + 1;
}

}  // namespace

void Terminal::SelectGraphicRendition(const Params& p) {
  const Pen before = pen_;
  if (p.empty()) {
    pen_ = Pen{};
  }
  for (int i = 0; i < p.size(); ++i) {
    const int v = p.raw(i) == Params::kDefault ? 0 : p.raw(i);
    // Sub-parameters belong to the entry before them; those not read below are skipped.
    auto skip_subs = [&p, &i] {
      while (i + 1 < p.size() && p.is_sub(i + 1)) ++i;
    };
    switch (v) {
      case 0:
        pen_ = Pen{};
        break;
      case 1:
        pen_.attrs |= kAttrBold;
        break;
      case 2:
        pen_.attrs |= kAttrDim;
        break;
      case 3:
        pen_.attrs |= kAttrItalic;
        break;
      case 4:
        if (p.is_sub(i + 1)) {
          const int shape = p.raw(i + 1);
          static constexpr UnderlineStyle kShapes[] = {
              UnderlineStyle::kNone,  UnderlineStyle::kSingle, UnderlineStyle::kDouble,
              UnderlineStyle::kCurly, UnderlineStyle::kDotted, UnderlineStyle::kDashed};
          pen_.underline = shape >= 0 && shape <= 5 ? kShapes[shape] : UnderlineStyle::kSingle;
          if (shape == Params::kDefault) pen_.underline = UnderlineStyle::kNone;
          skip_subs();
          continue;
        }
        pen_.underline = UnderlineStyle::kSingle;
        break;
      case 5:
      case 6:
        pen_.attrs |= kAttrBlink;
        break;
      case 7:
        pen_.attrs |= kAttrReverse;
        break;
      case 8:
        pen_.attrs |= kAttrInvisible;
        break;
      case 9:
        pen_.attrs |= kAttrStrike;
        break;
      case 21:
        pen_.underline = UnderlineStyle::kDouble;
        break;
      case 22:
        pen_.attrs &= ~(kAttrBold | kAttrDim);
        break;
      case 23:
        pen_.attrs &= ~kAttrItalic;
        break;
      case 24:
        pen_.underline = UnderlineStyle::kNone;
        break;
      case 25:
        pen_.attrs &= ~kAttrBlink;
        break;
      case 27:
        pen_.attrs &= ~kAttrReverse;
        break;
      case 28:
        pen_.attrs &= ~kAttrInvisible;
        break;
      case 29:
        pen_.attrs &= ~kAttrStrike;
        break;
      case 38:
      case 48:
      case 58: {
        PenColor c;
        bool ok = false;
        i = ReadExtendedColor(p, i, &c, &ok);
        if (ok) {
          (v == 38 ? pen_.fg : v == 48 ? pen_.bg : pen_.underline_color) = c;
        }
        continue;
      }
      case 39:
        pen_.fg = PenColor::Default();
        break;
      case 49:
        pen_.bg = PenColor::Default();
        break;
      case 53:
        pen_.attrs |= kAttrOverline;
        break;
      case 55:
        pen_.attrs &= ~kAttrOverline;
        break;
      case 59:
        pen_.underline_color = PenColor::Default();
        break;
      default:
        if (v >= 30 && v <= 37) {
          pen_.fg = PenColor::Palette(v - 30);
        } else if (v >= 40 && v <= 47) {
          pen_.bg = PenColor::Palette(v - 40);
        } else if (v >= 90 && v <= 97) {
          pen_.fg = PenColor::Palette(v - 90 + 8);
        } else if (v >= 100 && v <= 107) {
          pen_.bg = PenColor::Palette(v - 100 + 8);
        } else {
          IgnoreText(absl::StrCat("SGR ", v));
        }
        break;
    }
    skip_subs();
  }
  if (pen_ == before) return;  // pen_id_ is still the pen's id (compaction keeps it current)
  MarkPenChanged();
}

// ---------------------------------------------------------------------------------------------
// OSC and DCS.

void Terminal::OscDispatch(absl::string_view payload, bool overflowed) {
  if (overflowed) {
    IgnoreText("OSC (over the length limit)");
    return;
  }
  const size_t semi = payload.find(';');
  absl::string_view ps = payload.substr(0, semi);
  absl::string_view pt = semi == absl::string_view::npos ? "" : payload.substr(semi + 1);
  int code = 0;
  if (!absl::SimpleAtoi(ps, &code)) {
    IgnoreText("OSC (no number)");
    return;
  }
  switch (code) {
    case 0:
      title_ = std::string(pt);
      icon_title_ = std::string(pt);
      return;
    case 1:
      icon_title_ = std::string(pt);
      return;
    case 2:
      title_ = std::string(pt);
      return;
    case 8: {
      const size_t sep = pt.find(';');
      if (sep == absl::string_view::npos) {
        IgnoreText("OSC 8 (malformed)");
        return;
      }
      return Osc8(pt.substr(0, sep), pt.substr(sep + 1));
    }
    case 22:
      pointer_shape_ = std::string(pt);
      return;
    case 52:
      return Osc52(pt);
    default:
      IgnoreText(absl::StrCat("OSC ", code));
      return;
  }
}

void Terminal::Osc8(absl::string_view params, absl::string_view uri) {
  if (uri.empty()) {
    link_id_ = 0;
    return;
  }
  std::string id;
  for (absl::string_view kv : absl::StrSplit(params, ':')) {
    if (absl::StartsWith(kv, "id=")) id = std::string(kv.substr(3));
  }
  if (uri.size() > kMaxHyperlinkBytes) {
    IgnoreText("OSC 8 (target over the length limit)");
    link_id_ = 0;
    return;
  }
  auto key = std::make_pair(id, std::string(uri));
  auto it = link_ids_.find(key);
  if (it == link_ids_.end()) {
    MaybeCompact(links_.size());
    it = link_ids_.emplace(key, static_cast<uint32_t>(links_.size())).first;
    links_.push_back(Hyperlink{id, std::string(uri)});
  }
  link_id_ = it->second;
}

void Terminal::Osc52(absl::string_view data) {
  const size_t sep = data.find(';');
  if (sep == absl::string_view::npos) {
    IgnoreText("OSC 52 (malformed)");
    return;
  }
  absl::string_view b64 = data.substr(sep + 1);
  if (b64 == "?") {
    IgnoreText("OSC 52 (query)");
    return;
  }
  std::string decoded;
  if (!absl::Base64Unescape(b64, &decoded)) {
    // xterm: a second parameter that is neither base64 nor '?' clears the selection.
    clipboard_.clear();
    return;
  }
  clipboard_ = std::move(decoded);
}

// ---------------------------------------------------------------------------------------------
// Sixel and the pixel plane (docs/sixel.md).

void Terminal::DropPixels(Line& line) { std::vector<uint8_t>().swap(line.pixels); }

void Terminal::ClearPixels(Line& line, int from, int to) {
  if (line.pixels.empty()) return;
  from = std::clamp(from, 0, cols_);
  to = std::clamp(to, 0, cols_);
  if (from >= to) return;
  const size_t row_bytes = static_cast<size_t>(pixel_width()) * 4;
  const size_t cell_bytes = static_cast<size_t>(cell_width_) * 4;
  for (int y = 0; y < cell_height_; ++y) {
    std::memset(line.pixels.data() + y * row_bytes + from * cell_bytes, 0,
                (to - from) * cell_bytes);
  }
}

void Terminal::ShiftPixels(Line& line, int col, int n) {
  if (line.pixels.empty() || n == 0) return;
  const size_t row_bytes = static_cast<size_t>(pixel_width()) * 4;
  const size_t cell_bytes = static_cast<size_t>(cell_width_) * 4;
  const int k = std::abs(n);
  const int moved = cols_ - col - k;  // cells that move
  for (int y = 0; y < cell_height_; ++y) {
    uint8_t* base = line.pixels.data() + y * row_bytes;
    if (moved > 0) {
      uint8_t* at = base + col * cell_bytes;
      if (n > 0) {
        std::memmove(at + k * cell_bytes, at, moved * cell_bytes);
      } else {
        std::memmove(at, at + k * cell_bytes, moved * cell_bytes);
      }
    }
  }
  // The cells left behind are blank.
  if (n > 0) {
    ClearPixels(line, col, col + k);
  } else {
    ClearPixels(line, cols_ - k, cols_);
  }
}

void Terminal::CopyPixelPlane(std::vector<uint8_t>* rgba) const {
  const size_t strip = strip_bytes();
  rgba->assign(strip * rows_, 0);
  for (int r = 0; r < rows_; ++r) {
    const Line& line = active()[r];
    if (!line.pixels.empty()) std::memcpy(rgba->data() + r * strip, line.pixels.data(), strip);
  }
}

void Terminal::DcsHook(const Sequence& seq) {
  if (!options_.graphics.sixel || seq.final != 'q' || seq.marker != 0 ||
      !seq.intermediates.empty() || seq.overflowed) {
    return Ignore(seq, "DCS");
  }
  const bool presenter = options_.graphics.placement == SixelPlacement::kPresenter;
  const Params& p = seq.params;
  const SixelHeader header{
      .aspect = p.Get(0, 0), .background_mode = p.Get(1, 0), .grid = p.Get(2, 0)};
  // With DECSDM set xterm draws at the top left of the screen (graphics_sixel.c,
  // parse_sixel_init).
  const bool top_left = !presenter && modes_.sixel_display;
  sixel_col_ = top_left ? 0 : cursor_.col;
  sixel_row_ = top_left ? 0 : cursor_.row;
  // The presenter profile clips to the plane (it never scrolls), so a picture wider or taller
  // than the screen costs no more than the screen.
  const SixelDecoderOptions decoder_options{
      .limits = options_.graphics.limits,
      .strict = presenter,
      .hls = !presenter,
      .fill_background = !presenter,
      .clip_width = presenter ? int64_t{pixel_width()} - int64_t{sixel_col_} * cell_width_ : -1,
      .clip_height = presenter ? int64_t{pixel_height()} - int64_t{sixel_row_} * cell_height_ : -1};
  SixelPalette* palette = &palette_;
  if (modes_.private_color_registers && !presenter) {
    // xterm's privateColorRegisters: each image starts from the default registers.
    private_palette_.Reset();
    palette = &private_palette_;
  }
  sixel_ = std::make_unique<SixelDecoder>(header, palette, decoder_options);
  graphics_status_ = sixel_->status();
}

void Terminal::DcsPut(absl::string_view data) {
  if (!sixel_) return;
  sixel_->Feed(data);
  if (graphics_status_.ok() && !sixel_->status().ok()) graphics_status_ = sixel_->status();
}

void Terminal::DcsUnhook() {
  if (sixel_) FinishSixel();
}

void Terminal::FinishSixel() {
  const std::unique_ptr<SixelDecoder> decoder = std::move(sixel_);
  for (const auto& [what, count] : decoder->ignored()) {
    IgnoreText(absl::StrCat("Sixel: ", what), count);
  }
  absl::StatusOr<SixelBitmap> image = decoder->Finish();
  if (!image.ok()) {
    graphics_status_ = image.status();
    ++stats_.sixel_rejected;
    return;
  }
  graphics_status_ = absl::OkStatus();
  ++stats_.sixel_images;
  PlaceSixel(*image);
}

void Terminal::PlaceSixel(const SixelBitmap& image) {
  const bool presenter = options_.graphics.placement == SixelPlacement::kPresenter;
  // xterm's sixel scrolling (DECSDM reset, the default); the presenter profile never scrolls.
  const bool scrolling = !presenter && !modes_.sixel_display;
  const int cw = cell_width_;
  const int ch = cell_height_;
  const int col = std::min(sixel_col_, cols_ - 1);  // a resize may have come in between
  int64_t row = std::min(sixel_row_, rows_ - 1);
  // Where xterm puts the cursor (graphics_sixel.c, finished_parsing): on the last text row the
  // image touches, in its first column (or right of it with ?8452).
  int64_t new_row = row - 1 + (image.height + ch - 1) / ch;
  int64_t new_col = col;
  if (scrolling && modes_.sixel_scrolls_right) {
    new_col = col + (image.width + cw - 1) / cw;
    if (new_col > cols_ - 1) {
      new_col = 0;
      ++new_row;
    }
  }
  if (scrolling) {
    // xterm scrolls at each graphics new line (-) that reaches the bottom margin, and at the end
    // until the cursor row is inside it; the image moves up with the text. Both amount to one
    // scroll by the largest need.
    int64_t need = new_row - bottom_;
    if (image.newline_extent >= 0) {
      need = std::max<int64_t>(need, row + (image.newline_extent + ch - 1) / ch - bottom_);
    }
    if (need > 0) {
      for (int64_t left = need; left > 0;) {
        const int n = static_cast<int>(std::min<int64_t>(left, bottom_ - top_ + 1));
        ScrollUp(top_, bottom_, n);
        left -= n;
      }
      row -= need;
      new_row -= need;
    }
  }
  const int plane_w = pixel_width();
  const int64_t plane_h = pixel_height();
  const int x0 = col * cw;
  const int64_t y0 = row * ch;
  const size_t row_bytes = static_cast<size_t>(plane_w) * 4;
  if (presenter && image.background_mode == 0) {
    // The presenter profile's background mode 0 clears the declared raster extent (else the
    // painted one) before painting, so a smaller replacement leaves no stale pixels.
    const int w = image.declared_width > 0 ? image.declared_width : image.width;
    const int h = image.declared_height > 0 ? image.declared_height : image.height;
    const int x1 = static_cast<int>(std::min<int64_t>(int64_t{x0} + w, plane_w));
    for (int64_t py = std::max<int64_t>(y0, 0); py < std::min(y0 + h, plane_h); ++py) {
      Line& line = active()[static_cast<int>(py / ch)];
      if (line.pixels.empty() || x1 <= x0) continue;
      std::memset(line.pixels.data() + (py % ch) * row_bytes + x0 * 4, 0,
                  static_cast<size_t>(x1 - x0) * 4);
    }
  }
  const int w = std::min(image.width, plane_w - x0);
  for (int y = 0; y < image.height && w > 0; ++y) {
    const int64_t py = y0 + y;
    if (py < 0) continue;
    if (py >= plane_h) break;
    Line& line = active()[static_cast<int>(py / ch)];
    const uint8_t* src = &image.rgba[static_cast<size_t>(y) * image.width * 4];
    uint8_t* dst = nullptr;
    for (int x = 0; x < w; ++x) {
      if (src[x * 4 + 3] == 0) continue;  // unset pixels leave what is there
      if (dst == nullptr) {
        if (line.pixels.empty()) line.pixels.assign(strip_bytes(), 0);
        dst = line.pixels.data() + (py % ch) * row_bytes + x0 * 4;
      }
      std::memcpy(dst + x * 4, src + x * 4, 4);
    }
  }
  // The cursor. xterm skips the update when the row would be above the screen; the presenter
  // profile keeps it on the screen instead of scrolling; DECSDM leaves it where it was.
  if (presenter) new_row = std::min<int64_t>(new_row, rows_ - 1);
  if ((scrolling || presenter) && new_row >= 0) {
    cursor_.row = static_cast<int>(new_row);
    cursor_.col = static_cast<int>(std::min<int64_t>(new_col, cols_ - 1));
  }
  last_valid_ = false;
}

// ---------------------------------------------------------------------------------------------
// Resize.

void Terminal::Resize(int cols, int rows) {
  const int old_cols = cols_;
  const int old_rows = rows_;
  cols = std::clamp(cols, 1, kMaxTerminalDimension);
  rows = std::clamp(rows, 1, kMaxTerminalDimension);
  for (Screen* screen : {&primary_, &alternate_}) {
    const bool is_active = (screen == &active());
    screen->Rebuild([&](std::vector<Line>& lines) {
      // Shrinking: drop lines from the top when the cursor would fall off the bottom, so the
      // cursor's line stays visible (the primary screen's go to scrollback), then from the bottom.
      if (rows < rows_ && is_active && cursor_.row >= rows) {
        const int drop = cursor_.row - rows + 1;
        for (int i = 0; i < drop; ++i) {
          if (screen == &primary_ && options_.scrollback_limit > 0) {
            SaveLine(std::move(lines[i]));
          }
        }
        lines.erase(lines.begin(), lines.begin() + drop);
      }
      lines.resize(rows, Line{.cells = std::vector<ScreenCell>(cols)});
      const size_t old_row_bytes = static_cast<size_t>(cols_) * cell_width_ * 4;
      const size_t new_row_bytes = static_cast<size_t>(cols) * cell_width_ * 4;
      for (Line& l : lines) {
        const bool cut = static_cast<int>(l.cells.size()) > cols && l.cells[cols].is_continuation();
        // A wide character cut in half at the new edge leaves a written blank.
        if (cut) l.cells[cols - 1] = ScreenCell{.written = 1};
        l.cells.resize(cols);
        if (!l.pixels.empty() && new_row_bytes != old_row_bytes) {
          // Pixels keep their place: clipped on the right, transparent where the line grew.
          std::vector<uint8_t> pixels(new_row_bytes * cell_height_, 0);
          for (int y = 0; y < cell_height_; ++y) {
            std::memcpy(pixels.data() + y * new_row_bytes, l.pixels.data() + y * old_row_bytes,
                        std::min(old_row_bytes, new_row_bytes));
          }
          l.pixels = std::move(pixels);
        }
        if (cut && !l.pixels.empty()) {
          for (int y = 0; y < cell_height_; ++y) {
            std::memset(l.pixels.data() + y * new_row_bytes + (cols - 1) * cell_width_ * 4, 0,
                        static_cast<size_t>(cell_width_) * 4);
          }
        }
      }
    });
  }
  if (rows < rows_ && cursor_.row >= rows) cursor_.row = rows - 1;
  cols_ = cols;
  rows_ = rows;
  cursor_.col = std::min(cursor_.col, cols_ - 1);
  cursor_.row = std::min(cursor_.row, rows_ - 1);
  cursor_.pending_wrap = false;
  top_ = 0;
  bottom_ = rows_ - 1;
  modes_.origin = false;  // the scroll region is reset, so origin mode goes with it (xterm)
  const std::vector<bool> old_tabs = tab_stops_;
  ResetTabStops();
  for (int c = 0; c < std::min<int>(cols_, old_tabs.size()); ++c) tab_stops_[c] = old_tabs[c];
  for (SavedCursor& s : saved_) {
    s.col = std::min(s.col, cols_ - 1);
    s.row = std::min(s.row, rows_ - 1);
  }
  last_valid_ = false;
  ResizeGenerations(old_cols, old_rows);
}

}  // namespace vtsnap
