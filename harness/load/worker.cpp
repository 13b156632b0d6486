#include "harness/load/worker.h"

#include <sys/prctl.h>

#include <algorithm>
#include <charconv>
#include <thread>

#include <boost/asio/post.hpp>

#include "harness/load/connection.h"
#include "harness/load/json_scan.h"

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

/// Nanoseconds to whole microseconds, rounded; negative spans (clock reads racing) count as 0.
std::int64_t micros(std::int64_t ns) { return ns <= 0 ? 0 : (ns + 500) / 1000; }

std::uint64_t power_of_ten(int digits) {
    std::uint64_t p = 1;
    while (digits-- > 0) p *= 10;
    return p;
}

bool carries_credential(const RequestVariant& variant) {
    for (const auto& slot : variant.slots)
        if (slot.kind == SlotKind::credential) return true;
    return false;
}

}  // namespace

Worker::Worker(EngineShared& shared, unsigned index, int connections)
    : shared_(shared),
      options_(shared.options),
      index_(index),
      ioc_(BOOST_ASIO_CONCURRENCY_HINT_UNSAFE),
      wakeups_(shared.options.spin_window.count(), 30'000, shared.options.spin_window.count() * 4),
      tick_timer_(ioc_),
      send_timer_(ioc_),
      exchange_(shared.plan.operations.size()),
      current_(exchange_.first()) {
    for (int i = 0; i < connections; ++i) connections_.push_back(std::make_unique<Connection>(*this));
    idle_.resize(connections_.size());
    idle_ready_.resize(connections_.size());
    examples_.resize(shared.plan.operations.size());
    seen_statuses_.resize(shared.plan.operations.size());
    seen_kinds_.resize(shared.plan.operations.size());
    parked_.reserve(connections_.size());
    answered_.reserve(connections_.size());
    flushing_.reserve(connections_.size());
    for (const auto& pool : shared.plan.pools) {
        pools_.emplace_back(pool.capacity);
        // Each thread starts at a different place of the seed ids, so threads do not read in lockstep.
        const std::size_t n = pool.initial.size();
        for (std::size_t i = 0; i < n; ++i) pools_.back().push(pool.initial[(i + index * 7) % n]);
    }
    open_loop_ = options_.model == LoadModel::open_loop;
    nap_ = NapPolicy(!open_loop_ && options_.read_batching && !options_.target.tls,
                     options_.read_batching_trials.value_or(NapPolicy::Settings{}));
    stride_ = static_cast<std::uint64_t>(options_.shard_count) * static_cast<std::uint64_t>(options_.threads);
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
    current_->start_ns = interval_start_ - measured_start_;
    current_->end_ns = std::max(std::max(last_completion_, send_end_), interval_start_) - measured_start_;
    // The last figures go to the collector now: a thread that ended before its tick past the last second's
    // boundary would otherwise hold them until it is joined, and the collector, finding nothing at that
    // second's report, would show it empty. When the collector has not yet taken the previous second, they
    // stay in current() and the engine adds them after the join. A set with nothing in it (the last tick
    // came after the last answer) is not handed over: it would show as an empty second of its own.
    const auto last = current_->total_counters();
    if (now_ns() >= measured_start_ && (last.attempted() > 0 || last.sent > 0))
        if (StatsSet* fresh = exchange_.hand_over(current_)) current_ = fresh;
    live_in_flight = 0;
    live_waiting = 0;
    done = true;
}

void Worker::run_events() {
    if (!nap_.allowed()) {
        ioc_.run();
        return;
    }
    // How late this machine's timers end a nap: the middle of three before the run, then kept up to date.
    std::int64_t late[3] = {nap(NapPolicy::kMinNapNs), nap(NapPolicy::kMinNapNs), nap(NapPolicy::kMinNapNs)};
    std::sort(late, late + 3);
    nap_overshoot_ns_ = late[1];
    bool napped = false;
    for (;;) {
        const std::size_t ran = ioc_.poll();  // everything ready, the sockets checked without waiting
        if (ioc_.stopped()) return;
        // Nap while answers are expected (two requests in flight at least: one alone is no batch), unless
        // the last nap found nothing to do: then the answers are slow, and the sockets are waited on.
        if (nap_.napping() && (ran > 0 || !napped) && busy() >= 2) {
            nap(NapPolicy::nap_ns(round_trip_ns_));
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
    nap_overshoot_ns_ += (late - nap_overshoot_ns_) / 8;
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
    interval_start_ = measured_start_;
    next_boundary_ = measured_start_ + kSecondNs;
    next_tick_ = t0;
    for (auto& c : connections_) push_idle(*c, 0);
    const std::uint64_t first = options_.shard_index + static_cast<std::uint64_t>(options_.shard_count) * index_;
    if (open_loop_) {
        cursors_[0] = {shared_.warmup_schedule ? &*shared_.warmup_schedule : nullptr, t0, first, kWarmupIndexBase, false};
        cursors_[1] = {&*options_.schedule, measured_start_, first, 0, true};
        cursor_ = shared_.warmup_schedule ? 0 : 1;
        send_end_ = measured_start_ + options_.schedule->duration_ns();
        drain_deadline_ = send_end_ + options_.drain_timeout.count();
        sending_ = true;
        advance_to_due();
        schedule_release(now_ns());
    } else {
        send_end_ = measured_start_ + options_.duration.count();
        drain_deadline_ = send_end_ + options_.drain_timeout.count();
        send_timer_.expires_at(at(t0));
        send_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (ec || finishing_) return;
            sending_ = true;
            const std::int64_t now = now_ns();
            for (std::size_t n = idle_count_; n > 0; --n)
                if (Connection* c = pop_idle()) send_closed(*c, now);
        });
    }
    arm_tick();
}

void Worker::advance_to_due() {
    for (;;) {
        Cursor& cur = cursors_[cursor_];
        if (const auto t = cur.schedule->time_of(cur.next)) {
            next_due_ = cur.base + *t;
            return;
        }
        if (cursor_ == 0) {
            cursor_ = 1;
            continue;
        }
        next_due_ = kNever;
        sending_ = false;  // every request of the schedule has been sent
        return;
    }
}

void Worker::advance() {
    cursors_[cursor_].next += stride_;
    advance_to_due();
}

void Worker::schedule_release(std::int64_t now) {
    if (release_armed_ || !sending_ || next_due_ == kNever || idle_count_ == 0 || finishing_) return;
    release_armed_ = true;
    const std::int64_t spin = wakeups_.spin_window_ns();
    if (next_due_ - now <= spin) {
        // Close to the deadline: come back through the scheduler (which polls I/O meanwhile) rather
        // than sleep, since a timer wakes tens of microseconds late.
        net::post(ioc_, bind_arena(arena_, [this] { release(); }));
        return;
    }
    send_timer_expiry_ = next_due_ - spin;
    send_timer_.expires_at(at(send_timer_expiry_));
    send_timer_.async_wait(bind_arena(arena_, [this](const boost::system::error_code& ec) {
        if (ec) {
            release_armed_ = false;
            return;
        }
        wakeups_.observe(send_timer_expiry_, now_ns());
        release();
    }));
}

void Worker::release() {
    release_armed_ = false;
    if (!sending_ || finishing_) return;
    std::int64_t now = now_ns();
    if (next_due_ > now && next_due_ - now <= kTightSpinNs && idle_count_ > 0)
        while ((now = now_ns()) < next_due_) cpu_relax();
    send_what_is_due(now);
    if (!sending_) return maybe_finish();
    schedule_release(now);
}

void Worker::send_what_is_due(std::int64_t now) {
    while (next_due_ <= now && idle_count_ > 0) {
        std::int64_t ready = 0;
        Connection* c = pop_idle(&ready);
        send_due(*c, now, ready);
    }
}

void Worker::send_due(Connection& connection, std::int64_t now, std::int64_t ready) {
    while (sending_ && next_due_ <= now) {
        const Cursor& cur = cursors_[cursor_];
        const std::uint64_t index = cur.next + cur.index_offset;
        const std::int64_t intended = next_due_;
        const bool record = cur.record;
        advance();
        if (dispatch(connection, index, intended, record, now, ready > intended)) return;
    }
    push_idle(connection, ready);
}

void Worker::send_closed(Connection& connection, std::int64_t now) {
    for (int attempt = 0; attempt < kMaxNoIdInARow; ++attempt) {
        if (!sending_ || now >= send_end_) {
            sending_ = false;
            push_idle(connection, now);
            return maybe_finish();
        }
        const std::uint64_t index =
            options_.shard_index + static_cast<std::uint64_t>(options_.shard_count) *
                                       (index_ + static_cast<std::uint64_t>(options_.threads) * closed_next_++);
        if (dispatch(connection, index, now, now >= measured_start_, now, false)) return;
    }
    park(connection, now + kTickNs);
}

void Worker::send_closed_after_batch(Connection& connection) {
    answered_.push_back(&connection);
    if (flush_posted_) return;
    flush_posted_ = true;
    // Asio runs the handlers of one poll in order and a post after them.
    net::post(ioc_, bind_arena(arena_, [this] { flush_closed(); }));
}

void Worker::flush_closed() {
    flush_posted_ = false;
    std::swap(answered_, flushing_);
    const std::int64_t now = now_ns();
    for (Connection* c : flushing_) send_closed(*c, now);
    flushing_.clear();
}

bool Worker::assemble(std::string& out, const RequestVariant& variant, std::uint64_t index) {
    out.clear();
    std::size_t from = 0;
    char digits[24];
    for (const auto& slot : variant.slots) {
        out.append(variant.bytes, from, slot.position - from);
        from = slot.position;
        std::optional<std::int64_t> value;
        if (slot.kind == SlotKind::credential) {
            out.append(credential_);
            continue;
        }
        if (slot.kind == SlotKind::sequence) {
            const std::uint64_t n = index % power_of_ten(slot.width);
            auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
            const auto length = static_cast<std::size_t>(end - digits);
            out.append(slot.width > length ? slot.width - length : 0, '0');
            out.append(digits, length);
            continue;
        }
        value = slot.kind == SlotKind::take_pool ? pools_[slot.pool].take() : pools_[slot.pool].read();
        if (!value) return false;
        auto [end, ec] = std::to_chars(digits, digits + sizeof digits, *value);
        out.append(digits, static_cast<std::size_t>(end - digits));
    }
    out.append(variant.bytes, from, std::string::npos);
    return true;
}

bool Worker::dispatch(Connection& connection, std::uint64_t index, std::int64_t intended, bool record,
                      std::int64_t now, bool waited) {
    const std::uint64_t hash = request_hash(options_.seed, index);
    const auto drawn = static_cast<std::uint32_t>(shared_.picker.pick(hash));
    std::uint32_t op_index = drawn;
    const std::uint64_t second = mix64(hash);
    for (int tries = 0; tries < 2; ++tries) {
        const OperationPlan& op = shared_.plan.operations[op_index];
        const auto variant_index = static_cast<std::uint32_t>(second % op.variants.size());
        const RequestVariant& variant = op.variants[variant_index];
        std::string_view fixed;
        bool ready = true;
        if (variant.slots.empty()) fixed = variant.bytes;
        else ready = assemble(connection.out(), variant, index);
        if (ready) {
            InFlight request;
            request.op = op_index;
            request.variant = variant_index;
            request.index = index;
            request.intended = intended;
            request.record = record;
            request.sample = shared_.samples != nullptr && op.validatable && sampled(second, options_.sample_fraction);
            request.capture = request.sample || !op.capture_key.empty();
            request.waited = waited;
            if (options_.credential && carries_credential(variant)) request.credential = credential_seen_;
            if (record && waited) ++current_->operations[op_index].counters.waited;
            if (record && op_index != drawn) {
                // Counted on both sides, so the run can say how far what it sent is from the mix it was given.
                ++current_->operations[drawn].counters.substituted;
                ++current_->operations[op_index].counters.stood_in;
            }
            if (record && open_loop_ && options_.on_send) options_.on_send(index, intended);
            connection.start(request, fixed, now);
            return true;
        }
        if (op.fallback < 0) break;
        op_index = static_cast<std::uint32_t>(op.fallback);  // e.g. nothing to cancel yet: create instead
    }
    if (record) current_->operations[op_index].counters.count_error(ErrorKind::no_id);
    return false;
}

void Worker::on_sent(InFlight& request) {
    request.sent = now_ns();
    if (request.attempt > 0 || request.renewed) return;
    if (!open_loop_) request.record = request.sent >= measured_start_;
    if (!request.record) {
        ++warmup_sent_;
        return;
    }
    ++current_->operations[request.op].counters.sent;
    if (!open_loop_) return;
    const std::int64_t lag = micros(request.sent - request.intended);
    current_->send_lag.record(lag);
    if (!request.waited) current_->own_send_lag.record(lag);
}

void Worker::on_response(const InFlight& request, int status, const std::string& content_type,
                         const std::string& body, std::int64_t answered, bool at_arrival) {
    last_completion_ = answered;
    ++answers_since_tick_;
    // A smoothed round trip (as TCP's SRTT: the first answer, then gain 1/8) sizes the closed loop's naps.
    const std::int64_t round_trip = answered - request.sent;
    round_trip_ns_ = round_trip_ns_ == 0 ? round_trip : round_trip_ns_ + (round_trip - round_trip_ns_) / 8;
    const OperationPlan& op = shared_.plan.operations[request.op];
    if (!op.capture_key.empty() && status >= 200 && status < 300)
        if (const auto id = find_top_level_integer(body, op.capture_key))
            for (auto pool : op.capture_pools) pools_[pool].push(*id);
    // The first answer of each error status is kept (the parser captured its body for that reason).
    if (status >= 400 && status < 600 && examples_[request.op].size() < kMaxErrorExamples &&
        !seen_statuses_[request.op].test(static_cast<std::size_t>(status))) {
        seen_statuses_[request.op].set(static_cast<std::size_t>(status));
        add_example(examples_[request.op], {"HTTP " + std::to_string(status), body.substr(0, 300)});
    }
    if (!request.record) return;
    ++answers_;
    if (at_arrival) ++answers_at_arrival_;
    auto& stats = current_->operations[request.op];
    stats.counters.count_status(status);
    const std::int64_t latency = micros(answered - request.intended);
    const std::int64_t service = micros(answered - request.sent);
    stats.latency.record(latency);
    stats.service.record(service);
    if (options_.on_record) options_.on_record(request.op, latency, service);
    if (request.sample) shared_.samples->offer(request.op, status, content_type, body);
}

void Worker::on_error(const InFlight& request, ErrorKind kind, const boost::system::error_code& cause,
                      const char* note, std::int64_t ended) {
    last_completion_ = ended;
    ++answers_since_tick_;
    const auto k = static_cast<std::size_t>(kind);
    if (examples_[request.op].size() < kMaxErrorExamples && !seen_kinds_[request.op].test(k)) {
        seen_kinds_[request.op].set(k);
        add_example(examples_[request.op], {std::string(to_string(kind)), note ? std::string(note) : cause.message()});
    }
    if (!request.record) return;
    auto& stats = current_->operations[request.op];
    stats.counters.count_error(kind);
    if (kind != ErrorKind::timeout) return;
    // A caller saw no answer until it gave up at the timeout, and wrk2 counts it so: left out, the
    // percentiles would describe only the requests that were answered, better than what callers saw.
    stats.latency.record(micros(ended - request.intended));
    if (request.sent > 0) stats.service.record(micros(ended - request.sent));
}

void Worker::on_retry(const InFlight& request) {
    if (request.record) ++current_->operations[request.op].counters.retried;
}

void Worker::on_aborted(const InFlight&) { ++aborted_; }

bool Worker::hold_for_credential(Connection& connection, const InFlight& request, std::int64_t now) {
    if (request.credential == 0 || request.renewed || finishing_ || !options_.credential) return false;
    options_.credential->reject(request.credential);
    held_.push_back({&connection, request, now + options_.request_timeout.count()});
    resend_held(now);  // a newer credential may have been taken since the request went out
    return true;
}

void Worker::resend_held(std::int64_t now) {
    for (std::size_t i = 0; i < held_.size();) {
        const bool newer = credential_seen_ > held_[i].request.credential;
        const bool over = now >= held_[i].until || now >= drain_deadline_ || interrupted_;
        if (!newer && !over) {
            ++i;
            continue;
        }
        Held held = held_[i];
        held_[i] = held_.back();
        held_.pop_back();
        if (interrupted_) {
            on_aborted(held.request);
            continue;
        }
        if (newer && resend(held, now)) continue;
        on_response(held.request, 401, {}, {}, now, false);
        on_idle(*held.connection, now);
    }
}

bool Worker::resend(Held& held, std::int64_t now) {
    const RequestVariant& variant = shared_.plan.operations[held.request.op].variants[held.request.variant];
    if (!assemble(held.connection->out(), variant, held.request.index)) return false;
    held.request.renewed = true;
    held.request.credential = credential_seen_;
    options_.credential->count_retry();
    held.connection->start(held.request, {}, now);
    return true;
}

void Worker::on_idle(Connection& connection, std::int64_t now, std::int64_t free_since) {
    if (finishing_) return;
    if (!sending_) {
        push_idle(connection, free_since);
        return maybe_finish();
    }
    if (!open_loop_) return send_closed_after_batch(connection);
    push_idle(connection, free_since);
    send_what_is_due(now);
    if (!sending_) return maybe_finish();
    schedule_release(now);
}

void Worker::park(Connection& connection, std::int64_t until) {
    parked_.emplace_back(&connection, until);
    maybe_finish();
}

void Worker::push_idle(Connection& connection, std::int64_t ready) {
    const std::size_t slot = (idle_head_ + idle_count_) % idle_.size();
    idle_[slot] = &connection;
    idle_ready_[slot] = ready;
    ++idle_count_;
}

Connection* Worker::pop_idle(std::int64_t* ready) {
    if (idle_count_ == 0) return nullptr;
    Connection* c = idle_[idle_head_];
    if (ready) *ready = idle_ready_[idle_head_];
    idle_head_ = (idle_head_ + 1) % idle_.size();
    --idle_count_;
    return c;
}

std::int64_t Worker::busy() const {
    std::int64_t n = 0;
    for (const auto& c : connections_) n += c->busy() ? 1 : 0;
    return n + static_cast<std::int64_t>(held_.size());
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
    if (unstamped_reads_ > 0) nap_.forbid();  // a nap would then show in latency
    nap_.on_tick(answers_since_tick_, NapPolicy::worth_trying(round_trip_ns_, nap_overshoot_ns_));
    answers_since_tick_ = 0;
    sweep(now);
    if (!held_.empty()) resend_held(now);
    while (now >= next_boundary_) hand_over(now);
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
    const std::int64_t boundary = next_boundary_;
    next_boundary_ += kSecondNs;
    if (now < measured_start_) return;
    current_->start_ns = interval_start_ - measured_start_;
    current_->end_ns = boundary - measured_start_;
    if (StatsSet* fresh = exchange_.hand_over(current_)) {
        current_ = fresh;
        interval_start_ = boundary;
    }
}

void Worker::count_unsent(std::int64_t until) {
    while (next_due_ != kNever && next_due_ <= until) {
        const Cursor& cur = cursors_[cursor_];
        const std::uint64_t index = cur.next + cur.index_offset;
        if (cur.record) {
            const auto op = shared_.picker.pick(request_hash(options_.seed, index));
            current_->operations[op].counters.count_error(ErrorKind::unsent);
        }
        advance();
    }
}

void Worker::take_credential() {
    if (options_.credential) options_.credential->take_if_newer(credential_, credential_seen_);
}

void Worker::update_live(std::int64_t now) {
    live_in_flight.store(busy(), std::memory_order_relaxed);
    std::int64_t waiting = 0;
    if (open_loop_ && sending_ && next_due_ <= now) {
        const Cursor& cur = cursors_[cursor_];
        const double due = cur.schedule->count_before(now - cur.base);
        waiting = static_cast<std::int64_t>((due - static_cast<double>(cur.next)) / static_cast<double>(stride_)) + 1;
        waiting = std::max<std::int64_t>(waiting, 1);
    }
    max_waiting_ = std::max(max_waiting_, waiting);
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
