// vtsnap_peer_tsm: libtsm as a whole process, the peer of `vtsnap decode --format text` in the
// command table (bench/README.md). Usage: vtsnap_peer_tsm [--size COLSxROWS] [FILE|-]. Built only
// when pkg-config finds libtsm.
#include "bench/peer_cli.h"
#include "bench/peers.h"

int main(int argc, char** argv) {
  return vtsnap::bench::RunPeerCli("vtsnap_peer_tsm", &vtsnap::bench::NewLibtsm, argc, argv);
}
