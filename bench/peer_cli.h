// The command-line harness of an in-process peer (bench/peer_vterm_cli.cc, peer_tsm_cli.cc): the
// same job as `vtsnap decode --format text`, for the command table of bench/README.md.
//
//   vtsnap_peer_vterm --size 80x24 FILE     # or `-` / no FILE for standard input
//
// Reads the input in 64 KiB chunks (kChunkBytes) into the peer as it arrives, then prints the
// final screen's text (PeerTerminal::ScreenText) and one "\n". Exit 0, 2 on a usage error, 1 when
// the input cannot be read (the message names it).
#ifndef VTSNAP_BENCH_PEER_CLI_H_
#define VTSNAP_BENCH_PEER_CLI_H_

#include <memory>

#include "absl/status/statusor.h"
#include "bench/peers.h"

namespace vtsnap::bench {

int RunPeerCli(const char* program, NewPeerFn new_peer, int argc, char** argv);

}  // namespace vtsnap::bench

#endif  // VTSNAP_BENCH_PEER_CLI_H_
