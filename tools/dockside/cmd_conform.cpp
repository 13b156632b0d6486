// `dockside conform`: the conformance suites, in process, against a target (the embedded reference server
// unless --base-url names one). Checks every configuration problem and the run's preconditions first, then
// runs, writes junit.xml and results.json (kept valid even when the run is interrupted), and prints progress,
// the summary and the failures. Exit 0 all passed (accepted findings included), 1 violations, 2 could not run.

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "core/exit_codes.h"
#include "core/text_file.h"
#include "harness/auth/refresh_token_file.h"
#include "harness/conform/accept_baseline.h"
#include "harness/conform/areas.h"
#include "harness/conform/conform_run.h"
#include "harness/conform/junit.h"
#include "harness/conform/profile.h"
#include "harness/conform/record.h"
#include "harness/conform/report.h"
#include "harness/conform/results.h"
#include "harness/conform/schema_coverage.h"
#include "harness/report/summary_markdown.h"
#include "harness/validate/response_validator.h"
#include "refserver/embedded/session_info.h"
#include "harness/conform/reproduction.h"
#include "harness/conform/suite_runner.h"
#include "tools/dockside/har_recording.h"
#include "tools/dockside/accept_output.h"
#include "tools/dockside/command.h"
#include "tools/dockside/conform_plan.h"
#include "tools/dockside/conform_credentials.h"
#include "tools/dockside/conform_target.h"
#include "tools/dockside/held_interrupts.h"
#include "tools/dockside/run_cleanup.h"
#include "tools/dockside/slow_notice.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

/// The schema phase's coverage rows of a run, in its results folder (read into results.json at the end).

struct ConformOptions {
    config::RawTargetOptions target;
    RemoteAccess access;
    WriteSafety safety;
    bool keep = false;  ///< --keep: leave what the run created on the target
    WebhookReceiverOptions webhook;
    std::string only;
    std::string filter;
    int cases = 25;
    std::string seed;  ///< text, so a negative or malformed seed is reported with the other problems
    std::string out;
    std::vector<std::string> faults;
    std::string accept_file;
    std::string write_accept_file;
    std::string summary_md_file;
    std::string har_file;
    std::string har_secrets = "remove";
    std::string refresh_token_file;
    int test_timeout = 120;
    int workers = 1;
    double max_rps = 0;
    bool list = false;
    bool quiet = false;
    bool verbose = false;
    bool only_given = false;
    bool filter_given = false;
};

/// Everything checked before anything runs.
struct Checked {
    std::vector<std::string> areas;
    std::uint64_t seed = 0;
    std::set<std::string> accept_keys;
    std::string accept_text;  ///< the --accept file as read, for --write-accept to rewrite
    std::string out_dir;
    std::optional<spec::Spec> spec;
    std::optional<config::TargetConfig> target;
    nlohmann::json profile;
    std::string refresh_token;  ///< kept in --refresh-token-file by an earlier run
};

/// Whether `path`'s folder exists and can be written (a file to be written after the run).
std::optional<std::string> unwritable(const std::string& path) {
    const auto folder = std::filesystem::path(path).parent_path();
    const std::string dir = folder.empty() ? "." : folder.string();
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return "the folder " + dir + " does not exist";
    if (::access(dir.c_str(), W_OK) != 0) return "the folder " + dir + " is not writable";
    if (std::filesystem::is_directory(path, ec)) return path + " is a folder";
    return std::nullopt;
}

