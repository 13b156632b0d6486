#include "tools/dockside/run_cleanup.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "core/url_escapes.h"
#include "core/utf8.h"
#include "harness/http/retry_after.h"
#include "harness/http/url.h"
#include "harness/conform/created_records.h"
#include "harness/conform/pacing.h"

namespace dockside::cli {
namespace {

using State = CleanupOutcome::State;

struct Created {
    const conform::UndoRule* rule = nullptr;
    std::string id;
    std::string test;
    std::string line;  ///< as the log holds it
};

const conform::UndoRule* rule_for(const std::vector<conform::UndoRule>& rules, const std::string& create) {
    for (const auto& rule : rules)
        if (rule.create == create) return &rule;
    return nullptr;
}

/// The records the log names as created and neither undone nor refused, oldest first. A run folder used again
/// keeps one log across its runs: a refusal noted once is not asked again by every later run.
std::vector<Created> pending(std::istream& log, const std::vector<conform::UndoRule>& rules, int& refused) {
    std::vector<Created> created;
    std::set<std::pair<std::string, std::string>> undone;
    for (std::string line; std::getline(log, line);) {
        const auto entry = nlohmann::json::parse(line, nullptr, false);
        if (!entry.is_object()) continue;  // a line cut short by a crash: the others still count
        if (entry.contains("undone") || entry.contains("refused")) {
            refused += entry.contains("refused") ? 1 : 0;
            undone.emplace(entry.value(entry.contains("undone") ? "undone" : "refused", ""), entry.value("id", ""));
        } else if (const auto* rule = rule_for(rules, entry.value("created", ""))) {
            created.push_back({rule, entry.value("id", ""), entry.value("test", ""), line});
        }
    }
    std::erase_if(created, [&](const Created& c) { return undone.count({c.rule->create, c.id}) > 0; });
    return created;
}

std::string one_line_excerpt(const std::string& body) {
    std::string text = excerpt(body, 160);
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

/// The undo request for `record`, as the contract's operation describes it.
http::Request undo_request(const Created& record, const spec::Operation& op, const CleanupTarget& target) {
    std::string path = op.path_template;
    const std::string placeholder = "{" + record.rule->param + "}";
    if (const auto at = path.find(placeholder); at != std::string::npos)
        path.replace(at, placeholder.size(), percent_encode(record.id));
    http::Request request;
    request.method = op.method;
    request.target = path;
    request.headers.set("Accept", "application/json");
    request.headers.set("Authorization", "Bearer " + target.token);
    if (op.channel_header != spec::ChannelHeader::NotUsed && target.write_channel > 0)
        request.headers.set(target.channel_header, std::to_string(target.write_channel));
    return request;
}

/// Sends within the run's --max-rps, waiting out 429 answers (at most six waits).
Result<http::Response, http::TransportError> send_patiently(http::HttpClient& client, const http::Request& request) {
    for (int attempt = 0;; ++attempt) {
        conform::wait_for_request_turn();
        auto answer = client.send(request);
        if (!answer || answer->status != 429 || attempt >= 6) return answer;
        std::this_thread::sleep_for(http::retry_after(*answer).value_or(http::backoff_wait(attempt, attempt * 7919)));
    }
}

/// What the answer to an undo means for the record.
CleanupOutcome judge(const Created& record, const http::Response& answer) {
    CleanupOutcome out{record.rule->kind, record.id, record.test, State::Failed, ""};
    const std::string what = record.rule->undo + " answered " + std::to_string(answer.status);
    if (answer.status >= 200 && answer.status <= 299) {
        // A cancelled order whose shipments could not all be cancelled says so in its status.
        if (!conform::undo_succeeded(*record.rule, answer.status, nlohmann::json::parse(answer.body, nullptr, false))) {
            out.detail = what + " with status Failure: its shipments could not be cancelled (shipped already?)";
            return out;
        }
        out.state = State::Undone;
        out.detail = record.rule->undo;
        return out;
    }
    if (answer.status == 404 || answer.status == 410) {
        out.state = State::AlreadyUndone;
        out.detail = what + ": it is gone already";
        return out;
    }
    out.detail = what + ": " + one_line_excerpt(answer.body);
    return out;
}

const char* state_name(State state) {
    switch (state) {
        case State::Undone: return "undone";
        case State::AlreadyUndone: return "already gone";
        case State::Failed: return "not undone";
    }
    return "";
}

}  // namespace

int CleanupReport::count(State state) const {
    return static_cast<int>(std::count_if(outcomes.begin(), outcomes.end(), [&](const auto& o) { return o.state == state; }));
}

nlohmann::json CleanupReport::to_json() const {
    nlohmann::json failed = nlohmann::json::array(), stays = nlohmann::json::array();
    std::map<std::string, int> undone;
    for (const auto& o : outcomes) {
        if (o.state == State::Failed) failed.push_back({{"kind", o.kind}, {"id", o.id}, {"test", o.test}, {"reason", o.detail}});
        if (o.state != State::Failed) undone[o.kind]++;
    }
    for (const auto& [kind, remains] : remains_by_kind)
        if (!remains.empty() && undone.count(kind)) stays.push_back(remains);
    for (const auto& what : nothing_undoes) stays.push_back(what);
    nlohmann::json out{{"undone", count(State::Undone)}, {"already_gone", count(State::AlreadyUndone)},
                       {"not_undone", failed}, {"undone_by_kind", undone}, {"stays_on_the_target", stays},
                       {"refused_before", refused_before}};
    if (!error.empty()) out["error"] = error;
    return out;
}

std::string CleanupReport::render() const {
    if (!error.empty()) return "cleanup: " + error + "\n";
    std::ostringstream out;
    out << "cleanup: " << count(State::Undone) << " undone, " << count(State::AlreadyUndone) << " gone already, "
        << count(State::Failed) << " could not be undone";
    if (refused_before > 0) out << " (and " << refused_before << " refused by an earlier cleanup, not asked again)";
    out << "\n";
    for (const auto& o : outcomes)
        if (o.state == State::Failed) out << "  " << state_name(o.state) << ": " << o.kind << " " << o.id << " (" << o.test << "): " << o.detail << "\n";
    return out.str();
}

std::string created_log_of(const std::string& run_dir) { return (std::filesystem::path(run_dir) / "created.jsonl").string(); }

void keep_only_pending(const std::string& log_path, const spec::Spec& spec) {
    std::ifstream log(log_path);
    if (!log) return;
    const conform::CleanupRules rules = conform::cleanup_rules(spec);
    if (!rules.problems.empty()) return;  // the cleanup says so; the log stays as it is
    int refused = 0;
    const auto records = pending(log, rules.undo, refused);
    log.close();
    // Written beside and renamed over, so that a crash in between leaves the whole log, never half of it.
    const std::string fresh = log_path + ".pending";
    {
        std::ofstream out(fresh, std::ios::trunc);
        for (const auto& record : records) out << record.line << "\n";
        if (!out.flush()) return;
    }
    std::error_code ec;
    std::filesystem::permissions(fresh, std::filesystem::status(log_path, ec).permissions(), ec);  // the log's own
    std::filesystem::rename(fresh, log_path, ec);
}

CleanupReport undo_created(const std::string& log_path, const CleanupTarget& given, const spec::Spec& spec) {
    CleanupReport report;
    CleanupTarget target = given;
    if (target.channel_header.empty()) target.channel_header = spec.channel_header();
    std::ifstream log(log_path);
    if (!log) {
        report.error = "no record of created things at " + log_path + " (a run with --dry-run, --list or an embedded target keeps none)";
        return report;
    }
    const conform::CleanupRules rules = conform::cleanup_rules(spec);
    if (!rules.problems.empty()) {
        report.error = "the rules data's cleanup section: " + rules.problems.front();
        return report;
    }
    for (const auto& rule : rules.undo) report.remains_by_kind[rule.kind] = rule.remains;
    report.nothing_undoes = rules.nothing_undoes;
    auto records = pending(log, rules.undo, report.refused_before);
    log.close();
    auto url = http::parse_url(target.base_url);
    if (!url) {
        report.error = "base URL " + url.error();
        return report;
    }
    // Newest first (a record made from another is undone before it), taken in that order by every connection.
    std::reverse(records.begin(), records.end());
    std::vector<CleanupOutcome> outcomes(records.size());
    std::ofstream undone(log_path, std::ios::app);
    std::mutex log_lock;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        http::HttpClient client(*url, target.client);
        for (std::size_t i = next++; i < records.size(); i = next++) {
            const Created& record = records[i];
            const spec::Operation* op = spec.find(record.rule->undo);
            if (!op) {
                outcomes[i] = {record.rule->kind, record.id, record.test, State::Failed, "the contract has no " + record.rule->undo};
                continue;
            }
            auto answer = send_patiently(client, undo_request(record, *op, target));
            outcomes[i] = answer ? judge(record, *answer)
                                 : CleanupOutcome{record.rule->kind, record.id, record.test, State::Failed,
                                                  record.rule->undo + ": " + http::to_string(answer.error())};
            // A refusal the target answered (its state forbids the undo: a 4xx, or a 2xx saying Failure) is settled;
            // a transport failure, a 5xx or a 429 still there after the waits may pass, and stays pending for
            // `dockside cleanup --run` or the next run.
            const bool refused = answer && answer->status < 500 && answer->status != 429;
            if (outcomes[i].state == State::Failed && !refused) continue;
            const std::lock_guard<std::mutex> hold(log_lock);
            undone << (outcomes[i].state == State::Failed
                           ? conform::refused_line(record.rule->create, record.id, outcomes[i].detail)
                           : conform::undone_line(record.rule->create, record.id))
                   << std::flush;
        }
    };
    std::vector<std::thread> more;
    const std::size_t connections = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(target.connections, 1)), 1, std::max<std::size_t>(records.size(), 1));
    for (std::size_t n = 1; n < connections; ++n) more.emplace_back(work);
    work();
    for (auto& t : more) t.join();
    report.outcomes = std::move(outcomes);
    return report;
}

bool write_cleanup_report(const CleanupReport& report, const std::string& run_dir) {
    std::ofstream out(std::filesystem::path(run_dir) / "cleanup.json");
    out << report.to_json().dump(2) << "\n";
    return static_cast<bool>(out);
}

void undo_or_keep(const conform::SessionInfo& info, const http::ClientOptions& client, int connections, bool keep, bool quiet,
                  const spec::Spec& spec, const std::string& run_dir) {
    if (info.created_log.empty() || !std::filesystem::exists(info.created_log)) return;
    if (keep) {
        std::cout << "cleanup: kept what the run created (--keep); dockside cleanup --run " << run_dir << " undoes it\n";
        return;
    }
    const CleanupReport report =
        undo_created(info.created_log, {info.base_url, info.token, info.write_channel, info.channel_header, client, connections}, spec);
    if (!quiet || report.count(State::Failed) > 0) std::cout << report.render();
    if (!write_cleanup_report(report, run_dir)) std::cerr << "dockside conform: cannot write " << run_dir << "/cleanup.json\n";
}

}  // namespace dockside::cli
