#include "core/base64.h"

#include <gtest/gtest.h>

namespace dockside {
namespace {

TEST(Base64, StandardPadsToWholeGroups) {
    EXPECT_EQ(base64_encode(""), "");
    EXPECT_EQ(base64_encode("f"), "Zg==");
    EXPECT_EQ(base64_encode("fo"), "Zm8=");
    EXPECT_EQ(base64_encode("foo"), "Zm9v");
    EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
    EXPECT_EQ(base64_encode("hello"), "aGVsbG8=");
    EXPECT_EQ(base64_decode(" Zm9vYg==\n").value(), "foob");
    EXPECT_EQ(base64_decode("Zm8=").value(), "fo");
}

TEST(Base64, UrlIsUnpaddedWithItsOwnTwoLetters) {
    EXPECT_EQ(base64_encode("f", Base64::Url), "Zg");
    EXPECT_EQ(base64_encode("fo", Base64::Url), "Zm8");
    EXPECT_EQ(base64_encode("\xfb\xff", Base64::Url), "-_8");
    EXPECT_EQ(base64_encode("\xfb\xff"), "+/8=");
    EXPECT_EQ(base64_decode("-_8", Base64::Url).value(), "\xfb\xff");
}

TEST(Base64, EveryByteComesBack) {
    std::string bytes;
    for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
    for (std::size_t n = 0; n <= 5; ++n)
        for (const auto kind : {Base64::Standard, Base64::Url})
            EXPECT_EQ(base64_decode(base64_encode(bytes.substr(n), kind), kind).value(), bytes.substr(n)) << n;
}

TEST(Base64, RefusesWhatIsNotBase64) {
    EXPECT_NE(base64_decode("Zm9").error().find("multiple of 4"), std::string::npos);
    EXPECT_NE(base64_decode("Zm!v").error().find("position 2"), std::string::npos);
    EXPECT_FALSE(base64_decode("Z=9v"));
    EXPECT_FALSE(base64_decode("Zg==Zm8="));
    EXPECT_FALSE(base64_decode("Zg==", Base64::Url)) << "no padding in the url alphabet";
    EXPECT_FALSE(base64_decode("Zm9vY", Base64::Url)) << "a lone character ends no byte";
    EXPECT_FALSE(base64_decode("+/8=", Base64::Url));
}

}  // namespace
}  // namespace dockside
