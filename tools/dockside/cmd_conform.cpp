// `dockside conform`: the conformance suites, in process, against a target (the embedded reference server
// unless --base-url names one). Writes junit.xml and results.json, prints progress, a summary per area and
// every failure in full. Exit 0 all passed (accepted findings included), 1 violations, 2 could not run.

#include <filesystem>
#include <optional>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "harness/conform/areas.h"
#include "harness/conform/finding.h"
#include "harness/conform/profile.h"
#include "harness/conform/results.h"
#include "harness/validate/response_validator.h"
#include "suites/support/runner.h"
#include "tools/dockside/command.h"
#include "tools/dockside/conform_target.h"
#include "tools/dockside/exit_codes.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

struct ConformOptions {
    config::RawTargetOptions target;
    RemoteAccess access;
    std::string only;
    std::string filter;
    int cases = 25;
    std::uint64_t seed = 0;
    std::string out;
    std::vector<std::string> faults;
    std::string accept_file;
    std::string write_accept_file;
    bool list = false;
};

int cannot_run(const std::string& message) {
    std::cerr << "dockside conform: " << message << "\n";
    return kExitCannotRun;
}

Result<std::string, std::string> read_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return fail("cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    return static_cast<bool>(out);
}

/// A seed the run reports, so every run can be replayed even when the user gave none.
std::uint64_t choose_seed(std::uint64_t given) {
    if (given != 0) return given;
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 20 | device()) % 1000000000ULL + 1;
}

/// The gtest filter: the areas', narrowed by --filter (a GoogleTest pattern) when given.
std::string run_filter(const std::vector<std::string>& areas, const std::string& narrow) {
    const std::string by_area = conform::gtest_filter(areas);
    if (narrow.empty()) return by_area;
    if (by_area == "*") return narrow;
    // GoogleTest has no AND of patterns; keep the narrow pattern only for tests of the chosen areas.
    std::string filter;
    std::istringstream patterns(narrow);
    for (std::string pattern; std::getline(patterns, pattern, ':');)
        for (const auto& area : areas)
            if (conform::area_of_test(pattern) == area) filter += (filter.empty() ? "" : ":") + pattern;
    return filter.empty() ? "-*" : filter;
}

/// The target's session description: the embedded server (started here, kept alive in `embedded`) or a
/// remote one (probed, token obtained, channels discovered). Problems are printed; nullopt means exit 2.
std::optional<conform::SessionInfo> target_info(const config::TargetConfig& target, const ConformOptions& options,
                                                const spec::Spec& spec,
                                                std::unique_ptr<refserver::EmbeddedServer>& embedded) {
    if (target.embedded()) {
        auto started = start_embedded(options.faults);
        if (!started) {
            for (const auto& problem : started.error()) std::cerr << "dockside conform: " << problem << "\n";
            return std::nullopt;
        }
        embedded = std::move(started.value());
        return suites::embedded_session_info(*embedded, true);
    }
    auto remote = remote_session_info(target, options.access, spec);
    if (!remote) {
        cannot_run(remote.error());
        return std::nullopt;
    }
    return std::move(remote.value());
}

conform::RunMetadata metadata(const conform::SessionInfo& info, const std::vector<std::string>& areas,
                              const std::vector<std::string>& faults) {
    conform::RunMetadata meta;
    meta.target = info.embedded ? "embedded: " + info.base_url : info.base_url;
    meta.embedded = info.embedded;
    meta.profile = info.profile;
    meta.seed = info.seed;
    meta.cases = info.cases;
    meta.areas = areas;
    meta.faults = faults;
    meta.started_at = conform::utc_timestamp(false);
    return meta;
}

/// Writes results.json (and the accept file when asked), prints the summary and every failure.
int report(const conform::RunResults& results, const std::string& out_dir, const std::string& junit_path,
           const std::string& write_accept_file) {
    const std::string results_path = (std::filesystem::path(out_dir) / "results.json").string();
    if (!write_file(results_path, conform::to_json(results).dump(2) + "\n"))
        return cannot_run("cannot write " + results_path);
    if (!write_accept_file.empty()) {
        std::vector<conform::Finding> findings;
        for (const auto& test : results.tests) findings.insert(findings.end(), test.findings.begin(), test.findings.end());
        if (!write_file(write_accept_file, conform::render_accept_file(findings)))
            return cannot_run("cannot write --write-accept " + write_accept_file);
    }
    std::cout << "\n" << conform::render_summary(results);
    if (const auto failures = conform::render_failures(results); !failures.empty()) std::cout << "\n" << failures;
    std::cout << "results: " << results_path << "\njunit:   " << junit_path << std::endl;
    if (results.tests.empty()) std::cout << "dockside conform: no test matched the selection" << std::endl;
    return conform::exit_code(results) == 0 ? kExitOk : kExitViolations;
}

