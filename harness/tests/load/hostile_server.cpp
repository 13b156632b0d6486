#include "harness/tests/load/hostile_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace dockside::load::testing {
namespace {

/// One location as the contract documents it (GET /2025-07/location), so good answers validate.
const std::string kJson =
    R"json([{"abbreviation":"ORD1","access_granted":true,"attributes":["B2B"],"id":11,"is_active":true,)json"
    R"json("is_receiving_enabled":true,"is_shipping_enabled":true,"name":"Cicero (IL)","region":{"id":1,"name":"Central"},)json"
    R"json("services":[{"address":{"address1":"5900 W Ogden Ave","address2":"Suite 100","city":"Cicero","country":"US",)json"
    R"json("email":"cicero@fc.example.com","name":"Cicero (IL)","phone_number":"+1 312 555 0101","state":"IL",)json"
    R"json("zip_code":"60804"},"enabled":true,"service_type":"Receiving"}],"timezone":"Central Standard Time"}])json";

std::string ok_response() {
    return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(kJson.size()) +
           "\r\n\r\n" + kJson;
}

void send_all(int fd, const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return;
        sent += static_cast<std::size_t>(n);
    }
}

}  // namespace

std::string_view to_string(Hostility mode) {
    switch (mode) {
        case Hostility::reset: return "reset";
        case Hostility::hang: return "hang";
        case Hostility::drip: return "drip";
        case Hostility::bad_http: return "bad_http";
        case Hostility::bad_chunking: return "bad_chunking";
        case Hostility::content_length_long: return "content_length_long";
        case Hostility::content_length_short: return "content_length_short";
        case Hostility::non_json: return "non_json";
        case Hostility::close_each: return "close_each";
    }
    return "?";
}

const std::vector<Hostility>& all_hostilities() {
    static const std::vector<Hostility> all = {
        Hostility::reset,         Hostility::hang,     Hostility::drip,
        Hostility::bad_http,      Hostility::bad_chunking, Hostility::content_length_long,
        Hostility::content_length_short, Hostility::non_json, Hostility::close_each};
    return all;
}

HostileServer::HostileServer(Hostility mode, int every) : mode_(mode), every_(std::max(every, 1)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listener_, 64) != 0 ||
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
        throw std::runtime_error("hostile server: cannot listen");
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
}

HostileServer::~HostileServer() { stop(); }

void HostileServer::stop() {
    if (stopping_.exchange(true)) return;
    if (acceptor_.joinable()) acceptor_.join();
    {
        std::lock_guard lock(mutex_);
        for (int fd : open_fds_) ::shutdown(fd, SHUT_RDWR);
    }
    for (auto& t : threads_)
        if (t.joinable()) t.join();
    ::close(listener_);
}

void HostileServer::accept_loop() {
    while (!stopping_) {
        pollfd p{listener_, POLLIN, 0};
        if (::poll(&p, 1, 20) <= 0) continue;
        const int fd = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) continue;
        std::lock_guard lock(mutex_);
        open_fds_.push_back(fd);
        threads_.emplace_back([this, fd] { serve(fd); });
    }
}

void HostileServer::serve(int fd) {
    std::string pending;
    char buffer[4096];
    bool keep_open = true;
    while (keep_open && !stopping_) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 20) <= 0) continue;
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        pending.append(buffer, static_cast<std::size_t>(n));
        for (auto end = pending.find("\r\n\r\n"); end != std::string::npos && keep_open; end = pending.find("\r\n\r\n")) {
            pending.erase(0, end + 4);  // the load tests send GETs: no body to skip
            const int number = ++requests_;
            answer(fd, number % every_ == 0, keep_open);
        }
    }
    // Hung connections stay open until the server stops.
    while (!keep_open && mode_ == Hostility::hang && !stopping_) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    {
        std::lock_guard lock(mutex_);
        open_fds_.erase(std::remove(open_fds_.begin(), open_fds_.end(), fd), open_fds_.end());
    }
    ::close(fd);
}

void HostileServer::answer(int fd, bool hostile, bool& keep_open) {
    if (!hostile) return send_all(fd, ok_response());
    switch (mode_) {
        case Hostility::reset: {
            linger hard{1, 0};  // close with RST
            ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
            keep_open = false;
            return;
        }
        case Hostility::hang: keep_open = false; return;
        case Hostility::drip:
            for (char c : ok_response()) {
                if (stopping_ || ::send(fd, &c, 1, MSG_NOSIGNAL) != 1) break;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            return;
        case Hostility::bad_http: return send_all(fd, "HTTP/1.1 OK-ISH\r\nwhat: ever\r\n\r\n");
        case Hostility::bad_chunking:
            return send_all(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n");
        case Hostility::content_length_long:
            return send_all(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[]");
        case Hostility::content_length_short:
            return send_all(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]garbage-after");
        case Hostility::non_json:
            return send_all(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 13\r\n\r\n<html></html>");
        case Hostility::close_each:
            send_all(fd, ok_response());
            keep_open = false;
            return;
    }
}

}  // namespace dockside::load::testing