/// Every configuration problem at once (k6's Validate): flags, the spec, the target, paths.
std::vector<std::string> check(const GlobalOptions& global, const ConformOptions& o, Checked& c) {
    std::vector<std::string> problems;
    if (o.only_given && o.only.find_first_not_of(" ,") == std::string::npos)
        problems.push_back("--only: empty; name at least one area (or leave --only out to run every area)");
    else if (auto areas = conform::parse_areas(o.only)) c.areas = *areas;
    else problems.push_back("--only: " + areas.error());
    if (o.filter_given && o.filter.find_first_not_of(" :") == std::string::npos)
        problems.push_back("--filter: empty; give a GoogleTest pattern such as 'RuleChecks.status_code_*'");
    else if (!o.filter.empty() && !c.areas.empty() && conform::gtest_filter(c.areas, o.filter) == "-*")
        problems.push_back("--filter '" + o.filter + "' names no test of the areas --only selects");
    for (auto& p : webhook_problems(o.webhook)) problems.push_back(std::move(p));
    if (o.cases < 1) problems.push_back("--cases must be at least 1 (got " + std::to_string(o.cases) + ")");
    if (o.test_timeout < 1) problems.push_back("--test-timeout must be at least 1 second");
    if (o.max_rps < 0) problems.push_back("--max-rps must be above zero (or left out for no cap)");
    if (o.workers < 1 || o.workers > 64) problems.push_back("--workers must be from 1 to 64 (got " + std::to_string(o.workers) + ")");
    if (o.quiet && o.verbose) problems.push_back("--quiet and --verbose contradict each other; pass one");
    if (!o.seed.empty()) {
        char* end = nullptr;
        errno = 0;
        const unsigned long long seed = std::strtoull(o.seed.c_str(), &end, 10);
        if (o.seed[0] == '-' || *end != '\0' || errno == ERANGE || o.seed.find_first_not_of("0123456789") != std::string::npos)
            problems.push_back("--seed must be a whole number from 0 to 18446744073709551615 (got '" + o.seed + "')");
        else c.seed = seed;
    }
    if (auto spec = load_spec(global.spec_dir)) c.spec = std::move(spec.value());
    else problems.push_back(spec.error().to_string());
    if (auto target = config::resolve(o.target, profile_names(global.spec_dir), c.spec ? version_segment(*c.spec) : "")) {
        c.target = std::move(target.value());
        if (!o.faults.empty() && !c.target->embedded())
            problems.push_back("--fault switches faults on in the embedded reference server; it cannot be combined with --base-url");
        if (auto profile = conform::load_profile(spec_files(global.spec_dir).profiles_dir, c.target->profile))
            c.profile = std::move(profile.value());
        else problems.push_back(profile.error());
    } else {
        for (const auto& p : target.error()) problems.push_back(p.to_string());
    }
    if (!o.accept_file.empty()) {
        if (auto text = read_text_file(o.accept_file)) {
            c.accept_keys = conform::parse_accept_file(*text);
            c.accept_text = std::move(text.value());
        } else problems.push_back("--accept: " + text.error());
    }
    if (!o.write_accept_file.empty())
        if (auto why = unwritable(o.write_accept_file)) problems.push_back("--write-accept " + o.write_accept_file + ": " + *why);
    if (!o.har_file.empty())
        if (auto why = unwritable(o.har_file)) problems.push_back("--har " + o.har_file + ": " + *why);
    if (o.har_secrets != "remove" && o.har_secrets != "keep")
        problems.push_back("--har-secrets is remove or keep (got '" + o.har_secrets + "')");
    else if (o.har_secrets == "keep" && c.target && c.target->production)
        problems.push_back("--har-secrets keep: the environment '" + c.target->environment +
                           "' is marked production, and its credentials are never written to a file");
    if (!o.refresh_token_file.empty()) {
        if (c.target && c.target->auth != config::AuthMethod::OAuthClient)
            problems.push_back("--refresh-token-file keeps an OAuth refresh token: it needs --client-id and --client-secret");
        if (auto kept = auth::RefreshTokenFile(o.refresh_token_file).read_for_run()) c.refresh_token = *kept;
        else problems.push_back(kept.error());
    }
    if (!o.summary_md_file.empty())
        if (auto why = unwritable(o.summary_md_file)) problems.push_back("--summary-md " + o.summary_md_file + ": " + *why);
    if (!o.list && !o.safety.dry_run) {
        std::error_code ec;
        std::filesystem::create_directories(c.out_dir, ec);
        if (ec) problems.push_back("--out " + c.out_dir + ": " + ec.message());
        else if (::access(c.out_dir.c_str(), W_OK) != 0) problems.push_back("--out " + c.out_dir + ": not writable");
    }
    return problems;
}

bool colour_console() {
    const char* term = std::getenv("TERM");
    return ::isatty(1) && !std::getenv("NO_COLOR") && !(term && std::string(term) == "dumb");
}

