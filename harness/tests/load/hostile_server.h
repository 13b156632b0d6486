#pragma once
/// A target that misbehaves on purpose, for `dockside load`'s robustness tests: it answers correctly
/// except on every `every`-th request, where it does the hostile thing of its mode. Plain sockets and a
/// thread per connection, so that every byte it sends (or withholds) is exactly what the mode says.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace dockside::load::testing {

enum class Hostility {
    reset,               ///< close with RST instead of answering
    hang,                ///< never answer (the connection stays open)
    drip,                ///< answer one byte every 50 ms
    bad_http,            ///< a status line that is not HTTP
    bad_chunking,        ///< chunked body with a chunk size that is not hex
    content_length_long, ///< Content-Length larger than the body, then silence
    content_length_short,///< Content-Length smaller than the body (extra bytes follow)
    non_json,            ///< 200 with an HTML body where JSON is documented
    close_each,          ///< every response is followed by a close, without Connection: close
};

std::string_view to_string(Hostility mode);
const std::vector<Hostility>& all_hostilities();

class HostileServer {
public:
    /// Listens on 127.0.0.1:0. `every` = 1 makes every request hostile.
    HostileServer(Hostility mode, int every);
    ~HostileServer();
    HostileServer(const HostileServer&) = delete;
    HostileServer& operator=(const HostileServer&) = delete;

    std::uint16_t port() const { return port_; }
    int requests_seen() const { return requests_.load(); }
    /// Stops accepting, closes every connection and joins every thread.
    void stop();

private:
    void accept_loop();
    void serve(int fd);
    void answer(int fd, bool hostile, bool& keep_open);

    Hostility mode_;
    int every_;
    int listener_ = -1;
    std::uint16_t port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<int> requests_{0};
    std::mutex mutex_;
    std::vector<int> open_fds_;
    std::vector<std::thread> threads_;
    std::thread acceptor_;
};

}  // namespace dockside::load::testing
