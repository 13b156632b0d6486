#include "harness/load/interval_counts.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/text_file.h"
#include "harness/load/error_classes.h"
#include "harness/load/run_recorder.h"

namespace dockside::load {
namespace {

nlohmann::json counts_json(const OperationCounters& counters) {
    nlohmann::json errors = nlohmann::json::object();
    for (const auto& [name, n] : error_classes(counters)) errors[name] = n;
    return {{"attempted", counters.attempted()}, {"errors", errors}};
}

/// Requests asked for and errors by class, added up.
struct CountSum {
    std::int64_t attempted = 0;
    std::map<std::string, std::int64_t> errors;

    void add(const nlohmann::json& counts) {
        attempted += counts.value("attempted", std::int64_t{0});
        const nlohmann::json errs = counts.value("errors", nlohmann::json::object());
        for (const auto& [name, n] : errs.items())
            if (n.is_number_integer()) errors[name] += n.get<std::int64_t>();
    }
    nlohmann::json json() const {
        nlohmann::json errs = nlohmann::json::object();
        for (const auto& [name, n] : errors) errs[name] = n;
        return {{"attempted", attempted}, {"errors", errs}};
    }
};

/// One second of the merged runs.
struct SecondSum {
    double start_s = 0, end_s = 0;
    CountSum all;
    std::map<std::string, CountSum> operations;
};

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

Result<bool, std::string> sum_interval_counts(const std::vector<std::string>& folders,
                                              const std::vector<double>& start_offsets_s, const std::string& directory) {
    std::map<long long, SecondSum> seconds;
    bool any = false;
    for (std::size_t i = 0; i < folders.size(); ++i) {
        const std::string path = folders[i] + "/" + IntervalLogs::kCountsFile;
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) continue;
        const auto text = read_text_file(path);
        if (!text) return fail(text.error());
        auto lines = read_interval_counts(*text);
        if (!lines) return fail(path + ": " + lines.error());
        any = true;
        const double offset = i < start_offsets_s.size() ? start_offsets_s[i] : 0.0;
        for (const auto& line : *lines) {
            const double start = line["t"].get<double>() + offset;
            const double end = start + line.value("length_s", 0.0);
            auto [it, fresh] = seconds.try_emplace(std::llround(start));
            SecondSum& s = it->second;
            s.start_s = fresh ? start : std::min(s.start_s, start);
            s.end_s = fresh ? end : std::max(s.end_s, end);
            s.all.add(line);
            const nlohmann::json ops = line.value("operations", nlohmann::json::object());
            for (const auto& [name, counts] : ops.items()) s.operations[name].add(counts);
        }
    }
    if (!any) return false;
    const std::string path = directory + "/" + IntervalLogs::kCountsFile;
    std::ofstream out(path);
    for (const auto& [second, s] : seconds) {
        nlohmann::json line = s.all.json();
        line["t"] = s.start_s;
        line["length_s"] = s.end_s - s.start_s;
        nlohmann::json operations = nlohmann::json::object();
        for (const auto& [name, counts] : s.operations) operations[name] = counts.json();
        line["operations"] = std::move(operations);
        out << line.dump() << '\n';
    }
    out.close();
    if (!out) return fail("cannot write " + path);
    return true;
}

}  // namespace dockside::load
