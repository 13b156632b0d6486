// Whether load runs measured the same thing: the same model, schedule, mix and histogram layout are
// required (a different rate changes every latency figure by itself); other differences are only noted.

#include <map>

#include "harness/compare/load_diff.h"

namespace dockside::compare {
namespace {

using nlohmann::json;

/// The configuration entries that must agree, by the words a refusal uses.
json required_part(const LoadRun& run, const std::string& what) {
    const json& c = run.summary.configuration;
    const auto at = [&c](const char* key) { return c.contains(key) ? c[key] : json(nullptr); };
    if (what == "model") return at("model");
    if (what == "rate") {
        // Open loop: the schedule; closed loop: how long and over how many connections.
        if (at("model") == "closed-loop") return json{{"duration_s", at("duration_s")}, {"connections", at("connections")}};
        json schedule = at("schedule");
        if (schedule.is_object()) schedule.erase("description");  // words for the same stages
        return json{{"schedule", schedule}, {"shards", c.contains("shard") ? c["shard"].value("count", 1) : 1}};
    }
    if (what == "mix") return c.contains("mix") && c["mix"].is_object() ? c["mix"].value("operations", json::array()) : json(nullptr);
    if (what == "histogram") {
        const auto h = run.summary.result.total_latency();
        return json{{"lowest_discernible", h.lowest_discernible()},
                    {"highest_trackable", h.highest_trackable()},
                    {"significant_digits", h.significant_digits()}};
    }
    if (what == "capacity search") return json(c.contains("capacity"));
    return nullptr;
}

std::string where(bool baseline, std::size_t index) {
    return std::string(baseline ? "baseline" : "candidate") + " run " + std::to_string(index + 1);
}

}  // namespace

std::vector<std::string> load_incompatibilities(const std::vector<const LoadRun*>& baseline,
                                                const std::vector<const LoadRun*>& candidate) {
    std::vector<std::string> problems;
    if (baseline.empty() || candidate.empty()) return problems;
    const LoadRun& reference = *baseline.front();
    for (const char* what : {"model", "rate", "mix", "histogram", "capacity search"}) {
        const json expected = required_part(reference, what);
        for (const auto* side : {&baseline, &candidate})
            for (std::size_t i = 0; i < side->size(); ++i) {
                if (side == &baseline && i == 0) continue;
                const json actual = required_part(*(*side)[i], what);
                if (actual == expected) continue;
                problems.push_back(std::string("the runs differ in their ") + what + " configuration: baseline run 1 " +
                                   expected.dump() + ", " + where(side == &baseline, i) + " " + actual.dump());
                break;  // one line per side and part is enough to say why
            }
    }
    return problems;
}

}  // namespace dockside::compare
