// `dockside serve` as users run it: stopped by SIGTERM whatever its clients and handlers are doing,
// logging every request without a token or secret in the log, and never printing a secret the user
// supplied; `dockside conform` run against it with secrets from files, its every output grepped.

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/http/client.h"
#include "harness/tests/http/test_server.h"
#include "tools/hostile/hostile_support.h"
#include "tools/hostile/serve_process.h"

namespace dockside::hostile {
namespace {

using json = nlohmann::json;

constexpr auto kStopBound = 1000ms;  // "SIGTERM stops the server within a second"

int connect_to(std::uint16_t port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void send_text(int fd, const std::string& text) { (void)!::send(fd, text.data(), text.size(), MSG_NOSIGNAL); }

/// A listener that completes TCP handshakes (the kernel's backlog) and never answers: a webhook
/// receiver that hangs.
struct BlackHole {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    std::uint16_t port = 0;
    BlackHole() {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
        ::listen(fd, 16);
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
        port = ntohs(addr.sin_port);
    }
    ~BlackHole() { ::close(fd); }
};

Result<http::Response, std::string> call(std::uint16_t port, const std::string& token, const std::string& method,
                                         const std::string& target, const std::string& body = {},
                                         const std::string& content_type = "application/json") {
    http::HttpClient client(*http::parse_url("http://127.0.0.1:" + std::to_string(port)));
    http::Request request;
    request.method = method;
    request.target = target;
    request.body = body;
    if (!token.empty()) request.headers.set("Authorization", "Bearer " + token);
    request.headers.set("service_channel_id", "101");
    if (!body.empty()) request.headers.set("Content-Type", content_type);
    auto response = client.send(request);
    if (!response) return fail(http::to_string(response.error()));
    return response.value();
}

/// Sends SIGTERM, expects the process to exit 0 within kStopBound, and records the row.
void expect_stop_within_a_second(ChildProcess& serve, const std::string& input, const std::string& mode) {
    const auto start = std::chrono::steady_clock::now();
    serve.signal(SIGTERM);
    const auto exit = serve.wait_exit(10000ms);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::cout << input << ": exit " << (exit ? std::to_string(*exit) : "none") << " after " << took.count() << " ms\n";
    EXPECT_EQ(exit, std::optional<int>(0));
    EXPECT_LE(took, kStopBound);
    record(input, mode, exit == std::optional<int>(0) && took <= kStopBound ? "exit 0 within 1 s" : "did NOT stop within 1 s");
}

/// Stops a process the test no longer needs and waits for it.
void stop(ChildProcess& process) {
    process.signal(SIGTERM);
    process.wait_exit(10000ms);
}

TEST(ServeProcess, SigtermStopsWithinASecondWhateverClientsAreDoing) {
    TempDir dir;
    const std::string pat = "hostile-pat-0123456789";
    ChildProcess serve("serve", {"serve", "--port", "0", "--pat-file", dir.write("pat", pat + "\n")}, dir.path());
    const auto port = serve.wait_listening(20000ms);
    ASSERT_TRUE(port) << serve.err();
    std::vector<int> sockets;
    for (int i = 0; i < 30; ++i) {  // idle keep-alive connections that were served once
        const int fd = connect_to(*port);
        send_text(fd, "GET /2025-07/channel HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + pat + "\r\n\r\n");
        sockets.push_back(fd);
    }
    for (int i = 0; i < 20; ++i) {  // heads that never end
        const int fd = connect_to(*port);
        send_text(fd, "GET /2025-07/channel HTTP/1.1\r\nHost: x\r\nX-Slow: a");
        sockets.push_back(fd);
    }
    for (int i = 0; i < 5; ++i) {  // bodies that never end
        const int fd = connect_to(*port);
        send_text(fd, "POST /2025-07/order HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                      "900000\r\nAuthorization: Bearer " + pat + "\r\n\r\n{\"reference_id\":\"");
        sockets.push_back(fd);
    }
    std::this_thread::sleep_for(300ms);
    expect_stop_within_a_second(
        serve, "SIGTERM while 30 idle keep-alive connections, 20 unfinished heads and 5 unfinished 900 KB bodies are open",
        "`dockside serve`, signal sent to the process");
    for (int fd : sockets) ::close(fd);
}

TEST(ServeProcess, SigtermStopsWithinASecondDuringAHangingWebhookDelivery) {
    TempDir dir;
    BlackHole receiver;
    const std::string pat = "hostile-pat-0123456789";
    ChildProcess serve("serve", {"serve", "--port", "0", "--pat-file", dir.write("pat", pat)}, dir.path());
    const auto port = serve.wait_listening(20000ms);
    ASSERT_TRUE(port) << serve.err();
    auto hook = call(*port, pat, "POST", "/2025-07/webhook",
                     json{{"url", "https://127.0.0.1:" + std::to_string(receiver.port) + "/hook"},
                          {"topics", {"order.shipment.cancelled"}}}.dump());
    ASSERT_TRUE(hook && hook->status == 200) << (hook ? hook->body : hook.error());
    auto order = call(*port, pat, "POST", "/2025-07/order", order_body("HANG-1"));
    ASSERT_TRUE(order && order->status / 100 == 2) << (order ? order->body : order.error());
    const auto id = json::parse(order->body).value("id", 0);
    auto cancel = call(*port, pat, "POST", "/2025-07/order/" + std::to_string(id) + ":cancel");
    ASSERT_TRUE(cancel && cancel->status == 200);
    std::this_thread::sleep_for(300ms);  // the delivery is now stuck in its TLS handshake
    expect_stop_within_a_second(serve, "SIGTERM while a webhook delivery hangs (the receiver accepts TCP and never answers)",
                                "`dockside serve`, delivery attempt timeout 5 s");
}

TEST(ServeProcess, AccessLogHasOneLinePerRequestAndNoSecret) {
    TempDir dir;
    const std::string pat = "access-log-pat-9f8e7d6c5b4a";
    const std::string log_path = dir.path() + "/access.log";
    ChildProcess serve("serve", {"serve", "--port", "0", "--pat-file", dir.write("pat", pat), "--access-log", log_path},
                       dir.path());
    const auto port = serve.wait_listening(20000ms);
    ASSERT_TRUE(port) << serve.err();
    auto ok = call(*port, pat, "GET", "/2025-07/channel?RecordsPerPage=1");
    auto missing = call(*port, pat, "GET", "/2025-07/nothing-here");
    auto token = call(*port, "", "POST", "/connect/token?client_secret=dockside-demo-secret",
                      "grant_type=refresh_token&client_id=dockside-demo-app&client_secret=dockside-demo-secret&refresh_token=r",
                      "application/x-www-form-urlencoded");
    const auto garbage = testing::raw_exchange(*port, "NOT HTTP\r\n\r\n");
    ASSERT_TRUE(ok && missing && token);
    stop(serve);
    const std::string log = read_text(log_path);
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 4u) << log;
    // Lines are written as responses complete, so in any order.
    for (const char* expected : {" GET /2025-07/channel?RecordsPerPage=1 200 ", " GET /2025-07/nothing-here 404 ",
                                 " POST /connect/token?client_secret=REDACTED 400 ", " - - 400 "})
        EXPECT_NE(log.find(expected), std::string::npos) << "no line with '" << expected << "' in\n" << log;
    EXPECT_EQ(log.find(pat), std::string::npos);
    EXPECT_EQ(log.find("dockside-demo-secret"), std::string::npos);
    record("requests carrying the PAT, a client_secret in the query and in the body, an unparsable request",
           "`dockside serve --access-log FILE`",
           std::to_string(lines.size()) + " lines (time, peer, method, target, status, bytes, duration); secrets in "
           "the log: " + std::to_string((log.find(pat) != std::string::npos) + (log.find("dockside-demo-secret") != std::string::npos)));
}

/// Every file under `dir`, recursively, with its text.
std::vector<std::pair<std::string, std::string>> files_under(const std::string& dir) {
    std::vector<std::pair<std::string, std::string>> out;
    std::error_code ec;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir, ec))
        if (entry.is_regular_file()) out.emplace_back(entry.path().string(), read_text(entry.path().string()));
    return out;
}

TEST(ServeProcess, KnownSecretsAppearInNoOutputOfServeOrConform) {
    TempDir dir;
    const std::string pat = "known-pat-4c1d9a7e2b";
    const std::string client_secret = "known-client-secret-83f0a1";
    const std::string webhook_secret = "known-webhook-secret-5e2c77";
    auto seed = json::parse(read_text(std::string(DOCKSIDE_SOURCE_DIR) + "/refserver/seed/default_seed.json"));
    seed["oauth_client"]["client_secret"] = client_secret;
    const std::string pat_file = dir.write("pat", pat + "\n");
    const std::string secret_file = dir.write("client-secret", client_secret + "\n");
    const std::string log_path = dir.path() + "/access.log";
    ChildProcess serve("serve",
                       {"serve", "--port", "0", "--pat-file", pat_file, "--seed-data", dir.write("seed.json", seed.dump()),
                        "--access-log", log_path, "--sim", "--webhook-insecure"},
                       dir.path());
    const auto port = serve.wait_listening(20000ms);
    ASSERT_TRUE(port) << serve.err();
    const std::string base = "http://127.0.0.1:" + std::to_string(*port);
    auto hook = call(*port, pat, "POST", "/2025-07/webhook",
                     json{{"url", "https://hooks.example.test/x"}, {"topics", {"order.shipped"}}, {"secret", webhook_secret}}.dump());
    ASSERT_TRUE(hook && hook->status == 200);

    ChildProcess with_pat("conform-pat",
                          {"conform", "--base-url", base, "--token-file", pat_file, "--only", "auth,webhooks,orders", "--cases", "2",
                           "--seed", "1", "--out", dir.path() + "/results-pat"},
                          dir.path());
    const auto pat_exit = with_pat.wait_exit(600000ms);
    ChildProcess with_oauth("conform-oauth",
                            {"conform", "--base-url", base, "--client-id", "dockside-demo-app", "--only", "auth", "--cases",
                             "2", "--seed", "1", "--redirect-uri", "http://127.0.0.1/callback", "--out",
                             dir.path() + "/results-oauth"},
                            dir.path(), {"DOCKSIDE_CLIENT_SECRET_FILE=" + secret_file});
    const auto oauth_exit = with_oauth.wait_exit(600000ms);
    stop(serve);
    ASSERT_TRUE(pat_exit && oauth_exit) << "conform did not finish";
    EXPECT_NE(*pat_exit, 2) << with_pat.err();  // 0 or 1: the run happened
    EXPECT_NE(*oauth_exit, 2) << with_oauth.err();

    // Every output: serve's stdout, stderr and access log; conform's stdout, stderr, results folders.
    std::vector<std::pair<std::string, std::string>> outputs = {
        {"serve stdout", serve.out()}, {"serve stderr", serve.err()}, {"access log", read_text(log_path)},
        {"conform (PAT) stdout", with_pat.out()}, {"conform (PAT) stderr", with_pat.err()},
        {"conform (OAuth) stdout", with_oauth.out()}, {"conform (OAuth) stderr", with_oauth.err()}};
    for (auto& file : files_under(dir.path() + "/results-pat")) outputs.push_back(file);
    for (auto& file : files_under(dir.path() + "/results-oauth")) outputs.push_back(file);
    int leaks = 0;
    for (const auto& [name, text] : outputs)
        for (const auto* secret : {&pat, &client_secret, &webhook_secret})
            if (text.find(*secret) != std::string::npos) {
                ++leaks;
                ADD_FAILURE() << *secret << " appears in " << name;
            }
    EXPECT_GT(outputs.size(), 9u);  // results.json and junit.xml of both runs are among them
    EXPECT_NE(serve.out().find("(as given, not shown)"), std::string::npos) << serve.out();
    record("a known PAT (file), OAuth client secret (seed and file) and webhook secret",
           "`dockside serve --pat-file --seed-data --access-log --sim` and two `dockside conform` runs against it (PAT: "
           "auth, webhooks, orders; OAuth: auth)",
           std::to_string(outputs.size()) + " outputs grepped (stdout, stderr, access log, results.json, junit.xml, "
           "reports): " + std::to_string(leaks) + " secrets found");
}

}  // namespace
}  // namespace dockside::hostile
