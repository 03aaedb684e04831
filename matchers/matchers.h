// The one header test authors include: every vtsnap matcher and what they match.
//
//   #include "matchers/matchers.h"
//
//   TEST(Home, ShowsTheMenu) {
//     vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//     vt.Write(app_output);
//     EXPECT_THAT(vt, vtsnap::EqualsGolden("home"));
//     EXPECT_THAT(vt, vtsnap::RowText(0, testing::HasSubstr("File")));
//   }
#ifndef VTSNAP_MATCHERS_MATCHERS_H_
#define VTSNAP_MATCHERS_MATCHERS_H_

#include "decoder/headless_terminal.h"  // IWYU pragma: export
#include "decoder/keys.h"               // IWYU pragma: export
#include "decoder/virtual_terminal.h"   // IWYU pragma: export
#include "matchers/golden.h"            // IWYU pragma: export
#include "matchers/inventory.h"         // IWYU pragma: export
#include "matchers/paired_script.h"     // IWYU pragma: export
#include "matchers/plane.h"             // IWYU pragma: export
#include "matchers/presented.h"         // IWYU pragma: export
#include "matchers/raster.h"            // IWYU pragma: export
#include "matchers/screen.h"            // IWYU pragma: export
#include "matchers/script.h"            // IWYU pragma: export
#include "snapshot/capture.h"           // IWYU pragma: export
#include "snapshot/frame.h"             // IWYU pragma: export
#include "snapshot/redact.h"            // IWYU pragma: export

#endif  // VTSNAP_MATCHERS_MATCHERS_H_
