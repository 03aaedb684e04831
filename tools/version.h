// vtsnap's version, the one place it is written: CMakeLists.txt reads it for project(VERSION)
// (and so for the installed package and pkg-config files), and `vtsnap --version` prints it.
#ifndef VTSNAP_TOOLS_VERSION_H_
#define VTSNAP_TOOLS_VERSION_H_

namespace vtsnap::tools {

inline constexpr char kVersion[] = "0.1.0";

}  // namespace vtsnap::tools

#endif  // VTSNAP_TOOLS_VERSION_H_
