#include "tools/dockside/conform_plan.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "core/exit_codes.h"
#include "refserver/embedded/embedded_server.h"
#include "refserver/embedded/session_info.h"
#include "harness/conform/suite_runner.h"
#include "harness/conform/selection.h"
#include "tools/dockside/conform_target.h"

namespace dockside::cli {
namespace {

std::string name_of(const std::string& method, const std::string& target, const spec::Spec& spec) {
    const std::string path = target.substr(0, target.find('?'));
    if (auto match = spec.match(method, path); match && match->operation) return match->operation->id;
    // Outside the contract (the simulation control): ids become {id}, so one kind of request counts once.
    std::string shape;
    for (std::size_t i = 0; i < path.size();) {
        if (std::isdigit(static_cast<unsigned char>(path[i])) && i > 0 && path[i - 1] == '/') {
            while (i < path.size() && std::isdigit(static_cast<unsigned char>(path[i]))) ++i;
            shape += "{id}";
        } else {
            shape += path[i++];
        }
    }
    return method + " " + shape;
}

std::string request_count_text(int n) { return std::to_string(n) + (n == 1 ? " request" : " requests"); }

int total(const std::map<std::string, int>& counts) {
    int n = 0;
    for (const auto& [name, count] : counts) n += count;
    return n;
}

}  // namespace

bool is_write(const std::string& method) { return method != "GET" && method != "HEAD" && method != "OPTIONS"; }

int PlannedTest::write_count() const { return total(writes); }

const PlannedTest* ConformPlan::find(const std::string& test) const {
    for (const auto& t : tests)
        if (t.name == test) return &t;
    return nullptr;
}

std::map<std::string, int> ConformPlan::all_writes() const {
    std::map<std::string, int> out;
    for (const auto& t : tests)
        for (const auto& [name, count] : t.writes) out[name] += count;
    return out;
}

std::function<void(const std::string&, const http::Request&)> request_recorder(
    std::string path, std::function<void(const std::string&, const http::Request&)> next) {
    return [path = std::move(path), next = std::move(next)](const std::string& test, const http::Request& request) {
        const std::string line = test + "\t" + request.method + "\t" + request.target + "\n";
        // One write(2) of a short line to an O_APPEND file: lines of children sending at once do not interleave.
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (fd >= 0) {
            [[maybe_unused]] const auto written = ::write(fd, line.data(), line.size());
            ::close(fd);
        }
        if (next) next(test, request);
    };
}

ConformPlan read_plan(const std::string& path, const spec::Spec& spec) {
    ConformPlan plan;
    std::ifstream in(path);
    std::map<std::string, std::size_t> index;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string test, method, target;
        if (!std::getline(fields, test, '\t') || !std::getline(fields, method, '\t') || !std::getline(fields, target)) continue;
        auto [at, added] = index.emplace(test, plan.tests.size());
        if (added) plan.tests.push_back({test, {}, {}});
        PlannedTest& t = plan.tests[at->second];
        (is_write(method) ? t.writes : t.reads)[name_of(method, target, spec)]++;
    }
    return plan;
}

Result<Rehearsal, std::string> rehearse(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                        const RehearsalOptions& options) {
    std::string folder = (std::filesystem::temp_directory_path() / "dockside-plan-XXXXXX").string();
    if (!::mkdtemp(folder.data())) return fail("cannot make a folder for the rehearsal under " + folder);
    auto started = start_embedded({}, spec);
    if (!started) return fail("the reference server for the rehearsal did not start: " + started.error().front());
    auto& server = *started.value();
    conform::SessionInfo info = refserver::conformance_session_info(server, true);
    info.profile = options.like.profile;
    info.only = options.like.only;
    info.profile_json = options.like.profile_json;
    info.cases = options.like.cases;
    info.seed = options.like.seed;
    const std::string requests = folder + "/requests.tsv";
    Rehearsal out;
    {
        auto session = conform::Session::create(spec, validator, info, http::ClientOptions{});
        if (!session) return fail(session.error());
        conform::RunOptions run;
        run.filter = options.filter;
        run.capture_path = folder + "/conform.log";
        run.test_budget = options.test_budget;
        run.workers = options.workers;
        run.on_test_start = conform::injected_hooks().on_test_start;
        run.on_request = request_recorder(requests, conform::injected_hooks().on_request);
        conform::RunMetadata meta;
        meta.target = "rehearsal: " + server.base_url();
        if (auto ran = conform::run_suites(**session, run, meta); !ran) return fail(ran.error());
        out.selected = conform::selected_tests(options.filter);
    }
    server.stop();
    out.plan = read_plan(requests, spec);
    std::error_code ec;
    std::filesystem::remove_all(folder, ec);
    return out;
}

