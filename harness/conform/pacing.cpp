#include "harness/conform/pacing.h"

#include <sys/mman.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <thread>

namespace dockside::conform {
namespace {

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC: one clock for every process of the machine

struct Schedule {
    std::atomic<std::int64_t> next_ns{0};
    std::int64_t interval_ns = 0;
};

Schedule* g_schedule = nullptr;  // mapped shared, so forked children take turns from one schedule

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

}  // namespace

void pace_requests(double per_second) {
    if (per_second <= 0) {
        g_schedule = nullptr;
        return;
    }
    if (!g_schedule) {
        void* page = ::mmap(nullptr, sizeof(Schedule), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) return;  // no shared page: no cap rather than a cap per child
        g_schedule = new (page) Schedule;
    }
    g_schedule->interval_ns = static_cast<std::int64_t>(1e9 / per_second);
}

void wait_for_request_turn() {
    Schedule* schedule = g_schedule;
    if (!schedule) return;
    std::int64_t slot = 0;
    for (std::int64_t next = schedule->next_ns.load();;) {
        slot = std::max(now_ns(), next);
        if (schedule->next_ns.compare_exchange_weak(next, slot + schedule->interval_ns)) break;
    }
    const std::int64_t wait = slot - now_ns();
    if (wait > 0) std::this_thread::sleep_for(std::chrono::nanoseconds(wait));
}

}  // namespace dockside::conform
