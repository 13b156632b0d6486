// A target that costs as little per request as HTTP/1.1 allows, so that a load benchmark measures the
// generator and not the target. One thread, level-triggered epoll; every request head (GET, no body) is
// answered with the same pre-built 200 carrying one file's bytes: one epoll_wait, one read and one write
// per request when requests arrive one at a time, which is how an open loop sends them. nginx does more per
// request (parsing, headers, a file lookup), and with one worker it can fall behind an open loop at 80 % of
// the closed-loop maximum before the generator does; against this sink both loops measure the generator,
// so the open loop's share of the closed loop's maximum is the generator's own (tools/bench/README.md).
// It sleeps in epoll_wait between requests, as servers do. Tried and dropped: polling epoll without sleeping
// saves the generator the cost of waking it, but answers came later (at 100,000/s open loop: service time
// p99 0.64 ms, max 8 ms, and 10 % of requests waited for a connection).
//
//   sink_server PORT BODY_FILE      listens on 127.0.0.1:PORT until killed
//
// Not a web server: a request with a body gets 501 and the connection closed, so a benchmark that sends one
// finds out at once rather than measuring a misparse.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace {

int usage(const char* why) {
    std::fprintf(stderr, "sink_server: %s\nusage: sink_server PORT BODY_FILE\n", why);
    return 2;
}

struct Connection {
    std::string in;   ///< bytes read and not yet answered
    std::string out;  ///< answers not yet written (the socket's buffer was full)
    bool waiting_to_write = false;  ///< registered for EPOLLOUT
};

/// Where `name` (lower case, starting with "\r\n") begins in `head`, header names compared without case.
std::size_t find_header(std::string_view head, std::string_view name) {
    for (std::size_t at = head.find("\r\n"); at != std::string_view::npos; at = head.find("\r\n", at + 2)) {
        if (head.size() - at < name.size()) return std::string_view::npos;
        bool same = true;
        for (std::size_t i = 0; same && i < name.size(); ++i)
            same = std::tolower(static_cast<unsigned char>(head[at + i])) == name[i];
        if (same) return at;
    }
    return std::string_view::npos;
}

bool has_body(std::string_view head) {
    const auto length = find_header(head, "\r\ncontent-length:");
    if (length != std::string_view::npos) {
        const auto value = head.find_first_not_of(' ', length + 17);
        if (value != std::string_view::npos && head[value] != '0') return true;
    }
    return find_header(head, "\r\ntransfer-encoding:") != std::string_view::npos;
}

class Sink {
public:
    Sink(int listener, std::string answer) : listener_(listener), answer_(std::move(answer)) {}

    int run() {
        epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
        if (epoll_ < 0) return fail("epoll_create1");
        watch(listener_, EPOLLIN);
        epoll_event events[256];
        for (;;) {
            const int n = ::epoll_wait(epoll_, events, 256, -1);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return fail("epoll_wait");
            for (int i = 0; i < n; ++i) {
                const int fd = events[i].data.fd;
                if (fd == listener_) accept_all();
                else if (events[i].events & EPOLLOUT) on_writable(fd);
                else on_readable(fd);
            }
        }
    }

private:
    static int fail(const char* what) {
        std::perror(what);
        return 1;
    }

    void watch(int fd, std::uint32_t events) {
        epoll_event e{};
        e.events = events;
        e.data.fd = fd;
        ::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &e);
    }

    void accept_all() {
        for (;;) {
            const int fd = ::accept4(listener_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) return;  // EAGAIN: every pending connection taken (or a transient error: retried on the next event)
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            connections_[fd] = std::make_unique<Connection>();
            watch(fd, EPOLLIN);
        }
    }

    void close_connection(int fd) {
        ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
        ::close(fd);
        connections_.erase(fd);
    }

    void on_readable(int fd) {
        auto& c = *connections_.at(fd);
        char buffer[16384];
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR)) return close_connection(fd);
        if (got < 0) return;
        c.in.append(buffer, static_cast<std::size_t>(got));
        std::size_t start = 0;
        for (std::size_t end; (end = c.in.find("\r\n\r\n", start)) != std::string::npos; start = end + 4) {
            if (has_body(std::string_view(c.in).substr(start, end - start))) {
                static constexpr std::string_view kRefused =
                    "HTTP/1.1 501 Not Implemented\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
                const ssize_t written = ::write(fd, kRefused.data(), kRefused.size());
                (void)written;  // closing either way: the client sees the 501 or the close
                return close_connection(fd);
            }
            c.out += answer_;
        }
        c.in.erase(0, start);
        if (c.in.size() > 65536) return close_connection(fd);  // no head in 64 KiB: not a request
        if (!c.out.empty()) flush(fd, c);
    }

    void on_writable(int fd) { flush(fd, *connections_.at(fd)); }

    void flush(int fd, Connection& c) {
        while (!c.out.empty()) {
            const ssize_t put = ::write(fd, c.out.data(), c.out.size());
            if (put < 0 && errno == EINTR) continue;
            if (put < 0 && errno == EAGAIN) break;
            if (put < 0) return close_connection(fd);
            c.out.erase(0, static_cast<std::size_t>(put));
        }
        // Wait for room only while answers are pending, so an idle connection costs no events.
        const bool wait = !c.out.empty();
        if (wait == c.waiting_to_write) return;
        epoll_event e{};
        e.events = wait ? EPOLLIN | EPOLLOUT : EPOLLIN;
        e.data.fd = fd;
        ::epoll_ctl(epoll_, EPOLL_CTL_MOD, fd, &e);
        c.waiting_to_write = wait;
    }

    int listener_;
    int epoll_ = -1;
    std::string answer_;
    std::unordered_map<int, std::unique_ptr<Connection>> connections_;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) return usage("expected two arguments");
    char* end = nullptr;
    const long port = std::strtol(argv[1], &end, 10);
    if (*end != '\0' || port < 1 || port > 65535) return usage("PORT must be 1-65535");
    std::ifstream file(argv[2], std::ios::binary);
    if (!file) return usage("BODY_FILE cannot be read");
    const std::string body((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::string answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                               std::to_string(body.size()) + "\r\n\r\n" + body;

    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(listener, 4096) != 0) {
        std::perror("sink_server: bind/listen on 127.0.0.1");
        return 1;
    }
    return Sink(listener, answer).run();
}
