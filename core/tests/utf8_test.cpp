#include "core/utf8.h"

#include <gtest/gtest.h>

namespace dockside {
namespace {

TEST(Utf8, WellFormedTextIsUnchanged) {
    EXPECT_EQ(to_valid_utf8("plain ascii"), "plain ascii");
    EXPECT_EQ(to_valid_utf8("gr\xC3\xBC\xC3\x9F \xE2\x82\xAC \xF0\x9F\x93\xA6"), "gr\xC3\xBC\xC3\x9F \xE2\x82\xAC \xF0\x9F\x93\xA6");
}

TEST(Utf8, EveryBadByteBecomesOneReplacementCharacter) {
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(to_valid_utf8("a\xFF" "b"), "a" + fffd + "b");
    EXPECT_EQ(to_valid_utf8("\xC0\xAF"), fffd + fffd);              // overlong '/'
    EXPECT_EQ(to_valid_utf8("\xED\xA0\x80"), fffd + fffd + fffd);   // a surrogate
    EXPECT_EQ(to_valid_utf8("\xE2\x82"), fffd + fffd);              // cut short
    EXPECT_EQ(to_valid_utf8("\x80x"), fffd + "x");                  // stray continuation byte
}

TEST(Excerpt, KeepsShortBodies) { EXPECT_EQ(excerpt("{\"a\":1}", 500), "{\"a\":1}"); }

TEST(Excerpt, CutsAtCharacterLimitWithoutSplittingUtf8) {
    EXPECT_EQ(excerpt(std::string(600, 'x'), 500).size(), 500u + std::string("…").size());
    const std::string accented = "ééé";  // 2 bytes each
    EXPECT_EQ(excerpt(accented, 2), "éé…");
}

}  // namespace
}  // namespace dockside
