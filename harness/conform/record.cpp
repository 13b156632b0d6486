#include "harness/conform/record.h"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>

#include "harness/conform/areas.h"
#include "harness/conform/junit.h"

namespace dockside::conform {
namespace {

/// Stands for what stopped the run in the prepared texts; the handler writes the real words there.
constexpr std::string_view kStop = "@@DOCKSIDE-STOP@@";

/// A record ready to write: the texts cut at every kStop.
struct Prepared {
    std::vector<std::string> results;
    std::vector<std::string> junit;
};

/// Two slots so a new record is prepared while the other stays writable; `g_active` says which is current.
Prepared g_slots[2];
std::atomic<int> g_active{-1};
std::string g_results_path, g_results_tmp, g_junit_path, g_junit_tmp;
std::atomic<int> g_console{-1};
std::atomic<bool> g_writing{false};

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
struct sigaction g_previous[sizeof kSignals / sizeof kSignals[0]];

std::vector<std::string> cut(const std::string& text) {
    std::vector<std::string> pieces;
    std::size_t start = 0;
    for (auto at = text.find(kStop); at != std::string::npos; at = text.find(kStop, start)) {
        pieces.push_back(text.substr(start, at - start));
        start = at + kStop.size();
    }
    pieces.push_back(text.substr(start));
    return pieces;
}

// Everything below runs inside signal handlers: only write, open, close, rename, _exit and raise.

void write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n <= 0) return;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}

void write_text(int fd, const char* text) { write_all(fd, text, std::strlen(text)); }

void write_file(const std::string& path, const std::string& tmp, const std::vector<std::string>& pieces, const char* stop) {
    if (path.empty()) return;
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i) write_text(fd, stop);
        write_all(fd, pieces[i].data(), pieces[i].size());
    }
    ::close(fd);
    ::rename(tmp.c_str(), path.c_str());
}

/// Writes the current prepared record with `stop` as the reason; false when there is none.
bool write_prepared(const char* stop) {
    if (g_writing.exchange(true)) return false;  // a second signal while writing: the first one finishes
    const int slot = g_active.load();
    if (slot < 0) return false;
    write_file(g_results_path, g_results_tmp, g_slots[slot].results, stop);
    write_file(g_junit_path, g_junit_tmp, g_slots[slot].junit, stop);
    return true;
}

const char* describe(int signal) {
    switch (signal) {
        case SIGINT: return "SIGINT (interrupted)";
        case SIGTERM: return "SIGTERM (terminated)";
        case SIGSEGV: return "SIGSEGV (the harness crashed)";
        case SIGBUS: return "SIGBUS (the harness crashed)";
        case SIGFPE: return "SIGFPE (the harness crashed)";
        case SIGILL: return "SIGILL (the harness crashed)";
        case SIGABRT: return "SIGABRT (the harness aborted)";
    }
    return "a signal";
}

extern "C" void on_signal(int signal) {
    const bool written = write_prepared(describe(signal));
    const int console = g_console.load();
    if (console >= 0 && written) {
        write_text(console, "\ndockside conform: stopped by ");
        write_text(console, describe(signal));
        write_text(console, "; the record written so far says so: ");
        write_text(console, g_results_path.c_str());
        write_text(console, "\n");
    }
    if (signal == SIGINT || signal == SIGTERM) ::_exit(128 + signal);
    ::signal(signal, SIG_DFL);  // a crash stays a crash: die by the same signal
    ::raise(signal);
}

}  // namespace

RunRecord::RunRecord(std::string results_path, std::string junit_path)
    : results_path_(std::move(results_path)), junit_path_(std::move(junit_path)) {}

RunRecord::~RunRecord() { disarm(); }

