#include "harness/conform/lockstep.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <sstream>

namespace dockside::conform {
namespace {

struct Ring {
    int read_fd = -1;
    int write_fd = -1;
    std::string id;
    std::atomic<bool> left{false};  ///< the run left the lockstep (or never was in one)
    std::timed_mutex turn;          ///< one thread of the run holds the turn at a time
};

/// Read once from the environment: the ends a forked test child inherits with everything else.
Ring& ring() {
    static Ring* r = [] {
        auto* made = new Ring;
        const char* value = std::getenv("DOCKSIDE_LOCKSTEP");
        std::istringstream in(value ? value : "");
        char comma1 = 0, comma2 = 0;
        // Never the standard streams: a stray value must not read turns from the console.
        if (!(in >> made->read_fd >> comma1 >> made->write_fd >> comma2 >> made->id) || comma1 != ',' || comma2 != ',' ||
            made->read_fd < 3 || made->write_fd < 3 || ::fcntl(made->read_fd, F_GETFD) < 0 || ::fcntl(made->write_fd, F_GETFD) < 0)
            made->left = true;
        return made;
    }();
    return *r;
}

thread_local bool t_holding = false;

}  // namespace

LockstepTurn::LockstepTurn(std::chrono::milliseconds patience) {
    Ring& r = ring();
    if (r.left || !r.turn.try_lock_for(patience)) return;
    pollfd wait{r.read_fd, POLLIN, 0};
    int ready = 0;
    do ready = ::poll(&wait, 1, static_cast<int>(patience.count()));
    while (ready < 0 && errno == EINTR);
    char byte = 0;
    if (!r.left && ready == 1 && ::recv(r.read_fd, &byte, 1, 0) == 1) {
        held_ = t_holding = true;
        return;
    }
    // No turn within the patience, or the other run is gone: alone from here on, never a second turn in the ring.
    r.left = true;
    r.turn.unlock();
}

LockstepTurn::~LockstepTurn() {
    if (!held_) return;
    Ring& r = ring();
    t_holding = false;
    const char byte = 1;
    if (::send(r.write_fd, &byte, 1, MSG_NOSIGNAL) != 1) r.left = true;
    r.turn.unlock();
}

const std::string& LockstepTurn::held() {
    static const std::string none;
    return t_holding ? ring().id : none;
}

}  // namespace dockside::conform
