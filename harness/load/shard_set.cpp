#include "harness/load/shard_set.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "harness/load/duration_text.h"
#include "harness/load/result_files.h"
#include "harness/load/start_instant.h"

namespace dockside::load {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool holds_run(const fs::path& folder) {
    std::error_code ec;
    return fs::is_regular_file(folder / RunFileNames::kSummary, ec);
}

/// Folder names that are numbers sort as numbers (shards/10 after shards/9), others after them by name.
bool shard_order(const fs::path& a, const fs::path& b) {
    const auto number = [](const std::string& s) {
        unsigned long v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return (ec == std::errc{} && p == s.data() + s.size() && !s.empty()) ? std::optional<unsigned long>(v) : std::nullopt;
    };
    const auto na = number(a.filename().string()), nb = number(b.filename().string());
    if (na && nb) return *na < *nb;
    if (na || nb) return na.has_value();
    return a.filename() < b.filename();
}

/// "A, B, C and 7 more": names of a group, shortened for a thousand shards.
std::string listed(const std::vector<std::string>& names) {
    std::string out;
    const std::size_t shown = std::min<std::size_t>(names.size(), 3);
    for (std::size_t i = 0; i < shown; ++i) out += (i == 0 ? "" : ", ") + names[i];
    if (names.size() > shown) out += " and " + std::to_string(names.size() - shown) + " more";
    return out;
}

/// Indexes as compact ranges: "2, 5-9, 17".
std::string ranges(const std::vector<unsigned>& sorted) {
    std::string out;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(sorted[i]) + (j > i ? "-" + std::to_string(sorted[j]) : "");
        i = j + 1;
    }
    return out;
}

/// What each run says of one property (target, mix, load), grouped by value; a problem when they differ.
void same_for_all(const std::vector<RunSummary>& runs, const std::vector<std::string>& names, const char* what,
                  std::string (*describe)(const RunSummary&), std::vector<std::string>& problems) {
    std::map<std::string, std::vector<std::string>> groups;
    for (std::size_t i = 0; i < runs.size(); ++i) groups[describe(runs[i])].push_back(names[i]);
    if (groups.size() < 2) return;
    std::string text = std::string("the runs ") + what + ": ";
    bool first = true;
    for (const auto& [value, members] : groups) {
        text += (first ? "" : "; ") + value + " (" + listed(members) + ")";
        first = false;
    }
    problems.push_back(text + "; a merge adds shards of one run only");
}

std::string target_of(const RunSummary& run) {
    // Each shard run on the embedded server had its own, on its own port: they are one kind of target.
    return run.embedded ? "the embedded reference server" : run.target;
}

std::string mix_of(const RunSummary& run) {
    const json mix = run.configuration.value("mix", json::object());
    std::string operations;
    for (const auto& entry : mix.value("operations", json::array()))
        operations += (operations.empty() ? "" : ",") + entry.value("operation", std::string("?")) + ":" +
                      entry.value("weight", json(0)).dump();
    return "mix " + mix.value("name", std::string("?")) + " (" + operations + ")";
}

std::string load_of(const RunSummary& run) {
    const json& c = run.configuration;
    std::string text = c.value("model", std::string("?"));
    if (c.contains("schedule") && c["schedule"].is_object())
        text += " " + c["schedule"].value("description", c["schedule"].value("stages", json::array()).dump());
    if (c.contains("duration_s")) text += " for " + c["duration_s"].dump() + " s";
    text += ", warm-up " + c.value("warmup_s", json(0)).dump() + " s";
    if (c.contains("capacity")) text += ", a capacity search";
    return text;
}

}  // namespace

std::vector<std::string> expand_runs(const std::vector<std::string>& given) {
    std::vector<std::string> out;
    for (const auto& run : given) {
        std::error_code ec;
        if (!fs::is_directory(run, ec) || holds_run(run)) {
            out.push_back(run);
            continue;
        }
        std::vector<fs::path> inside;
        for (const auto& entry : fs::directory_iterator(run, ec))
            if (entry.is_directory() && holds_run(entry.path())) inside.push_back(entry.path());
        if (inside.empty()) {
            out.push_back(run);  // reading it says that it holds no summary.json
            continue;
        }
        std::sort(inside.begin(), inside.end(), shard_order);
        for (const auto& path : inside) out.push_back(path.string());
    }
    return out;
}