void RunRecord::arm(const RunMetadata& meta) {
    {
        std::lock_guard lock(mutex_);
        done_ = RunResults{meta, {}};
        running_.clear();
    }
    g_results_path = results_path_;
    g_results_tmp = results_path_ + ".partial";
    g_junit_path = junit_path_;
    g_junit_tmp = junit_path_ + ".partial";
    set_console_fd(-1);
    prepare();
    // A stack of its own for the handler, so a stack overflow can still be recorded.
    static std::vector<char> alternate(1 << 16);
    stack_t stack{};
    stack.ss_sp = alternate.data();
    stack.ss_size = alternate.size();
    sigaltstack(&stack, nullptr);
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK;
    for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &action, &g_previous[i]);
    armed_ = true;
    stop_watch_ = false;
    watchdog_ = std::thread([this] { watch(); });
}

void RunRecord::disarm() {
    if (!armed_.exchange(false)) return;
    for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
    stop_watch_ = true;
    if (watchdog_.joinable()) watchdog_.join();
    g_active = -1;
}

void RunRecord::set_console_fd(int fd) {
    // -1: the console is standard output again (it is only elsewhere while the runner captures it).
    console_fd_ = fd < 0 ? 1 : fd;
    g_console = console_fd_.load();
}

void RunRecord::update_meta(const RunMetadata& meta) {
    {
        std::lock_guard lock(mutex_);
        done_.meta = meta;
    }
    prepare();
}

void RunRecord::test_started(const std::string& name, std::chrono::seconds hard_limit) {
    {
        std::lock_guard lock(mutex_);
        running_.push_back({name, std::chrono::steady_clock::now(), hard_limit});
    }
    prepare();
}

void RunRecord::test_finished(TestOutcome outcome) {
    {
        std::lock_guard lock(mutex_);
        std::erase_if(running_, [&](const Running& r) { return r.name == outcome.name; });
        done_.tests.push_back(std::move(outcome));
    }
    prepare();
}

void RunRecord::prepare() {
    RunResults would_be;
    std::vector<Running> running;
    {
        std::lock_guard lock(mutex_);
        would_be = done_;
        running = running_;
    }
    would_be.meta.interrupted = std::string(kStop);
    for (const auto& r : running) {
        TestOutcome t;
        t.name = r.name;
        t.area = area_of_test(r.name);
        t.status = TestStatus::Interrupted;
        t.reason = "the run was stopped by " + std::string(kStop) + " while this test ran";
        would_be.tests.push_back(std::move(t));
    }
    const int next = g_active.load() == 0 ? 1 : 0;
    g_slots[next].results = cut(to_json(would_be).dump(2) + "\n");
    g_slots[next].junit = junit_path_.empty() ? std::vector<std::string>{} : cut(render_junit(would_be));
    g_active = next;
}

void RunRecord::watch() {
    using namespace std::chrono;
    auto last_note = steady_clock::now();
    while (!stop_watch_) {
        std::this_thread::sleep_for(milliseconds(200));
        std::vector<Running> running;
        {
            std::lock_guard lock(mutex_);
            running = running_;
        }
        const auto now = steady_clock::now();
        for (const auto& r : running) {
            const auto elapsed = duration_cast<seconds>(now - r.since);
            if (r.hard_limit.count() <= 0 || elapsed <= r.hard_limit) continue;
            const std::string why = "the watchdog: " + r.name + " ran " + std::to_string(elapsed.count()) +
                                    " s, past its hard limit, in a way the harness could not cut short";
            write_prepared(why.c_str());
            const int console = console_fd_.load();
            if (console >= 0) {
                const std::string line = "\ndockside conform: stopped by " + why + "; record: " + results_path_ + "\n";
                write_all(console, line.data(), line.size());
            }
            ::_exit(1);
        }
        // Progress on a test that runs long, so a slow target does not look like a hung harness.
        if (now - last_note < seconds(15)) continue;
        for (const auto& r : running) {
            const auto elapsed = duration_cast<seconds>(now - r.since);
            if (elapsed < seconds(15)) continue;
            last_note = now;
            const int console = console_fd_.load();
            if (console >= 0) {
                const std::string line = "  … still running " + r.name + " (" + std::to_string(elapsed.count()) + " s)\n";
                write_all(console, line.data(), line.size());
            }
        }
    }
}

}  // namespace dockside::conform
