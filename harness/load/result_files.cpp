#include "harness/load/result_files.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "harness/histogram/percentiles_text.h"
#include "harness/load/run_recorder.h"

namespace dockside::load {

std::string file_safe(const std::string& name) {
    std::string out;
    for (char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
        if (keep) out += c;
        else if (!out.empty() && out.back() != '_') out += '_';
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    return out.empty() ? "operation" : out;
}

Result<nlohmann::json, std::string> write_histogram_files(const std::string& directory, const RunResult& result) {
    using Names = RunFileNames;
    nlohmann::json files = {{"latency_hgrm", Names::kLatencyHgrm}, {"service_time_hgrm", Names::kServiceHgrm}};
    const auto write = [&](const std::string& name, const histogram::Histogram& h) -> Result<bool, std::string> {
        return write_text_file(directory + "/" + name, histogram::to_hgrm(h));
    };
    if (auto ok = write(Names::kLatencyHgrm, result.total_latency()); !ok) return fail(ok.error());
    if (auto ok = write(Names::kServiceHgrm, result.total_service()); !ok) return fail(ok.error());
    if (result.open_loop) {
        if (auto ok = write(Names::kSendLagHgrm, result.send_lag); !ok) return fail(ok.error());
        files["send_lag_hgrm"] = Names::kSendLagHgrm;
    }
    nlohmann::json per_operation = nlohmann::json::object();
    for (const auto& op : result.operations) {
        const std::string latency = Names::kLatencyPrefix + file_safe(op.name) + Names::kHgrmSuffix;
        const std::string service = Names::kServicePrefix + file_safe(op.name) + Names::kHgrmSuffix;
        if (auto ok = write(latency, op.latency); !ok) return fail(ok.error());
        if (auto ok = write(service, op.service); !ok) return fail(ok.error());
        per_operation[op.name] = {{"latency_hgrm", latency}, {"service_time_hgrm", service}};
    }
    files["operations"] = per_operation;
    return files;
}

Result<bool, std::string> write_summary(const std::string& directory, const RunSummary& summary) {
    return write_text_file(directory + "/" + RunFileNames::kSummary, to_json(summary).dump(2) + "\n");
}

bool is_run_file(const std::string& name) {
    using Names = RunFileNames;
    static constexpr std::array<std::string_view, 10> kFixed = {
        Names::kSummary,           Names::kCapacityJson,      Names::kCapacityCsv,
        Names::kLatencyHgrm,       Names::kServiceHgrm,       Names::kSendLagHgrm,
        IntervalLogs::kLatencyFile, IntervalLogs::kServiceFile, IntervalLogs::kSendLagFile,
        IntervalLogs::kCountsFile};
    for (const auto fixed : kFixed)
        if (name == fixed) return true;
    const std::string_view n = name;
    return n.ends_with(Names::kHgrmSuffix) && (n.starts_with(Names::kLatencyPrefix) || n.starts_with(Names::kServicePrefix));
}

Result<int, std::string> clear_previous_run(const std::string& directory) {
    namespace fs = std::filesystem;
    std::error_code listing;
    int removed = 0;
    for (fs::directory_iterator it(directory, listing), end; !listing && it != end; it.increment(listing)) {
        std::error_code ec;
        if (!it->is_regular_file(ec) || !is_run_file(it->path().filename().string())) continue;
        if (fs::remove(it->path(), ec)) ++removed;
        if (ec) return fail("cannot remove " + it->path().string() + ", left by an earlier run: " + ec.message());
    }
    if (listing) return fail("cannot list " + directory + ": " + listing.message());
    return removed;
}

}  // namespace dockside::load
