// `dockside load` against a plain HTTP server, the way wrk is pointed at a URL: a mix of paths the contract
// does not know needs no accepted token and no channel (the token given is sent as it is), while a mix of the contract's operations still
// checks both up front.

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A server that is no fulfillment API: the channel list is forbidden, one static path answers.
std::unique_ptr<MisbehavingTarget> static_file_server() {
    return MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (r.path() == "/2025-07/channel") {
            response.status = 403;
            response.body = "<html>Forbidden</html>";
            response.headers.set("Content-Type", "text/html");
        } else if (r.path() == "/static/order.json") {
            response.status = 200;
            response.body = R"({"id":1})";
            response.headers.set("Content-Type", "application/json");
        }
    });
}

TEST(LoadTarget, PathsOutsideTheContractNeedNoAcceptedToken) {
    auto target = static_file_server();
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("load-static");
    auto ran = dockside({"load", "--base-url", target->base_url(), "--token", "not-checked", "--mix", "GET /static/order.json", "--closed-loop",
                         "--duration", "1s", "-c", "2", "-t", "1", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    auto summary = nlohmann::json::parse(read_text(out + "/summary.json"), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << ran.output;
    EXPECT_GT(summary.value("requests", 0), 0) << summary.dump(2);
    EXPECT_EQ(summary.value("errors", -1), 0) << summary.dump(2);
}

TEST(LoadTarget, OperationsOfTheContractStillNeedAnAcceptedToken) {
    auto target = static_file_server();
    ASSERT_TRUE(target);
    auto ran = dockside({"load", "--base-url", target->base_url(), "--token", target->pat(), "--mix", "listChannels",
                         "--closed-loop", "--duration", "1s", "--out", fresh_dir("load-refused")});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "the token was refused")) << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
