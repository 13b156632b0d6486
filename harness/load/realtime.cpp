#include "harness/load/realtime.h"

#include <pthread.h>
#include <sched.h>

#include <cstring>

namespace dockside::load {

std::optional<std::string> enter_realtime() {
    sched_param param{};
    param.sched_priority = kRealtimePriority;
    const int error = ::pthread_setschedparam(::pthread_self(), SCHED_FIFO, &param);
    if (error == 0) return std::nullopt;
    return std::string("SCHED_FIFO priority ") + std::to_string(kRealtimePriority) + ": " + std::strerror(error);
}

std::optional<std::string> realtime_unavailable() {
    int policy = 0;
    sched_param before{};
    if (const int error = ::pthread_getschedparam(::pthread_self(), &policy, &before); error != 0)
        return std::string("reading this thread's scheduling policy failed: ") + std::strerror(error);
    if (auto problem = enter_realtime())
        return *problem + " (real-time scheduling needs root or CAP_SYS_NICE: `setcap cap_sys_nice+ep dockside`)";
    ::pthread_setschedparam(::pthread_self(), policy, &before);
    return std::nullopt;
}

}  // namespace dockside::load
