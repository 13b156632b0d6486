#include "tools/load/load_run.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <random>

#include "core/exit_codes.h"
#include "harness/auth/refresh_token_file.h"
#include "harness/auth/token_refresher.h"
#include "harness/http/url.h"
#include "harness/load/capacity.h"
#include "harness/load/duration_text.h"
#include "harness/load/engine.h"
#include "harness/load/response_judge.h"
#include "harness/load/result_files.h"
#include "harness/load/run_recorder.h"
#include "harness/load/run_report.h"
#include "harness/report/summary_markdown.h"
#include "harness/validate/response_validator.h"
#include "tools/load/plan_builder.h"

namespace dockside::loadtool {

int cannot_run(LoadIo& io, const std::string& message) {
    io.err << "dockside load: " << message << "\n";
    return cli::kExitCannotRun;
}

namespace {

using namespace std::chrono_literals;

/// A tag no earlier run used, so created orders' reference ids never collide (ORD-REF-UNIQUE).
std::string run_tag(unsigned shard) {
    std::random_device device;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "DSL-%08x-%u-", static_cast<unsigned>(device()), shard);
    return buffer;
}

/// The tag of a capacity search's step `number` (from 1). Each step is an engine run of its own whose
/// sequence numbers start again at 0: under the run's one tag, step 2 would send step 1's reference ids
/// again, and a correct server refuses them (ORD-REF-UNIQUE), which the search would take for its errors.
std::string step_tag(const std::string& run, int number) { return run + "step" + std::to_string(number) + "-"; }

/// Everything one engine run needs besides its schedule.
struct Prepared {
    PlanInputs inputs;  ///< what the plan was built from; a capacity step builds its own with its own tag
    BuiltPlan built;
    http::Url url;
    std::unique_ptr<validate::ResponseValidator> validator;
    std::vector<std::string> names;
    std::shared_ptr<load::Credential> credential;  ///< an OAuth token renewed during the run
    std::unique_ptr<auth::TokenRefresher> refresher;
};

/// The load's side of token renewal: each token goes to the engine's Credential, a refusal a worker met
/// there asks for a renewal, and each rotated refresh token is written to `file` when one is named.
auth::RefresherHooks renewal_hooks(const std::shared_ptr<load::Credential>& credential, const std::string& file) {
    auth::RefresherHooks hooks;
    hooks.publish = [credential](const std::string& token) { credential->publish(token); };
    hooks.demanded = [credential] { return credential->renewal_wanted(); };
    if (!file.empty())
        hooks.rotated = [store = auth::RefreshTokenFile(file)](const std::string& token) { return store.write(token); };
    return hooks;
}

load::EngineOptions engine_options(const LoadSettings& s, const LoadTarget& target, const Prepared& prepared) {
    const http::Url& url = prepared.url;
    load::EngineOptions o;
    o.credential = prepared.credential;
    o.target = {url.host, url.port, url.tls(), target.insecure, {}};
    o.model = s.model;
    o.schedule = s.schedule;
    o.duration = s.duration;
    o.warmup = s.warmup;
    o.warmup_rate = s.warmup_rate;
    o.connections = s.connections;
    o.read_batching = s.read_batching;
    o.threads = s.threads;
    o.request_timeout = load::Nanos(static_cast<std::int64_t>(target.timeout_s * 1e9));
    o.connect_timeout = std::min<load::Nanos>(o.request_timeout, 5s);
    o.drain_timeout = o.request_timeout;
    o.sample_fraction = s.validate;
    o.seed = s.seed;
    o.shard_index = s.shard_index;
    o.shard_count = s.shard_count;
    o.start_at = s.start_at;
    return o;
}

/// One engine run; the result carries its sampled validation. nullopt (message printed) when the
/// engine could not start.
std::optional<load::RunResult> run_engine(const load::EngineOptions& options, const Prepared& prepared,
                                          const BuiltPlan& built, load::IntervalLogs* logs, LoadIo& io,
                                          std::int64_t& aborted) {
    std::unique_ptr<load::SampleQueue> samples;
    if (options.sample_fraction > 0 && prepared.validator)
        samples = std::make_unique<load::SampleQueue>(built.plan.operations.size(),
                                                      load::make_response_judge(*prepared.validator, built.operations));
    auto engine = load::Engine::create(options, built.plan, samples.get());
    if (!engine) {
        for (const auto& p : engine.error()) io.err << "dockside load: " << p << "\n";
        return std::nullopt;
    }
    load::ProgressPrinter progress(io.out, io.terminal);
    const double total_s = options.schedule ? static_cast<double>(options.schedule->duration_ns()) / 1e9
                                            : static_cast<double>(options.duration.count()) / 1e9;
    load::RunRecorder recorder(progress, logs, prepared.names, options.schedule ? &*options.schedule : nullptr, total_s,
                               1.0 / options.shard_count);
    const auto outcome = (*engine)->run(recorder, io.interrupt);
    progress.finish();
    auto result = load::RunResult::from_stats(outcome.totals, prepared.names, outcome.examples);
    for (std::size_t i = 0; i < result.operations.size() && i < built.plan.operations.size(); ++i)
        if (const int fallback = built.plan.operations[i].fallback; fallback >= 0)
            result.operations[i].fallback = built.plan.operations[static_cast<std::size_t>(fallback)].name;
    result.request_timeout_s = static_cast<double>(options.request_timeout.count()) / 1e9;
    if (samples) {
        samples->finish();
        const auto sampling = samples->results();
        for (std::size_t i = 0; i < result.operations.size() && i < sampling.size(); ++i)
            result.operations[i].sampling = sampling[i];
    }
    result.open_loop = options.model == load::LoadModel::open_loop;
    result.interrupted = outcome.interrupted;
    result.duration_s = static_cast<double>(outcome.measured_ns) / 1e9;
    result.drain_s = static_cast<double>(outcome.drain_ns) / 1e9;
    result.requested = outcome.requested;
    result.aborted_in_flight = outcome.aborted_in_flight;
    result.warmup_s = static_cast<double>(options.warmup.count()) / 1e9;
    result.warmup_sent = outcome.warmup_sent;
    result.answer_timing = outcome.answer_timing;
    result.measured_start_unix_ns = outcome.measured_start_unix_ns;
    aborted = outcome.aborted_in_flight;
    return result;
}

load::RunSummary new_summary(const LoadSettings& s, const LoadTarget& target) {
    load::RunSummary summary;
    summary.configuration = configuration_json(s);
    summary.target = target.base_url;
    summary.embedded = target.embedded;
    summary.host = load::host_name();
    summary.seed = s.seed;
    summary.started_at = load::utc_now(false);
    if (s.start_at) summary.start_at = load::format_utc(*s.start_at);
    for (const auto& t : s.thresholds) summary.threshold_expressions.push_back(t.expression);
    return summary;
}

int finish(load::RunSummary& summary, const LoadSettings& s, const LoadTarget& target, const Prepared& prepared,
           const std::string& dir, LoadIo& io) {
    summary.finished_at = load::utc_now(false);
    load::redact(summary, target.token);
    if (prepared.refresher) {
        prepared.refresher->stop();
        const auto counts = prepared.refresher->counts();
        summary.token_renewals = counts.renewals;
        summary.token_renewal_failures = counts.failures;
        summary.token_renewals_on_demand = counts.on_demand;
        summary.unauthorized_retries = prepared.credential->retries();
        for (const auto& token : prepared.refresher->issued()) load::redact(summary, token);
        if (counts.failures > 0 || counts.store_failures > 0)
            io.err << "dockside load: warning: renewing the OAuth access token or storing its refresh token failed "
                   << counts.failures + counts.store_failures << " time(s); the last: " << counts.last_error << "\n";
        io.out << "OAuth: the access token was renewed " << counts.renewals << " time(s), " << counts.on_demand
               << " of them after a 401; " << summary.unauthorized_retries
               << " request(s) refused with 401 were sent once more with the new token\n";
    }
    load::judge_run(summary, s.thresholds);
    if (auto written = load::write_run_files(dir, summary); !written) return cannot_run(io, written.error());
    if (!s.summary_md.empty())
        if (auto written = write_text_file(s.summary_md, report::load_summary_markdown(summary, dir)); !written)
            return cannot_run(io, "--summary-md: " + written.error());
    load::print_report(io.out, summary, dir);
    if (!s.summary_md.empty()) io.out << "summary: " << s.summary_md << "\n";
    return summary.exit_code;
}

int run_once(const LoadSettings& s, const LoadTarget& target, const Prepared& prepared, const std::string& dir,
             LoadIo& io) {
    if (s.start_at)
        if (auto problem = load::start_instant_problem(*s.start_at, std::chrono::system_clock::now()))
            return cannot_run(io, "--start-at: " + *problem + ", passed while the run was prepared; give a later one");
    auto logs = load::IntervalLogs::open(dir);
    if (!logs) return cannot_run(io, logs.error());
    auto summary = new_summary(s, target);
    summary.files = {{"latency_hlog", load::IntervalLogs::kLatencyFile},
                     {"service_time_hlog", load::IntervalLogs::kServiceFile},
                     {"send_lag_hlog", load::IntervalLogs::kSendLagFile}};
    std::int64_t aborted = 0;
    auto result = run_engine(engine_options(s, target, prepared), prepared, prepared.built, logs->get(), io, aborted);
    if (!(*logs)->close()) io.err << "dockside load: warning: the interval logs could not be written completely\n";
    if (!result) return cli::kExitCannotRun;
    summary.result = std::move(*result);
    return finish(summary, s, target, prepared, dir, io);
}

int run_capacity(const LoadSettings& s, const LoadTarget& target, const Prepared& prepared, const spec::Spec& spec,
                 const std::string& dir, LoadIo& io) {
    std::optional<load::RunResult> best;
    std::optional<load::RunResult> last;
    bool engine_failed = false;
    int steps = 0;
    // Each operation's share of the mix, for an operation's percentile in the SLO.
    std::map<std::string, double> shares;
    double weights = 0;
    for (const auto& e : s.entries) weights += e.weight;
    for (const auto& e : s.entries) shares[e.name] += weights > 0 ? e.weight / weights : 0;
    const auto step = [&](double rate) -> std::optional<load::RunResult> {
        PlanInputs inputs = prepared.inputs;
        inputs.run_tag = step_tag(prepared.inputs.run_tag, ++steps);
        auto built = build_plan(inputs, spec);
        if (!built) {
            for (const auto& p : built.error()) io.err << "dockside load: " << p << "\n";
            engine_failed = true;
            return std::nullopt;
        }
        auto options = engine_options(s, target, prepared);
        options.model = load::LoadModel::open_loop;
        // A percentile of the SLO is judged only from enough requests: a step too short for them at its
        // rate is lengthened (and one that still has too few stops the search, saying so).
        const double asked_s = static_cast<double>(s.step_duration.count()) / 1e9;
        const double step_s = load::step_seconds(rate, asked_s, s.slo, shares);
        options.schedule = load::Schedule::constant(rate, load::Nanos(static_cast<std::int64_t>(step_s * 1e9))).value();
        // Connections settling and the server's caches warming belong to no rate: each step first
        // sends at its own rate, unrecorded.
        options.warmup = s.step_warmup;
        options.warmup_rate = rate;
        io.out << "capacity step: " << options.schedule->describe();
        if (step_s > asked_s)
            io.out << " (longer than --step-duration " << load::format_duration(s.step_duration)
                   << ": the SLO's percentiles need that many requests to be judged)";
        io.out << "\n";
        std::int64_t aborted = 0;
        auto result = run_engine(options, prepared, *built, nullptr, io, aborted);
        if (!result) engine_failed = true;
        if (!result || result->interrupted) return std::nullopt;
        last = result;
        return result;
    };
    const auto on_step = [&](const load::CapacityStep& st) {
        char line[256];
        std::snprintf(line, sizeof line, "  %.6g/s: achieved %.1f/s, p99 %.3fms, errors %.3g%% (after %.3gs of warm-up): %s\n",
                      st.rate, st.achieved_rate, st.p99_ms, st.error_ratio * 100, st.warmup_s,
                      st.passed ? "within the SLO" : st.crossed.empty() ? "not judged" : "outside");
        io.out << line;
        for (const auto& c : st.crossed) io.out << "    crossed: " << c << "\n";
        for (const auto& u : st.unjudged) io.out << "    cannot judge: " << u << "\n";
        // The errors by kind, so that a step outside the SLO says whether the server or the load failed.
        for (const auto& e : load::step_error_lines(st)) io.out << "    " << e << "\n";
        if (st.passed && (!best || best->requested_rate() < last->requested_rate())) best = last;
    };
    const auto found = load::find_capacity(s.capacity, s.slo, step, on_step);
    if (engine_failed) return cli::kExitCannotRun;
    const auto curve = load::capacity_json(found, s.slo);
    using Names = load::RunFileNames;
    if (auto ok = write_text_file(dir + "/" + Names::kCapacityJson, curve.dump(2) + "\n"); !ok)
        return cannot_run(io, ok.error());
    if (auto ok = write_text_file(dir + "/" + Names::kCapacityCsv, load::capacity_csv(found)); !ok)
        return cannot_run(io, ok.error());
    io.out << "\ncapacity: ";
    if (found.capacity) io.out << *found.capacity << " requests/s within " << s.slo.size() << " SLO threshold(s)";
    else io.out << "no rate tried was sustained within the SLO";
    io.out << " (" << found.stopped_because << ")\ncurve: " << dir << "/" << Names::kCapacityCsv << "\n";
    auto summary = new_summary(s, target);
    summary.files = {{"capacity_json", Names::kCapacityJson}, {"capacity_csv", Names::kCapacityCsv}};
    summary.configuration["capacity"]["result"] = curve;
    if (best) summary.result = *best;
    else if (last) summary.result = *last;
    summary.result.interrupted = found.interrupted;
    const int code = finish(summary, s, target, prepared, dir, io);
    if (code == cli::kExitOk && !found.capacity) return cli::kExitViolations;
    return code;
}

}  // namespace

