#include "vtsnap/ncurses/curses_screen.h"

#include <langinfo.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "vtsnap/base/quote.h"
#include "vtsnap/base/size.h"
#include "vtsnap/decoder/virtual_terminal.h"
#include "vtsnap/ncurses/terminfo_check.h"
#include "vtsnap/snapshot/screen/screen_view.h"

// Last, and without its macros (refresh(), clear(), erase() ... would rewrite member calls).
#define NCURSES_NOMACROS
#include <curses.h>

namespace vtsnap {
namespace {

// The signals ncurses catches when they are at their defaults (newterm) or changes (endwin ignores
// SIGTSTP until the next refresh).
constexpr std::array<int, 4> kCursesSignals = {SIGINT, SIGTERM, SIGTSTP, SIGWINCH};

// Environment variables set for a while: Set() remembers each one's value (or its absence) once,
// Restore() puts them all back, and so does the destructor.
class EnvOverrides {
 public:
  EnvOverrides() = default;
  EnvOverrides(const EnvOverrides&) = delete;
  EnvOverrides& operator=(const EnvOverrides&) = delete;
  ~EnvOverrides() { Restore(); }

  void Set(const char* name, const std::string& value) {
    const char* old = std::getenv(name);
    saved_.emplace_back(name, old == nullptr ? std::nullopt : std::optional<std::string>(old));
    setenv(name, value.c_str(), 1);
  }
  void Restore() {
    // Last set first: a variable set twice gets its first saved value back.
    for (size_t i = saved_.size(); i-- > 0;) {
      const auto& [name, value] = saved_[i];
      if (value.has_value()) {
        setenv(name, value->c_str(), 1);
      } else {
        unsetenv(name);
      }
    }
    saved_.resize(0);
  }

 private:
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

bool LocaleIsUtf8() {
  const char* codeset = nl_langinfo(CODESET);
  return codeset != nullptr &&
         (std::strcmp(codeset, "UTF-8") == 0 || std::strcmp(codeset, "utf8") == 0);
}

absl::Status CheckSize(int cols, int rows) {
  if (cols < 1 || rows < 1 || cols > kMaxTerminalDimension || rows > kMaxTerminalDimension) {
    return absl::InvalidArgumentError(absl::StrCat("CursesScreen: size ", cols, "x", rows,
                                                   " is out of range (1 to ", kMaxTerminalDimension,
                                                   " each way)"));
  }
  return absl::OkStatus();
}

}  // namespace

struct CursesScreen::Impl {
  explicit Impl(const CursesScreenOptions& options)
      : vt({.cols = options.cols, .rows = options.rows}), term(options.term) {}

  VirtualTerminal vt;
  std::string term;
  FILE* out = nullptr;  // the capture: a temporary file ncurses writes to
  FILE* in = nullptr;   // /dev/null: the program reads no keys
  SCREEN* screen = nullptr;
  off_t taken = 0;  // bytes of `out` already fed to vt
  absl::Status read_error;
  // What Close() restores: LC_CTYPE when Open changed it, and the signals' dispositions.
  std::optional<std::string> saved_locale;
  std::array<struct sigaction, kCursesSignals.size()> saved_signals = {};

  // Reads what was written since `taken` and feeds it to vt.
  absl::StatusOr<std::string> Read() {
    if (!read_error.ok()) return read_error;
    std::fflush(out);
    std::string bytes;
    char buffer[1 << 14];
    for (;;) {
      const ssize_t n = pread(fileno(out), buffer, sizeof buffer, taken);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        read_error = absl::InternalError(absl::StrCat(
            "CursesScreen: reading ncurses' output from its capture file at byte offset ", taken,
            ": ", std::strerror(errno)));
        return read_error;
      }
      if (n == 0) break;
      bytes.append(buffer, static_cast<size_t>(n));
      taken += n;
    }
    vt.Write(bytes);
    return bytes;
  }

