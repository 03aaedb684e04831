// The code under test of the Bazel user example: the bytes a tiny menu writes to its terminal.
#ifndef APP_UI_MENU_H_
#define APP_UI_MENU_H_

#include <string>

namespace app {

// The menu's first screen: a title in reverse video and two items, the first selected.
std::string DrawMenu();

}  // namespace app

#endif  // APP_UI_MENU_H_
