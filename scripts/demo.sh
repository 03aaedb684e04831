#!/usr/bin/env bash
# The main job: builds the vtsnap command and decodes the terminal session recorded in
# examples/session.bytes, printing the screen a user of xterm would have seen.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
vtsnap_install_missing
vtsnap_configure -DVTSNAP_BUILD_TESTS=OFF
cmake --build "$VTSNAP_BUILD" -j2 --target vtsnap_cli >&2
"$VTSNAP_BUILD/bin/vtsnap" decode --size 80x24 "$VTSNAP_ROOT/examples/session.bytes"
