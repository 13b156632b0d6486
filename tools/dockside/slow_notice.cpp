#include "tools/dockside/slow_notice.h"

#include <cmath>
#include <iostream>

namespace dockside::cli {

SlowNotice::SlowNotice(std::string message, std::chrono::milliseconds after) {
    thread_ = std::thread([this, message = std::move(message), after] {
        std::unique_lock lock(mutex_);
        if (ended_.wait_for(lock, after, [this] { return done_; })) return;
        std::cerr << message << std::endl;
    });
}

SlowNotice::~SlowNotice() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    ended_.notify_one();
    thread_.join();
}

std::string waiting_for_target(const std::string& command, const std::string& base_url, double timeout_seconds) {
    const auto seconds = static_cast<long long>(std::ceil(timeout_seconds));
    return "dockside " + command + ": still waiting for " + base_url + " to answer (each request gives up after " +
           std::to_string(seconds) + " s: --timeout)";
}

}  // namespace dockside::cli
