// Declared inventories: a test source file's closed list of scenarios and their checkpoints.
//
// Goldens of a declared scenario live at `goldens/<test file stem>/<scenario>/<checkpoint>.dump`
// and are asserted with EqualsGolden("<scenario>/<checkpoint>"). At the end of a run in which
// every test of the file ran and passed, a declared scenario with no checkpoint asserted, a
// declared checkpoint never asserted, and a golden file nothing claimed each fail the run with
// their own message (docs/goldens.md, docs/inventory.md).
//
//   VTSNAP_DECLARE_INVENTORY({{"login", {"empty", "filled", "error"}},
//                             {"logout", {"confirm"}}});
//
//   TEST(Login, Empty) { EXPECT_THAT(vt, vtsnap::EqualsGolden("login/empty")); }
#ifndef VTSNAP_MATCHERS_INVENTORY_H_
#define VTSNAP_MATCHERS_INVENTORY_H_

#include <vector>

#include "vtsnap/snapshot/golden/inventory.h"

namespace vtsnap {

// Declares scenarios for the test source file `source_file` (use __FILE__, which is what gtest
// records for the file's tests). Returns true so it can initialize a static.
bool DeclareInventory(const char* source_file, std::vector<DeclaredScenario> scenarios);

}  // namespace vtsnap

#define VTSNAP_INVENTORY_CONCAT_INNER(a, b) a##b
#define VTSNAP_INVENTORY_CONCAT(a, b) VTSNAP_INVENTORY_CONCAT_INNER(a, b)
// Declares this file's scenarios at registration time (namespace scope, once per file).
#define VTSNAP_DECLARE_INVENTORY(...)                                                       \
  [[maybe_unused]] static const bool VTSNAP_INVENTORY_CONCAT(vtsnap_inventory_, __LINE__) = \
      ::vtsnap::DeclareInventory(__FILE__, __VA_ARGS__)

#endif  // VTSNAP_MATCHERS_INVENTORY_H_
