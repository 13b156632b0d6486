// Hostile framing: requests without or with forged Host headers, smuggling attempts, garbage, slowloris
// heads, oversize heads. Sent as raw bytes, so nothing in a client library tidies them up.

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/tests/http/test_server.h"
#include "tools/hostile/hostile_support.h"

namespace dockside::hostile {
namespace {

using testing::raw_exchange;

std::string auth_line(const Live& live) { return "Authorization: Bearer " + live.token() + "\r\n"; }

TEST(HttpFraming, Http11WithoutHostIs400) {
    Live live;
    const auto reply = raw_exchange(live.port(), "GET /2025-07/channel HTTP/1.1\r\n" + auth_line(live) + "\r\n");
    EXPECT_EQ(status_line(reply), "HTTP/1.1 400 Bad Request");
    EXPECT_NE(reply.find("needs a Host header"), std::string::npos) << reply;
    record("HTTP/1.1 request without Host", "raw bytes, GET /2025-07/channel (was served before)", status_line(reply));
}

TEST(HttpFraming, TwoHostHeadersOrAMalformedOneAre400) {
    Live live;
    const auto two = raw_exchange(live.port(), "GET /2025-07/channel HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n" +
                                                   auth_line(live) + "\r\n");
    const auto bad = raw_exchange(live.port(),
                                  "GET /2025-07/channel HTTP/1.1\r\nHost: evil.example/x?y\r\n" + auth_line(live) + "\r\n");
    EXPECT_EQ(status_line(two), "HTTP/1.1 400 Bad Request");
    EXPECT_EQ(status_line(bad), "HTTP/1.1 400 Bad Request");
    record("two Host headers; a Host of `evil.example/x?y`", "raw bytes", status_line(two) + "; " + status_line(bad));
}

TEST(HttpFraming, Http10WithoutHostIsServed) {
    Live live;
    const auto reply = raw_exchange(live.port(), "GET /2025-07/channel HTTP/1.0\r\n" + auth_line(live) + "\r\n");
    EXPECT_EQ(status_line(reply), "HTTP/1.0 200 OK");
    record("HTTP/1.0 request without Host", "raw bytes (HTTP/1.0 has no Host requirement)", status_line(reply));
}

TEST(HttpFraming, PagingLinksNeverEchoTheHostHeader) {
    Live live;
    const auto reply = raw_exchange(live.port(), "GET /2025-07/channel?RecordsPerPage=1 HTTP/1.1\r\nHost: evil.example\r\n" +
                                                     auth_line(live) + "Connection: close\r\n\r\n");
    ASSERT_EQ(status_line(reply), "HTTP/1.1 200 OK") << reply;
    const auto body = nlohmann::json::parse(reply.substr(reply.find("\r\n\r\n") + 4), nullptr, false);
    ASSERT_TRUE(body.is_object() && body["next"].is_string()) << reply;
    const std::string next = body["next"];
    EXPECT_EQ(next.rfind(live.server().public_base_url() + "/", 0), 0u) << next;
    EXPECT_EQ(next.find("evil.example"), std::string::npos) << next;
    record("`Host: evil.example` on a paged list", "GET /2025-07/channel?RecordsPerPage=1",
           std::string(next.find("evil.example") == std::string::npos ? "next link names the server's own base URL"
                                                                       : "next link ECHOES the Host header"));
}

TEST(HttpFraming, SmugglingAttemptsAreRefusedOrFramedOnce) {
    Live live;
    // Content-Length and Transfer-Encoding together; then two Content-Lengths that disagree.
    const auto both = raw_exchange(live.port(),
                                   "POST /2025-07/order HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n" +
                                       auth_line(live) + "\r\n0\r\n\r\nGET /2025-07/channel HTTP/1.1\r\nHost: x\r\n\r\n");
    const auto two_lengths = raw_exchange(live.port(), "POST /2025-07/order HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                                                       "Content-Length: 40\r\n" + auth_line(live) + "\r\n{}");
    EXPECT_EQ(status_line(both), "HTTP/1.1 400 Bad Request") << both;
    EXPECT_EQ(status_line(two_lengths), "HTTP/1.1 400 Bad Request") << two_lengths;
    // Exactly one response each: nothing smuggled behind the first was answered.
    const auto responses = [](const std::string& reply) {
        std::size_t n = 0;
        for (auto at = reply.find("HTTP/1.1 "); at != std::string::npos; at = reply.find("HTTP/1.1 ", at + 1)) ++n;
        return n;
    };
    EXPECT_EQ(responses(both), 1u) << both;
    record("Content-Length with Transfer-Encoding: chunked, a second request behind the body", "raw bytes, one connection",
           status_line(both) + ", " + std::to_string(responses(both)) + " response(s), connection closed");
    record("two disagreeing Content-Length headers", "raw bytes", status_line(two_lengths));
}

TEST(HttpFraming, GarbageAndOversizeHeadsAreAnsweredAndClosed) {
    Live live;
    const auto garbage = raw_exchange(live.port(), "\x16\x03\x01\x02\x00 NOT HTTP AT ALL\r\n\r\n");
    const auto huge_head = raw_exchange(live.port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + std::string(64 * 1024, 'a') + "\r\n\r\n");
    const auto bad_chunk = raw_exchange(live.port(), "POST /2025-07/order HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n" +
                                                         auth_line(live) + "\r\nZZZ\r\n{}\r\n0\r\n\r\n");
    EXPECT_EQ(status_line(garbage), "HTTP/1.1 400 Bad Request");
    EXPECT_EQ(status_line(huge_head), "HTTP/1.1 431 Request Header Fields Too Large");
    EXPECT_EQ(status_line(bad_chunk), "HTTP/1.1 400 Bad Request");
    record("TLS ClientHello bytes and text that is not HTTP", "raw bytes on the plain port", status_line(garbage));
    record("a 64 KiB header", "raw bytes", status_line(huge_head));
    record("a chunk size that is not hex", "raw bytes, chunked POST", status_line(bad_chunk));
}

/// A raw TCP connection that stays open until destroyed.
class OpenSocket {
public:
    explicit OpenSocket(std::uint16_t port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    }
    ~OpenSocket() { ::close(fd_); }
    OpenSocket(const OpenSocket&) = delete;
    bool connected() const { return connected_; }
    void send(const std::string& bytes) const { (void)!::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL); }

private:
    int fd_;
    bool connected_ = false;
};

TEST(HttpFraming, SlowlorisHeadsDoNotStopOtherClients) {
    Live live;
    Prober prober(live);
    std::vector<std::unique_ptr<OpenSocket>> slow;
    for (int i = 0; i < 100; ++i) {
        slow.push_back(std::make_unique<OpenSocket>(live.port()));
        slow.back()->send("GET /2025-07/channel HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    }
    for (int round = 0; round < 10; ++round) {  // one more byte each, for two seconds
        std::this_thread::sleep_for(200ms);
        for (auto& s : slow) s->send("a");
    }
    const auto report = prober.finish();
    std::cout << "slowloris: " << report.figures() << "\n";
    EXPECT_TRUE(report.held()) << report.figures();
    record("100 connections sending a header one byte per 200 ms", "held for 2 s (each is closed when its 30 s "
           "idle timeout ends)", report.outcome());
}

}  // namespace
}  // namespace dockside::hostile
