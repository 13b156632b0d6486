// RapidCheck's RC_PRE, RC_ASSERT and their kin capture their expression to print it, by overloading every
// operator, && and || included: `RC_PRE(i < v.size() && v[i])` evaluates `v[i]` even when `i` is past the
// end. That read took the harness down with SIGSEGV while RapidCheck shrank a stateful property. This
// test keeps && and || out of the top level of those macros in the project's sources: decide the
// condition in a named bool first.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

/// The places in `text` where a RapidCheck macro's own argument (not a call inside it) holds && or ||.
std::vector<std::string> captured_logic(const std::string& text) {
    static const std::regex macro(R"(\bRC_(PRE|ASSERT|ASSERT_FALSE|SUCCEED_IF|FAIL_IF|DISCARD_IF)\s*\()");
    std::vector<std::string> found;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), macro); it != std::sregex_iterator(); ++it) {
        const std::size_t open = static_cast<std::size_t>(it->position() + it->length()) - 1;
        int depth = 0;
        for (std::size_t i = open; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '(' || c == '[' || c == '{') ++depth;
            else if (c == ')' || c == ']' || c == '}') {
                if (--depth == 0) break;
            } else if (depth == 1 && i + 1 < text.size() &&
                       ((c == '&' && text[i + 1] == '&') || (c == '|' && text[i + 1] == '|'))) {
                const auto line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(open), '\n') + 1;
                found.push_back("line " + std::to_string(line) + ": " + text.substr(it->position(), i - it->position() + 2) + "…");
                break;
            } else if (c == '"') {
                for (++i; i < text.size() && text[i] != '"'; ++i)
                    if (text[i] == '\\') ++i;
            }
        }
    }
    return found;
}

TEST(PropertyMacros, FindsCapturedLogicInASample) {
    EXPECT_EQ(captured_logic("RC_PRE(h < m.size() && m[h]);").size(), 1u);
    EXPECT_EQ(captured_logic("RC_ASSERT(a || b);").size(), 1u);
    EXPECT_TRUE(captured_logic("RC_ASSERT(expect_that(a && b, ex));").empty());
    EXPECT_TRUE(captured_logic("const bool ok = a && b; RC_PRE(ok);").empty());
    EXPECT_TRUE(captured_logic("RC_ASSERT(s == \"a && b\");").empty());
}

TEST(PropertyMacros, NoAndOrAtTheTopOfARapidCheckMacro) {
    const std::filesystem::path root = DOCKSIDE_SOURCE_DIR;
    std::vector<std::string> offences;
    for (const char* folder : {"suites", "generators", "harness", "refserver", "specs", "tools"}) {
        for (auto it = std::filesystem::recursive_directory_iterator(root / folder);
             it != std::filesystem::recursive_directory_iterator(); ++it) {
            const auto& entry = *it;
            if (entry.is_directory() && entry.path().filename() == "node_modules") {
                it.disable_recursion_pending();
                continue;
            }
            const auto ext = entry.path().extension();
            if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
            if (entry.path().filename() == "property_macro_lint_test.cpp") continue;
            std::ifstream in(entry.path());
            std::stringstream text;
            text << in.rdbuf();
            for (const auto& place : captured_logic(text.str()))
                offences.push_back(std::filesystem::relative(entry.path(), root).string() + " " + place);
        }
    }
    std::string listed;
    for (const auto& o : offences) listed += "\n  " + o;
    EXPECT_TRUE(offences.empty()) << "decide these conditions in a named bool before the macro:" << listed;
}

}  // namespace
