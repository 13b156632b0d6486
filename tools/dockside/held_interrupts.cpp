#include "tools/dockside/held_interrupts.h"

#include <csignal>

namespace dockside::cli {
namespace {

volatile std::sig_atomic_t g_held = 0;

extern "C" void hold(int signal) {
    if (g_held == 0) g_held = signal;
}

}  // namespace

void hold_interrupts() {
    std::signal(SIGINT, hold);
    std::signal(SIGTERM, hold);
}

int claim_interrupts() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    const int held = g_held;
    g_held = 0;
    return held;
}

}  // namespace dockside::cli
