#include "harness/load/merge_fold.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "harness/histogram/codec.h"
#include "harness/histogram/interval_log.h"
#include "harness/load/shard_set.h"

namespace dockside::load {
namespace {

/// The run without its histograms, which are most of its memory (a 12-operation run holds 26 of about
/// 190 KiB each); what is kept is what judging the set reads.
RunSummary facts_of(const RunSummary& run) {
    RunSummary facts;
    facts.configuration = run.configuration;
    facts.target = run.target;
    facts.embedded = run.embedded;
    facts.host = run.host;
    facts.started_at = run.started_at;
    facts.start_at = run.start_at;
    facts.shards = run.shards;
    facts.result.measured_start_unix_ns = run.result.measured_start_unix_ns;
    facts.result.requested = run.result.requested;
    facts.result.open_loop = run.result.open_loop;
    facts.result.send_lag = histogram::Histogram(1, 2, 0);
    facts.result.own_send_lag = histogram::Histogram(1, 2, 0);
    return facts;
}

}  // namespace

void RunFold::add(RunSummary run, const std::string& name) {
    records_.push_back(shard_record(run, name));
    facts_.push_back(facts_of(run));
    names_.push_back(name);
    shard_configurations_.push_back(run.configuration.value("shard", nlohmann::json::object()));
    if (!sum_) {
        sum_ = std::move(run);
        sum_->thresholds.clear();
        sum_->files = nlohmann::json::object();
        return;
    }
    RunSummary& merged = *sum_;
    merged.result.add(run.result);
    merged.started_at = std::min(merged.started_at, run.started_at);
    merged.finished_at = std::max(merged.finished_at, run.finished_at);
    if (run.start_at != merged.start_at) merged.start_at.clear();  // only a start they all shared
    merged.token_renewals += run.token_renewals;
    merged.token_renewal_failures += run.token_renewal_failures;
    merged.token_renewals_on_demand += run.token_renewals_on_demand;
    merged.unauthorized_retries += run.unauthorized_retries;
    std::set<std::string> expressions(merged.threshold_expressions.begin(), merged.threshold_expressions.end());
    for (const auto& e : run.threshold_expressions)
        if (expressions.insert(e).second) merged.threshold_expressions.push_back(e);
}

RunSummary RunFold::merged() && {
    RunSummary merged = std::move(*sum_);
    merged.configuration["shard"] = {{"merged", shard_configurations_}};
    merged.merged_from = names_;
    merged.host.clear();  // each shard's is in shards
    std::stable_sort(records_.begin(), records_.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
    merged.shards = std::move(records_);
    return merged;
}

namespace {

/// One run's interval log, read an interval ahead.
struct LogSource {
    std::string path;
    std::unique_ptr<std::ifstream> file;
    std::unique_ptr<histogram::IntervalLogReader> reader;
    std::optional<histogram::EncodedInterval> pending;

    Result<bool, std::string> advance() {
        auto next = reader->next();
        if (!next) return fail(path + ": " + next.error());
        pending = next.value();
        return true;
    }
};

}  // namespace

Result<bool, std::string> sum_interval_logs(const std::vector<std::string>& folders, const std::string& directory,
                                            const char* name) {
    // Every run's log is read side by side, second by second, so only the second being added is held
    // (a whole run's worth of seconds would be 13 histograms of 190 KiB per second of a 12-operation mix).
    std::vector<LogSource> sources;
    for (const auto& folder : folders) {
        const std::string path = folder + "/" + name;
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) continue;  // a run without this log (capacity search) adds nothing
        LogSource source{path, std::make_unique<std::ifstream>(path), nullptr, std::nullopt};
        if (!*source.file) return fail("cannot open " + path + " (with every other run's log open)");
        source.reader = std::make_unique<histogram::IntervalLogReader>(*source.file);
        if (auto first = source.advance(); !first) return fail(first.error());
        if (source.pending) sources.push_back(std::move(source));
    }
    if (sources.empty()) return false;
    double earliest = sources.front().pending->start_s;
    for (const auto& s : sources) earliest = std::min(earliest, s.pending->start_s);
    const auto second_of = [&](const histogram::EncodedInterval& i) { return std::llround(i.start_s - earliest); };

    std::ofstream out(directory + "/" + name);
    histogram::IntervalLogWriter writer(out, earliest, earliest);
    writer.write_comment("Dockside merge of " + std::to_string(folders.size()) +
                         " runs: the intervals of each second added, one per tag");
    writer.write_header();
    struct Slot {
        histogram::Histogram sum;
        double start_s, end_s;
    };
    for (;;) {
        std::optional<long long> second;
        for (const auto& s : sources)
            if (s.pending && (!second || second_of(*s.pending) < *second)) second = second_of(*s.pending);
        if (!second) break;
        std::map<std::string, Slot> slots;  // this second's, by tag
        for (auto& s : sources) {
            while (s.pending && second_of(*s.pending) <= *second) {
                const auto& i = *s.pending;
                auto it = slots.find(std::string(i.tag));
                if (it == slots.end()) {
                    auto first = histogram::decode_compressed_base64(i.encoded);
                    if (!first) return fail(s.path + ": " + first.error());
                    slots.emplace(std::string(i.tag), Slot{std::move(first.value()), i.start_s, i.start_s + i.length_s});
                } else {
                    // Added without decoding each apart: a thousand shards cost what their encodings hold.
                    if (auto added = histogram::add_compressed_base64(it->second.sum, i.encoded); !added)
                        return fail(s.path + ": " + added.error());
                    it->second.start_s = std::min(it->second.start_s, i.start_s);
                    it->second.end_s = std::max(it->second.end_s, i.start_s + i.length_s);
                }
                if (auto moved = s.advance(); !moved) return fail(moved.error());
            }
        }
        for (const auto& [tag, slot] : slots) writer.write_interval(slot.sum, slot.start_s, slot.end_s, tag);
    }
    out.close();
    if (!out) return fail("cannot write " + directory + "/" + name);
    return true;
}

}  // namespace dockside::load