std::string read_only_filter(const ConformPlan& plan, const std::vector<std::string>& selected) {
    std::string filter;
    for (const auto& test : selected) {
        const PlannedTest* t = plan.find(test);
        if (!t || t->write_count() == 0) filter += (filter.empty() ? "" : ":") + test;
    }
    return filter.empty() ? "-*" : filter;
}

std::string render_counts(const std::map<std::string, int>& counts) {
    std::vector<std::pair<std::string, int>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string out;
    for (const auto& [name, count] : sorted) out += (out.empty() ? "" : ", ") + name + " x" + std::to_string(count);
    return out;
}

std::string render_plan(const ConformPlan& plan, const std::vector<std::string>& selected, double max_rps, int workers) {
    std::ostringstream out;
    int requests = 0, writes = 0, writing_tests = 0;
    for (const auto& test : selected) {
        const PlannedTest* t = plan.find(test);
        if (!t) {
            out << "  " << test << ": no request\n";
            continue;
        }
        const int w = t->write_count(), r = total(t->reads);
        requests += r + w;
        writes += w;
        writing_tests += w > 0;
        out << "  " << test << ": " << request_count_text(r + w) << ", " << (w ? std::to_string(w) + (w == 1 ? " write" : " writes") : "read only");
        if (w) out << " (WRITES " << render_counts(t->writes) << ")";
        out << "\n";
    }
    out << "plan: " << selected.size() << " tests, " << requests << " requests, " << writes << " of them writes, from "
        << writing_tests << " tests; " << selected.size() - static_cast<std::size_t>(writing_tests) << " tests only read\n";
    if (writes) out << "writes: " << render_counts(plan.all_writes()) << "\n";
    out << "pace: " << (max_rps > 0 ? "at most " + std::to_string(static_cast<int>(max_rps)) + " requests a second" : "no cap (--max-rps)")
        << ", " << workers << " worker" << (workers == 1 ? "" : "s") << "\n";
    return out.str();
}

std::optional<int> guard_writes(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                const WritePlanRequest& request, std::string& filter) {
    const std::string refused = writes_refused_reason(request.target, request.safety);
    if (!request.safety.dry_run && refused.empty()) return std::nullopt;
    if (!request.quiet) std::cerr << "dockside conform: rehearsing the run against the embedded reference server to learn what it sends\n";
    RehearsalOptions rehearsal = request.rehearsal;
    rehearsal.filter = filter;
    auto rehearsed = rehearse(spec, validator, rehearsal);
    if (!rehearsed) {
        std::cerr << "dockside conform: " << rehearsed.error() << "\n";
        return kExitCannotRun;
    }
    const auto& plan = rehearsed->plan;
    const std::string read_only = read_only_filter(plan, rehearsed->selected);
    const long reading = read_only == "-*" ? 0 : static_cast<long>(std::count(read_only.begin(), read_only.end(), ':')) + 1;
    if (request.safety.dry_run) {
        std::cout << render_plan(plan, rehearsed->selected, request.max_rps, rehearsal.workers);
        if (!refused.empty()) std::cout << "production: " << refused << ": only the " << reading << " tests that read would run\n";
        std::cout << "dry run: nothing was sent to " << (request.target.embedded() ? "the target" : request.target.base_url)
                  << " (the plan was rehearsed against the embedded reference server, seed " << rehearsal.like.seed << ")\n";
        return kExitOk;
    }
    if (reading == 0) {
        std::cerr << "dockside conform: " << refused << ", and every selected test writes: " << render_counts(plan.all_writes()) << "\n";
        return kExitCannotRun;
    }
    std::cerr << "dockside conform: " << refused << ": running only the " << reading << " of " << rehearsed->selected.size()
              << " tests that do not write; the " << static_cast<long>(rehearsed->selected.size()) - reading
              << " withheld would have written " << render_counts(plan.all_writes()) << "\n";
    filter = read_only;
    return std::nullopt;
}

}  // namespace dockside::cli
