#include "harness/load/worker.h"

#include <sys/prctl.h>

#include <algorithm>
#include <thread>

#include <boost/asio/post.hpp>

#include "harness/load/connection.h"

namespace dockside::load::detail {
namespace {

constexpr std::int64_t kTickNs = 10'000'000;        // sweep, hand-over and stop checks every 10 ms
constexpr std::int64_t kSecondNs = 1'000'000'000;
constexpr int kMaxNoIdInARow = 16;                  // closed loop: then the connection rests a tick
/// The last stretch before a deadline is spun on the clock alone: one pass through the I/O scheduler
/// costs from a microsecond to tens of them (measured in a VM), too coarse for the send-lag goal, so
/// within this distance I/O waits instead (completions are timestamped at most this much late).
constexpr std::int64_t kTightSpinNs = 40'000;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

std::chrono::steady_clock::time_point at(std::int64_t ns) {
    return std::chrono::steady_clock::time_point(std::chrono::nanoseconds(ns));
}

}  // namespace

Worker::Worker(EngineShared& shared, unsigned index, int connections)
    : shared_(shared),
      options_(shared.options),
      index_(index),
      ioc_(BOOST_ASIO_CONCURRENCY_HINT_UNSAFE),
      tick_timer_(ioc_),
      send_timer_(ioc_),
      idle_(static_cast<std::size_t>(connections)),
      recording_(shared.plan.operations.size()),
      open_loop_(shared.options.model == LoadModel::open_loop),
      release_(shared.options.spin_window.count()),
      batching_(static_cast<std::size_t>(connections),
                NapPolicy(!open_loop_ && shared.options.read_batching && !shared.options.target.tls,
                          shared.options.read_batching_trials.value_or(NapPolicy::Settings{}))) {
    for (int i = 0; i < connections; ++i) connections_.push_back(std::make_unique<Connection>(*this));
    parked_.reserve(connections_.size());
    for (const auto& pool : shared.plan.pools) {
        pools_.emplace_back(pool.capacity);
        // Each thread starts at a different place of the seed ids, so threads do not read in lockstep.
        const std::size_t n = pool.initial.size();
        for (std::size_t i = 0; i < n; ++i) pools_.back().push(pool.initial[(i + index * 7) % n]);
    }
}

Worker::~Worker() = default;

void Worker::run() {
    if (options_.on_worker_start) options_.on_worker_start();
    // The kernel's default 50 µs timer slack would be most of the send-lag budget.
    ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    pre_connect();
    ++shared_.connected_workers;
    while (shared_.t0.load() == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    ioc_.restart();
    take_credential();
    start_phase();
    run_events();
    if (options_.on_worker_end) options_.on_worker_end();
    StatsSet*& current = recording_.current;
    current->start_ns = recording_.interval_start - measured_start_;
    current->end_ns =
        std::max(std::max(recording_.last_completion, send_end_), recording_.interval_start) - measured_start_;
    // The last figures go to the collector now: a thread that ended before its tick past the last second's
    // boundary would otherwise hold them until it is joined, and the collector, finding nothing at that
    // second's report, would show it empty. When the collector has not yet taken the previous second, they
    // stay in current() and the engine adds them after the join. A set with nothing in it (the last tick
    // came after the last answer) is not handed over: it would show as an empty second of its own.
    const auto last = current->total_counters();
    if (now_ns() >= measured_start_ && (last.attempted() > 0 || last.sent > 0))
        if (StatsSet* fresh = recording_.exchange.hand_over(current)) current = fresh;
    live_in_flight = 0;
    live_waiting = 0;
    done = true;
}

void Worker::run_events() {
    if (!batching_.naps().allowed()) {
        ioc_.run();
        return;
    }
    // How late this machine's timers end a nap: the middle of three before the run, then kept up to date.
    std::int64_t late[3] = {nap(NapPolicy::kMinNapNs), nap(NapPolicy::kMinNapNs), nap(NapPolicy::kMinNapNs)};
    std::sort(late, late + 3);
    batching_.set_nap_overshoot(late[1]);
    bool napped = false;
    for (;;) {
        const std::size_t ran = ioc_.poll();  // everything ready, the sockets checked without waiting
        if (ioc_.stopped()) return;
        // Nap while answers are expected (two requests in flight at least: one alone is no batch), unless
        // the last nap found nothing to do: then the answers are slow, and the sockets are waited on.
        if (batching_.naps().napping() && (ran > 0 || !napped) && busy() >= 2) {
            nap(batching_.nap_ns());
            napped = true;
            continue;
        }
        napped = false;
        if (ioc_.run_one() == 0) return;
    }
}

std::int64_t Worker::nap(std::int64_t ns) {
    const std::int64_t before = now_ns();
    std::this_thread::sleep_for(std::chrono::nanoseconds(ns));
    const std::int64_t late = std::max<std::int64_t>(now_ns() - before - ns, 0);
    batching_.on_nap_end(late);
    return late;
}

void Worker::pre_connect() {
    for (auto& c : connections_) c->pre_connect();
    net::steady_timer guard(ioc_);
    guard.expires_after(options_.connect_timeout);
    guard.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        for (auto& c : connections_)
            if (c->busy()) c->expire();
    });
    const auto any_busy = [this] {
        return std::any_of(connections_.begin(), connections_.end(), [](const auto& c) { return c->busy(); });
    };
    while (any_busy())
        if (ioc_.run_one() == 0) break;
    guard.cancel();
    ioc_.run();
}

