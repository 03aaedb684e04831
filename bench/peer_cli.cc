#include "bench/peer_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench/corpus.h"
#include "vtsnap/base/size.h"

namespace vtsnap::bench {

int RunPeerCli(const char* program, NewPeerFn new_peer, int argc, char** argv) {
  TerminalSize size = {.cols = 80, .rows = 24};
  std::string file = "-";
  bool have_file = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::printf("usage: %s [--size COLSxROWS] [FILE|-]\n", program);
      return 0;
    }
    if (arg == "--size" || arg.rfind("--size=", 0) == 0) {
      std::string value;
      if (arg == "--size") {
        if (i + 1 >= argc) {
          std::fprintf(stderr, "%s: --size needs a value\n", program);
          return 2;
        }
        value = argv[++i];
      } else {
        value = arg.substr(7);
      }
      absl::StatusOr<TerminalSize> parsed = ParseSize(value);
      if (!parsed.ok()) {
        std::fprintf(stderr, "%s: %s\n", program, std::string(parsed.status().message()).c_str());
        return 2;
      }
      size = *parsed;
      continue;
    }
    if (have_file || (arg.size() > 1 && arg[0] == '-')) {
      std::fprintf(stderr, "%s: unexpected argument '%s'\n", program, arg.c_str());
      return 2;
    }
    file = arg;
    have_file = true;
  }

  absl::StatusOr<std::unique_ptr<PeerTerminal>> peer = new_peer(size);
  if (!peer.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, std::string(peer.status().message()).c_str());
    return 1;
  }
  const bool is_stdin = file == "-";
  const char* name = is_stdin ? "<stdin>" : file.c_str();
  const int fd = is_stdin ? 0 : open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    std::fprintf(stderr, "%s: cannot open %s: %s\n", program, name, std::strerror(errno));
    return 1;
  }
  std::vector<char> chunk(kChunkBytes);
  while (true) {
    const ssize_t n = read(fd, chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      std::fprintf(stderr, "%s: error reading %s: %s\n", program, name, std::strerror(errno));
      if (!is_stdin) close(fd);
      return 1;
    }
    if (n == 0) break;
    (*peer)->Write(absl::string_view(chunk.data(), static_cast<size_t>(n)));
  }
  if (!is_stdin) close(fd);
  (*peer)->Flush();
  const std::string text = (*peer)->ScreenText() + "\n";
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "%s: cannot write the screen to standard output\n", program);
    return 1;
  }
  return 0;
}

}  // namespace vtsnap::bench
