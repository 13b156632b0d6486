#include "harness/conform/schema_coverage.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace dockside::conform {

nlohmann::json to_json(const OperationCoverage& row) {
    nlohmann::json statuses = nlohmann::json::object();
    for (const auto& [status, count] : row.statuses) statuses[std::to_string(status)] = count;
    nlohmann::json out = {{"operation", row.operation},
                          {"test", row.test},
                          {"requests", row.requests()},
                          {"positive", row.positive},
                          {"negative", row.negative},
                          {"constraints", row.constraints},
                          {"constraints_exercised", row.constraints_exercised},
                          {"statuses", statuses},
                          {"not_exercised", row.not_exercised}};
    if (row.served) out["served"] = *row.served;
    return out;
}

Result<OperationCoverage, std::string> coverage_from_json(const nlohmann::json& row) {
    if (!row.is_object()) return fail(std::string("a coverage row is not an object"));
    for (const char* key : {"operation", "positive", "negative", "constraints", "constraints_exercised", "statuses"})
        if (!row.contains(key)) return fail(std::string("a coverage row lacks ") + key);
    OperationCoverage out;
    try {
        out.operation = row["operation"].get<std::string>();
        out.test = row.value("test", "");
        out.positive = row["positive"].get<int>();
        out.negative = row["negative"].get<int>();
        if (row.contains("served")) out.served = row["served"].get<int>();
        out.constraints = row["constraints"].get<int>();
        out.constraints_exercised = row["constraints_exercised"].get<int>();
        for (const auto& [status, count] : row["statuses"].items()) out.statuses[std::stoi(status)] = count.get<int>();
        for (const auto& line : row.value("not_exercised", nlohmann::json::array())) out.not_exercised.push_back(line.get<std::string>());
    } catch (const std::exception& e) {
        return fail("a coverage row of the wrong shape: " + std::string(e.what()));
    }
    return out;
}

namespace {

std::string statuses_text(const std::map<int, int>& statuses) {
    std::string out;
    for (const auto& [status, count] : statuses)
        out += (out.empty() ? "" : " ") + (status == 0 ? std::string("none") : std::to_string(status)) + "×" + std::to_string(count);
    return out;
}

int min_requests(const std::vector<OperationCoverage>& rows) {
    int least = -1;
    for (const auto& r : rows) least = least < 0 ? r.requests() : std::min(least, r.requests());
    return std::max(least, 0);
}

}  // namespace

UnprovenNegatives unproven_negatives(const std::vector<OperationCoverage>& rows) {
    UnprovenNegatives out;
    for (const auto& r : rows)
        // A valid request never sent (no record of the run's own to name, a write refused) shows no served
        // base either: its invalid requests prove no more than those of one refused.
        if (r.negative > 0 && r.served && *r.served == 0) {
            out.requests += r.negative;
            out.operations.push_back(r.operation);
        }
    return out;
}

std::string render_coverage(const std::vector<OperationCoverage>& rows) {
    if (rows.empty()) return "";
    std::size_t width = 9;
    for (const auto& r : rows) width = std::max(width, r.operation.size());
    std::ostringstream out;
    out << "schema phase: " << rows.size() << " operation(s), at least " << min_requests(rows) << " request(s) each\n";
    out << "  " << std::left << std::setw(static_cast<int>(width)) << "operation" << std::right << std::setw(9) << "requests"
        << std::setw(6) << "valid" << std::setw(7) << "served" << std::setw(9) << "invalid" << std::setw(13) << "constraints"
        << "  statuses\n";
    for (const auto& r : rows)
        out << "  " << std::left << std::setw(static_cast<int>(width)) << r.operation << std::right << std::setw(9) << r.requests()
            << std::setw(6) << r.positive << std::setw(7) << (r.served ? std::to_string(*r.served) : std::string("-"))
            << std::setw(9) << r.negative << std::setw(13)
            << (std::to_string(r.constraints_exercised) + "/" + std::to_string(r.constraints)) << "  " << statuses_text(r.statuses)
            << "\n";
    if (const auto unproven = unproven_negatives(rows); unproven.requests > 0) {
        int negatives = 0;
        for (const auto& r : rows) negatives += r.negative;
        out << "  " << unproven.requests << " of the " << negatives << " invalid requests went to " << unproven.operations.size()
            << " operation(s) that served none of their valid requests, so their refusals prove nothing of the broken constraint:";
        for (std::size_t i = 0; i < unproven.operations.size(); ++i) out << (i ? ", " : " ") << unproven.operations[i];
        out << "\n";
    }
    return out.str();
}

nlohmann::json coverage_json(const std::vector<OperationCoverage>& rows) {
    nlohmann::json operations = nlohmann::json::array();
    for (const auto& r : rows) operations.push_back(to_json(r));
    const auto unproven = unproven_negatives(rows);
    return {{"operations", operations},
            {"min_requests", min_requests(rows)},
            {"unproven_negatives", {{"requests", unproven.requests}, {"operations", unproven.operations}}}};
}

Result<std::vector<OperationCoverage>, std::string> coverage_from_results(const nlohmann::json& results) {
    std::vector<OperationCoverage> rows;
    // find() on a value that is no object answers end(): such a record has no section either.
    const auto section = results.find("schema_phase");
    if (section == results.end() || section->is_null()) return rows;
    const auto operations = section->find("operations");
    if (operations == section->end() || !operations->is_array())
        return fail(std::string("schema_phase has no \"operations\" list"));
    for (std::size_t i = 0; i < operations->size(); ++i) {
        auto row = coverage_from_json((*operations)[i]);
        if (!row) return fail("schema_phase operation " + std::to_string(i + 1) + ": " + row.error());
        rows.push_back(std::move(*row));
    }
    return rows;
}

}  // namespace dockside::conform
