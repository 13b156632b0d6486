#include <gtest/gtest.h>

#include "harness/http/url.h"

namespace dockside::http {
namespace {

TEST(ParseUrl, AcceptsHttpAndHttpsWithDefaults) {
    auto plain = parse_url("http://Example.COM");
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(plain->scheme, "http");
    EXPECT_EQ(plain->host, "example.com");
    EXPECT_EQ(plain->port, 80);
    EXPECT_EQ(plain->base_path, "");
    EXPECT_FALSE(plain->tls());
    EXPECT_EQ(plain->host_header(), "example.com");

    auto secure = parse_url("HTTPS://api.example.com/sandbox/v1/");
    ASSERT_TRUE(secure) << secure.error();
    EXPECT_TRUE(secure->tls());
    EXPECT_EQ(secure->port, 443);
    EXPECT_EQ(secure->base_path, "/sandbox/v1");
    EXPECT_EQ(secure->to_string(), "https://api.example.com/sandbox/v1");
}

TEST(ParseUrl, ExplicitPortAndIpv6) {
    auto url = parse_url("http://127.0.0.1:8080/");
    ASSERT_TRUE(url) << url.error();
    EXPECT_EQ(url->port, 8080);
    EXPECT_EQ(url->base_path, "");
    EXPECT_EQ(url->host_header(), "127.0.0.1:8080");
    EXPECT_EQ(url->origin(), "http://127.0.0.1:8080");

    auto v6 = parse_url("https://[::1]:8443/api");
    ASSERT_TRUE(v6) << v6.error();
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->port, 8443);
    EXPECT_EQ(v6->host_header(), "[::1]:8443");
    EXPECT_EQ(v6->to_string(), "https://[::1]:8443/api");

    auto default_explicit = parse_url("https://h:443");
    ASSERT_TRUE(default_explicit);
    EXPECT_EQ(default_explicit->host_header(), "h");
}

struct BadUrl {
    const char* input;
    const char* message;
};

class ParseUrlErrors : public ::testing::TestWithParam<BadUrl> {};

TEST_P(ParseUrlErrors, NameTheInputAndTheProblem) {
    auto url = parse_url(GetParam().input);
    ASSERT_FALSE(url) << GetParam().input;
    EXPECT_EQ(url.error(), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, ParseUrlErrors,
    ::testing::Values(BadUrl{"ftp://x", R"("ftp://x": scheme must be http or https)"},
                      BadUrl{"example.com", R"("example.com": missing scheme (expected http:// or https://))"},
                      BadUrl{"http://", R"("http://": host is missing)"},
                      BadUrl{"http://:80/x", R"("http://:80/x": host is missing)"},
                      BadUrl{"http://h:", R"("http://h:": port is empty)"},
                      BadUrl{"http://h:http", R"("http://h:http": port must be a number)"},
                      BadUrl{"http://h:0", R"("http://h:0": port must be between 1 and 65535)"},
                      BadUrl{"http://h:65536", R"("http://h:65536": port must be between 1 and 65535)"},
                      BadUrl{"http://h/x?a=1", R"("http://h/x?a=1": a base URL cannot carry a query or fragment)"},
                      BadUrl{"http://u:p@h/", R"("http://u:p@h/": credentials in the URL are not supported)"},
                      BadUrl{"http://h_ost!/", R"("http://h_ost!/": invalid character in host)"},
                      BadUrl{"http://[::1/", R"("http://[::1/": unterminated IPv6 literal)"},
                      BadUrl{"http://h/a b", R"("http://h/a b": path contains a space or control character)"}));

TEST(JoinTarget, PrefixesBasePathAndAppendsQuery) {
    auto base = *parse_url("https://api.example.com/sandbox");
    EXPECT_EQ(join_target(base, "/2025-07/order"), "/sandbox/2025-07/order");
    EXPECT_EQ(join_target(base, "2025-07/order", "Limit=5"), "/sandbox/2025-07/order?Limit=5");
    EXPECT_EQ(join_target(base, "/2025-07/order?Page=1", "Limit=5"), "/sandbox/2025-07/order?Page=1&Limit=5");
    EXPECT_EQ(join_target(*parse_url("http://h"), ""), "/");
    EXPECT_EQ(absolute_url(base, "/2025-07/channel?Cursor=a"),
              "https://api.example.com/sandbox/2025-07/channel?Cursor=a");
}

TEST(Query, ParsesInOrderKeepingDuplicatesAndEmptyValues) {
    auto params = parse_query("Status=AwaitingArrival%2CArrived&Ids=1&Ids=2&Flag&Name=a+b&&Empty=");
    ASSERT_TRUE(params) << params.error();
    QueryParams expected{{"Status", "AwaitingArrival,Arrived"}, {"Ids", "1"}, {"Ids", "2"},
                         {"Flag", ""},  {"Name", "a b"},    {"Empty", ""}};
    EXPECT_EQ(*params, expected);
    EXPECT_TRUE(parse_query("")->empty());
    auto bad = parse_query("a=%G1");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("malformed percent escape"), std::string::npos);
}

TEST(Query, EncodeThenParseRoundTrips) {
    QueryParams params{{"ReferenceIds", "ref 1,ref&2"}, {"StartDate", "2025-07-01T00:00:00+02:00"}, {"x=y", "%"}};
    std::string encoded = encode_query(params);
    EXPECT_EQ(encoded.find_first_of(" +,:"), std::string::npos) << encoded;
    EXPECT_EQ(*parse_query(encoded), params);
}

}  // namespace
}  // namespace dockside::http
