#include "harness/load/engine.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>

#include "harness/load/worker.h"

namespace dockside::load {

namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
using detail::now_ns;

namespace {

constexpr std::int64_t kSecondNs = 1'000'000'000;
/// The collector reads each second's figures this long after the boundary, when every worker's
/// 10 ms tick has handed them over.
constexpr std::int64_t kCollectDelayNs = 30'000'000;
/// With a start instant, connections are opened this long before it: long enough to connect (and shake
/// hands) across a network, short enough that no server's keep-alive timeout closes them meanwhile.
constexpr auto kConnectLead = std::chrono::seconds(1);

/// The steady-clock reading at which the system clock shows `at` (the wall reading is taken between two
/// steady ones, so the conversion is off by half their gap at most).
std::int64_t steady_at(WallTime at) {
    const std::int64_t before = now_ns();
    const auto wall = std::chrono::system_clock::now();
    const std::int64_t after = now_ns();
    return before + (after - before) / 2 + std::chrono::duration_cast<std::chrono::nanoseconds>(at - wall).count();
}

Result<net::ip::tcp::endpoint, std::string> resolve(const TargetAddress& target) {
    net::io_context ioc;
    net::ip::tcp::resolver resolver(ioc);
    boost::system::error_code ec;
    auto results = resolver.resolve(target.host, std::to_string(target.port), ec);
    if (ec || results.empty())
        return fail("cannot resolve " + target.host + ": " + (ec ? ec.message() : std::string("no address")));
    return results.begin()->endpoint();
}

Result<std::unique_ptr<ssl::context>, std::string> make_tls(const TargetAddress& target) {
    auto context = std::make_unique<ssl::context>(ssl::context::tls_client);
    context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                         ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    if (target.insecure) {
        context->set_verify_mode(ssl::verify_none);
        return context;
    }
    context->set_verify_mode(ssl::verify_peer);
    boost::system::error_code ec;
    context->set_default_verify_paths(ec);
    if (ec) return fail("cannot load the system CA store: " + ec.message());
    if (!target.ca_file.empty()) {
        context->load_verify_file(target.ca_file, ec);
        if (ec) return fail("cannot load CA file " + target.ca_file + ": " + ec.message());
    }
    return context;
}

}  // namespace

std::vector<std::string> check_options(const EngineOptions& o) {
    std::vector<std::string> problems;
    if (o.connections < 1) problems.push_back("--connections must be at least 1");
    if (o.threads < 1) problems.push_back("--threads must be at least 1");
    if (o.threads > o.connections && o.connections >= 1)
        problems.push_back("--threads (" + std::to_string(o.threads) + ") may not exceed --connections (" +
                           std::to_string(o.connections) + "): every thread needs a connection");
    if (o.model == LoadModel::open_loop && !o.schedule) problems.push_back("an open-loop run needs a rate or stages");
    if (o.model == LoadModel::closed_loop && o.duration.count() <= 0)
        problems.push_back("a closed-loop run needs a duration above 0");
    if (o.warmup.count() < 0) problems.push_back("--warmup may not be negative");
    if (o.model == LoadModel::open_loop && o.warmup.count() > 0 && !(o.warmup_rate > 0))
        problems.push_back("an open-loop warm-up needs a rate above 0");
    if (o.request_timeout.count() <= 0) problems.push_back("the request timeout must be above 0");
    if (o.connect_timeout.count() <= 0) problems.push_back("the connect timeout must be above 0");
    if (o.drain_timeout.count() < 0) problems.push_back("the drain timeout may not be negative");
    if (o.shard_count < 1 || o.shard_index >= o.shard_count)
        problems.push_back("the shard must be i/N with 0 <= i < N");
    if (!(o.sample_fraction >= 0 && o.sample_fraction <= 1)) problems.push_back("--validate must be between 0 and 1");
    if (o.target.host.empty() || o.target.port == 0) problems.push_back("the target needs a host and a port");
    return problems;
}

struct Engine::Impl {
    EngineOptions options;
    RequestPlan plan;
    std::unique_ptr<ssl::context> tls;
    std::unique_ptr<detail::EngineShared> shared;
    std::vector<std::unique_ptr<detail::Worker>> workers;

