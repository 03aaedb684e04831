// The worked example of the golden dump v1 specification (the format docs/golden-format.md
// describes), byte for byte, shared by the snapshot tests.
#ifndef VTSNAP_TEST_SNAPSHOT_SPEC_EXAMPLE_H_
#define VTSNAP_TEST_SNAPSHOT_SPEC_EXAMPLE_H_

namespace vtsnap::testing_data {

inline constexpr char kSpecExample[] =
    "ckvision-golden 1\n"
    "frame 12 3\n"
    "cursor 6 1 block\n"
    "styles 2\n"
    "0 fg #C0C0C0 bg #000080 attrs -\n"
    "1 fg #FFFFFF bg #000080 attrs bold\n"
    "grid\n"
    "|+----------+|\n"
    "|| Hello ck ||\n"
    "|+----------+|\n"
    "stylemap\n"
    "|000000000000|\n"
    "|011111111110|\n"
    "|000000000000|\n"
    "raster 1 anchor 2 1 span 4 2 pixels 64 32 hash a1b2c3d4\n"
    "end\n";

}  // namespace vtsnap::testing_data

#endif  // VTSNAP_TEST_SNAPSHOT_SPEC_EXAMPLE_H_
