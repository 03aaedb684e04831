// The one header test authors include: every vtsnap matcher and what they match.
//
//   #include "vtsnap/matchers/matchers.h"
//
//   TEST(Home, ShowsTheMenu) {
//     vtsnap::VirtualTerminal vt({.cols = 80, .rows = 24});
//     vt.Write(app_output);
//     EXPECT_THAT(vt, vtsnap::EqualsGolden("home"));
//     EXPECT_THAT(vt, vtsnap::RowTextIs(0, testing::HasSubstr("File")));
//   }
#ifndef VTSNAP_MATCHERS_MATCHERS_H_
#define VTSNAP_MATCHERS_MATCHERS_H_

#include "vtsnap/decoder/headless_terminal.h"       // IWYU pragma: export
#include "vtsnap/decoder/keys.h"                    // IWYU pragma: export
#include "vtsnap/decoder/virtual_terminal.h"        // IWYU pragma: export
#include "vtsnap/matchers/capture_golden.h"         // IWYU pragma: export
#include "vtsnap/matchers/golden.h"                 // IWYU pragma: export
#include "vtsnap/matchers/inventory.h"              // IWYU pragma: export
#include "vtsnap/matchers/paired_script.h"          // IWYU pragma: export
#include "vtsnap/matchers/plane.h"                  // IWYU pragma: export
#include "vtsnap/matchers/presented.h"              // IWYU pragma: export
#include "vtsnap/matchers/raster.h"                 // IWYU pragma: export
#include "vtsnap/matchers/screen.h"                 // IWYU pragma: export
#include "vtsnap/matchers/screen_is.h"              // IWYU pragma: export
#include "vtsnap/matchers/script.h"                 // IWYU pragma: export
#include "vtsnap/matchers/semantic_golden.h"        // IWYU pragma: export
#include "vtsnap/matchers/theme.h"                  // IWYU pragma: export
#include "vtsnap/matchers/wait.h"                   // IWYU pragma: export
#include "vtsnap/snapshot/screen/capture.h"         // IWYU pragma: export
#include "vtsnap/snapshot/screen/frame.h"           // IWYU pragma: export
#include "vtsnap/snapshot/screen/redact.h"          // IWYU pragma: export
#include "vtsnap/snapshot/screen/redact_presets.h"  // IWYU pragma: export
#include "vtsnap/snapshot/screen/screen_view.h"     // IWYU pragma: export

#endif  // VTSNAP_MATCHERS_MATCHERS_H_
