#include <gtest/gtest.h>

#include "harness/http/curl.h"

namespace dockside::http {
namespace {

Url base() {
    return *parse_url("https://api.example.com/sandbox");
}

TEST(ShellQuote, WrapsAndEscapesSingleQuotes) {
    EXPECT_EQ(shell_quote("plain"), "'plain'");
    EXPECT_EQ(shell_quote(""), "''");
    EXPECT_EQ(shell_quote("it's"), R"('it'\''s')");
    EXPECT_EQ(shell_quote("$HOME `x` \"q\""), "'$HOME `x` \"q\"'");
}

TEST(Curl, PostWithJsonBodyHeadersAndRedactedToken) {
    Request request;
    request.method = "POST";
    request.target = "/2025-07/order";
    request.headers.add("Authorization", "Bearer s3cr3t-token");
    request.headers.add("service_channel_id", "7");
    request.headers.add("Content-Type", "application/json");
    request.headers.add("Content-Length", "35");
    request.body = R"({"gift_message":"it's a gift"})";
    EXPECT_EQ(to_curl(base(), request),
              "curl -sS -X 'POST' 'https://api.example.com/sandbox/2025-07/order'"
              " -H \"Authorization: Bearer $DOCKSIDE_TOKEN\""
              " -H 'service_channel_id: 7'"
              " -H 'Content-Type: application/json'"
              R"( --data-binary '{"gift_message":"it'\''s a gift"}')");
}

TEST(Curl, TokenNeverAppearsUnlessRevealed) {
    Request request{"GET", "/2025-07/channel?RecordsPerPage=2", {{"Authorization", "Bearer s3cr3t"}}, ""};
    std::string redacted = to_curl(base(), request);
    EXPECT_EQ(redacted.find("s3cr3t"), std::string::npos) << redacted;
    EXPECT_EQ(redacted,
              "curl -sS 'https://api.example.com/sandbox/2025-07/channel?RecordsPerPage=2'"
              " -H \"Authorization: Bearer $DOCKSIDE_TOKEN\"");
    std::string revealed = to_curl(base(), request, {.reveal_authorization = true});
    EXPECT_NE(revealed.find(" -H 'Authorization: Bearer s3cr3t'"), std::string::npos) << revealed;
    std::string other_var = to_curl(base(), request, {.token_variable = "TOK"});
    EXPECT_NE(other_var.find("\"Authorization: Bearer $TOK\""), std::string::npos) << other_var;
    Request bare{"GET", "/", {{"Authorization", "rawtoken"}}, ""};
    EXPECT_NE(to_curl(base(), bare).find("-H \"Authorization: $DOCKSIDE_TOKEN\""), std::string::npos);
}

TEST(Curl, HeaderWithSpacesAndQuotesStaysOneWord) {
    Request request{"DELETE", "/2025-07/webhook/5", {{"X-Note", "two words, it's \"quoted\""}, {"X-Empty", ""}}, ""};
    EXPECT_EQ(to_curl(base(), request, {.insecure = true}),
              "curl -sS -k -X 'DELETE' 'https://api.example.com/sandbox/2025-07/webhook/5'"
              R"( -H 'X-Note: two words, it'\''s "quoted"' -H 'X-Empty;')");
}

TEST(Curl, BodyWithoutContentTypeSuppressesCurlsDefault) {
    Request request{"POST", "/2025-07/order", {}, "not json"};
    EXPECT_EQ(to_curl(base(), request),
              "curl -sS -X 'POST' 'https://api.example.com/sandbox/2025-07/order'"
              " -H 'Content-Type:' --data-binary 'not json'");
}

TEST(Curl, HeadUsesDashI) {
    Request request{"HEAD", "/2025-07/order", {}, ""};
    EXPECT_EQ(to_curl(base(), request), "curl -sS -I 'https://api.example.com/sandbox/2025-07/order'");
}

}  // namespace
}  // namespace dockside::http
