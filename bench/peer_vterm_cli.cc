// vtsnap_peer_vterm: libvterm as a whole process, the peer of `vtsnap decode --format text` in the
// command table (bench/README.md). Usage: vtsnap_peer_vterm [--size COLSxROWS] [FILE|-].
#include "bench/peer_cli.h"
#include "bench/peers.h"

int main(int argc, char** argv) {
  return vtsnap::bench::RunPeerCli("vtsnap_peer_vterm", &vtsnap::bench::NewLibvterm, argc, argv);
}