std::vector<std::string> shard_set_problems(const std::vector<RunSummary>& runs,
                                            const std::vector<std::string>& names) {
    std::vector<std::string> problems;
    std::map<unsigned, std::vector<std::size_t>> by_count;  // shard count → runs
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const json shard = runs[i].configuration.value("shard", json::object());
        if (shard.contains("merged") || !runs[i].shards.empty()) {
            problems.push_back(names[i] + " is itself a merge: merge the shard runs it was made from");
            continue;
        }
        by_count[shard.value("count", 1u)].push_back(i);
    }
    if (by_count.size() > 1) {
        std::string text = "the runs are shards of different counts:";
        for (const auto& [count, members] : by_count) {
            std::vector<std::string> these;
            for (auto i : members) these.push_back(names[i]);
            text += " " + listed(these) + " of " + std::to_string(count) + ";";
        }
        problems.push_back(text + " a merge adds the N shards of one run");
    } else if (by_count.size() == 1) {
        const unsigned count = by_count.begin()->first;
        std::map<unsigned, std::vector<std::size_t>> by_index;
        for (auto i : by_count.begin()->second)
            by_index[runs[i].configuration.value("shard", json::object()).value("index", 0u)].push_back(i);
        for (const auto& [index, members] : by_index) {
            if (members.size() < 2) continue;
            std::vector<std::string> these;
            std::set<fs::path> folders;
            for (auto i : members) {
                these.push_back(names[i]);
                std::error_code ec;
                folders.insert(fs::weakly_canonical(fs::path(names[i]), ec));
            }
            problems.push_back("shard " + std::to_string(index) + " of " + std::to_string(count) + " is given " +
                               (members.size() == 2 ? "twice" : std::to_string(members.size()) + " times") + ": " +
                               listed(these) +
                               (folders.size() == 1 ? " (the same run)"
                                                    : " (a job engine may have started it twice: keep the one that ran)"));
        }
        std::vector<unsigned> missing;
        for (unsigned index = 0; index < count; ++index)
            if (!by_index.count(index)) missing.push_back(index);
        if (!missing.empty())
            problems.push_back((missing.size() == 1 ? "shard " + ranges(missing) + " of " + std::to_string(count) + " is missing"
                                                    : "shards " + ranges(missing) + " of " + std::to_string(count) + " are missing") +
                               " (" + std::to_string(by_index.size()) + " of the " + std::to_string(count) +
                               " indexes given): without its share the sum is not the load that was asked for");
    }
    same_for_all(runs, names, "sent to different targets", target_of, problems);
    same_for_all(runs, names, "sent different mixes", mix_of, problems);
    same_for_all(runs, names, "ran different loads", load_of, problems);
    return problems;
}

MergedShard shard_record(const RunSummary& run, const std::string& name) {
    const json shard = run.configuration.value("shard", json::object());
    const auto totals = run.result.total_counters();
    return {name, shard.value("index", 0u), shard.value("count", 1u), run.host, run.started_at,
            run.result.measured_start_unix_ns, run.result.requested, totals.requests(), totals.errors_total()};
}

std::string shard_start_note(const std::vector<MergedShard>& shards) {
    if (shards.size() < 2) return {};
    std::set<std::string> hosts;
    const MergedShard* first = nullptr;
    const MergedShard* last = nullptr;
    for (const auto& s : shards) {
        if (!s.host.empty()) hosts.insert(s.host);
        if (s.measured_start_unix_ns == 0) continue;
        if (!first || s.measured_start_unix_ns < first->measured_start_unix_ns) first = &s;
        if (!last || s.measured_start_unix_ns > last->measured_start_unix_ns) last = &s;
    }
    std::string note = std::to_string(shards.size()) + " shards on " +
                       (hosts.empty() ? std::string("unrecorded hosts") : std::to_string(hosts.size()) + (hosts.size() == 1 ? " host" : " hosts"));
    if (!first) return note + "; no measured start recorded";
    const Nanos spread(last->measured_start_unix_ns - first->measured_start_unix_ns);
    if (spread.count() == 0)
        return note + "; every measured start at " + format_utc(from_unix_ns(first->measured_start_unix_ns));
    return note + "; measured starts within " + format_duration(spread) + " (first shard " +
           std::to_string(first->index) + ", last shard " + std::to_string(last->index) + ")";
}

}  // namespace dockside::load
