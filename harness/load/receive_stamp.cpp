#include "harness/load/receive_stamp.h"

#include <sys/socket.h>
#include <sys/uio.h>

#include <cerrno>
#include <cstring>

namespace dockside::load {
namespace {

std::int64_t ns_of(const std::timespec& t) { return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec; }

std::int64_t read_clock(clockid_t id) {
    std::timespec t{};
    ::clock_gettime(id, &t);
    return ns_of(t);
}

}  // namespace

bool enable_receive_stamps(int fd) {
    const int on = 1;
    return ::setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) == 0;
}

StampedRead read_stamped(int fd, void* data, std::size_t size) {
    StampedRead out;
    iovec io{data, size};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(std::timespec))];
    msghdr message{};
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    const ssize_t n = ::recvmsg(fd, &message, MSG_DONTWAIT);
    out.bytes = static_cast<long>(n);
    if (n < 0) {
        out.error = errno;
        return out;
    }
    if (message.msg_flags & MSG_CTRUNC) return out;
    for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS &&
            c->cmsg_len >= CMSG_LEN(sizeof(std::timespec))) {
            std::memcpy(&out.stamp, CMSG_DATA(c), sizeof out.stamp);
            out.stamped = true;
        }
    }
    return out;
}

void ReceiveClock::calibrate() {
    // The steady reads around the system read bound when it was taken; the tightest of three pairs wins
    // (a pair that a preemption split is wide and loses).
    std::int64_t best_width = INT64_MAX;
    for (int i = 0; i < 3; ++i) {
        const std::int64_t before = read_clock(CLOCK_MONOTONIC);
        const std::int64_t system = read_clock(CLOCK_REALTIME);
        const std::int64_t after = read_clock(CLOCK_MONOTONIC);
        if (after - before < best_width) {
            best_width = after - before;
            offset_ns_ = system - (before + (after - before) / 2);
        }
    }
}

std::int64_t ReceiveClock::to_steady_ns(const std::timespec& stamp) const { return ns_of(stamp) - offset_ns_; }

}  // namespace dockside::load
