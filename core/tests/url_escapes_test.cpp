#include "core/url_escapes.h"

#include <gtest/gtest.h>

namespace dockside {
namespace {

TEST(PercentEncoding, EncodesAllButUnreserved) {
    EXPECT_EQ(percent_encode("AZaz09-._~"), "AZaz09-._~");
    EXPECT_EQ(percent_encode("a b&c=d/é+"), "a%20b%26c%3Dd%2F%C3%A9%2B");
    EXPECT_EQ(percent_encode(std::string("\0\xff", 2)), "%00%FF");
}

TEST(PercentEncoding, DecodesEscapesAndPlusAsAFormWould) {
    EXPECT_EQ(percent_decode("a%20b+c%2b%C3%A9", true), "a b c+é");
    EXPECT_EQ(percent_decode("a+b", false), "a+b");
    EXPECT_EQ(percent_decode(percent_encode(std::string("\0\xff a", 4)), false), std::string("\0\xff a", 4));
}

TEST(PercentEncoding, RefusesAMalformedEscape) {
    for (const char* bad : {"abc%2", "%zz", "%", "a%2g"}) EXPECT_FALSE(percent_decode(bad, false)) << bad;
}

}  // namespace
}  // namespace dockside
