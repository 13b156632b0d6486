#pragma once
/// What the command-line tests of `dockside conform` share: running the dockside executable as a user
/// would (exit code, output, a time limit, a signal after a delay), `dockside serve` in the background,
/// targets that misbehave in one chosen way (the reference server behind a hook that rewrites or delays
/// some answers), and reading a run's results.json.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/http/message.h"
#include "refserver/reference_server.h"

namespace dockside::server {
class HttpServer;
}

namespace dockside::clitest {

/// Whether `text` (a command's output) holds `part`.
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// `a` with `b` after it: a command line and the options one test adds.
inline std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

/// The dockside executable under test (DOCKSIDE_BIN).
std::string dockside_binary();
/// The same executable with the test hooks compiled in (injected crashes and hangs; see injected_faults.cpp).
std::string dockside_with_test_hooks_binary();

/// A fresh empty folder under the build's temp area.
std::string fresh_dir(const std::string& name);

struct Ran {
    int exit_code = -1;      ///< the process's exit status; 128+N when killed by signal N
    std::string output;      ///< stdout and stderr together
    double seconds = 0;
    double cpu_seconds = 0;  ///< user + system CPU time the process used
    bool timed_out = false;  ///< killed at the time limit
};

struct RunSpec {
    std::vector<std::string> args{};              ///< after the executable
    std::map<std::string, std::string> env{};     ///< added to the environment
    std::chrono::seconds limit{300};              ///< killed (SIGKILL) past this
    std::optional<std::chrono::milliseconds> interrupt_after{};  ///< SIGINT after this long
    std::string shell{};                          ///< run `sh -c shell` instead of dockside (args ignored)
    std::string binary{};                         ///< instead of dockside_binary() (e.g. the one with test hooks)
};

/// Runs dockside (or a shell line) to completion.
Ran run(const RunSpec& spec);
/// Shorthand: dockside with these arguments.
Ran dockside(std::vector<std::string> args, std::chrono::seconds limit = std::chrono::seconds(300));

/// `dockside serve --sim --port 0 …` in the background until destroyed (SIGTERM, then SIGKILL).
class ServeProcess {
public:
    /// Extra arguments (--fault …, --seed-data …) after `serve --sim --port 0 --pat <pat>`.
    static std::unique_ptr<ServeProcess> start(const std::vector<std::string>& extra, const std::string& pat = "clitest-pat");
    ~ServeProcess();
    const std::string& base_url() const { return base_url_; }
    const std::string& pat() const { return pat_; }
    const std::string& read_only_token() const { return read_only_token_; }
    /// The conform arguments that reach it: --base-url, --token, --read-only-token.
    std::vector<std::string> target_args() const;
    /// User + system CPU time the server has used so far (all its threads).
    double cpu_seconds() const;
    /// GET `target` with the server's PAT: the answer's JSON, null when there is none.
    nlohmann::json get(const std::string& target) const;
    /// What the store holds by kind, and its total (GET /_sim/status "records").
    nlohmann::json records() const { return get("/_sim/status").value("records", nlohmann::json()); }

private:
    int pid_ = -1;
    std::string base_url_, pat_, read_only_token_;
};

/// A helper of the source tree (a bench tool: `delay_proxy.py`) run by `argv[0]` with the rest, its output in
/// a file; started once its output shows `ready`, stopped with its process group when this goes.
class HelperProcess {
public:
    static std::unique_ptr<HelperProcess> start(const std::vector<std::string>& argv, const std::string& ready);
    ~HelperProcess();
    /// What it printed by the time it was ready.
    const std::string& output() const { return output_; }

private:
    int pid_ = -1;
    std::string output_;
};

/// The reference server behind a hook: `rewrite` sees each request and the reference server's answer and
/// may change the answer (or sleep). The hook runs on the server's threads.
using Rewrite = std::function<void(const http::Request&, http::Response&)>;

class MisbehavingTarget {
public:
    static std::unique_ptr<MisbehavingTarget> start(Rewrite rewrite, bool simulation = true);
    ~MisbehavingTarget();
    std::string base_url() const;
    const std::string& pat() const;
    const std::string& read_only_token() const;
    std::vector<std::string> target_args() const;

private:
    std::unique_ptr<refserver::ReferenceServer> api_;
    std::unique_ptr<server::HttpServer> transport_;
    Rewrite rewrite_;
    std::uint16_t port_ = 0;
};

/// A rewrite that holds the answers to `path` for up to `hold`, the first `times` times, then hands every answer
/// to `next` (if any). A held answer occupies one of the server's threads: set *release to let it go at once.
Rewrite hold_answers(std::string path, std::chrono::milliseconds hold, int times,
                     std::shared_ptr<std::atomic<bool>> release, Rewrite next = {});

/// results.json of a run's --out folder; null when missing or unreadable.
nlohmann::json results_of(const std::string& out_dir);
/// The tests of results.json with this status.
std::vector<std::string> tests_with(const nlohmann::json& results, const std::string& status);
/// A seed file for `dockside serve --seed-data`: the built-in seed plus `orders` orders and `returns` returns
/// (copies of its first, each with its own ids, references and dates), in a fresh folder.
std::string bulk_seed_file(int orders, int returns);
/// A file's whole text ("" when missing).
std::string read_text(const std::string& path);

}  // namespace dockside::clitest
