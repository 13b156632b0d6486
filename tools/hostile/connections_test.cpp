// Hostile connection counts: more idle connections than the server will hold. Past the cap a
// connection is told 503 too_many_connections and closed; clients already connected keep being served.

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <iostream>
#include <vector>

#include "tools/hostile/hostile_support.h"

namespace dockside::hostile {
namespace {

/// Opens a connection and reads whatever the server says within `wait` without sending anything.
struct Idle {
    int fd = -1;
    std::string heard;

    Idle(std::uint16_t port, std::chrono::milliseconds wait) : fd(::socket(AF_INET, SOCK_STREAM, 0)) {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return;
        pollfd p{fd, POLLIN, 0};
        char buffer[1024];
        if (::poll(&p, 1, static_cast<int>(wait.count())) > 0) {
            const auto n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n > 0) heard.assign(buffer, static_cast<std::size_t>(n));
        }
    }
    ~Idle() { ::close(fd); }
    Idle(const Idle&) = delete;
};

TEST(Connections, PastTheCapNewConnectionsGet503AndOthersAreServed) {
    refserver::EmbeddedOptions options;
    options.max_connections = 32;
    Live live(options);
    Prober prober(live);  // connected first: one of the 32
    std::this_thread::sleep_for(100ms);
    std::vector<std::unique_ptr<Idle>> idle;
    for (int i = 0; i < 31; ++i) idle.push_back(std::make_unique<Idle>(live.port(), 0ms));
    std::this_thread::sleep_for(200ms);  // let the server count them
    std::vector<std::unique_ptr<Idle>> extra;
    int refused = 0;
    for (int i = 0; i < 5; ++i) {
        extra.push_back(std::make_unique<Idle>(live.port(), 2000ms));
        if (status_line(extra.back()->heard) == "HTTP/1.1 503 Service Unavailable" &&
            extra.back()->heard.find("too_many_connections") != std::string::npos)
            ++refused;
    }
    std::this_thread::sleep_for(500ms);
    const auto report = prober.finish();
    std::cout << "cap 32: " << refused << " of 5 extra refused; " << report.figures() << "\n";
    EXPECT_EQ(refused, 5);
    EXPECT_TRUE(report.held()) << report.figures();
    // Room again once idle clients leave.
    idle.clear();
    extra.clear();
    std::this_thread::sleep_for(300ms);
    auto after = live.send("GET", "/2025-07/channel");
    ASSERT_TRUE(after) << after.error();
    EXPECT_EQ(after->status, 200);
    record("5 connections past a cap of 32 (31 idle ones and the prober hold the cap)", "connect and wait",
           std::to_string(refused) + " of 5 answered 503 too_many_connections and closed; " + report.outcome() +
               "; served again once the idle ones left (" + describe(after) + ")");
}

TEST(Connections, AFloodOfIdleConnectionsIsBounded) {
    refserver::EmbeddedOptions options;
    options.max_connections = 128;
    Live live(options);
    Prober prober(live);
    std::this_thread::sleep_for(100ms);
    std::vector<std::unique_ptr<Idle>> flood;
    for (int i = 0; i < 400; ++i) flood.push_back(std::make_unique<Idle>(live.port(), 0ms));
    std::this_thread::sleep_for(500ms);
    const std::size_t open = live.server().open_connections();
    const auto report = prober.finish();
    std::cout << "flood of 400 idle connections: " << open << " open on the server; " << report.figures() << "\n";
    EXPECT_LE(open, 128u + 64u);  // the cap, plus at most 64 being told 503
    EXPECT_TRUE(report.held()) << report.figures();
    record("400 idle connections opened at once", "cap 128; nothing sent on them",
           std::string(open <= 192 ? "at most 128 served and 64 being refused at any time" : "UNBOUNDED") +
               " (the rest answered 503 or closed); " + report.outcome());
}

}  // namespace
}  // namespace dockside::hostile
