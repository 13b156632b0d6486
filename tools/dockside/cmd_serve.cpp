// `dockside serve`: the reference server on a socket, until SIGINT or SIGTERM.

#include <malloc.h>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <future>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "core/exit_codes.h"
#include "core/text_file.h"
#include "harness/config/target_config.h"
#include "harness/server/access_log.h"
#include "refserver/embedded/embedded_server.h"
#include "refserver/faults/fault.h"
#include "refserver/seed/seed.h"
#include "tools/dockside/command.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

struct ServeOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;
    int threads = 2;
    std::string pat;
    bool simulation = false;
    std::string seed_file;
    std::vector<std::string> faults;
    std::vector<std::string> delays;
    bool list_faults = false;
    bool webhook_insecure = false;
    std::string pat_file;
    std::string access_log;
    std::string credentials_file;
    std::string public_url;
    std::size_t max_connections = refserver::kDefaultMaxConnections;
    std::size_t max_records = refserver::kDefaultMaxRecords;
    std::string retention = "evict";
    std::string rate_limit;  ///< "N/s"; empty = none
};

/// SIGTERM or SIGINT stops the server within this, whatever a handler or a slow client is doing: the
/// transport closes what is left after its grace period, and past this deadline the process exits
/// without waiting for a handler still running (the store is in memory; nothing is lost that a
/// clean stop would keep).
constexpr std::chrono::milliseconds kStopDeadline{700};

int list_faults(std::ostream& out) {
    for (const auto& f : refserver::fault_catalog())
        out << std::left << std::setw(48) << f.name << " " << std::setw(22) << f.rule_id << " "
            << std::setw(11) << f.area << " " << f.section << " — " << f.description << "\n";
    return kExitOk;
}

Result<nlohmann::json, std::string> read_seed(const std::string& path) {
    auto text = read_text_file(path);
    if (!text) return fail("--seed-data: " + text.error());
    auto parsed = refserver::parse_seed(*text);
    if (!parsed) return fail("--seed-data " + path + ": " + parsed.error());
    return parsed.value();
}

/// Writes the credentials to a file only its owner can read.
std::optional<std::string> write_credentials(const std::string& path, const std::string& text) {
    const mode_t old_mask = ::umask(077);
    std::ofstream out(path, std::ios::trunc);
    ::umask(old_mask);
    out << text;
    if (!out) return "cannot write --credentials-file " + path;
    ::chmod(path.c_str(), 0600);
    return std::nullopt;
}

std::string limits_line(const refserver::EmbeddedServer& server, std::size_t max_records, const std::string& retention) {
    using namespace refserver;
    std::ostringstream out;
    out << "limits: " << server.max_connections() << " open connections (--max-connections), " << max_records
        << " records (--max-records; past it, --retention " << retention << "), bodies " << kMaxBodyBytes / 1024 << " KiB, JSON depth " << kMaxJsonDepth << ", "
        << kMaxArrayItems << " items per array, " << kMaxItemsPerWrite << " items per batch write";
    return out.str();
}

/// Stops the server in the background and waits at most kStopDeadline for it.
void stop_within_deadline(std::unique_ptr<refserver::EmbeddedServer> server) {
    auto stopped = std::async(std::launch::async, [s = std::move(server)]() mutable { s.reset(); });
    if (stopped.wait_for(kStopDeadline) == std::future_status::ready) return;
    std::cout << "dockside serve: a request was still being handled after " << kStopDeadline.count()
              << " ms; exiting without waiting for it" << std::endl;
    std::_Exit(kExitOk);  // the future's destructor would wait; the in-memory store needs no cleanup
}

// Blocks SIGINT and SIGTERM in every thread (the server's threads inherit the mask), then waits.
sigset_t block_stop_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    return set;
}

