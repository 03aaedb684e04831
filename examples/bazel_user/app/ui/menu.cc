#include "app/ui/menu.h"

namespace app {

std::string DrawMenu() { return "\x1b[2J\x1b[H\x1b[7m Menu \x1b[0m\r\n> Open\r\n  Quit"; }

}  // namespace app
