#!/usr/bin/env bash
# The whole test suite: builds everything in build/ and runs ctest (every gtest case is its own
# ctest entry). Extra arguments go to ctest (for example -R corpus).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# shellcheck disable=SC2046  # one word per package
vtsnap_install_missing $(vtsnap_test_packages)
vtsnap_install_oracle_node_modules
vtsnap_install_recipe_node_modules
# Warnings as errors in the library and the tools, compile commands kept (scripts/setup.sh).
vtsnap_configure_tests
cmake --build "$VTSNAP_BUILD" -j2
cd "$VTSNAP_BUILD"
ctest --output-on-failure -j2 --timeout 600 "$@"
