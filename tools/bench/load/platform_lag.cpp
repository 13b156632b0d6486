// The send lag a perfect open-loop generator would have on this CPU: it keeps the same schedule as
// `dockside load --rate R --duration D` but sends nothing, spinning on the clock until each request is
// due and recording how late it noticed (actual minus intended, in microseconds, as the load engine
// does). What it records is the platform's own share of send lag: the time the CPU was taken away
// (by the hypervisor, interrupts or another task). open_loop_accuracy runs it on the generator's CPU
// right before each dockside run, as the floor that no generator on this machine can beat.
//
//   platform_lag RATE SECONDS   ->   one line: count p50_us p99_us p999_us max_us share_over_100us
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness/histogram/histogram.h"
#include "harness/load/schedule.h"

namespace {

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

int usage(const char* why) {
    std::fprintf(stderr, "platform_lag: %s\nusage: platform_lag RATE SECONDS (RATE > 0, 0 < SECONDS <= 600)\n", why);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dockside;
    if (argc != 3) return usage("two arguments expected");
    char* end = nullptr;
    const double rate = std::strtod(argv[1], &end);
    if (*end != '\0' || !(rate > 0)) return usage("RATE is not a positive number");
    const double seconds = std::strtod(argv[2], &end);
    if (*end != '\0' || !(seconds > 0 && seconds <= 600)) return usage("SECONDS is out of range");
    auto schedule = load::Schedule::constant(rate, load::Nanos(static_cast<std::int64_t>(seconds * 1e9)));
    if (!schedule) return usage(schedule.error().c_str());

    histogram::Histogram lag;
    std::int64_t over_100us = 0;
    const std::int64_t t0 = now_ns();
    for (std::uint64_t k = 0;; ++k) {
        const auto due = schedule->time_of(k);
        if (!due) break;
        const std::int64_t intended = t0 + *due;
        std::int64_t now = now_ns();
        while (now < intended) now = now_ns();
        const std::int64_t micros = (now - intended) / 1000;
        lag.record(micros);
        if (micros > 100) ++over_100us;
    }
    std::printf("%lld %lld %lld %lld %lld %.6f\n", static_cast<long long>(lag.total_count()),
                static_cast<long long>(lag.value_at_percentile(50)), static_cast<long long>(lag.value_at_percentile(99)),
                static_cast<long long>(lag.value_at_percentile(99.9)), static_cast<long long>(lag.max()),
                static_cast<double>(over_100us) / static_cast<double>(lag.total_count()));
    return 0;
}
