#pragma once
/// Load runs made in memory for the comparison tests: per operation a latency distribution, a rate and an
/// error share, recorded second by second into interval histograms and summary figures as a real run
/// records them, with a seeded generator so every test sees the same runs.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "harness/compare/run_folder.h"
#include "harness/load/interval_counts.h"
#include "harness/load/run_stats.h"

namespace dockside::compare::testing {

struct OperationShape {
    std::string name;
    double per_second = 200;   ///< requests each second
    double median_us = 800;    ///< lognormal latency
    double spread = 0.35;      ///< sigma of log latency
    double error_share = 0;    ///< answered 500
    double extra_us = 0;       ///< added to every latency (an injected delay)
};

struct RunShape {
    std::vector<OperationShape> operations;
    int seconds = 30;
    double rate = 0;  ///< configured rate; the sum of per_second when 0
    std::string mix_name = "synthetic";
    std::uint64_t seed = 1;
    /// Every second's latencies scaled by a factor drawn around 1 with this sigma (shared conditions
    /// of a second: what makes requests of one second dependent).
    double second_sigma = 0.05;
};

inline LoadRun make_run(const RunShape& shape) {
    std::mt19937_64 random(shape.seed);
    std::normal_distribution<double> normal(0, 1);
    LoadRun run;
    auto& result = run.summary.result;
    result.duration_s = shape.seconds;
    result.open_loop = true;
    double rate = shape.rate;
    nlohmann::json mix = nlohmann::json::array();
    for (const auto& op : shape.operations) {
        load::OperationResult o;
        o.name = op.name;
        result.operations.push_back(std::move(o));
        if (shape.rate == 0) rate += op.per_second;
        mix.push_back({{"operation", op.name}, {"weight", op.per_second}});
    }
    run.summary.configuration = {{"model", "open-loop"},
                                 {"schedule", {{"start_rate", rate}, {"stages", {{{"duration_s", shape.seconds}, {"target_rate", rate}}}}}},
                                 {"connections", 16},
                                 {"mix", {{"name", shape.mix_name}, {"operations", mix}}},
                                 {"shard", {{"index", 0}, {"count", 1}}}};
    std::vector<std::string> names;
    for (const auto& op : shape.operations) names.push_back(op.name);
    for (int s = 0; s < shape.seconds; ++s) {
        const double second_factor = std::exp(shape.second_sigma * normal(random));
        load::StatsSet counted(shape.operations.size());  // this second's counts, as interval-counts.jsonl holds them
        counted.start_ns = static_cast<std::int64_t>(s) * 1000000000;
        counted.end_ns = counted.start_ns + 1000000000;
        histogram::LogInterval total{"", static_cast<double>(s), 1.0, load::make_latency_histogram()};
        for (std::size_t i = 0; i < shape.operations.size(); ++i) {
            const auto& op = shape.operations[i];
            histogram::LogInterval interval{interval_tag(op.name), static_cast<double>(s), 1.0, load::make_latency_histogram()};
            const int n = static_cast<int>(op.per_second);
            auto& counters = result.operations[i].counters;
            for (int r = 0; r < n; ++r) {
                const double us = op.median_us * second_factor * std::exp(op.spread * normal(random)) + op.extra_us;
                const auto value = static_cast<std::int64_t>(us);
                interval.histogram.record(value);
                total.histogram.record(value);
                result.operations[i].latency.record(value);
                const int status = std::uniform_real_distribution<double>(0, 1)(random) < op.error_share ? 500 : 200;
                counters.count_status(status);
                ++counters.sent;
                counted.operations[i].counters.count_status(status);
                ++counted.operations[i].counters.sent;
            }
            run.latency[interval.tag].push_back(std::move(interval));
        }
        run.latency[""].push_back(std::move(total));
        run.counts.push_back(nlohmann::json::parse(load::interval_counts_line(counted, names)));
    }
    return run;
}

/// A run made in memory as the folder `compare_runs` takes.
inline RunFolder load_folder(const std::string& path, LoadRun run) {
    RunFolder folder;
    folder.path = path;
    folder.kind = RunKind::Load;
    folder.load = std::move(run);
    return folder;
}

/// A shape of three operations, of which getOrder is the busiest.
inline RunShape three_operations(std::uint64_t seed, double get_order_extra_us = 0) {
    RunShape shape;
    shape.seed = seed;
    shape.operations = {{"getOrder", 300, 700, 0.35, 0, get_order_extra_us},
                        {"listOrders", 150, 1500, 0.4, 0, 0},
                        {"createOrder", 50, 2500, 0.3, 0.0, 0}};
    return shape;
}

}  // namespace dockside::compare::testing
