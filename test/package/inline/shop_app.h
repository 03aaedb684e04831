// The downstream project's "app": the bytes its shop screen writes.
#ifndef SHOP_APP_H_
#define SHOP_APP_H_

#include <string>

// `cherries`: the season's third row.
inline std::string ShopScreen(int selected, bool cherries = false) {
  const char* rows[] = {"Apples      $1.20", "Bananas     $0.80", "Cherries    $3.10"};
  std::string out = "\x1b[2J\x1b[H\x1b[1mFruit Shop\x1b[m";
  for (int i = 0; i < (cherries ? 3 : 2); ++i) {
    out += "\r\n";
    out += i == selected ? "\x1b[7m> " : "  ";
    out += rows[i];
    out += i == selected ? " \x1b[m" : " ";
  }
  return out;
}

#endif  // SHOP_APP_H_