/// The server's options from the command's; the error names the option at fault. An access log, when
/// asked for, is opened into `access_log`, which must outlive the server.
Result<refserver::EmbeddedOptions, std::string> embedded_options(const ServeOptions& options, const spec::Spec& spec,
                                                                 std::unique_ptr<server::AccessLog>& access_log) {
    refserver::EmbeddedOptions embedded;
    embedded.host = options.host;
    embedded.port = options.port;
    embedded.threads = options.threads;
    embedded.api.pat = options.pat;
    embedded.api.spec = &spec;
    embedded.api.simulation_enabled = options.simulation;
    embedded.api.webhook_insecure = options.webhook_insecure;
    embedded.api.faults = {options.faults.begin(), options.faults.end()};
    embedded.api.delays = options.delays;
    embedded.api.max_records = options.max_records;
    embedded.api.retention = options.retention == "refuse" ? refserver::Retention::Refuse : refserver::Retention::Evict;
    embedded.api.notice = [](const std::string& line) { std::cout << "dockside serve: " << line << std::endl; };
    if (!options.rate_limit.empty()) {
        const auto rate = refserver::RateLimit::parse(options.rate_limit);
        if (!rate) return fail("--rate-limit: " + rate.error());
        embedded.api.rate_limit_per_second = rate.value();
    }
    embedded.api.public_base_url = options.public_url;
    while (!embedded.api.public_base_url.empty() && embedded.api.public_base_url.back() == '/')
        embedded.api.public_base_url.pop_back();
    embedded.max_connections = options.max_connections;
    if (!options.pat_file.empty()) {
        auto pat = config::read_secret_file(options.pat_file);
        if (!pat) return fail("--pat-file " + options.pat_file + ": " + pat.error());
        embedded.api.pat = std::move(pat.value());
    }
    if (!options.access_log.empty()) {
        auto opened = server::AccessLog::open(options.access_log);
        if (!opened) return fail("--access-log: " + opened.error());
        access_log = std::move(opened.value());
        embedded.on_response = [log = access_log.get()](const server::AccessRecord& r) { log->write(r); };
    }
    if (!options.seed_file.empty()) {
        auto seed = read_seed(options.seed_file);
        if (!seed) return fail(seed.error());
        embedded.api.seed = std::move(seed.value());
    }
    return embedded;
}

/// A page of orders is a body of 30 KB to 750 KB, made and freed by every request. glibc hands memory back
/// past 128 KB free at the top of the heap and maps a block of 128 KB or more afresh, so each such request
/// faulted its pages in again (a sixth of the time of GET /order?Limit=50). The server keeps what it freed
/// for the next request instead, up to these bounds.
void keep_freed_memory() {
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
}

int run_serve(const GlobalOptions& global, const ServeOptions& options) {
    if (options.list_faults) return list_faults(std::cout);
    keep_freed_memory();
    // The documented limits the server enforces come from the contract in --spec-dir.
    auto spec = load_spec(global.spec_dir);
    if (!spec) {
        std::cerr << "dockside serve: " << spec.error().to_string() << "\n";
        return kExitCannotRun;
    }
    std::unique_ptr<server::AccessLog> access_log;
    auto embedded = embedded_options(options, spec.value(), access_log);
    if (!embedded) {
        std::cerr << "dockside serve: " << embedded.error() << "\n";
        return kExitCannotRun;
    }
    const sigset_t stop_signals = block_stop_signals();
    auto server = refserver::EmbeddedServer::start(std::move(embedded.value()));
    if (!server) {
        for (const auto& problem : server.error()) std::cerr << "dockside serve: " << problem << "\n";
        return kExitCannotRun;
    }
    const bool to_file = !options.credentials_file.empty();
    if (to_file) {
        if (auto error = write_credentials(options.credentials_file, (*server)->api().credentials_json())) {
            std::cerr << "dockside serve: " << *error << "\n";
            return kExitCannotRun;
        }
    }
    std::cout << (*server)->api().banner(!to_file)
              << (to_file ? "  credentials written to " + options.credentials_file + " (mode 0600)\n" : "")
              << "listening on " << (*server)->base_url()
              << (options.simulation ? " (simulation control on under /_sim/)" : "") << "\n"
              << "paging links: " << (*server)->public_base_url() << "/... (--public-url)\n"
              << limits_line(**server, options.max_records, options.retention) << "\n"
              << (options.rate_limit.empty() ? "" : "rate limit: " + options.rate_limit + " (--rate-limit; past it 429 with Retry-After)\n")
              << "stop with Ctrl-C" << std::endl;
    int signal = 0;
    sigwait(&stop_signals, &signal);
    std::cout << "dockside serve: stopping (" << (signal == SIGINT ? "SIGINT" : "SIGTERM") << ")" << std::endl;
    stop_within_deadline(std::move(server.value()));
    return kExitOk;
}

}  // namespace

