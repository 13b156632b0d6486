#pragma once
/// One engine thread: its io_context, its connections, its id pools, and the parts of its state named by
/// what they serve: the open-loop schedule (open_loop_schedule.h), the closed loop's batches and naps
/// (closed_loop_batching.h), what it records (worker_recording.h) and its copy of the credential
/// (credential_hold.h). Everything here is touched by this thread only, except the StatsExchange and the
/// live figures (atomics), which the collecting thread reads. Internal to the engine.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "harness/load/closed_loop_batching.h"
#include "harness/load/credential_hold.h"
#include "harness/load/engine.h"
#include "harness/load/handler_arena.h"
#include "harness/load/id_pool.h"
#include "harness/load/idle_ring.h"
#include "harness/load/in_flight.h"
#include "harness/load/open_loop_schedule.h"
#include "harness/load/receive_stamp.h"
#include "harness/load/request_index.h"
#include "harness/load/response_parser.h"
#include "harness/load/steady_ns.h"
#include "harness/load/worker_recording.h"

namespace dockside::load::detail {

namespace net = boost::asio;

/// What every worker reads and nobody changes during the run (except the atomics).
struct EngineShared {
    EngineShared(const EngineOptions& o, const RequestPlan& p) : options(o), plan(p), picker(p.weights) {}

    const EngineOptions& options;
    const RequestPlan& plan;
    MixPicker picker;
    net::ip::tcp::endpoint endpoint;
    net::ssl::context* tls = nullptr;  ///< null for plain HTTP
    SampleQueue* samples = nullptr;
    std::optional<Schedule> warmup_schedule;  ///< open loop with a warm-up
    std::atomic<std::int64_t> t0{0};          ///< steady ns of the start (warm-up included); 0 until set
    std::atomic<bool> stop{false};            ///< interrupt requested
    std::atomic<int> connected_workers{0};

    std::int64_t measured_start() const { return t0.load() + options.warmup.count(); }
};

class Connection;

class Worker {
public:
    Worker(EngineShared& shared, unsigned index, int connections);
    ~Worker();

    /// The thread body: connect, wait for the start, run, drain, hand back.
    void run();

    StatsExchange& exchange() { return recording_.exchange; }
    /// The set being recorded into; read it only after the thread has ended.
    StatsSet& current() { return *recording_.current; }

    // Live figures for progress lines (written by the worker at each tick).
    std::atomic<std::int64_t> live_in_flight{0};
    std::atomic<std::int64_t> live_waiting{0};
    std::atomic<bool> done{false};

    std::int64_t aborted_in_flight() const { return recording_.aborted; }
    std::int64_t connections_opened() const { return recording_.connections_opened; }
    std::int64_t max_waiting() const { return recording_.max_waiting; }
    std::int64_t last_completion() const { return recording_.last_completion; }
    std::int64_t send_end() const { return send_end_; }
    /// Requests written during the warm-up (in no count of the run).
    std::int64_t warmup_sent() const { return recording_.warmup_sent; }
    /// Closed loop: the share of this thread's run spent reading answers in batches (see nap_policy.h).
    double napping_share() const { return batching_.naps().napping_share(); }
    /// Measured answers, and those of them timed by the kernel's arrival stamp.
    std::int64_t answers() const { return recording_.answers; }
    std::int64_t answers_at_arrival() const { return recording_.answers_at_arrival; }
    bool read_batching_allowed() const { return batching_.naps().allowed(); }