/// Writes results.json, junit.xml (and the accept file when asked), prints the summary and the failures.
/// `areas_shown`: the progress lines already showed one line per area.
int report(const conform::RunResults& results, const std::string& out_dir, const ConformOptions& options,
           const std::string& accept_text, bool areas_shown) {
    const auto dir = std::filesystem::path(out_dir);
    const std::string results_path = (dir / "results.json").string(), junit_path = (dir / "junit.xml").string();
    if (!write_text_file(results_path, conform::to_json(results).dump(2) + "\n")) return cannot_run("conform", "cannot write " + results_path);
    if (!write_text_file(junit_path, conform::render_junit(results))) return cannot_run("conform", "cannot write " + junit_path);
    if (!options.write_accept_file.empty() && !write_accept_file(results, options.write_accept_file, accept_text))
        return cannot_run("conform", "cannot write --write-accept " + options.write_accept_file);
    if (!options.summary_md_file.empty() &&
        !write_text_file(options.summary_md_file, report::conform_summary_markdown(results, out_dir)))
        return cannot_run("conform", "cannot write --summary-md " + options.summary_md_file);
    conform::ReportStyle style;
    style.colour = colour_console();
    style.detail = options.quiet ? conform::Detail::Quiet : options.verbose ? conform::Detail::Verbose : conform::Detail::Normal;
    if (const auto failures = conform::render_failures(results, style); !failures.empty()) std::cout << "\n" << failures;
    // The progress lines showed each area as it finished: the summary adds the totals, not the same rows again.
    std::cout << "\n" << conform::render_summary(results, style.colour, !areas_shown);
    if (style.detail == conform::Detail::Normal) std::cout << conform::render_skip_reasons(results);
    if (style.detail != conform::Detail::Quiet) std::cout << conform::render_coverage(results.schema_phase);
    if (results.accept) print_accept_audit(*results.accept, !options.write_accept_file.empty());
    std::cout << "results: " << results_path << "\njunit:   " << junit_path << "\nlog:     "
              << (dir / "conform.log").string() << std::endl;
    if (!options.summary_md_file.empty()) std::cout << "summary: " << options.summary_md_file << std::endl;
    conform::keep_exit_output_in((dir / "conform.log").string());
    return conform::exit_code(results) == 0 ? kExitOk : kExitViolations;
}

/// The target's session description and the findings its preparation made; nullopt means exit 2 (said).
std::optional<conform::PreparedTarget> prepare(const config::TargetConfig& target, const ConformOptions& options,
                                               const std::string& refresh_token, const spec::Spec& spec,
                                               const validate::ResponseValidator& validator,
                                               std::unique_ptr<refserver::EmbeddedServer>& embedded) {
    if (target.embedded()) {
        auto started = start_embedded(options.faults, spec);
        if (!started) {
            for (const auto& problem : started.error()) std::cerr << "dockside conform: " << problem << "\n";
            return std::nullopt;
        }
        embedded = std::move(started.value());
        conform::PreparedTarget prepared;
        prepared.info = refserver::conformance_session_info(*embedded, true);
        prepared.info.replay_args = embedded_replay_args(options.faults);
        return prepared;
    }
    auto remote = [&] {
        const SlowNotice waiting(waiting_for_target("conform", target.base_url, target.timeout_seconds));
        RemoteAccess access = options.access;
        access.refresh_token = refresh_token;
        return prepare_remote(target, access, spec, validator);
    }();
    if (!remote) {
        cannot_run("conform", remote.error());
        return std::nullopt;
    }
    remote->info.replay_args = remote_replay_args(target, options.access, remote->info);
    return std::move(remote.value());
}

/// The outermost folder of `dir` that does not exist yet ("" when `dir` exists): what creating it makes.
std::filesystem::path first_missing_folder(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::path missing;
    for (auto at = std::filesystem::absolute(dir, ec); !at.empty() && !std::filesystem::exists(at, ec);
         at = at.parent_path()) {
        missing = at;
        if (at == at.parent_path()) break;
    }
    return missing;
}

/// Arms the record before anything slow happens, so a Ctrl-C at any moment leaves one that says so; then
/// takes over the interrupts held during start-up.
void arm_record(conform::RunRecord& record, const std::filesystem::path& dir, bool no_record) {
    if (no_record) {
        if (const int held = claim_interrupts()) std::raise(held);
        return;
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);  // a problem here is reported by check() with the others
    conform::RunMetadata preparing;
    preparing.target = "(preparing the run)";
    preparing.started_at = conform::utc_timestamp(false);
    const int held = claim_interrupts();
    if (!ec) record.arm(preparing);
    if (held) std::raise(held);  // interrupted while starting: the record just armed says so
}