int run_conform(const GlobalOptions& global, ConformOptions options) {
    auto areas = conform::parse_areas(options.only);
    if (!areas) return cannot_run("--only: " + areas.error());
    if (options.cases < 1) return cannot_run("--cases must be at least 1");
    auto spec = load_spec(global.spec_dir);
    if (!spec) return cannot_run(spec.error().to_string());
    auto target = config::resolve(options.target, profile_names(global.spec_dir));
    if (!target) {
        for (const auto& problem : target.error()) std::cerr << "dockside conform: " << problem.to_string() << "\n";
        return kExitCannotRun;
    }
    if (!options.faults.empty() && !target->embedded())
        return cannot_run("--fault switches faults on in the embedded reference server; it cannot be combined with --base-url");
    auto profile = conform::load_profile(spec_files(global.spec_dir).profiles_dir, target->profile);
    if (!profile) return cannot_run(profile.error());
    std::set<std::string> accept_keys;
    if (!options.accept_file.empty()) {
        auto text = read_file(options.accept_file);
        if (!text) return cannot_run("--accept: " + text.error());
        accept_keys = conform::parse_accept_file(*text);
    }

    std::unique_ptr<refserver::EmbeddedServer> embedded;
    auto info = target_info(*target, options, *spec, embedded);
    if (!info) return kExitCannotRun;
    info->profile = target->profile;
    info->profile_json = std::move(profile.value());
    info->cases = options.cases;
    info->seed = choose_seed(options.seed);
    info->only = options.only;
    suites::configure_rapidcheck(info->cases, info->seed);

    const std::string out_dir = options.out.empty() ? "results/conform-" + conform::utc_timestamp(true) : options.out;
    std::error_code ec;
    if (!options.list && (std::filesystem::create_directories(out_dir, ec), ec))
        return cannot_run("--out " + out_dir + ": " + ec.message());
    validate::ResponseValidator validator(*spec);
    for (const auto& problem : validator.compile_all()) std::cerr << "dockside conform: warning: " << problem << "\n";
    auto session = conform::Session::create(*spec, validator, *info, client_options_for(*target));
    if (!session) return cannot_run(session.error());

    suites::RunOptions run;
    run.filter = run_filter(*areas, options.filter);
    run.list_only = options.list;
    run.accept_keys = accept_keys;
    run.progress = &std::cout;
    if (!options.list) {
        run.junit_path = (std::filesystem::path(out_dir) / "junit.xml").string();
        std::cout << "dockside conform: " << (info->embedded ? "embedded: " : "") << info->base_url << ", profile "
                  << info->profile << ", seed " << info->seed << ", " << info->cases << " cases per property"
                  << (options.faults.empty() ? "" : ", faults on") << std::endl;
    }
    auto results = suites::run_suites(**session, run, metadata(*info, *areas, options.faults));
    if (embedded) embedded->stop();
    return options.list ? kExitOk : report(results, out_dir, run.junit_path, options.write_accept_file);
}

}  // namespace

void register_conform_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<ConformOptions>();
    auto* conform = app.add_subcommand("conform", "Run the conformance suites against a target (default: the embedded reference server)");
    add_target_options(*conform, options->target);
    conform->add_option("--redirect-uri", options->access.redirect_uri, "OAuth redirect URI registered for the client")
        ->envname("DOCKSIDE_REDIRECT_URI");
    conform->add_option("--read-only-token", options->access.read_only_token,
                        "Token whose only channel is read-only (enables 403 tests on a remote target)")
        ->envname("DOCKSIDE_READ_ONLY_TOKEN");
    std::string areas;
    for (const auto& area : conform::known_areas()) areas += (areas.empty() ? "" : ",") + area;
    conform->add_option("--only", options->only, "Comma list of areas to run (" + areas + ")");
    conform->add_option("--filter", options->filter, "GoogleTest pattern narrowing the tests (e.g. 'Returns.RET_DUP_ID_*')");
    conform->add_option("--cases", options->cases, "RapidCheck cases per property")->capture_default_str();
    conform->add_option("--seed", options->seed, "RapidCheck seed (default: random, printed and recorded)");
    conform->add_option("--out", options->out, "Results folder (default: results/conform-<UTC timestamp>/)");
    conform->add_option("--fault", options->faults, "Switch a fault on in the embedded server (repeatable)");
    conform->add_option("--accept", options->accept_file, "File of finding keys that are accepted")
        ->check(CLI::ExistingFile);
    conform->add_option("--write-accept", options->write_accept_file, "Write this run's finding keys to a file");
    conform->add_flag("--list", options->list, "Print the tests that would run, run none");
    conform->callback([&context, options] {
        context.action = [&context, options] { return run_conform(context.global, *options); };
    });
}

}  // namespace dockside::cli