    std::uint64_t requested_before(std::int64_t measured_ns) const;
    /// Waits until kConnectLead before options.start_at, telling `observer` once a second; false when
    /// interrupted meanwhile (nothing has been sent or opened then).
    bool wait_for_start(RunObserver& observer, const std::atomic<bool>* interrupt) const;
    /// Adds what the workers handed over into `interval`; returns how many had.
    int collect(StatsSet& interval);
    LiveStatus live(std::int64_t now, std::int64_t measured_start) const;
    /// Once the workers have ended: adds each one's last figures into `interval` and its examples and
    /// counts into `outcome`; returns when the last was sent and the last answer came.
    struct Ends {
        std::int64_t send_end = 0;
        std::int64_t last_completion = 0;
    };
    Ends gather_workers(RunOutcome& outcome, StatsSet& interval) const;
    bool all_done() const {
        return std::all_of(workers.begin(), workers.end(), [](const auto& w) { return w->done.load(); });
    }
};

Engine::Engine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Engine::~Engine() = default;

const RequestPlan& Engine::plan() const { return impl_->plan; }
const EngineOptions& Engine::options() const { return impl_->options; }

Result<std::unique_ptr<Engine>, std::vector<std::string>> Engine::create(EngineOptions options, RequestPlan plan,
                                                                       SampleQueue* samples) {
    auto problems = check_options(options);
    auto plan_problems = plan.problems();
    if (plan.uses_credential() && !options.credential)
        plan_problems.push_back("the plan's requests carry a credential, and none was given");
    problems.insert(problems.end(), plan_problems.begin(), plan_problems.end());
    if (!problems.empty()) return fail(std::move(problems));
    auto endpoint = resolve(options.target);
    if (!endpoint) return fail(std::vector<std::string>{endpoint.error()});

    auto impl = std::make_unique<Impl>();
    impl->options = std::move(options);
    impl->plan = std::move(plan);
    if (impl->options.target.tls) {
        auto tls = make_tls(impl->options.target);
        if (!tls) return fail(std::vector<std::string>{tls.error()});
        impl->tls = std::move(tls.value());
    }
    impl->shared = std::make_unique<detail::EngineShared>(impl->options, impl->plan);
    auto& shared = *impl->shared;
    shared.endpoint = *endpoint;
    shared.tls = impl->tls.get();
    shared.samples = samples;
    const auto& o = impl->options;
    if (o.model == LoadModel::open_loop && o.warmup.count() > 0) {
        auto warmup = Schedule::constant(o.warmup_rate, o.warmup);
        if (!warmup) return fail(std::vector<std::string>{"warm-up: " + warmup.error()});
        shared.warmup_schedule = std::move(warmup.value());
    }
    for (int t = 0; t < o.threads; ++t) {
        const int connections = o.connections / o.threads + (t < o.connections % o.threads ? 1 : 0);
        impl->workers.push_back(std::make_unique<detail::Worker>(shared, static_cast<unsigned>(t), connections));
    }
    return std::unique_ptr<Engine>(new Engine(std::move(impl)));
}

std::uint64_t Engine::Impl::requested_before(std::int64_t measured_ns) const {
    if (options.model != LoadModel::open_loop) return 0;
    const std::uint64_t all = options.schedule->requests_between(0, measured_ns);
    const std::uint64_t n = options.shard_count;
    return all / n + (options.shard_index < all % n ? 1 : 0);
}

bool Engine::Impl::wait_for_start(RunObserver& observer, const std::atomic<bool>* interrupt) const {
    using namespace std::chrono;
    const WallTime start = *options.start_at;
    auto next_line = system_clock::now();
    for (;;) {
        if (interrupt && interrupt->load()) return false;
        const auto now = system_clock::now();
        const auto left = start - now;
        if (left <= kConnectLead) return true;
        if (now >= next_line) {
            observer.on_waiting(start, duration<double>(left).count());
            // Far from the start a line a second would fill a CI log: every 10 s, or every minute.
            next_line = now + (left > minutes(10) ? seconds(60) : left > minutes(1) ? seconds(10) : seconds(1));
        }
        std::this_thread::sleep_for(std::min<system_clock::duration>(left - kConnectLead, milliseconds(50)));
    }
}

int Engine::Impl::collect(StatsSet& interval) {
    int taken = 0;
    for (auto& worker : workers)
        if (StatsSet* set = worker->exchange().take()) {
            interval.add(*set);
            worker->exchange().give_back(set);
            ++taken;
        }
    return taken;
}

LiveStatus Engine::Impl::live(std::int64_t now, std::int64_t measured_start) const {
    LiveStatus status;
    status.elapsed_ns = now - measured_start;
    status.warming_up = now < measured_start;
    for (const auto& w : workers) {
        status.in_flight += w->live_in_flight.load(std::memory_order_relaxed);
        status.waiting += w->live_waiting.load(std::memory_order_relaxed);
    }
    return status;
}

Engine::Impl::Ends Engine::Impl::gather_workers(RunOutcome& outcome, StatsSet& interval) const {
    Ends ends;
    for (const auto& worker : workers) {
        for (std::size_t op = 0; op < outcome.examples.size(); ++op)
            for (const auto& example : worker->examples()[op]) add_example(outcome.examples[op], example);
        interval.add(worker->current());
        outcome.aborted_in_flight += worker->aborted_in_flight();
        outcome.connections_opened += worker->connections_opened();
        outcome.warmup_sent += worker->warmup_sent();
        outcome.max_waiting = std::max(outcome.max_waiting, worker->max_waiting());
        AnswerTiming timing{worker->answers(), worker->answers_at_arrival(), std::nullopt};
        if (worker->read_batching_allowed()) timing.batched_share = worker->napping_share();
        outcome.answer_timing.add(timing);
        ends.send_end = std::max(ends.send_end, worker->send_end());
        ends.last_completion = std::max(ends.last_completion, worker->last_completion());
    }
    return ends;
}

RunOutcome Engine::run(RunObserver& observer, const std::atomic<bool>* interrupt) {
    auto& impl = *impl_;
    auto& shared = *impl.shared;
    RunOutcome outcome;
    outcome.totals = StatsSet(impl.plan.operations.size());
    outcome.examples.resize(impl.plan.operations.size());
    if (impl.options.start_at && !impl.wait_for_start(observer, interrupt)) {
        outcome.interrupted = true;  // before the start: nothing was sent
        return outcome;
    }
    std::vector<std::thread> threads;
    for (auto& worker : impl.workers) threads.emplace_back([w = worker.get()] { w->run(); });
    while (shared.connected_workers.load() < static_cast<int>(impl.workers.size()))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    // Without a start instant, every worker sees the start in the future. With one, the start is that
    // instant even when connecting made it a little late: the schedule is the shards' common one.
    const std::int64_t t0 = impl.options.start_at ? steady_at(*impl.options.start_at) : now_ns() + 20'000'000;
    shared.t0 = t0;
    const std::int64_t measured_start = shared.measured_start();
    if (impl.options.start_at) {
        outcome.measured_start_unix_ns = unix_ns(*impl.options.start_at) + impl.options.warmup.count();
    } else {
        outcome.measured_start_unix_ns = unix_ns(std::chrono::system_clock::now()) + (measured_start - now_ns());
    }
    outcome.measured_start_epoch_s = static_cast<double>(outcome.measured_start_unix_ns) / 1e9;
    observer.on_start(outcome.measured_start_epoch_s);
    StatsSet interval(impl.plan.operations.size());
    std::int64_t interrupted_at = 0;
    std::int64_t next_report = t0 + kSecondNs;
    // The first report of the measured run comes a second into it; a warm-up of whole seconds must not
    // leave a report due at the very start of the measured run, which would show an empty second.
    if (next_report >= measured_start) next_report = measured_start + kSecondNs + kCollectDelayNs;
    while (!impl.all_done()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const std::int64_t now = now_ns();
        if (interrupt && interrupt->load() && !shared.stop.load()) {
            shared.stop = true;
            interrupted_at = now;
        }
        if (now < next_report) continue;
        if (now < measured_start) {
            observer.on_warmup(impl.live(now, measured_start));
            next_report += kSecondNs;
            if (next_report >= measured_start) next_report = measured_start + kSecondNs + kCollectDelayNs;
            continue;
        }
        // Running workers hand over at every tick, so finding nothing means they are ending (and will hand
        // over at their end): look again shortly rather than show an empty second.
        if (impl.collect(interval) == 0) continue;
        observer.on_interval(interval, impl.live(now, measured_start));
        outcome.totals.add(interval);
        interval.reset();
        next_report += kSecondNs;
    }
    for (auto& t : threads) t.join();

    impl.collect(interval);
    const auto [send_end, last] = impl.gather_workers(outcome, interval);
    if (interval.total_counters().attempted() > 0 || interval.total_counters().sent > 0) {
        observer.on_interval(interval, impl.live(now_ns(), measured_start));
        outcome.totals.add(interval);
    }
    outcome.interrupted = interrupted_at != 0;
    const std::int64_t end = outcome.interrupted ? std::min(send_end, interrupted_at) : send_end;
    outcome.measured_ns = std::max<std::int64_t>(0, end - measured_start);
    outcome.drain_ns = std::max<std::int64_t>(0, last - end);
    outcome.requested = impl.requested_before(outcome.measured_ns);
    outcome.totals.start_ns = 0;
    outcome.totals.end_ns = outcome.measured_ns;
    return outcome;
}

}  // namespace dockside::load