  void SaveSignals() {
    for (size_t i = 0; i < kCursesSignals.size(); ++i) {
      sigaction(kCursesSignals[i], nullptr, &saved_signals[i]);
    }
  }
  void RestoreSignals() {
    for (size_t i = 0; i < kCursesSignals.size(); ++i) {
      sigaction(kCursesSignals[i], &saved_signals[i], nullptr);
    }
  }
  void RestoreLocale() {
    if (saved_locale.has_value()) std::setlocale(LC_CTYPE, saved_locale->c_str());
    saved_locale.reset();
  }
  // Everything but the screen: files, locale, signals.
  void Release() {
    if (out != nullptr) std::fclose(out);
    if (in != nullptr) std::fclose(in);
    out = in = nullptr;
    RestoreSignals();
    RestoreLocale();
  }
};

absl::StatusOr<CursesScreen> CursesScreen::Open(const CursesScreenOptions& options) {
  if (absl::Status size = CheckSize(options.cols, options.rows); !size.ok()) return size;
  auto impl = std::make_unique<Impl>(options);
  impl->SaveSignals();
  if (!LocaleIsUtf8()) {
    impl->saved_locale = std::setlocale(LC_CTYPE, nullptr);
    if (std::setlocale(LC_CTYPE, "C.UTF-8") == nullptr) {
      impl->RestoreLocale();
      return absl::FailedPreconditionError(absl::StrCat(
          "CursesScreen: LC_CTYPE is ", QuoteForMessage(*impl->saved_locale),
          ", not UTF-8, and the locale \"C.UTF-8\" is not available: ncursesw needs a UTF-8 "
          "locale to write wide characters (set LC_ALL or LC_CTYPE to a UTF-8 locale)"));
    }
  }
  impl->out = std::tmpfile();
  impl->in = std::fopen("/dev/null", "r");
  if (impl->out == nullptr || impl->in == nullptr) {
    const int error = errno;
    impl->Release();
    return absl::InternalError(
        absl::StrCat("CursesScreen: cannot open ",
                     impl->out == nullptr ? "a temporary capture file" : "/dev/null", ": ",
                     std::strerror(error)));
  }
  if (std::optional<std::string> why =
          ncurses_internal::TerminfoProblem(options.term, fileno(impl->out))) {
    impl->Release();
    return absl::FailedPreconditionError(
        absl::StrCat("CursesScreen: cannot start ncurses on TERM=", options.term, ": ", *why));
  }
  {
    // Without a terminal ncurses takes its size from LINES and COLUMNS (use_env, the default).
    EnvOverrides env;
    env.Set("TERM", options.term);
    env.Set("LINES", std::to_string(options.rows));
    env.Set("COLUMNS", std::to_string(options.cols));
    use_env(TRUE);
    impl->screen = newterm(options.term.c_str(), impl->out, impl->in);
  }
  if (impl->screen == nullptr) {
    impl->Release();
    return absl::FailedPreconditionError(
        absl::StrCat("CursesScreen: newterm(", QuoteForMessage(options.term),
                     ") failed on TERM=", options.term, ", although its terminfo entry loads"));
  }
  set_term(impl->screen);
  CursesScreen screen(std::move(impl));
  if (COLS != options.cols || LINES != options.rows) {
    return absl::InternalError(absl::StrCat("CursesScreen: asked ncurses for ", options.cols, "x",
                                            options.rows, " and it chose ", COLS, "x", LINES));
  }
  return screen;
}

CursesScreen::CursesScreen(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CursesScreen::CursesScreen(CursesScreen&& other) noexcept = default;
CursesScreen& CursesScreen::operator=(CursesScreen&& other) noexcept {
  if (this != &other) {
    Close();
    impl_ = std::move(other.impl_);
  }
  return *this;
}
CursesScreen::~CursesScreen() { Close(); }

void CursesScreen::Close() {
  if (impl_ == nullptr) return;
  if (impl_->screen != nullptr) {
    // The program's last screen goes to the terminal first: endwin()'s bytes leave the alternate
    // screen for the empty normal one.
    (void)impl_->Read();
    set_term(impl_->screen);
    endwin();
    delscreen(impl_->screen);
    impl_->screen = nullptr;
  }
  impl_->Release();
  impl_.reset();
}

absl::StatusOr<std::string> CursesScreen::ReadOutput() { return impl_->Read(); }

const VirtualTerminal& CursesScreen::terminal() const {
  (void)impl_->Read();
  return impl_->vt;
}

ScreenView CursesScreen::View() const {
  if (absl::StatusOr<std::string> read = impl_->Read(); !read.ok()) {
    return ScreenView::Snapshot("CursesScreen", read.status());
  }
  return ScreenView(impl_->vt);
}

absl::Status CursesScreen::Resize(int cols, int rows) {
  if (absl::Status size = CheckSize(cols, rows); !size.ok()) return size;
  // What was drawn at the old size lands at the old size.
  if (absl::StatusOr<std::string> read = impl_->Read(); !read.ok()) return read.status();
  impl_->vt.Resize(cols, rows);
  set_term(impl_->screen);
  if (resizeterm(rows, cols) == ERR) {
    return absl::InternalError(
        absl::StrCat("CursesScreen: resizeterm(", rows, ", ", cols, ") failed"));
  }
  return absl::OkStatus();
}

TerminalSize CursesScreen::size() const {
  return {.cols = impl_->vt.cols(), .rows = impl_->vt.rows()};
}

const std::string& CursesScreen::term() const { return impl_->term; }

}  // namespace vtsnap