void Worker::start_phase() {
    receive_clock_.calibrate();
    const std::int64_t t0 = shared_.t0.load();
    measured_start_ = t0 + options_.warmup.count();
    recording_.interval_start = measured_start_;
    recording_.next_boundary = measured_start_ + kSecondNs;
    next_tick_ = t0;
    for (auto& c : connections_) idle_.push(*c, 0);
    const std::uint64_t first = options_.shard_index + static_cast<std::uint64_t>(options_.shard_count) * index_;
    if (open_loop_) {
        const std::uint64_t stride =
            static_cast<std::uint64_t>(options_.shard_count) * static_cast<std::uint64_t>(options_.threads);
        send_end_ = measured_start_ + options_.schedule->duration_ns();
        drain_deadline_ = send_end_ + options_.drain_timeout.count();
        sending_ = schedule_.start(shared_.warmup_schedule ? &*shared_.warmup_schedule : nullptr, t0,
                                   *options_.schedule, measured_start_, first, stride);
        schedule_release(now_ns());
    } else {
        send_end_ = measured_start_ + options_.duration.count();
        drain_deadline_ = send_end_ + options_.drain_timeout.count();
        send_timer_.expires_at(at(t0));
        send_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (ec || finishing_) return;
            sending_ = true;
            const std::int64_t now = now_ns();
            for (std::size_t n = idle_.size(); n > 0; --n)
                if (Connection* c = idle_.pop()) send_closed(*c, now);
        });
    }
    arm_tick();
}

void Worker::advance() {
    if (!schedule_.advance()) sending_ = false;  // every request of the schedule has been sent
}

void Worker::schedule_release(std::int64_t now) {
    const std::int64_t next_due = schedule_.next_due();
    if (release_.armed || !sending_ || next_due == kNever || idle_.size() == 0 || finishing_) return;
    release_.armed = true;
    const std::int64_t spin = release_.wakeups.spin_window_ns();
    if (next_due - now <= spin) {
        // Close to the deadline: come back through the scheduler (which polls I/O meanwhile) rather
        // than sleep, since a timer wakes tens of microseconds late.
        net::post(ioc_, bind_arena(arena_, [this] { release(); }));
        return;
    }
    release_.expiry = next_due - spin;
    send_timer_.expires_at(at(release_.expiry));
    send_timer_.async_wait(bind_arena(arena_, [this](const boost::system::error_code& ec) {
        if (ec) {
            release_.armed = false;
            return;
        }
        release_.wakeups.observe(release_.expiry, now_ns());
        release();
    }));
}

void Worker::release() {
    release_.armed = false;
    if (!sending_ || finishing_) return;
    std::int64_t now = now_ns();
    const std::int64_t next_due = schedule_.next_due();
    if (next_due > now && next_due - now <= kTightSpinNs && idle_.size() > 0)
        while ((now = now_ns()) < next_due) cpu_relax();
    send_what_is_due(now);
    if (!sending_) return maybe_finish();
    schedule_release(now);
}

void Worker::send_what_is_due(std::int64_t now) {
    while (schedule_.next_due() <= now && idle_.size() > 0) {
        std::int64_t ready = 0;
        Connection* c = idle_.pop(&ready);
        send_due(*c, now, ready);
    }
}

void Worker::send_due(Connection& connection, std::int64_t now, std::int64_t ready) {
    while (sending_ && schedule_.next_due() <= now) {
        const std::uint64_t index = schedule_.next_index();
        const std::int64_t intended = schedule_.next_due();
        const bool record = schedule_.next_recorded();
        advance();
        if (dispatch(connection, index, intended, record, now, ready > intended)) return;
    }
    idle_.push(connection, ready);
}

void Worker::send_closed(Connection& connection, std::int64_t now) {
    for (int attempt = 0; attempt < kMaxNoIdInARow; ++attempt) {
        if (!sending_ || now >= send_end_) {
            sending_ = false;
            idle_.push(connection, now);
            return maybe_finish();
        }
        const std::uint64_t index =
            options_.shard_index + static_cast<std::uint64_t>(options_.shard_count) *
                                       (index_ + static_cast<std::uint64_t>(options_.threads) * batching_.next_number());
        if (dispatch(connection, index, now, now >= measured_start_, now, false)) return;
    }
    park(connection, now + kTickNs);
}