int run_load(const LoadSettings& s, const LoadTarget& target, const spec::Spec& spec, LoadIo& io) {
    auto url = http::parse_url(target.base_url);
    if (!url) return cannot_run(io, "base URL " + url.error());
    Prepared prepared{{}, {}, *url, nullptr, {}, nullptr, nullptr};
    std::string token = target.token;
    if (target.oauth) {
        prepared.credential = std::make_shared<load::Credential>(target.token);
        const auto lifetime = auth::documented_access_lifetime(spec).value_or(std::chrono::hours(1));
        prepared.refresher = std::make_unique<auth::TokenRefresher>(*target.oauth, lifetime,
                                                                    renewal_hooks(prepared.credential, target.refresh_token_file));
        if (!target.oauth->refresh_token.empty()) {
            // Renewing once now proves it works and learns the server's own expires_in.
            auto fresh = prepared.refresher->renew_now();
            if (!fresh) return cannot_run(io, "OAuth: " + fresh.error() + ": the token could not be kept fresh through the run");
            token = *fresh;
        }
    }
    load::TargetAccess access{*url, token, target.channel_header.empty() ? spec.channel_header() : target.channel_header,
                              target.channel, {}, prepared.credential != nullptr};
    access.client.request_timeout = std::chrono::milliseconds(static_cast<std::int64_t>(target.timeout_s * 1000));
    access.client.insecure = target.insecure;
    auto catalog = read_catalog(access, spec, catalog_needs(s.entries));
    if (!catalog) return cannot_run(io, catalog.error());

    prepared.inputs = {s.entries, access, *catalog, s.seed, run_tag(s.shard_index), s.variants};
    auto built = build_plan(prepared.inputs, spec);
    if (!built) {
        for (const auto& p : built.error()) io.err << "dockside load: " << p << "\n";
        return cli::kExitCannotRun;
    }
    prepared.built = std::move(built.value());
    for (const auto& op : prepared.built.plan.operations) prepared.names.push_back(op.name);
    if (s.validate > 0) {
        prepared.validator = std::make_unique<validate::ResponseValidator>(spec);
        for (const auto& p : prepared.validator->compile_all()) io.err << "dockside load: warning: " << p << "\n";
    }
    const std::string dir = s.out.empty() ? "results/load-" + load::utc_now(true) : s.out;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return cannot_run(io, "--out " + dir + ": " + ec.message());
    const auto cleared = load::clear_previous_run(dir);
    if (!cleared) return cannot_run(io, "--out " + dir + ": " + cleared.error());

    io.out << "dockside load: " << (target.embedded ? "embedded: " : "") << target.base_url << ", "
           << (s.find_capacity ? "capacity search"
               : s.schedule    ? s.schedule->describe()
                               : "closed loop for " + load::format_duration(s.duration))
           << ", mix " << s.mix.name << " (" << s.entries.size() << " operation" << (s.entries.size() == 1 ? "" : "s")
           << "), " << s.connections << " connections on " << s.threads << " threads, seed " << s.seed;
    if (s.shard_count > 1) io.out << ", shard " << s.shard_index << "/" << s.shard_count;
    if (s.start_at) io.out << ", starting at " << load::format_utc(*s.start_at);
    io.out << "\n";
    if (*cleared > 0)
        io.out << "dockside load: note: removed the " << *cleared << " files of an earlier run from " << dir << "\n";
    for (const auto& w : s.mix_warnings) io.out << "dockside load: note: " << w << "\n";
    for (const auto& n : prepared.built.notes) io.out << "dockside load: note: " << n << "\n";
    for (const auto& n : catalog->notes) io.out << "dockside load: note: " << n << "\n";
    if (prepared.refresher) prepared.refresher->start();
    return s.find_capacity ? run_capacity(s, target, prepared, spec, dir, io) : run_once(s, target, prepared, dir, io);
}

}  // namespace dockside::loadtool
