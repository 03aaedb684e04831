// Terminal's interned tables: pens, grapheme clusters and hyperlinks, each cell holding ids into
// them, and their compaction (docs/performance.md).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vtsnap/decoder/terminal.h"

namespace vtsnap {

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
  ClearJoinCache();
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

// NOLINTNEXTLINE(performance-unnecessary-value-param): a new cluster is moved into cluster_ids_
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
  ClearJoinCache();  // keyed and valued by cluster ids, which are renumbered
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

}  // namespace vtsnap
