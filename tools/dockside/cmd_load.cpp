// `dockside load`: open-loop (--rate, --stages) or closed-loop (--closed-loop) load with a mix of the
// contract's operations, against a target (the embedded reference server unless --base-url names one).
// Options and target are validated together before anything is sent; Ctrl-C ends the run early and still
// writes its results, marked interrupted. An OAuth access token is renewed before it expires, so a run
// longer than its lifetime keeps being authorised. `--ab` runs the load on two targets in turn and compares
// them (tools/load/ab_trials.h). Exit codes: kLoadExitCodes (its --help says them).

#include <unistd.h>

#include <csignal>
#include <iostream>

#include "core/exit_codes.h"
#include "harness/auth/refresh_token_file.h"
#include "tools/dockside/command.h"
#include "tools/dockside/conform_target.h"
#include "tools/dockside/held_interrupts.h"
#include "tools/dockside/load_plan.h"
#include "tools/dockside/load_target.h"
#include "tools/dockside/slow_notice.h"
#include "tools/dockside/spec_files.h"
#include "tools/load/ab_trials.h"
#include "tools/load/load_run.h"

namespace dockside::cli {
namespace {

struct LoadCommandOptions {
    config::RawTargetOptions target;
    RemoteAccess access;
    WriteSafety safety;
    loadtool::RawLoadOptions load;
    std::vector<std::string> delays;  ///< latency faults of the embedded server (refserver/faults/answer_delay.h)
    std::string refresh_token_file;   ///< OAuth: where the refresh token is kept between runs
};

/// The footer of `dockside load --help` (the parent's would say conform's 130/143, which load never uses:
/// an interrupted run still writes its results and exits 2).
constexpr const char* kLoadExitCodes =
    "Exit codes: 0 the run passed; 1 a threshold was crossed or a sampled response violated the contract;\n"
    "2 the run could not be done (bad options, unreachable target, refused token, no answer at all) or was\n"
    "interrupted: Ctrl-C or SIGTERM ends the run early and still writes its results, marked interrupted\n"
    "(a second one ends the process at once).\n"
    "With --ab: 0 no regression; 1 a regression (or a slice failed its own gate); 2 cannot compare, a slice\n"
    "could not run, or interrupted.";

std::atomic<bool> g_interrupted{false};

/// Ctrl-C, or SIGTERM (what a CI runner sends when it cancels a job), ends the run early but cleanly.
extern "C" void on_interrupt(int signal) {
    g_interrupted.store(true);
    // A second one ends the process at once.
    std::signal(signal, SIG_DFL);
}

extern "C" void on_interrupt_while_checking(int) {
    static constexpr char kMessage[] =
        "\ndockside load: interrupted while checking the target: nothing was sent and no results were written\n";
    const ssize_t written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    (void)written;
    ::_exit(kExitCannotRun);
}

/// Checking a remote target waits in requests that a Ctrl-C cannot cut short (a silent target holds each for
/// the whole --timeout). Nothing has been sent then, so for that while a Ctrl-C (or SIGTERM) ends the
/// process at once. One that came before is left to the run, which ends at once and records it.
class InterruptEndsChecking {
public:
    InterruptEndsChecking() : armed_(!g_interrupted.load()) {
        if (!armed_) return;
        std::signal(SIGINT, on_interrupt_while_checking);
        std::signal(SIGTERM, on_interrupt_while_checking);
    }
    ~InterruptEndsChecking() {
        if (!armed_) return;
        std::signal(SIGINT, on_interrupt);
        std::signal(SIGTERM, on_interrupt);
    }
    InterruptEndsChecking(const InterruptEndsChecking&) = delete;
    InterruptEndsChecking& operator=(const InterruptEndsChecking&) = delete;

private:
    bool armed_;
};

/// The run's target made ready (tools/dockside/load_target.h); nullopt (message printed) when it cannot be had.
std::optional<loadtool::LoadTarget> resolve_target(const config::TargetConfig& target, const LoadCommandOptions& options,
                                                   const loadtool::LoadSettings& settings, const spec::Spec& spec,
                                                   std::unique_ptr<refserver::EmbeddedServer>& embedded) {
    const LoadTargetRequest request{options.access, options.refresh_token_file,
                                    {options.load.faults.begin(), options.load.faults.end()}, options.delays};
    std::optional<InterruptEndsChecking> checking;
    std::optional<SlowNotice> waiting;
    if (!target.embedded()) {
        checking.emplace();
        waiting.emplace(waiting_for_target("load", target.base_url, target.timeout_seconds));
    }
    auto ready = prepare_load_target(target, request, settings, spec, embedded, std::cerr);
    if (!ready) {
        cannot_run("load", ready.error());
        return std::nullopt;
    }
    return std::move(ready).value();
}

/// --ab: each URL taken as --base-url would be, both with the same credentials and options; every problem
/// of either, and of the combination, reported together.
std::vector<config::TargetConfig> ab_targets(const GlobalOptions& global, const LoadCommandOptions& options,
                                             const spec::Spec& spec, const loadtool::LoadSettings* settings,
                                             std::vector<std::string>& problems) {
    if (options.target.given.count("--base-url"))
        problems.push_back("--ab names both targets: leave out --base-url (and DOCKSIDE_BASE_URL)");
    if (!options.delays.empty())
        problems.push_back("--delay slows the embedded reference server; --ab's targets are servers of their own "
                           "(dockside serve --delay)");
    if (!options.refresh_token_file.empty())
        problems.push_back("--refresh-token-file keeps one target's OAuth refresh token; --ab has two targets");
    std::vector<config::TargetConfig> targets;
    const char* sides[] = {"baseline", "candidate"};
    for (std::size_t i = 0; i < options.load.ab.size() && i < 2; ++i) {
        config::RawTargetOptions raw = options.target;
        raw.base_url = options.load.ab[i];
        raw.given.insert("--base-url");
        auto target = config::resolve(raw, profile_names(global.spec_dir), version_segment(spec));
        if (!target) {
            for (const auto& p : target.error()) problems.push_back(std::string("--ab ") + sides[i] + ": " + p.to_string());
            continue;
        }
        print_target_notes("load", *target);
        const std::string refused = writes_refused_reason(*target, options.safety);
        if (settings && !refused.empty() && !options.safety.dry_run && !writing_entries(*settings).empty())
            problems.push_back(std::string("--ab ") + sides[i] + ": " + refused +
                               "; this mix would write: " + writing_entries(*settings));
        targets.push_back(std::move(target.value()));
    }
    return targets;
}

int run_ab_command(const GlobalOptions& global, const LoadCommandOptions& options, const spec::Spec& spec,
                   const Result<loadtool::LoadSettings, std::vector<std::string>>& settings) {
    std::vector<std::string> problems;
    if (!settings) problems = settings.error();
    const auto targets = ab_targets(global, options, spec, settings ? &*settings : nullptr, problems);
    if (!problems.empty()) {
        for (const auto& p : problems) std::cerr << "dockside load: " << p << "\n";
        return kExitCannotRun;
    }
    if (options.safety.dry_run) {
        std::cout << render_load_plan(*settings) << "--ab: " << settings->ab_pairs << " pairs of such slices\n"
                  << "dry run: nothing was sent to " << targets[0].base_url << " or " << targets[1].base_url << "\n";
        return kExitOk;
    }
    std::vector<loadtool::LoadTarget> resolved;
    for (const auto& target : targets) {
        std::unique_ptr<refserver::EmbeddedServer> none;  // a URL is never the embedded server
        auto load_target = resolve_target(target, options, *settings, spec, none);
        if (!load_target) return kExitCannotRun;
        resolved.push_back(std::move(*load_target));
    }
    loadtool::LoadIo io{std::cout, std::cerr, ::isatty(STDOUT_FILENO) == 1, &g_interrupted};
    return loadtool::run_ab(*settings, resolved[0], resolved[1], spec, io);
}

int run_load_command(const GlobalOptions& global, const LoadCommandOptions& options) {
    // From here on Ctrl-C or SIGTERM ends the run early but cleanly: whatever was measured is written, marked
    // interrupted. One that came while starting ends the run at once, recorded.
    const int held = claim_interrupts();
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    if (held != 0) g_interrupted.store(true);
    auto spec = load_spec(global.spec_dir);
    if (!spec) return cannot_run("load", spec.error().to_string());
    std::vector<std::string> problems;
    auto settings = loadtool::validate_load_options(options.load, *spec, global.spec_dir + "/mixes");
    if (!options.load.ab.empty()) return run_ab_command(global, options, *spec, settings);
    if (!settings) problems = settings.error();
    auto target = config::resolve(options.target, profile_names(global.spec_dir), version_segment(*spec));
    if (!target)
        for (const auto& p : target.error()) problems.push_back(p.to_string());
    else print_target_notes("load", *target);
    if (target && !options.load.faults.empty() && !target->embedded())
        problems.push_back("--fault switches faults on in the embedded reference server; it cannot be combined with --base-url");
    if (target && !options.delays.empty() && !target->embedded())
        problems.push_back("--delay slows the embedded reference server; it cannot be combined with --base-url");
    if (target) {
        // A mix that may write is refused before anything is sent, in the words of the plan.
        const std::string refused = writes_refused_reason(*target, options.safety);
        if (settings && !refused.empty() && !options.safety.dry_run && !writing_entries(*settings).empty())
            problems.push_back(refused + "; this mix would write: " + writing_entries(*settings) +
                               " (--dry-run shows the plan; a mix of reads by concrete path, such as 'GET "
                               "/2025-07/location', writes nothing)");
    }
    LoadCommandOptions kept = options;
    if (!options.refresh_token_file.empty()) {
        if (target && target->auth != config::AuthMethod::OAuthClient)
            problems.push_back("--refresh-token-file keeps an OAuth refresh token: it needs --client-id and --client-secret");
        if (auto token = auth::RefreshTokenFile(options.refresh_token_file).read_for_run()) kept.access.refresh_token = *token;
        else problems.push_back(token.error());
    }
    if (!problems.empty()) {
        for (const auto& p : problems) std::cerr << "dockside load: " << p << "\n";
        return kExitCannotRun;
    }
    if (options.safety.dry_run) {
        std::cout << render_load_plan(*settings);
        if (const auto refused = writes_refused_reason(*target, options.safety); !refused.empty() && !writing_entries(*settings).empty())
            std::cout << "production: " << refused << ": this mix would be refused\n";
        std::cout << "dry run: nothing was sent to " << (target->embedded() ? "the embedded reference server" : target->base_url) << "\n";
        return kExitOk;
    }
    std::unique_ptr<refserver::EmbeddedServer> embedded;
    auto load_target = resolve_target(*target, kept, *settings, *spec, embedded);
    if (!load_target) return kExitCannotRun;
    loadtool::LoadIo io{std::cout, std::cerr, ::isatty(STDOUT_FILENO) == 1, &g_interrupted};
    const int code = loadtool::run_load(*settings, *load_target, *spec, io);
    if (embedded) embedded->stop();
    return code;
}

}  // namespace

void register_load_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<LoadCommandOptions>();
    auto& raw = options->load;
    auto* load = app.add_subcommand("load", "Send load to a target (default: the embedded reference server) and record latency histograms");
    add_target_options(*load, options->target);
    load->add_option("--refresh-token-file", options->refresh_token_file,
                     "OAuth: file keeping the refresh token (read at start, rewritten 0600 at each rotation)")
        ->envname("DOCKSIDE_REFRESH_TOKEN_FILE");
    load->add_option("--rate", raw.rate, "Open loop: requests per second (all shards together)");
    load->add_option("--stages", raw.stages, "Open loop: ramps DURATION:RATE,… from 0 (e.g. 30s:500,60s:2000,30s:0)");
    load->add_flag("--closed-loop", raw.closed_loop, "Each connection sends its next request when the answer is in");
    load->add_option("--read-batching", raw.read_batching,
                     "Closed loop: 'auto' (default) lets a worker sleep briefly and read answers in batches where "
                     "that completes more requests (latency still uses each answer's arrival); 'off' reads each at once");
    load->add_option("--duration", raw.duration, "How long to send (default 30s; not with --stages)");
    load->add_option("--warmup", raw.warmup, "Send this long first, unrecorded (open loop: at the first rate; capacity search: before every step, "
                    "default 20% of --step-duration, at most 2s)");
    load->add_option("-c,--connections", raw.connections, "Keep-alive connections")->capture_default_str();
    load->add_option("-t,--threads", raw.threads, "Threads, each with its own connections")->capture_default_str();
    load->add_option("--mix", raw.mix, "Mix: a name in specs/mixes/, a YAML file, 'getOrder:5,createOrder:1' or 'GET /2025-07/location' (default merchant-day)");
    // One value per --threshold, so that what follows it is never taken for another threshold.
    load->add_option("--threshold", raw.thresholds,
                     "Gate, repeatable, or a comma-separated list as --slo takes: 'p99<50ms', 'errors<0.1%', "
                     "'createOrder:p95<80ms', 'rate>=0.99', 'substituted<1%'")
        ->allow_extra_args(false);
    load->add_flag("--strict-mix", raw.strict_mix,
                   std::string("Fail the run when more requests than '") + loadtool::kStrictMixThreshold +
                       "' allows went out as another operation than the mix drew (a read or cancel with no id at "
                       "hand is sent as a create; summary.json counts them under substitutions). A run of a hundred "
                       "requests may see its first cancel sent as a create, before anything was created: give it a "
                       "--warmup. The default once any --threshold is given");
    load->add_flag("--lenient-mix", raw.lenient_mix,
                   "A run with --threshold is not failed for a mix sent as another (a substituted threshold of "
                   "one's own also takes the place of the default)");
    load->add_option("--validate", raw.validate, "Share of responses validated against the contract (0.01 or 1%)");
    load->add_option("--shard", raw.shard, "Send the i-th of N shares of the schedule (i/N); combine runs with dockside merge");
    load->add_option("--shards", raw.shards,
                     "How many shards --shard auto has (a Kubernetes Indexed Job gives the index, not the count)");
    load->add_option("--start-at", raw.start_at,
                     "Wait until this instant (RFC 3339 with offset, e.g. 2026-11-23T14:00:00Z, or +10s from now) and "
                     "start the schedule there: shards given the same one send one schedule together");
    load->add_option("--out", raw.out, "Results folder (default: results/load-<UTC timestamp>/)");
    load->add_option("--summary-md", raw.summary_md,
                     "Write the verdict as Markdown (at most 64 KiB) for a CI job summary or a pull-request comment");
    load->add_option("--seed", raw.seed, "Seed of operation choice and generated bodies (default: random, recorded)");
    load->add_flag("--find-capacity", raw.find_capacity, "Search the highest rate held within --slo (step, then bisect)");
    load->add_option("--slo", raw.slo, "Capacity search: thresholds a step must hold ('p99<100ms,errors<0.1%')");
    load->add_option("--step-duration", raw.step_duration, "Capacity search: recorded length of each step (default 10s), after its warm-up");
    load->add_option("--max-rate", raw.max_rate, "Capacity search: highest rate to try");
    load->add_option("--precision", raw.precision, "Capacity search: stop when the bracket is narrower than this share (default 0.05)");
    load->add_option("--variants", raw.variants, "Pre-generated requests per operation (default 64)");
    load->add_option("--fault", raw.faults, "Switch a fault on in the embedded server (repeatable)");
    load->add_option("--ab", raw.ab,
                     "Compare two targets: BASE_URL CANDIDATE_URL, in --ab-slices pairs of --duration slices (default " +
                         std::string(loadtool::kDefaultAbSlice) +
                         "), each pair in a random order; exit code and compare.json as dockside compare's")
        ->expected(1, 2);
    load->add_option("--ab-slices", raw.ab_slices,
                     "--ab: pairs of slices, one on each target (default " + std::to_string(loadtool::kDefaultAbPairs) + ")");
    load->add_option("--delay", options->delays, "Answer an operation of the embedded server later: 'getOrder:+2ms', '*:+1ms' (repeatable)");
    add_write_safety_options(*load, options->safety, "model, pace, requests per operation, which write");
    load->footer(kLoadExitCodes);
    load->callback([&context, options] {
        context.action = [&context, options] { return run_load_command(context.global, *options); };
        context.claims_interrupts = true;
    });
}

}  // namespace dockside::cli
