#pragma once
/// One engine thread: its io_context, its connections, its share of the schedule, its id pools and its
/// statistics. Everything here is touched by this thread only, except the StatsExchange and the live
/// figures (atomics), which the collecting thread reads. Internal to the engine.

#include <atomic>
#include <bitset>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "harness/load/engine.h"
#include "harness/load/handler_arena.h"
#include "harness/load/id_pool.h"
#include "harness/load/nap_policy.h"
#include "harness/load/receive_stamp.h"
#include "harness/load/response_parser.h"
#include "harness/load/request_index.h"
#include "harness/load/stats_exchange.h"
#include "harness/load/wakeup_estimator.h"

namespace dockside::load::detail {

namespace net = boost::asio;

inline std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
inline constexpr std::int64_t kNever = INT64_MAX;

/// Request indexes of the warm-up start here, so their sequence numbers never meet the measured ones.
inline constexpr std::uint64_t kWarmupIndexBase = 500'000'000'000ULL;

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

/// One request from choice to outcome.
struct InFlight {
    std::uint32_t op = 0;
    std::uint32_t variant = 0;
    std::uint64_t index = 0;
    std::int64_t intended = 0;  ///< steady ns
    std::int64_t sent = 0;      ///< steady ns; set when the write starts
    bool record = false;        ///< measured (not warm-up)
    bool sample = false;
    bool capture = false;       ///< keep the body (an id to capture, or a sample)
    bool waited = false;        ///< open loop: no connection was free at the intended time
    std::uint8_t attempt = 0;
    std::uint64_t credential = 0;  ///< generation of the credential the request carries (0: none)
    bool renewed = false;          ///< sent once more after its credential was refused
};

class Connection;

class Worker {
public:
    Worker(EngineShared& shared, unsigned index, int connections);
    ~Worker();

    /// The thread body: connect, wait for the start, run, drain, hand back.
    void run();

    StatsExchange& exchange() { return exchange_; }
    /// The set being recorded into; read it only after the thread has ended.
    StatsSet& current() { return *current_; }

    // Live figures for progress lines (written by the worker at each tick).
    std::atomic<std::int64_t> live_in_flight{0};
    std::atomic<std::int64_t> live_waiting{0};
    std::atomic<bool> done{false};

    std::int64_t aborted_in_flight() const { return aborted_; }
    std::int64_t connections_opened() const { return connections_opened_; }
    std::int64_t max_waiting() const { return max_waiting_; }
    std::int64_t last_completion() const { return last_completion_; }
    std::int64_t send_end() const { return send_end_; }
    /// Requests written during the warm-up (in no count of the run).
    std::int64_t warmup_sent() const { return warmup_sent_; }
    /// Closed loop: the share of this thread's run spent reading answers in batches (see nap_policy.h).
    double napping_share() const { return nap_.napping_share(); }
    /// Measured answers, and those of them timed by the kernel's arrival stamp.
    std::int64_t answers() const { return answers_; }
    std::int64_t answers_at_arrival() const { return answers_at_arrival_; }
    bool read_batching_allowed() const { return nap_.allowed(); }

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
        return examples_[op].size() < kMaxErrorExamples ? &seen_statuses_[op] : nullptr;
    }
    /// Per operation, after the thread has ended.
    const std::vector<std::vector<ErrorExample>>& examples() const { return examples_; }
    void on_retry(const InFlight& request);
    /// A 401 answered `request`, which carried the run's credential: keeps it until a newer credential
    /// is taken (asking for one), then sends it once more on `connection`. False when it is not kept
    /// (no credential, sent once more already): the 401 is then its outcome.
    bool hold_for_credential(Connection& connection, const InFlight& request, std::int64_t now);
    void on_aborted(const InFlight& request);
    void on_connected() { ++connections_opened_; }
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
    /// A request refused with its credential, waiting for a newer one until `until`.
    struct Held {
        Connection* connection = nullptr;
        InFlight request;
        std::int64_t until = 0;
    };

