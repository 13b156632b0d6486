#include "harness/auth/token_refresher.h"

#include <algorithm>

namespace dockside::auth {

using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

TokenRefresher::TokenRefresher(OAuthRefresh grant, std::chrono::seconds contract_lifetime, RefresherHooks hooks)
    : grant_(std::move(grant)), contract_lifetime_(contract_lifetime), hooks_(std::move(hooks)) {
    if (grant_.lifetime.count() <= 0) grant_.lifetime = contract_lifetime_;
}

TokenRefresher::~TokenRefresher() { stop(); }

Result<std::string, std::string> TokenRefresher::renew_now() {
    if (!renew(false)) return fail(counts().last_error);
    std::lock_guard lock(mutex_);
    return issued_.back();
}

bool TokenRefresher::renew(bool on_demand) {
    std::lock_guard renewing(renewing_);
    OAuthRefresh grant;
    {
        std::lock_guard lock(mutex_);
        grant = grant_;
        last_attempt_ = SteadyClock::now();
    }
    auto token = renew_token(grant, contract_lifetime_);  // no lock held during the exchange
    if (!token) {
        {
            std::lock_guard lock(mutex_);
            ++counts_.failures;
            counts_.last_error = token.error();
        }
        if (hooks_.failed) hooks_.failed(token.error());
        return false;
    }
    std::string spent;
    {
        std::lock_guard lock(mutex_);
        spent = grant_.refresh_token;
        grant_ = grant;
        issued_.push_back(*token);
        ++counts_.renewals;
        if (on_demand) ++counts_.on_demand;
    }
    // The new refresh token is stored before the access token goes out: the old one is spent, and a run
    // that ends in between must not leave only the spent one behind.
    if (hooks_.rotated && !grant.refresh_token.empty() && grant.refresh_token != spent)
        if (auto stored = hooks_.rotated(grant.refresh_token); !stored) {
            std::lock_guard lock(mutex_);
            ++counts_.store_failures;
            counts_.last_error = stored.error();
        }
    hooks_.publish(*token);
    return true;
}

void TokenRefresher::start() {
    std::lock_guard lock(mutex_);
    if (thread_.joinable()) return;
    stopping_ = false;
    thread_ = std::thread([this] { loop(); });
}

void TokenRefresher::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void TokenRefresher::loop() {
    std::unique_lock lock(mutex_);
    auto due = grant_.issued_at + renew_after(grant_.lifetime);
    while (!stopping_) {
        const auto until = hooks_.demanded ? std::min(due, SteadyClock::now() + hooks_.demand_poll) : due;
        if (wake_.wait_until(lock, until, [this] { return stopping_; })) break;
        const auto now = SteadyClock::now();
        bool on_demand = false;
        if (now < due) {
            // Woken to look for a demand: one is honoured once the gap since the last attempt has passed.
            if (now - last_attempt_ < hooks_.demand_gap) continue;
            lock.unlock();
            on_demand = hooks_.demanded();
            lock.lock();
            if (!on_demand) continue;
        }
        lock.unlock();
        const bool renewed = renew(on_demand);
        lock.lock();
        if (renewed) {
            due = grant_.issued_at + renew_after(grant_.lifetime);
        } else {
            const auto retry = std::clamp<SteadyClock::duration>(grant_.lifetime / 8, 250ms, 5s);
            due = SteadyClock::now() + retry;
        }
    }
}

RenewalCounts TokenRefresher::counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
}

std::vector<std::string> TokenRefresher::issued() const {
    std::lock_guard lock(mutex_);
    return issued_;
}

}  // namespace dockside::auth