/// How the suites run: selection, console, log and record from the command's options.
conform::RunOptions suite_run_options(const ConformOptions& options, const std::string& filter,
                                      const std::set<std::string>& accept_keys, const std::filesystem::path& dir,
                                      conform::RunRecord& record) {
    conform::RunOptions run;
    run.filter = filter;
    run.list_only = options.list;
    run.accept_keys = accept_keys;
    run.progress = !options.quiet;
    run.colour = colour_console();
    run.capture_path = options.list ? "" : (dir / "conform.log").string();
    run.test_budget = std::chrono::seconds(options.test_timeout);
    run.record = options.list ? nullptr : &record;
    run.workers = options.workers;
    run.max_requests_per_second = options.max_rps;
    run.on_test_start = conform::injected_hooks().on_test_start;
    run.on_request = conform::injected_hooks().on_request;
    return run;
}

/// The prepared target's session information completed with the run's choices and the files it keeps.
void complete_session_info(conform::SessionInfo& info, const conform::SessionInfo& like, const ConformOptions& options,
                           const Checked& c) {
    info.profile = like.profile;
    info.profile_json = like.profile_json;
    info.cases = like.cases;
    info.seed = like.seed;
    info.only = like.only;
    info.writes_refused = writes_refused_reason(*c.target, options.safety);
    // What the run creates on a remote target is noted so it can be undone (the embedded one goes with it).
    if (!options.list && !info.embedded) {
        info.created_log = created_log_of(c.out_dir);
        keep_only_pending(info.created_log, *c.spec);
    }
    apply_webhook_options(options.webhook, info);
}

/// The --accept file's entries against the run's findings. Only a run of every test, to its end, can
/// tell that an accepted test no longer exists.
conform::AcceptAudit audit_accepted(const conform::RunResults& results, const ConformOptions& options,
                                    const std::set<std::string>& accept_keys) {
    const bool whole_suite = options.only.empty() && options.filter.empty() && results.meta.interrupted.empty() &&
                             results.meta.selected <= static_cast<int>(results.tests.size());
    return conform::audit_accept(options.accept_file, accept_keys, results.tests, whole_suite);
}

/// `--har`: the recording every exchange of the run goes to, the preparation's exchanges (remote targets)
/// already in it, as they were sent; null without --har.
Result<std::unique_ptr<HarRecording>, std::string> open_recording(const ConformOptions& options, const Checked& c,
                                                                   const conform::PreparedTarget& prepared) {
    if (options.har_file.empty() || options.list) return std::unique_ptr<HarRecording>();
    const conform::SessionInfo& info = prepared.info;
    std::vector<std::string> secrets{info.token, info.read_only_token, c.target->token, c.target->client_secret};
    if (info.oauth_client) secrets.push_back(info.oauth_client->secret);
    auto opened = HarRecording::open(options.har_file, {secrets, options.har_secrets == "keep"}, info.seed);
    if (!opened) return fail(opened.error());
    (*opened)->append_preparation(prepared.answers);
    return std::move(opened.value());
}

