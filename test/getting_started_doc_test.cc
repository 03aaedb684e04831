// Keeps docs/getting-started.md true: every C++ and CMake block it shows is, word for word, a
// piece of one of the tutorial's files in examples/getting_started/, which the suite builds and
// runs (ctest -R '^Todo'). A block edited in the page but not in the code, or the other way
// round, fails here naming the block.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Block {
  int line;  // 1-based line of the opening fence
  std::string fence;
  std::string body;
};

// The fenced blocks of `text` opened by "```<language>" for each language in `languages`.
std::vector<Block> Blocks(const std::string& text, const std::vector<std::string>& languages) {
  std::vector<Block> blocks;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  Block* open = nullptr;
  while (std::getline(in, line)) {
    ++number;
    if (open != nullptr) {
      if (line == "```") {
        open = nullptr;
      } else {
        open->body += line + "\n";
      }
      continue;
    }
    for (const std::string& language : languages) {
      if (line == "```" + language) {
        blocks.push_back({number, language, ""});
        open = &blocks.back();
      }
    }
  }
  return blocks;
}

TEST(GettingStartedDoc, EveryCodeBlockIsTheTutorialsCode) {
  const fs::path source = VTSNAP_SOURCE_DIR;
  const std::string page = ReadAll(source / "docs/getting-started.md");
  const fs::path folder = source / "examples/getting_started";
  std::string code;
  for (const char* file :
       {"todo.h", "todo.cc", "main.cc", "todo_test.cc", "todo_pty_test.cc", "CMakeLists.txt"}) {
    const std::string text = ReadAll(folder / file);
    ASSERT_FALSE(text.empty()) << "no " << (folder / file);
    code += text + "\n";
  }
  const std::vector<Block> blocks = Blocks(page, {"cpp", "cmake"});
  EXPECT_GE(blocks.size(), 5u) << "docs/getting-started.md shows the tutorial's code";
  for (const Block& block : blocks) {
    EXPECT_NE(code.find(block.body), std::string::npos)
        << "docs/getting-started.md:" << block.line << ": this ```" << block.fence
        << " block is not in examples/getting_started/:\n"
        << block.body;
  }
}

// The tutorial's failing change names a line of todo.cc that exists as written.
TEST(GettingStartedDoc, TheChangeItDescribesIsToALineOfTheProgram) {
  const fs::path source = VTSNAP_SOURCE_DIR;
  const std::string program = ReadAll(source / "examples/getting_started/todo.cc");
  EXPECT_NE(program.find("init_pair(kSelected, COLOR_BLACK, COLOR_CYAN);"), std::string::npos);
  const std::string page = ReadAll(source / "docs/getting-started.md");
  EXPECT_NE(page.find("`init_pair(kSelected, COLOR_BLACK, COLOR_GREEN)`"), std::string::npos);
}

}  // namespace
