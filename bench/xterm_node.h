// Finding node and the pinned @xterm/headless for the benchmarks that run xterm.js
// (bench/compare.cc, bench/commands.cc).
#ifndef VTSNAP_BENCH_XTERM_NODE_H_
#define VTSNAP_BENCH_XTERM_NODE_H_

#include <string>

#include "absl/status/statusor.h"

namespace vtsnap::bench {

// The node binary (`node`, a name looked up on PATH, or a path), or a NotFound error saying why
// xterm.js cannot run here: node missing, `modules`/node_modules/@xterm/headless missing (run
// `npm ci` there), or `script` missing.
absl::StatusOr<std::string> FindXtermNode(const std::string& node, const std::string& modules,
                                          const std::string& script);

}  // namespace vtsnap::bench

#endif  // VTSNAP_BENCH_XTERM_NODE_H_
