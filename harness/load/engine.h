#pragma once
/// The load engine: N keep-alive connections on T threads (one io_context per thread, each connection
/// pinned to its thread), sending a RequestPlan either open-loop on a Schedule (every request has an
/// intended send time; latency is measured from it, wrk2-style) or closed-loop (each connection sends
/// its next request when the previous answer is in, wrk-style). Per-request work touches only the
/// thread's own state: no lock, no allocation once buffers have grown, requests pre-serialized.
///
/// Errors never stop a run; they are counted by kind. Results arrive once a second through a
/// RunObserver and in full when run() returns.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/load/credential.h"
#include "harness/load/nap_policy.h"
#include "harness/load/request_plan.h"
#include "harness/load/run_stats.h"
#include "harness/load/sample_queue.h"
#include "harness/load/schedule.h"
#include "harness/load/start_instant.h"

namespace dockside::load {

enum class LoadModel { open_loop, closed_loop };

/// Where the connections go.
struct TargetAddress {
    std::string host;        ///< name or IP literal (resolved once, before the run)
    std::uint16_t port = 0;
    bool tls = false;
    bool insecure = false;   ///< skip certificate verification
    std::string ca_file;     ///< extra trusted CA certificates (PEM)
};

struct EngineOptions {
    TargetAddress target;
    LoadModel model = LoadModel::open_loop;
    std::optional<Schedule> schedule;     ///< open loop: the measured schedule
    Nanos duration{0};                    ///< closed loop: how long to send
    Nanos warmup{0};                      ///< sent before the measured run, not recorded
    /// When the run starts (the warm-up first, if any), on the system clock, so that shards in other
    /// processes start one schedule together. The engine waits for it, opens its connections shortly
    /// before and starts at exactly this instant, even if it is already a little past. None: as soon as
    /// the connections are open.
    std::optional<WallTime> start_at;
    double warmup_rate = 0;               ///< open loop: requests/s during the warm-up
    int connections = 10;
    int threads = 2;
    Nanos request_timeout = std::chrono::seconds(30);
    Nanos connect_timeout = std::chrono::seconds(5);
    /// After the schedule (or duration) ends: how long requests in flight or still waiting for a
    /// connection may take before the run stops; those left are counted as timeout or unsent.
    Nanos drain_timeout = std::chrono::seconds(30);
    /// After an interrupt: how long requests in flight may finish (they are dropped, not counted, after).
    Nanos interrupt_grace = std::chrono::seconds(1);
    std::size_t max_body_bytes = 64 * 1024 * 1024;
    std::uint32_t max_header_bytes = 64 * 1024;
    double sample_fraction = 0;  ///< share of responses handed to the sample queue
    /// The text of the plan's credential slots, which may change during the run (workers take a new
    /// value at their next tick). Required when the plan has credential slots.
    std::shared_ptr<const Credential> credential;
    std::uint64_t seed = 1;      ///< chooses operations and variants per request index
    unsigned shard_index = 0;    ///< this generator sends the request indexes ≡ shard_index (mod shard_count)
    unsigned shard_count = 1;
    /// Open loop: a send closer than this to its intended time is waited for by spinning rather than
    /// by a timer, which wakes too late for sub-100 µs send lag. The starting value: each thread then
    /// learns its timers' wake-up delay and adjusts (from 30 µs up to four times this).
    Nanos spin_window = std::chrono::microseconds(150);
    /// Closed loop over plain HTTP: a worker waiting only for answers may sleep a little and read them in
    /// one batch, where that completes more requests (nap_policy.h); false reads each answer at once.
    bool read_batching = true;
    /// Tests: the read batching's trial lengths and gain, where the defaults do not suit a short run.
    std::optional<NapPolicy::Settings> read_batching_trials;
    /// Called first thing on every worker thread (tests count allocations per thread with it).
    std::function<void()> on_worker_start;
    /// Tests: called on every worker thread once it has stopped and closed its connections, before it
    /// hands over its last figures (a test holds a thread there to stand for a slow shutdown).
    std::function<void()> on_worker_end;
    /// Tests: called on the worker thread with every recorded answer (operation, latency µs, service µs).
    std::function<void(std::size_t, std::int64_t, std::int64_t)> on_record;
    /// Tests: called on the worker thread as each measured open-loop request goes out, with its index in
    /// the whole schedule (all shards) and its intended send time (steady-clock ns).
    std::function<void(std::uint64_t, std::int64_t)> on_send;
};

/// Figures of the moment, for progress lines.
struct LiveStatus {
    std::int64_t elapsed_ns = 0;  ///< since the measured start (negative during the warm-up)
    std::int64_t in_flight = 0;   ///< requests written and not yet answered
    std::int64_t waiting = 0;     ///< open loop: due requests waiting for a free connection
    bool warming_up = false;
};

class RunObserver {
public:
    virtual ~RunObserver() = default;
    /// Once, before the first request: when the measured run starts, in seconds since the epoch.
    virtual void on_start(double /*measured_start_epoch_s*/) {}
    /// Once per second of the measured run (and once for the last, partial second): the figures of that
    /// interval, every worker's added together. Called on the thread that called run().
    virtual void on_interval(const StatsSet& interval, const LiveStatus& live) = 0;
    /// Once per second of the warm-up.
    virtual void on_warmup(const LiveStatus&) {}
    /// While waiting for EngineOptions::start_at, before any connection is opened: once a second in the
    /// last minute, every 10 s or every minute before.
    virtual void on_waiting(WallTime /*start_at*/, double /*seconds_left*/) {}
};

/// The whole run.
struct RunOutcome {
    StatsSet totals;
    std::int64_t measured_ns = 0;  ///< measured start to the end of the schedule (or interrupt)
    std::int64_t drain_ns = 0;     ///< after that, until the last answer
    std::uint64_t requested = 0;   ///< open loop: requests the schedule asked for in the measured span
    bool interrupted = false;
    std::int64_t aborted_in_flight = 0;  ///< dropped at an interrupt, in no count
    std::int64_t connections_opened = 0;
    std::int64_t max_waiting = 0;   ///< the most due requests that waited for a connection at once
    std::int64_t warmup_sent = 0;   ///< requests sent during the warm-up, in no other count
    /// Measured answers, and those timed by the kernel's arrival stamp (the others when read: TLS).
    AnswerTiming answer_timing;
    double measured_start_epoch_s = 0;
    /// The same instant in ns since the epoch; exactly start_at + warm-up when EngineOptions::start_at is set.
    std::int64_t measured_start_unix_ns = 0;
    /// Per operation: the first answer of each error status and first failure of each kind.
    std::vector<std::vector<ErrorExample>> examples;
};

class Engine {
public:
    /// Checks options and plan (every problem at once) and resolves the target's address.
    static Result<std::unique_ptr<Engine>, std::vector<std::string>> create(EngineOptions options, RequestPlan plan,
                                                                           SampleQueue* samples = nullptr);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    /// Runs to the end (or until `interrupt` becomes true), calling `observer` once a second.
    RunOutcome run(RunObserver& observer, const std::atomic<bool>* interrupt = nullptr);

    const RequestPlan& plan() const;
    const EngineOptions& options() const;

private:
    struct Impl;
    explicit Engine(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

/// Every problem of the options alone (no plan): counts, timeouts, the schedule for open loop.
std::vector<std::string> check_options(const EngineOptions& options);

}  // namespace dockside::load
