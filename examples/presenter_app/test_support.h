// Test support for presenter_app's tests: the glue between the app and vtsnap.
//
// ToFrame turns the app's composed Surface into a vtsnap::Frame (what EqualsGolden pins and
// PresentedEquals compares); HeadlessHost is the app's Host on a vtsnap::HeadlessTerminal (the app
// reads its input from it and writes its output into it); Session runs an app against a
// presenter-profile HeadlessTerminal, so every byte the app writes is held to the presenter
// subset (docs/presenter.md).
//
//   presenter_app_test::Session s;  // a 48x14 app writing into a 48x14 presenter profile
//   presenter_app_test::Session p({.sixel = true});  // ... into a PresenterSixel profile
//   s.Step("\x1b[21~");             // F10
//   EXPECT_EQ(s.Diff(), "");        // the decoded display equals the composed surface
#ifndef VTSNAP_EXAMPLES_PRESENTER_APP_TEST_SUPPORT_H_
#define VTSNAP_EXAMPLES_PRESENTER_APP_TEST_SUPPORT_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "examples/presenter_app/app.h"
#include "examples/presenter_app/surface.h"
#include "gtest/gtest.h"
#include "vtsnap/decoder/headless_terminal.h"
#include "vtsnap/decoder/presenter.h"
#include "vtsnap/decoder/terminal.h"
#include "vtsnap/matchers/presented.h"
#include "vtsnap/snapshot/screen/capture.h"
#include "vtsnap/snapshot/screen/frame.h"

namespace presenter_app_test {

using ::presenter_app::App;
using ::presenter_app::AppOptions;
using ::presenter_app::Surface;

inline vtsnap::Color ToColor(const presenter_app::Color& c) {
  switch (c.kind) {
    case presenter_app::Color::Kind::kPalette:
      return vtsnap::Color::Palette(static_cast<int>(c.value));
    case presenter_app::Color::Kind::kRgb:
      return vtsnap::Color::Rgb((c.value >> 16) & 0xFF, (c.value >> 8) & 0xFF, c.value & 0xFF);
    default:
      return vtsnap::Color::Default();
  }
}

// The composed surface as a vtsnap::Frame: graphemes and widths, styles, link runs, cursor, raster
// records (the scene of a paired raster script).
inline vtsnap::Frame ToFrame(const Surface& surface) {
  vtsnap::Frame frame = vtsnap::Frame::Blank(surface.cols(), surface.rows());
  std::vector<std::string> targets;
  for (int row = 0; row < surface.rows(); ++row) {
    for (int col = 0; col < surface.cols(); ++col) {
      const presenter_app::Cell& in = surface.cell(col, row);
      vtsnap::Cell& out = frame.cell(col, row);
      out.grapheme = in.text;
      out.width = in.is_continuation()                                                       ? 0
                  : col + 1 < surface.cols() && surface.cell(col + 1, row).is_continuation() ? 2
                                                                                             : 1;
      out.style = {.fg = ToColor(in.style.fg),
                   .bg = ToColor(in.style.bg),
                   .bold = in.style.bold,
                   .italic = in.style.italic,
                   .underline = in.style.underline,
                   .reverse = in.style.reverse};
      targets.push_back(in.link);
    }
  }
  frame.links = vtsnap::LinkRunsFromTargets(surface.cols(), surface.rows(), targets);
  frame.cursor = {.visible = surface.cursor().visible,
                  .col = surface.cursor().col,
                  .row = surface.cursor().row};
  for (const presenter_app::Raster& r : surface.rasters()) {
    frame.rasters.push_back({.id = r.id,
                             .col = r.col,
                             .row = r.row,
                             .cols = r.cols,
                             .rows = r.rows,
                             .pixel_width = r.pixel_width,
                             .pixel_height = r.pixel_height,
                             .hash = r.hash});
  }
  return frame;
}

// The app's Host on a HeadlessTerminal. It also keeps the bytes of the last writes for tests that
// look at them.
class HeadlessHost : public presenter_app::Host {
 public:
  explicit HeadlessHost(vtsnap::HeadlessTerminal* term) : term_(term) {}
  std::string ReadInput() override { return term_->ReadInput(); }
  void Write(std::string_view bytes) override {
    term_->Write(absl::string_view(bytes.data(), bytes.size()));
    written.append(bytes);
    ++writes;
  }

  std::string written;
  int writes = 0;

 private:
  vtsnap::HeadlessTerminal* term_;
};

// The presenter profile for an app (PresenterSixel, 3x6-pixel cells, when options.sixel): the
// app's own hyperlink id function is the one the profile expects (a presenter that computes ids
// differently passes its own).
inline vtsnap::HeadlessProfile ProfileFor(const AppOptions& options) {
  vtsnap::HeadlessProfile profile =
      options.sixel ? vtsnap::HeadlessProfile::PresenterSixel(options.cols, options.rows)
                    : vtsnap::HeadlessProfile::Presenter(options.cols, options.rows);
  profile.hyperlink_id = [id = options.presenter.hyperlink_id](absl::string_view target) {
    return id(std::string_view(target.data(), target.size()));
  };
  return profile;
}

// An app, its host and the presenter-profile terminal its output goes to. Resizing the terminal
// notifies the app, as a SIGWINCH would.
struct Session {
  explicit Session(AppOptions options = {}) : Session(options, ProfileFor(options)) {}
  Session(AppOptions options, const vtsnap::HeadlessProfile& profile)
      : term(profile), host(&term), app(&host, options) {
    term.OnResize([this](vtsnap::TerminalSize size) { app.Resize(size.cols, size.rows); });
  }

  // Sends `input`, runs one step; returns what the app wrote.
  std::string Step(std::string_view input = "") {
    term.SendInput(absl::string_view(input.data(), input.size()));
    app.Step();
    return std::exchange(host.written, "");
  }
  void Resize(int cols, int rows) { term.Resize({cols, rows}); }

  // The decoded screen (a failure, and the presenter's screen as it stands, when it cannot be
  // read).
  const vtsnap::Terminal& screen() const {
    absl::StatusOr<const vtsnap::Terminal*> s = term.screen();
    if (s.ok()) return **s;
    ADD_FAILURE() << s.status().message();
    return term.presenter()->terminal();
  }

  // "" when the decoded display shows the composed surface exactly (text, style and link of every
  // cell, and the cursor); else why not.
  std::string Diff() const {
    absl::StatusOr<vtsnap::Frame> display = vtsnap::CaptureFrame(term);
    if (!display.ok()) return std::string(display.status().message());
    const vtsnap::Frame composed = ToFrame(app.composed());
    std::string diff = vtsnap::PresentedDifference(composed, *display);
    const vtsnap::Cursor& want = composed.cursor;
    const vtsnap::Cursor& got = display->cursor;
    if (want.visible != got.visible ||
        (want.visible && (want.col != got.col || want.row != got.row))) {
      diff += "cursors differ\n";
    }
    return diff;
  }

  vtsnap::HeadlessTerminal term;
  HeadlessHost host;
  App app;
};

// The SGR mouse report of a left press at 0-based (col, row).
inline std::string Click(int col, int row) {
  return "\x1b[<0;" + std::to_string(col + 1) + ";" + std::to_string(row + 1) + "M";
}

}  // namespace presenter_app_test

#endif  // VTSNAP_EXAMPLES_PRESENTER_APP_TEST_SUPPORT_H_