    struct Cursor {
        const Schedule* schedule = nullptr;
        std::int64_t base = 0;        ///< steady ns of the schedule's time 0
        std::uint64_t next = 0;       ///< next index in the schedule
        std::uint64_t index_offset = 0;
        bool record = false;
    };

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
    /// Moves to the next request index of this thread and computes when it is due.
    void advance();
    void advance_to_due();
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
    /// `ready`: since when the connection has been free (steady ns; 0 for before the start).
    void push_idle(Connection& connection, std::int64_t ready);
    Connection* pop_idle(std::int64_t* ready = nullptr);
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
    bool resend(Held& held, std::int64_t now);
    std::int64_t busy() const;

    EngineShared& shared_;
    const EngineOptions& options_;
    unsigned index_;
    net::io_context ioc_;
    HandlerArena<4> arena_;  ///< the tick wait, the send wait, a posted release or closed-loop flush
    WakeupEstimator wakeups_;
    net::steady_timer tick_timer_;
    net::steady_timer send_timer_;
    std::vector<std::unique_ptr<Connection>> connections_;
    std::vector<Connection*> idle_;  ///< ring of connections ready to send
    /// Beside idle_: since when each has been free, as far as the target goes (its answer's arrival, which
    /// may be before this thread read it). The ring is first in, first out, so a due request taking a
    /// connection freed after its intended time had every connection busy or taken by requests due
    /// before it: it waited for a connection (the target), not for this thread. (Answers read together join
    /// in reading order, not arrival order, so a request due within that spread may be misjudged.)
    std::vector<std::int64_t> idle_ready_;
    std::size_t idle_head_ = 0;
    std::size_t idle_count_ = 0;
    std::vector<std::pair<Connection*, std::int64_t>> parked_;  ///< backing off until
    std::vector<Connection*> answered_;  ///< closed loop: waiting for the end of the batch
    std::vector<Connection*> flushing_;  ///< closed loop: the batch being sent (answered_ may grow meanwhile)
    bool flush_posted_ = false;
    std::vector<IdPool> pools_;
    std::vector<std::vector<ErrorExample>> examples_;
    std::vector<ResponseParser::SeenStatuses> seen_statuses_;  ///< per operation
    std::vector<std::bitset<kErrorKinds>> seen_kinds_;          ///< per operation
    StatsExchange exchange_;
    StatsSet* current_;

    Cursor cursors_[2];
    int cursor_ = 0;
    std::int64_t next_due_ = kNever;  ///< open loop: intended time of the next request to send
    std::uint64_t stride_ = 1;
    std::uint64_t closed_next_ = 0;   ///< closed loop: next local request number
    bool open_loop_ = true;
    bool sending_ = false;            ///< new requests may start
    bool release_armed_ = false;
    std::int64_t send_timer_expiry_ = 0;  ///< when the send timer was asked to fire
    bool interrupted_ = false;
    bool finishing_ = false;
    std::int64_t measured_start_ = 0;
    std::int64_t send_end_ = 0;       ///< steady ns when sending stopped (schedule end or interrupt)
    std::int64_t drain_deadline_ = kNever;
    std::int64_t next_tick_ = 0;
    std::int64_t next_boundary_ = 0;  ///< next interval boundary (steady ns)
    std::int64_t interval_start_ = 0;
    std::int64_t aborted_ = 0;
    std::int64_t connections_opened_ = 0;
    std::int64_t max_waiting_ = 0;
    std::int64_t last_completion_ = 0;
    std::int64_t warmup_sent_ = 0;
    ReceiveClock receive_clock_;
    std::int64_t unstamped_reads_ = 0;
    NapPolicy nap_;
    std::int64_t round_trip_ns_ = 0;      ///< smoothed send-to-answer time
    std::int64_t answers_since_tick_ = 0;
    std::int64_t answers_ = 0;
    std::int64_t answers_at_arrival_ = 0;
    std::int64_t nap_overshoot_ns_ = 0;   ///< smoothed lateness of a nap's end
    std::string credential_;            ///< this thread's copy of EngineOptions::credential
    std::uint64_t credential_seen_ = 0; ///< its generation
    std::vector<Held> held_;            ///< refused with an older credential; in busy()
};

}  // namespace dockside::load::detail
