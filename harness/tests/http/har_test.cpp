// An exchange as a HAR 1.2 entry: the members the format requires, timings from the response, and no
// secret in any place it can stand (headers, query, form and JSON bodies, a literal anywhere).

#include "harness/http/har.h"

#include <gtest/gtest.h>

namespace dockside::http {
namespace {

using nlohmann::json;

const std::string kToken = "pat-0123456789abcdef";

TEST(Har, AnEntryHasWhatTheFormatRequiresAndNoSecret) {
    Request request{"POST", "/connect/token?client_id=app&client_secret=s3cr3t-value", {}, "grant_type=refresh_token&refresh_token=r1-abcdef&scope=read"};
    request.headers.set("Authorization", "Bearer " + kToken);
    request.headers.set("Content-Type", "application/x-www-form-urlencoded");
    request.headers.set("X-Echo", "sent " + kToken);
    Response response;
    response.status = 200;
    response.headers.set("Content-Type", "application/json; charset=utf-8");
    response.body = R"({"access_token":"a1-abcdef","expires_in":3600,"nested":[{"webhook_secret":"w1"}]})";
    response.timings = {1.5, 20.0, 0.5};
    const auto started = std::chrono::system_clock::time_point(std::chrono::milliseconds(1767225600123));
    const json entry = har_entry({"http://127.0.0.1:8080/connect/token?client_id=app&client_secret=s3cr3t-value", &request,
                                  &response, "", started},
                                 {{kToken}, false});

    EXPECT_EQ(entry["startedDateTime"], "2026-01-01T00:00:00.123Z");
    EXPECT_DOUBLE_EQ(entry["time"].get<double>(), 22.0);
    EXPECT_EQ(entry["timings"], (json{{"send", 1.5}, {"wait", 20.0}, {"receive", 0.5}}));
    for (const char* member : {"method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"})
        EXPECT_TRUE(entry["request"].contains(member)) << member;
    for (const char* member : {"status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"})
        EXPECT_TRUE(entry["response"].contains(member)) << member;
    EXPECT_EQ(entry["response"]["content"]["mimeType"], "application/json");
    EXPECT_EQ(entry["request"]["queryString"][0], (json{{"name", "client_id"}, {"value", "app"}}));
    EXPECT_EQ(entry["request"]["url"], "http://127.0.0.1:8080/connect/token?client_id=app&client_secret=%5Bsecret%20removed%20by%20dockside%5D")
        << "a URI still, the marker's spaces and brackets encoded";

    const std::string text = entry.dump();
    for (const char* secret : {"pat-0123456789abcdef", "s3cr3t-value", "r1-abcdef", "a1-abcdef", "\"w1\""})
        EXPECT_EQ(text.find(secret), std::string::npos) << secret << " in " << text;
    EXPECT_NE(text.find("expires_in"), std::string::npos) << "what is not a secret stays";
    EXPECT_NE(text.find("grant_type=refresh_token"), std::string::npos);

    const json kept = har_entry({"http://h/x", &request, &response, "", started}, {{kToken}, true});
    EXPECT_NE(kept.dump().find(kToken), std::string::npos) << "--har-secrets keep keeps them";
}

// An OAuth authorization code is a body's top-level "code"; an error's code ({"error": {"code": …}}) is what
// a diff of two servers' refusals compares, and stays.
TEST(Har, AnAuthorizationCodeIsHiddenAndAnErrorsCodeStays) {
    Request request{"POST", "/connect/token", {}, R"({"grant_type":"authorization_code","code":"c0de-secret-1"})"};
    request.headers.set("Content-Type", "application/json");
    Response response;
    response.status = 400;
    response.headers.set("Content-Type", "application/json");
    response.body = R"({"error":{"code":"validation_failed","message":"bad"}})";
    const std::string text = har_entry({"http://h/connect/token", &request, &response, "", {}}, {{}, false}).dump();
    EXPECT_EQ(text.find("c0de-secret-1"), std::string::npos) << text;
    EXPECT_NE(text.find("validation_failed"), std::string::npos) << text;

    // The authorization server's redirect carries the code in its Location.
    Request authorize{"GET", "/connect/authorize?client_id=app&state=s1", {}, ""};
    Response redirect;
    redirect.status = 302;
    redirect.headers.set("Location", "https://client.example/cb?code=c0de-secret-2&state=s1");
    const json entry = har_entry({"http://h/connect/authorize?client_id=app&state=s1", &authorize, &redirect, "", {}}, {{}, false});
    EXPECT_EQ(entry.dump().find("c0de-secret-2"), std::string::npos) << entry.dump();
    EXPECT_NE(entry["response"]["redirectURL"].get<std::string>().find("state=s1"), std::string::npos) << entry.dump();
}

TEST(Har, AMissingResponseAndALongBodySaySo) {
    Request request{"GET", "/x", {}, ""};
    const json lost = har_entry({"http://h/x", &request, nullptr, "timeout: no answer", {}}, {});
    EXPECT_EQ(lost["response"]["status"], 0);
    EXPECT_NE(lost["comment"].get<std::string>().find("timeout: no answer"), std::string::npos);

    Response big;
    big.status = 200;
    big.headers.set("Content-Type", "text/plain");
    big.body.assign(kHarBodyCap + 10, 'x');
    const json cut = har_entry({"http://h/x", &request, &big, "", {}}, {});
    EXPECT_EQ(cut["response"]["content"]["text"].get<std::string>().size(), kHarBodyCap);
    EXPECT_EQ(cut["response"]["content"]["size"], kHarBodyCap + 10);
    EXPECT_NE(cut["comment"].get<std::string>().find("body cut"), std::string::npos);

    const json document = har_document(json::array({cut}), "1.0");
    EXPECT_EQ(document["log"]["version"], "1.2");
    EXPECT_EQ(document["log"]["entries"].size(), 1u);
}

}  // namespace
}  // namespace dockside::http
