#include "tools/dockside/tests/cli_support.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "harness/http/client.h"
#include "harness/http/url.h"
#include "harness/server/http_server.h"
#include "refserver/seed/seed.h"

namespace dockside::clitest {
namespace {

using Clock = std::chrono::steady_clock;

/// Forks and execs `argv` with stdout and stderr on a pipe; returns the pid and the read end.
std::pair<pid_t, int> spawn(std::vector<std::string> argv, const std::map<std::string, std::string>& env) {
    int fds[2];
    if (::pipe(fds) != 0) return {-1, -1};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::setpgid(0, 0);  // its own group, so the test can stop what it starts
        ::dup2(fds[1], 1);
        ::dup2(fds[1], 2);
        ::close(fds[0]);
        ::close(fds[1]);
        for (const auto& [k, v] : env) ::setenv(k.c_str(), v.c_str(), 1);
        std::vector<char*> args;
        for (auto& a : argv) args.push_back(a.data());
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    return {pid, fds[0]};
}

int decode(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

/// SIGTERM, then after five seconds SIGKILL to its whole group.
void stop(pid_t pid) {
    if (pid <= 0) return;
    ::kill(pid, SIGTERM);
    for (int i = 0; i < 50; ++i) {
        int status = 0;
        if (::waitpid(pid, &status, WNOHANG) == pid) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ::kill(-pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
}

}  // namespace

std::string dockside_binary() { return DOCKSIDE_BIN; }

std::string dockside_with_test_hooks_binary() { return DOCKSIDE_HOOKED_BIN; }

std::string fresh_dir(const std::string& name) {
    const auto dir = std::filesystem::path(DOCKSIDE_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

Ran run(const RunSpec& spec) {
    std::vector<std::string> argv;
    if (!spec.shell.empty()) argv = {"/bin/sh", "-c", spec.shell};
    else {
        argv.push_back(spec.binary.empty() ? dockside_binary() : spec.binary);
        argv.insert(argv.end(), spec.args.begin(), spec.args.end());
    }
    Ran ran;
    const auto started = Clock::now();
    auto [pid, out] = spawn(argv, spec.env);
    if (pid < 0) return ran;
    bool interrupted = false;
    int status = 0;
    for (;;) {
        pollfd p{out, POLLIN, 0};
        if (::poll(&p, 1, 50) > 0) {
            char buffer[4096];
            const ssize_t n = ::read(out, buffer, sizeof buffer);
            if (n > 0) ran.output.append(buffer, static_cast<std::size_t>(n));
        }
        const auto elapsed = Clock::now() - started;
        if (!interrupted && spec.interrupt_after && elapsed >= *spec.interrupt_after) {
            ::kill(pid, SIGINT);
            interrupted = true;
        }
        if (elapsed >= spec.limit) {
            ::kill(-pid, SIGKILL);
            ran.timed_out = true;
        }
        rusage usage{};
        if (::wait4(pid, &status, WNOHANG, &usage) == pid) {
            ran.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                              static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
            break;
        }
    }
    for (char buffer[4096];;) {  // what is left in the pipe
        const ssize_t n = ::read(out, buffer, sizeof buffer);
        if (n <= 0) break;
        ran.output.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(out);
    ran.exit_code = decode(status);
    ran.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return ran;
}

Ran dockside(std::vector<std::string> args, std::chrono::seconds limit) {
    return run(RunSpec{.args = std::move(args), .limit = limit});
}

std::unique_ptr<ServeProcess> ServeProcess::start(const std::vector<std::string>& extra, const std::string& pat) {
    // The server's output goes to a file: it keeps writing after the banner and must never block or die on it.
    static int serial = 0;
    const std::string log = fresh_dir("serve-" + std::to_string(++serial)) + "/serve.log";
    std::string command = "exec '" + dockside_binary() + "' serve --sim --port 0 --pat '" + pat + "'";
    for (const auto& arg : extra) command += " '" + arg + "'";
    command += " > '" + log + "' 2>&1";
    auto [pid, out] = spawn({"/bin/sh", "-c", command}, {});
    if (pid < 0) return nullptr;
    ::close(out);
    std::unique_ptr<ServeProcess> serve(new ServeProcess);
    serve->pid_ = pid;
    serve->pat_ = pat;
    std::string text;
    const auto deadline = Clock::now() + std::chrono::seconds(120);
    while (Clock::now() < deadline && text.find("stop with Ctrl-C") == std::string::npos) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        text = read_text(log);
        int status = 0;
        if (::waitpid(pid, &status, WNOHANG) == pid) {
            serve->pid_ = -1;
            return nullptr;
        }
    }
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (auto at = line.find("listening on "); at != std::string::npos) {
            serve->base_url_ = line.substr(at + 13);
            serve->base_url_ = serve->base_url_.substr(0, serve->base_url_.find(' '));
        }
        if (auto at = line.find("PAT (read-only):"); at != std::string::npos) {
            std::istringstream words(line.substr(at + 16));
            words >> serve->read_only_token_;
        }
    }
    if (serve->base_url_.empty()) return nullptr;
    return serve;
}

ServeProcess::~ServeProcess() { stop(pid_); }

std::unique_ptr<HelperProcess> HelperProcess::start(const std::vector<std::string>& argv, const std::string& ready) {
    static int serial = 0;
    const std::string log = fresh_dir("helper-" + std::to_string(++serial)) + "/helper.log";
    std::string command = "exec";
    for (const auto& arg : argv) command += " '" + arg + "'";
    auto [pid, out] = spawn({"/bin/sh", "-c", command + " > '" + log + "' 2>&1"}, {});
    if (pid < 0) return nullptr;
    ::close(out);
    std::unique_ptr<HelperProcess> helper(new HelperProcess);
    helper->pid_ = pid;
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (Clock::now() < deadline && helper->output_.find(ready) == std::string::npos) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        helper->output_ = read_text(log);
        if (int status = 0; ::waitpid(pid, &status, WNOHANG) == pid) {
            helper->pid_ = -1;
            return nullptr;
        }
    }
    if (helper->output_.find(ready) == std::string::npos) return nullptr;
    return helper;
}

HelperProcess::~HelperProcess() { stop(pid_); }

nlohmann::json ServeProcess::get(const std::string& target) const {
    auto url = http::parse_url(base_url_);
    if (!url) return nullptr;
    http::HttpClient client(*url);
    http::Request request{"GET", target};
    request.headers.set("Authorization", "Bearer " + pat_);
    auto answer = client.send(request);
    return answer ? nlohmann::json::parse(answer->body, nullptr, false) : nlohmann::json();
}

double ServeProcess::cpu_seconds() const {
    // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (after the ")" of the name).
    const std::string stat = read_text("/proc/" + std::to_string(pid_) + "/stat");
    const auto close = stat.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; fields >> field; ++i)
        if (i == 14 || i == 15) ticks += std::stod(field);
    return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

std::vector<std::string> ServeProcess::target_args() const {
    return {"--base-url", base_url_, "--token", pat_, "--read-only-token", read_only_token_};
}

Rewrite hold_answers(std::string path, std::chrono::milliseconds hold, int times,
                     std::shared_ptr<std::atomic<bool>> release, Rewrite next) {
    auto count = std::make_shared<std::atomic<int>>(0);
    return [path = std::move(path), hold, times, release = std::move(release), next = std::move(next),
            count](const http::Request& request, http::Response& response) {
        if (request.path() == path && count->fetch_add(1) < times) {
            const auto until = std::chrono::steady_clock::now() + hold;
            while (!release->load() && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (next) next(request, response);
    };
}

std::unique_ptr<MisbehavingTarget> MisbehavingTarget::start(Rewrite rewrite, bool simulation) {
    refserver::Options options;
    options.simulation_enabled = simulation;
    options.webhook_insecure = true;
    options.webhook_backoff = std::chrono::milliseconds(20);
    auto api = refserver::ReferenceServer::create(std::move(options));
    if (!api) return nullptr;
    std::unique_ptr<MisbehavingTarget> target(new MisbehavingTarget);
    target->api_ = std::move(api.value());
    target->rewrite_ = std::move(rewrite);
    server::ServerOptions transport;
    transport.threads = 4;
    auto* self = target.get();
    target->transport_ = std::make_unique<server::HttpServer>(transport, [self](const http::Request& request) {
        http::Response response = self->api_->handle(request);
        if (self->rewrite_) self->rewrite_(request, response);
        return response;
    });
    auto port = target->transport_->start();
    if (!port) return nullptr;
    target->port_ = *port;
    return target;
}

MisbehavingTarget::~MisbehavingTarget() {
    if (transport_) transport_->stop();
}

std::string MisbehavingTarget::base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }
const std::string& MisbehavingTarget::pat() const { return api_->pat(); }
const std::string& MisbehavingTarget::read_only_token() const { return api_->read_only_token(); }

std::vector<std::string> MisbehavingTarget::target_args() const {
    return {"--base-url", base_url(), "--token", pat(), "--read-only-token", read_only_token()};
}

nlohmann::json results_of(const std::string& out_dir) {
    std::ifstream in(out_dir + "/results.json");
    if (!in) return nullptr;
    auto parsed = nlohmann::json::parse(in, nullptr, false);
    return parsed.is_discarded() ? nlohmann::json(nullptr) : parsed;
}

std::vector<std::string> tests_with(const nlohmann::json& results, const std::string& status) {
    std::vector<std::string> out;
    if (!results.is_object()) return out;
    for (const auto& t : results.value("tests", nlohmann::json::array()))
        if (t.value("status", "") == status) out.push_back(t.value("name", ""));
    return out;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The built-in seed plus `orders` orders and `returns` returns, written to a file.
std::string bulk_seed_file(int orders, int returns) {
    nlohmann::json seed = refserver::parse_seed(refserver::default_seed_text()).value();
    const nlohmann::json order_template = seed["orders"][0];
    for (int i = 0; i < orders; ++i) {
        nlohmann::json o = order_template;
        o["id"] = 600000 + i;
        o["reference_id"] = "BULK-" + std::to_string(i);
        o.erase("order_number");
        o["created_date"] = "2025-05-" + std::string(i % 28 < 9 ? "0" : "") + std::to_string(i % 28 + 1) + "T10:00:00Z";
        o["gift_message"] = i % 3 == 0 ? nlohmann::json("bulk " + std::to_string(i)) : nlohmann::json();
        if (o["gift_message"].is_null()) o.erase("gift_message");
        nlohmann::json shipment = o["shipments"][0];
        shipment["id"] = 900000 + i;
        o["shipments"] = nlohmann::json::array({shipment});
        seed["orders"].push_back(o);
    }
    const nlohmann::json return_template = seed["returns"]["items"][0];
    static const int inventory[] = {4001, 4002, 4003, 4007, 4010};
    static const char* states[] = {"AwaitingArrival", "Arrived", "Processing", "Completed", "Cancelled"};
    for (int i = 0; i < returns; ++i) {
        nlohmann::json r = return_template;
        r["id"] = 700000 + i;
        r["reference_id"] = "BULK-RMA-" + std::to_string(i);
        r["tracking_number"] = "1ZBULK" + std::to_string(i);
        r["status"] = states[i % 5];
        r["inventory"] = nlohmann::json::array({{{"id", inventory[i % 5]}, {"quantity", 1 + i % 3}}});
        r.erase("original_shipment_id");
        seed["returns"]["items"].push_back(r);
    }
    const std::string path = fresh_dir("bulk-seed") + "/seed.json";
    std::ofstream(path) << seed.dump();
    return path;
}

}  // namespace dockside::clitest
