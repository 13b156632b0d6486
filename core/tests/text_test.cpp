// Trimming: each set strips only its own characters, at both ends and nowhere else, and the result is a
// view into the text it was given. Splitting keeps every piece, empty ones too.

#include "core/text.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace dockside {
namespace {

TEST(Text, TrimsWhitespaceAtBothEndsOnly) {
    EXPECT_EQ(trim("  a b \t\r\n"), "a b");
    EXPECT_EQ(trim("\r\n\tkey|rule\n"), "key|rule");
    EXPECT_EQ(trim("a"), "a");
    EXPECT_EQ(trim("a \n b"), "a \n b") << "inner whitespace stays";
}

TEST(Text, BlanksLeaveLineEndsInPlace) {
    EXPECT_EQ(trim(" \tp99 < 500ms\t ", kBlanks), "p99 < 500ms");
    EXPECT_EQ(trim(" close\r", kBlanks), "close\r") << "a CR in a header value is not padding";
    EXPECT_EQ(trim("\n5 ", kBlanks), "\n5");
}

TEST(Text, NothingLeftIsEmpty) {
    EXPECT_EQ(trim(""), "");
    EXPECT_EQ(trim(" \t\r\n"), "");
    EXPECT_EQ(trim(" \t ", kBlanks), "");
    EXPECT_EQ(trim("\r\n", kBlanks), "\r\n");
}

TEST(Text, TheResultIsAViewIntoTheText) {
    const std::string text = "  token  ";
    const std::string_view trimmed = trim(text);
    EXPECT_EQ(trimmed.data(), text.data() + 2);
    EXPECT_EQ(trimmed.size(), 5u);
}

TEST(Text, AnotherSetStripsOnlyItsCharacters) {
    EXPECT_EQ(trim("--flag--", "-"), "flag");
    EXPECT_EQ(trim("abc", ""), "abc") << "an empty set strips nothing";
}

TEST(Text, SplitKeepsEveryPieceUntrimmed) {
    using Pieces = std::vector<std::string_view>;
    EXPECT_EQ(split("a,b", ','), (Pieces{"a", "b"}));
    EXPECT_EQ(split("a,,b ", ','), (Pieces{"a", "", "b "}));
    EXPECT_EQ(split(",", ','), (Pieces{"", ""}));
    EXPECT_EQ(split("", ','), (Pieces{""}));
    EXPECT_EQ(split("products.id", '.'), (Pieces{"products", "id"}));
}

TEST(Text, AsciiLowerChangesOnlyTheAsciiCapitals) {
    EXPECT_EQ(ascii_lower("Application/JSON; Charset=UTF-8"), "application/json; charset=utf-8");
    EXPECT_EQ(ascii_lower("Z@[`a"), "z@[`a") << "the bytes beside A-Z stay";
    EXPECT_EQ(ascii_lower("\xC3\x89t\xC3\xA9"), "\xC3\x89t\xC3\xA9") << "UTF-8 bytes stay as they are";
    EXPECT_EQ(ascii_lower(""), "");
}

}  // namespace
}  // namespace dockside
