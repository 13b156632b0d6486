#include "harness/load/run_result.h"

#include <algorithm>

namespace dockside::load {

RunResult RunResult::from_stats(const StatsSet& totals, const std::vector<std::string>& names,
                                const std::vector<std::vector<ErrorExample>>& examples) {
    RunResult result;
    for (std::size_t i = 0; i < totals.operations.size(); ++i) {
        OperationResult op;
        op.name = i < names.size() ? names[i] : "operation-" + std::to_string(i);
        op.counters = totals.operations[i].counters;
        op.latency = totals.operations[i].latency;
        op.service = totals.operations[i].service;
        if (i < examples.size()) op.error_examples = examples[i];
        result.operations.push_back(std::move(op));
    }
    result.send_lag = totals.send_lag;
    result.own_send_lag = totals.own_send_lag;
    return result;
}

OperationCounters RunResult::total_counters() const {
    OperationCounters total;
    for (const auto& op : operations) total.add(op.counters);
    return total;
}

histogram::Histogram RunResult::total_latency() const {
    auto total = make_latency_histogram();
    for (const auto& op : operations) total.add(op.latency);
    return total;
}

histogram::Histogram RunResult::total_service() const {
    auto total = make_latency_histogram();
    for (const auto& op : operations) total.add(op.service);
    return total;
}

double RunResult::requests_per_second() const {
    return duration_s > 0 ? static_cast<double>(total_counters().requests()) / duration_s : 0;
}

double RunResult::requested_rate() const {
    return open_loop && duration_s > 0 ? static_cast<double>(requested) / duration_s : 0;
}

std::optional<double> RunResult::achieved_ratio() const {
    if (!open_loop || requested == 0) return std::nullopt;
    // Requests that never left (unsent, no id) were asked for but not achieved.
    return static_cast<double>(total_counters().requests()) / static_cast<double>(requested);
}

std::optional<double> RunResult::substituted_share() const {
    const auto totals = total_counters();
    if (totals.drawn() == 0) return std::nullopt;
    return static_cast<double>(totals.substituted) / static_cast<double>(totals.drawn());
}

const OperationResult* RunResult::find(const std::string& name) const {
    for (const auto& op : operations)
        if (op.name == name) return &op;
    return nullptr;
}

void RunResult::add(const RunResult& other) {
    for (const auto& theirs : other.operations) {
        auto it = std::find_if(operations.begin(), operations.end(),
                               [&](const OperationResult& mine) { return mine.name == theirs.name; });
        if (it == operations.end()) {
            operations.push_back(theirs);
            continue;
        }
        it->counters.add(theirs.counters);
        it->latency.add(theirs.latency);
        it->service.add(theirs.service);
        it->sampling.add(theirs.sampling);
        if (it->fallback.empty()) it->fallback = theirs.fallback;
        for (const auto& example : theirs.error_examples) add_example(it->error_examples, example);
    }
    send_lag.add(other.send_lag);
    own_send_lag.add(other.own_send_lag);
    open_loop = open_loop && other.open_loop;
    interrupted = interrupted || other.interrupted;
    duration_s = std::max(duration_s, other.duration_s);
    drain_s = std::max(drain_s, other.drain_s);
    requested += other.requested;
    aborted_in_flight += other.aborted_in_flight;
    warmup_s = std::max(warmup_s, other.warmup_s);
    warmup_sent += other.warmup_sent;
    answer_timing.add(other.answer_timing);
    request_timeout_s = std::max(request_timeout_s, other.request_timeout_s);
    if (measured_start_unix_ns == 0 || (other.measured_start_unix_ns != 0 && other.measured_start_unix_ns < measured_start_unix_ns))
        measured_start_unix_ns = other.measured_start_unix_ns;
}

std::string status_class(int code) {
    if (code < 100 || code > 599) return "other";
    return std::to_string(code / 100) + "xx";
}

}  // namespace dockside::load