void register_serve_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<ServeOptions>();
    auto* serve = app.add_subcommand(
        "serve", "Run the reference server: an in-memory, stateful, spec-true Fulfillment API 2025-07");
    serve->add_option("--host", options->host, "Address to listen on")->capture_default_str();
    serve->add_option("--port", options->port, "Port to listen on (0 = any free port)")->capture_default_str();
    serve->add_option("--threads", options->threads, "Worker threads")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    serve->add_option("--pat", options->pat, "The personal access token to accept (generated and printed when omitted)")
        ->envname("DOCKSIDE_SERVE_PAT");
    serve->add_option("--pat-file", options->pat_file, "Read the personal access token from this file's first line")
        ->envname("DOCKSIDE_SERVE_PAT_FILE")
        ->excludes("--pat");
    serve->add_option("--credentials-file", options->credentials_file,
                      "Write the tokens and OAuth client to this file (mode 0600) instead of printing generated ones");
    serve->add_option("--access-log", options->access_log,
                      "Log one line per request to FILE, or '-' for standard output (never headers, bodies or tokens)");
    serve->add_option("--public-url", options->public_url,
                      "Base URL of absolute paging links (default: the listen address; never the Host header)")
        ->check([](const std::string& url) {
            return url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0 ? std::string()
                                                                                 : "must be an http:// or https:// URL";
        });
    serve->add_option("--max-connections", options->max_connections,
                      "Open client connections at most; one more is answered 503 and closed (0 = no cap)")
        ->capture_default_str();
    serve->add_option("--max-records", options->max_records,
                      "Records the in-memory store may hold; past it, --retention decides")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    serve->add_option("--retention", options->retention,
                      "Past --max-records: 'evict' forgets the oldest finished records (orders whose shipments are "
                      "done, finished returns and receiving orders; they then answer 404), 'refuse' answers writes "
                      "that add records with 507")
        ->check(CLI::IsMember({"evict", "refuse"}))
        ->capture_default_str();
    serve->add_option("--rate-limit", options->rate_limit,
                      "Answer 429 with Retry-After past this many requests ('50/s', '600/m'); none by default");
    serve->add_flag("--sim", options->simulation, "Enable simulation control under /_sim/");
    serve->add_option("--seed-data", options->seed_file, "JSON seed file replacing the built-in data")
        ->check(CLI::ExistingFile);
    serve->add_option("--fault", options->faults,
                      "Switch on a deliberate violation (repeatable; see --list-faults)");
    serve->add_option("--delay", options->delays,
                      "Answer an operation later by a fixed time, 'getOrder:+2ms' or '*:+1ms' for every operation "
                      "(repeatable; units us, ms, s; at most 10s)");
    serve->add_flag("--webhook-insecure", options->webhook_insecure,
                    "Deliver webhooks without verifying the receiver's TLS certificate (self-signed test receivers)");
    serve->add_flag("--list-faults", options->list_faults, "Print the fault catalog, one fault per line, and exit");
    serve->callback([&context, options] { context.action = [&context, options] { return run_serve(context.global, *options); }; });
}

}  // namespace dockside::cli