int run_conform_into(const GlobalOptions& global, const ConformOptions& options, const std::filesystem::path& dir) {
    // The record is armed before anything slow happens, so a Ctrl-C at any moment leaves one that says so.
    const bool no_record = options.list || options.safety.dry_run;
    conform::RunRecord record(no_record ? "" : (dir / "results.json").string(), no_record ? "" : (dir / "junit.xml").string());
    arm_record(record, dir, no_record);
    Checked c;
    c.out_dir = dir.string();
    if (const auto problems = check(global, options, c); !problems.empty()) {
        record.disarm();
        for (const auto& p : problems) std::cerr << "dockside conform: " << p << "\n";
        return kExitCannotRun;
    }
    print_target_notes("conform", *c.target);

    validate::ResponseValidator validator(*c.spec);
    for (const auto& problem : validator.compile_all()) std::cerr << "dockside conform: warning: " << problem << "\n";
    conform::SessionInfo like;
    like.profile = c.target->profile;
    like.profile_json = c.profile;
    like.cases = options.cases;
    like.seed = conform::choose_seed(c.seed);
    like.only = options.only;
    conform::configure_rapidcheck(like.cases, like.seed);
    std::string filter = conform::gtest_filter(c.areas, options.filter);
    const WritePlanRequest asked{*c.target, options.safety, {filter, like, options.workers, std::chrono::seconds(options.test_timeout)},
                                 options.max_rps, options.quiet};
    if (!options.list)
        if (const auto ended = guard_writes(*c.spec, validator, asked, filter)) {
            record.disarm();
            return *ended;
        }

    std::unique_ptr<refserver::EmbeddedServer> embedded;
    auto prepared = prepare(*c.target, options, c.refresh_token, *c.spec, validator, embedded);
    if (!prepared) return kExitCannotRun;
    auto credentials = ConformCredentials::start(*c.target, *prepared, *c.spec, options.refresh_token_file);
    if (!credentials) return cannot_run("conform", credentials.error());
    conform::SessionInfo& info = prepared->info;
    complete_session_info(info, like, options, c);

    conform::RunOptions run = suite_run_options(options, filter, c.accept_keys, dir, record);
    run.token = *credentials ? (*credentials)->shared() : nullptr;
    auto har = open_recording(options, c, *prepared);
    if (!har) return cannot_run("conform", har.error());
    if (*har)
        run.on_answer = [recording = har->get()](const std::string& test, std::uint64_t sequence, const http::HarExchange& exchange) {
            recording->append(test, sequence, exchange);
        };
    if (!prepared->runnable)
        std::cerr << "dockside conform: the channel list broke the contract and names no channel this run can "
                     "write to; the finding is recorded, pass --channel to run the rest\n";
    else if (!options.list && !options.quiet)
        std::cout << "dockside conform: " << (info.embedded ? "embedded: " : "") << info.base_url << ", profile "
                  << info.profile << ", seed " << info.seed << ", " << info.cases << " cases per property"
                  << (options.faults.empty() ? "" : ", faults on") << (info.simulation ? ", simulation control on" : "")
                  << std::endl;
    auto results = conform::run_conformance(*c.spec, validator, *prepared, client_options_for(*c.target), run,
                                            {c.areas, options.faults});
    if (results && prepared->runnable && *credentials) results->meta.credentials = (*credentials)->finish();
    record.disarm();
    if (embedded) embedded->stop();
    if (!results && results.error().kind == conform::RunRefused::Kind::NothingSelected)
        return cannot_run("conform", "no test matches the selection (--only '" + options.only + "', --filter '" +
                                         options.filter + "'); `dockside conform --list` shows the tests");
    if (!results) return cannot_run("conform", results.error().message);
    if (options.list) return kExitOk;
    if (*har) {
        if (auto written = (*har)->finish(*results); !written) std::cerr << "dockside conform: " << written.error() << "\n";
        else if (!options.quiet) std::cout << "har:     " << options.har_file << " (" << *written << " exchanges)\n";
    }
    undo_or_keep(info, client_options_for(*c.target), options.workers, options.keep, options.quiet, *c.spec, c.out_dir);
    if (!options.accept_file.empty()) results->accept = audit_accepted(*results, options, c.accept_keys);
    return report(*results, c.out_dir, options, c.accept_text, prepared->runnable && !options.quiet);
}

int run_conform(const GlobalOptions& global, const ConformOptions& options) {
    const auto dir = std::filesystem::path(options.out.empty() ? "results/conform-" + conform::utc_timestamp(true) : options.out);
    const auto made = options.list || options.safety.dry_run ? std::filesystem::path() : first_missing_folder(dir);
    const int code = run_conform_into(global, options, dir);
    // A run that could not be done leaves nothing behind: an empty results folder would read as a run. Only
    // what this run made goes, and a folder only when empty (another run may be writing beside it).
    if (code == kExitCannotRun && !made.empty()) {
        std::error_code ec;
        for (const char* file : {"results.json", "junit.xml", "conform.log"}) std::filesystem::remove(dir / file, ec);
        for (auto at = std::filesystem::absolute(dir, ec); !at.empty(); at = at.parent_path()) {
            if (!std::filesystem::remove(at, ec)) break;  // not empty, or not ours to remove
            if (at == made) break;
        }
    }
    return code;
}

