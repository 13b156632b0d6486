#include "harness/validate/formats.h"

#include <gtest/gtest.h>

namespace dockside::validate {
namespace {

using nlohmann::json;

TEST(Formats, DateTimeAcceptsRfc3339) {
    for (const char* ok : {"2025-07-01T12:00:00Z", "2025-07-01t12:00:00z", "2025-07-01T12:00:00.123456Z",
                           "2025-07-01T12:00:00+02:00", "2025-07-01T23:59:60-05:30", "2024-02-29T00:00:00Z"})
        EXPECT_TRUE(is_date_time(ok)) << ok;
}

TEST(Formats, DateTimeRejectsNearMisses) {
    for (const char* bad : {"2025-07-01", "2025-07-01T12:00:00", "2025-07-01 12:00:00Z", "2025-13-01T12:00:00Z",
                            "2025-02-29T12:00:00Z", "2025-04-31T12:00:00Z", "2025-07-01T24:00:00Z",
                            "2025-07-01T12:60:00Z", "2025-07-01T12:00:00.Z", "2025-07-01T12:00:00+0200",
                            "2025-07-01T12:00:00+24:00", "25-07-01T12:00:00Z", "2025-07-01T12:00:00Zjunk",
                            "1751371200", ""})
        EXPECT_FALSE(is_date_time(bad)) << bad;
}

TEST(Formats, Date) {
    EXPECT_TRUE(is_date("2025-07-01"));
    EXPECT_TRUE(is_date("2000-02-29"));
    EXPECT_FALSE(is_date("1900-02-29"));
    EXPECT_FALSE(is_date("2025-07-01T00:00:00Z"));
    EXPECT_FALSE(is_date("2025-7-1"));
}

TEST(Formats, Uri) {
    for (const char* ok : {"https://example.com/hook", "http://127.0.0.1:8080/a?b=c#d", "urn:isbn:0451450523",
                           "https://x.test/a%20b", "mailto:a@b.c"})
        EXPECT_TRUE(is_uri(ok)) << ok;
    for (const char* bad : {"", "example.com/hook", "/relative/path", "https://", "https://exa mple.com",
                            "https://x.test/%zz", "1http://x", "http:", "https://x.test/<tag>"})
        EXPECT_FALSE(is_uri(bad)) << bad;
}

TEST(Formats, IntegerWidths) {
    EXPECT_TRUE(fits_int32(json(2147483647)));
    EXPECT_TRUE(fits_int32(json(-2147483648LL)));
    EXPECT_FALSE(fits_int32(json(2147483648LL)));
    EXPECT_FALSE(fits_int32(json(-2147483649LL)));
    EXPECT_TRUE(fits_int64(json(9223372036854775807LL)));
    EXPECT_FALSE(fits_int64(json::parse("9223372036854775808")));
    EXPECT_FALSE(conforms(Format::Int64, json::parse("1e19")));
    EXPECT_FALSE(conforms(Format::Int32, json::parse("3e9")));
    EXPECT_TRUE(conforms(Format::Int32, json("not a number")));  // the type keyword's business
}

TEST(Formats, ParseAndDescribe) {
    EXPECT_EQ(parse_format("date-time"), Format::DateTime);
    EXPECT_EQ(parse_format("uri"), Format::Uri);
    EXPECT_FALSE(parse_format("email"));
    EXPECT_NE(describe(Format::Int32).find("2147483647"), std::string::npos);
}

}  // namespace
}  // namespace dockside::validate