void Worker::send_closed_after_batch(Connection& connection) {
    if (!batching_.answered(connection)) return;
    // Asio runs the handlers of one poll in order and a post after them.
    net::post(ioc_, bind_arena(arena_, [this] { flush_closed(); }));
}

void Worker::flush_closed() {
    const auto& batch = batching_.take_batch();
    const std::int64_t now = now_ns();
    for (Connection* c : batch) send_closed(*c, now);
    batching_.batch_sent();
}

void Worker::on_idle(Connection& connection, std::int64_t now, std::int64_t free_since) {
    if (finishing_) return;
    if (!sending_) {
        idle_.push(connection, free_since);
        return maybe_finish();
    }
    if (!open_loop_) return send_closed_after_batch(connection);
    idle_.push(connection, free_since);
    send_what_is_due(now);
    if (!sending_) return maybe_finish();
    schedule_release(now);
}

void Worker::park(Connection& connection, std::int64_t until) {
    parked_.emplace_back(&connection, until);
    maybe_finish();
}

std::int64_t Worker::busy() const {
    std::int64_t n = 0;
    for (const auto& c : connections_) n += c->busy() ? 1 : 0;
    return n + static_cast<std::int64_t>(credential_.held.size());
}

void Worker::arm_tick() {
    next_tick_ += kTickNs;
    tick_timer_.expires_at(at(next_tick_));
    tick_timer_.async_wait(bind_arena(arena_, [this](const boost::system::error_code& ec) {
        if (!ec) on_tick();
    }));
}

void Worker::sweep(std::int64_t now) {
    for (auto& c : connections_)
        if (c->busy() && now > c->deadline()) c->expire();
    for (std::size_t i = 0; i < parked_.size();) {
        if (parked_[i].second > now) {
            ++i;
            continue;
        }
        Connection* c = parked_[i].first;
        parked_[i] = parked_.back();
        parked_.pop_back();
        on_idle(*c, now);
    }
}

void Worker::on_tick() {
    if (finishing_) return;
    const std::int64_t now = now_ns();
    if (shared_.stop.load(std::memory_order_relaxed) && !interrupted_) {
        interrupted_ = true;
        if (open_loop_ && sending_) count_unsent(now);
        sending_ = false;
        send_end_ = std::min(send_end_, now);
        drain_deadline_ = now + options_.interrupt_grace.count();
    }
    take_credential();
    receive_clock_.calibrate();
    batching_.on_tick(unstamped_reads_ > 0);
    sweep(now);
    if (!credential_.held.empty()) resend_held(now);
    while (now >= recording_.next_boundary) hand_over(now);
    if (now >= drain_deadline_ && !finishing_) {
        if (interrupted_) return finish();  // what is still in flight is dropped, not counted
        if (open_loop_ && sending_) count_unsent(kNever);
        sending_ = false;
        for (auto& c : connections_)
            if (c->busy()) c->expire();
    }
    update_live(now);
    maybe_finish();
    if (!finishing_) arm_tick();
}

void Worker::hand_over(std::int64_t now) {
    const std::int64_t boundary = recording_.next_boundary;
    recording_.next_boundary += kSecondNs;
    if (now < measured_start_) return;
    recording_.current->start_ns = recording_.interval_start - measured_start_;
    recording_.current->end_ns = boundary - measured_start_;
    if (StatsSet* fresh = recording_.exchange.hand_over(recording_.current)) {
        recording_.current = fresh;
        recording_.interval_start = boundary;
    }
}

void Worker::count_unsent(std::int64_t until) {
    while (schedule_.next_due() != kNever && schedule_.next_due() <= until) {
        if (schedule_.next_recorded()) {
            const auto op = shared_.picker.pick(request_hash(options_.seed, schedule_.next_index()));
            recording_.current->operations[op].counters.count_error(ErrorKind::unsent);
        }
        advance();
    }
}

void Worker::update_live(std::int64_t now) {
    live_in_flight.store(busy(), std::memory_order_relaxed);
    const std::int64_t waiting = open_loop_ && sending_ ? schedule_.waiting(now) : 0;
    recording_.max_waiting = std::max(recording_.max_waiting, waiting);
    live_waiting.store(waiting, std::memory_order_relaxed);
}

void Worker::maybe_finish() {
    if (finishing_ || sending_) return;
    if (busy() > 0) return;
    finish();
}

void Worker::finish() {
    finishing_ = true;
    boost::system::error_code ignored;
    tick_timer_.cancel();
    send_timer_.cancel();
    for (auto& c : connections_) c->abort();
}

}  // namespace dockside::load::detail