const char* kExitCodesHelp =
    "Exit codes:\n"
    "  0  every test ran and passed (accepted findings and skips do not fail a run)\n"
    "  1  the run completed and found violations: a test failed, was blocked by a failed setup, or timed out\n"
    "  2  the run could not be done: bad configuration, unreachable target, refused token, nothing selected\n"
    "  130/143  interrupted by SIGINT/SIGTERM; results.json and junit.xml still hold what ran, marked interrupted\n";

}  // namespace

void register_conform_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<ConformOptions>();
    auto* conform = app.add_subcommand("conform", "Run the conformance suites against a target (default: the embedded reference server)");
    conform->footer(kExitCodesHelp);
    add_target_options(*conform, options->target);
    conform->add_option("--refresh-token-file", options->refresh_token_file,
                        "OAuth: file keeping the refresh token (read at start, rewritten 0600 at each rotation)")
        ->envname("DOCKSIDE_REFRESH_TOKEN_FILE");
    conform->add_option("--read-only-token", options->access.read_only_token,
                        "Token whose only channel is read-only (enables 403 tests on a remote target)")
        ->envname("DOCKSIDE_READ_ONLY_TOKEN");
    std::string areas;
    for (const auto& area : conform::known_areas()) areas += (areas.empty() ? "" : ",") + area;
    conform->add_option("--only", options->only, "Comma list of areas to run (" + areas + ")");
    conform->add_option("--filter", options->filter, "GoogleTest pattern narrowing the tests (e.g. 'RuleChecks.status_code_*')");
    conform->add_option("--cases", options->cases, "RapidCheck cases per property")->capture_default_str();
    conform->add_option("--seed", options->seed, "RapidCheck seed, 0 or more (default: random, printed and recorded)");
    conform->add_option("--out", options->out, "Results folder (default: results/conform-<UTC timestamp>/)");
    conform->add_option("--fault", options->faults, "Switch a fault on in the embedded server (repeatable)");
    conform->add_option("--accept", options->accept_file, "File of finding keys that are accepted");
    conform->add_option("--write-accept", options->write_accept_file,
                        "Write this run's finding keys to a file; with --accept, that file without its stale entries "
                        "(findings that no longer occur) and with this run's new ones");
    conform->add_option("--summary-md", options->summary_md_file,
                        "Write the verdict as Markdown (at most 64 KiB) for a CI job summary or a pull-request comment");
    conform->add_option("--har", options->har_file,
                        "Write every exchange of the tests as HAR 1.2 (secrets removed); each finding's `exchange` names its entry");
    conform->add_option("--har-secrets", options->har_secrets,
                        "remove (default) or keep the credentials in the --har file; keep is refused for production")
        ->capture_default_str();
    conform->add_option("--test-timeout", options->test_timeout,
                        "Seconds each test may take; past it the test is reported timed out and the run goes on")
        ->capture_default_str();
    conform->add_option("--max-rps", options->max_rps,
                        "Requests a second at most, across all workers (a 429 is always waited out as it asks)");
    conform->add_option("--workers", options->workers,
                        "Tests run side by side (each in its own process); suites that must not overlap say so")
        ->capture_default_str();
    conform->add_flag("--list", options->list, "Print the tests that would run, run none");
    add_write_safety_options(*conform, options->safety, "each test's requests, which of them write, totals and pace");
    add_webhook_options(*conform, options->webhook);
    conform->add_flag("--keep", options->keep,
                      "Leave what the run creates on the target (default: cancel and delete it at the end; "
                      "dockside cleanup --run DIR does it later)");
    conform->add_flag("--quiet,-q", options->quiet, "Print only the summary and the verdict");
    conform->add_flag("--verbose,-v", options->verbose, "Print every finding in full, accepted tests and skip reasons");
    conform->callback([&context, options, conform] {
        options->only_given = conform->count("--only") > 0;
        options->filter_given = conform->count("--filter") > 0;
        context.action = [&context, options] { return run_conform(context.global, *options); };
        context.claims_interrupts = true;
    });
}

}  // namespace dockside::cli
