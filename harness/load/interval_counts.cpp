#include "harness/load/interval_counts.h"

#include <sstream>

#include "harness/load/error_classes.h"

namespace dockside::load {
namespace {

nlohmann::json counts_json(const OperationCounters& counters) {
    nlohmann::json errors = nlohmann::json::object();
    for (const auto& [name, n] : error_classes(counters)) errors[name] = n;
    return {{"attempted", counters.attempted()}, {"errors", errors}};
}

}  // namespace

std::string interval_counts_line(const StatsSet& interval, const std::vector<std::string>& names) {
    nlohmann::json line = counts_json(interval.total_counters());
    line["t"] = static_cast<double>(interval.start_ns) / 1e9;
    line["length_s"] = static_cast<double>(interval.end_ns - interval.start_ns) / 1e9;
    nlohmann::json operations = nlohmann::json::object();
    for (std::size_t i = 0; i < interval.operations.size() && i < names.size(); ++i)
        if (interval.operations[i].counters.attempted() > 0) operations[names[i]] = counts_json(interval.operations[i].counters);
    line["operations"] = std::move(operations);
    return line.dump();
}

Result<std::vector<nlohmann::json>, std::string> read_interval_counts(const std::string& text) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(text);
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.empty()) continue;
        auto parsed = nlohmann::json::parse(line, nullptr, false);
        if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("t") || !parsed["t"].is_number() ||
            !parsed.contains("errors") || !parsed["errors"].is_object())
            return fail("line " + std::to_string(number) + ": not an interval's counts");
        lines.push_back(std::move(parsed));
    }
    return lines;
}

}  // namespace dockside::load
