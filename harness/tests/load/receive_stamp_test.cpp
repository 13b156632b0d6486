// Kernel receive stamps: a read says when its bytes arrived, however late it is made, and the stamp
// converts to the steady clock the engine measures on.

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "harness/load/receive_stamp.h"

namespace dockside::load {
namespace {

using tcp = boost::asio::ip::tcp;
using namespace std::chrono_literals;

std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// A connected loopback pair: `client` reads, `server` writes.
struct Pair {
    boost::asio::io_context io;
    tcp::acceptor acceptor{io, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)};
    tcp::socket client{io};
    tcp::socket server{io};
    Pair() {
        client.connect(acceptor.local_endpoint());
        acceptor.accept(server);
        client.non_blocking(true);
    }
};

/// The kernel turns receive stamping on for the whole machine when the first socket asks, from a work queue
/// (net_enable_timestamp defers the switch when no socket wanted stamps before): bytes that arrive before
/// that work has run carry no stamp. A test that writes at once after asking failed one run in ten so.
/// This sends a byte at a time until one comes back stamped (for at most 2 s).
bool stamping_is_on(Pair& pair) {
    char byte = 0;
    for (int attempt = 0; attempt < 200; ++attempt) {
        boost::asio::write(pair.server, boost::asio::buffer("s", 1));
        std::this_thread::sleep_for(10ms);
        const StampedRead read = read_stamped(pair.client.native_handle(), &byte, 1);
        if (read.bytes == 1 && read.stamped) return true;
    }
    return false;
}

TEST(ReceiveStamp, AReadMadeLateStillSaysWhenTheBytesArrived) {
    Pair pair;
    ASSERT_TRUE(enable_receive_stamps(pair.client.native_handle()));
    ASSERT_TRUE(stamping_is_on(pair)) << "the kernel never stamped a byte on a socket that asked for stamps";
    ReceiveClock clock;
    clock.calibrate();
    const std::int64_t written = steady_ns();
    boost::asio::write(pair.server, boost::asio::buffer("HTTP/1.1 200 OK\r\n", 17));
    std::this_thread::sleep_for(50ms);  // the reader is busy elsewhere
    const std::int64_t read_at = steady_ns();
    char buffer[64];
    const StampedRead read = read_stamped(pair.client.native_handle(), buffer, sizeof buffer);
    ASSERT_EQ(read.bytes, 17);
    ASSERT_TRUE(read.stamped);
    const std::int64_t arrived = clock.to_steady_ns(read.stamp);
    // Arrived within a few milliseconds of the write (loopback), long before the read 50 ms later.
    EXPECT_GE(arrived, written - 1'000'000);
    EXPECT_LT(arrived, written + 10'000'000);
    EXPECT_LT(arrived, read_at - 30'000'000);
}

TEST(ReceiveStamp, NothingToReadIsWouldBlockAndTheEndIsZero) {
    Pair pair;
    char buffer[16];
    const StampedRead empty = read_stamped(pair.client.native_handle(), buffer, sizeof buffer);
    EXPECT_LT(empty.bytes, 0);
    EXPECT_TRUE(empty.error == EAGAIN || empty.error == EWOULDBLOCK) << std::strerror(empty.error);
    EXPECT_FALSE(empty.stamped);
    pair.server.shutdown(tcp::socket::shutdown_send);
    std::this_thread::sleep_for(10ms);
    const StampedRead end = read_stamped(pair.client.native_handle(), buffer, sizeof buffer);
    EXPECT_EQ(end.bytes, 0);
}

TEST(ReceiveStamp, WithoutAskingThereIsNoStamp) {
    Pair pair;
    boost::asio::write(pair.server, boost::asio::buffer("x", 1));
    std::this_thread::sleep_for(10ms);
    char buffer[16];
    const StampedRead read = read_stamped(pair.client.native_handle(), buffer, sizeof buffer);
    EXPECT_EQ(read.bytes, 1);
    EXPECT_FALSE(read.stamped);
}

TEST(ReceiveClock, ASystemClockReadingConvertsToTheSteadyClockOfTheSameMoment) {
    ReceiveClock clock;
    clock.calibrate();
    std::timespec system_now{};
    ::clock_gettime(CLOCK_REALTIME, &system_now);
    EXPECT_NEAR(static_cast<double>(clock.to_steady_ns(system_now)), static_cast<double>(steady_ns()), 1e6);
}

}  // namespace
}  // namespace dockside::load
