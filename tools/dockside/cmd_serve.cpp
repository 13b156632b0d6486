// `dockside serve`: the reference server on a socket, until SIGINT or SIGTERM.

#include <csignal>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "refserver/embedded/embedded_server.h"
#include "refserver/faults/fault.h"
#include "refserver/seed/seed.h"
#include "tools/dockside/command.h"
#include "tools/dockside/exit_codes.h"

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
    bool list_faults = false;
    bool webhook_insecure = false;
};

int list_faults(std::ostream& out) {
    for (const auto& f : refserver::fault_catalog())
        out << std::left << std::setw(48) << f.name << " " << std::setw(22) << f.rule_id << " "
            << std::setw(11) << f.area << " " << f.section << " — " << f.description << "\n";
    return kExitOk;
}

Result<nlohmann::json, std::string> read_seed(const std::string& path) {
    std::ifstream in(path);
    if (!in) return fail("cannot read --seed-data " + path);
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = refserver::parse_seed(text.str());
    if (!parsed) return fail("--seed-data " + path + ": " + parsed.error());
    return parsed.value();
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

int run_serve(const ServeOptions& options) {
    if (options.list_faults) return list_faults(std::cout);
    refserver::EmbeddedOptions embedded;
    embedded.host = options.host;
    embedded.port = options.port;
    embedded.threads = options.threads;
    embedded.api.pat = options.pat;
    embedded.api.simulation_enabled = options.simulation;
    embedded.api.webhook_insecure = options.webhook_insecure;
    embedded.api.faults = {options.faults.begin(), options.faults.end()};
    if (!options.seed_file.empty()) {
        auto seed = read_seed(options.seed_file);
        if (!seed) {
            std::cerr << "dockside serve: " << seed.error() << "\n";
            return kExitCannotRun;
        }
        embedded.api.seed = std::move(seed.value());
    }
    const sigset_t stop_signals = block_stop_signals();
    auto server = refserver::EmbeddedServer::start(std::move(embedded));
    if (!server) {
        for (const auto& problem : server.error()) std::cerr << "dockside serve: " << problem << "\n";
        return kExitCannotRun;
    }
    std::cout << (*server)->api().banner() << "listening on " << (*server)->base_url()
              << (options.simulation ? " (simulation control on under /_sim/)" : "") << "\n"
              << "stop with Ctrl-C" << std::endl;
    int signal = 0;
    sigwait(&stop_signals, &signal);
    std::cout << "dockside serve: stopping (" << (signal == SIGINT ? "SIGINT" : "SIGTERM") << ")" << std::endl;
    (*server)->stop();
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
    serve->add_flag("--sim", options->simulation, "Enable simulation control under /_sim/");
    serve->add_option("--seed-data", options->seed_file, "JSON seed file replacing the built-in data")
        ->check(CLI::ExistingFile);
    serve->add_option("--fault", options->faults,
                      "Switch on a deliberate violation (repeatable; see --list-faults)");
    serve->add_flag("--webhook-insecure", options->webhook_insecure,
                    "Deliver webhooks without verifying the receiver's TLS certificate (self-signed test receivers)");
    serve->add_flag("--list-faults", options->list_faults, "Print the fault catalog, one fault per line, and exit");
    serve->callback([&context, options] { context.action = [options] { return run_serve(*options); }; });
}

}  // namespace dockside::cli