    // Called by connections.
    net::io_context& io() { return ioc_; }
    const EngineShared& shared() const { return shared_; }
    void on_sent(InFlight& request);
    /// `answered`: when the answer's last byte arrived (`at_arrival`: the kernel's stamp) or, without a
    /// stamp, was read.
    void on_response(const InFlight& request, int status, const std::string& content_type, const std::string& body,
                     std::int64_t answered, bool at_arrival);
    /// `ended`: when the request was given up (a timeout: its deadline). A timeout's latency is recorded
    /// up to then.
    void on_error(const InFlight& request, ErrorKind kind, const boost::system::error_code& cause, const char* note,
                  std::int64_t ended);
    /// Error statuses of this operation with an example kept; null once the operation has all it keeps.
    const ResponseParser::SeenStatuses* seen_error_statuses(std::uint32_t op) const {
        return recording_.examples[op].size() < kMaxErrorExamples ? &recording_.seen_statuses[op] : nullptr;
    }
    /// Per operation, after the thread has ended.
    const std::vector<std::vector<ErrorExample>>& examples() const { return recording_.examples; }
    void on_retry(const InFlight& request);
    /// A 401 answered `request`, which carried the run's credential: keeps it until a newer credential
    /// is taken (asking for one), then sends it once more on `connection`. False when it is not kept
    /// (no credential, sent once more already): the 401 is then its outcome.
    bool hold_for_credential(Connection& connection, const InFlight& request, std::int64_t now);
    void on_aborted(const InFlight& request);
    void on_connected() { ++recording_.connections_opened; }
    /// A connection is free: send what is due on it, or keep it for later. `free_since`: when it was free
    /// as far as the target is concerned (its answer's arrival), which may be before this thread saw it.
    void on_idle(Connection& connection, std::int64_t now, std::int64_t free_since);
    void on_idle(Connection& connection, std::int64_t now) { on_idle(connection, now, now); }
    /// Converts the kernel's receive stamps; calibrated at every tick.
    const ReceiveClock& receive_clock() const { return receive_clock_; }
    /// A read on a socket the kernel was asked to stamp came without a stamp.
    void on_unstamped_read() { ++unstamped_reads_; }
    /// A connection may not reconnect before `until` (connect or TLS failure back-off).
    void park(Connection& connection, std::int64_t until);
    bool finishing() const { return finishing_; }

private:
    void start_phase();
    /// Runs the io_context to the end; in a closed loop that naps, polls and sleeps in turn instead.
    void run_events();
    /// Sleeps `ns` on a timer (no socket can wake it); returns how much later than asked it ended and
    /// keeps a smoothed figure of that.
    std::int64_t nap(std::int64_t ns);
    void pre_connect();
    void on_tick();
    void arm_tick();
    void release();
    void schedule_release(std::int64_t now);
    /// Open loop: moves to the next request of this thread's share; sending stops after the last.
    void advance();
    /// Fills `connection`'s request for index and starts it; false when no request could be made (no id).
    /// `waited`: no connection was free at the intended time (counted as such when recorded).
    bool dispatch(Connection& connection, std::uint64_t index, std::int64_t intended, bool record, std::int64_t now,
                  bool waited);
    /// Writes `variant` with its slots filled into `out`; false when a pool had no id.
    bool assemble(std::string& out, const RequestVariant& variant, std::uint64_t index);
    /// Open loop: sends every due request while a connection is free, oldest free connection first.
    void send_what_is_due(std::int64_t now);
    /// Sends the next due request that can be made on `connection`, free since `ready`.
    void send_due(Connection& connection, std::int64_t now, std::int64_t ready);
    void send_closed(Connection& connection, std::int64_t now);
    /// Closed loop: a connection whose answer came in is sent its next request after the rest of the
    /// answers that one poll of the sockets returned have been read (as wrk does), so the target is sent
    /// its requests together and reads them in fewer wake-ups.
    void send_closed_after_batch(Connection& connection);
    void flush_closed();
    void sweep(std::int64_t now);
    void hand_over(std::int64_t now);
    /// Open loop: counts every request due up to `until` that was never sent, and skips past them.
    void count_unsent(std::int64_t until);
    void maybe_finish();
    void finish();
    void update_live(std::int64_t now);
    /// Takes a newly published credential (at start and at each tick, never per request).
    void take_credential();
    /// Sends the held requests once more when a newer credential is here; past their time (or when the
    /// run is ending) their 401 stands.
    void resend_held(std::int64_t now);
    /// `held` again with the current credential; false when it cannot be assembled (no id at hand).
    bool resend(CredentialHold::Held& held, std::int64_t now);
    std::int64_t busy() const;

    EngineShared& shared_;
    const EngineOptions& options_;
    unsigned index_;
    net::io_context ioc_;
    HandlerArena<4> arena_;  ///< the tick wait, the send wait, a posted release or closed-loop flush
    net::steady_timer tick_timer_;
    net::steady_timer send_timer_;  ///< open loop: the next release; closed loop: the start

    // What both models share: the connections and the id pools, and what is recorded.
    std::vector<std::unique_ptr<Connection>> connections_;
    IdleRing idle_;  ///< connections ready to send
    std::vector<std::pair<Connection*, std::int64_t>> parked_;  ///< backing off until
    std::vector<IdPool> pools_;
    WorkerRecording recording_;
    CredentialHold credential_;
    ReceiveClock receive_clock_;
    std::int64_t unstamped_reads_ = 0;

    // Each model's own.
    bool open_loop_ = true;
    OpenLoopSchedule schedule_;
    ReleaseTimer release_;
    ClosedLoopBatching batching_;

    // Where the run is.
    bool sending_ = false;  ///< new requests may start
    bool interrupted_ = false;
    bool finishing_ = false;
    std::int64_t measured_start_ = 0;
    std::int64_t send_end_ = 0;  ///< steady ns when sending stopped (schedule end or interrupt)
    std::int64_t drain_deadline_ = kNever;
    std::int64_t next_tick_ = 0;
};

}  // namespace dockside::load::detail
