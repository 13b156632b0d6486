#include "harness/load/run_stats.h"

#include <algorithm>
#include <limits>

namespace dockside::load {

std::string_view to_string(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::connect: return "connect";
        case ErrorKind::tls: return "tls";
        case ErrorKind::write: return "write";
        case ErrorKind::read: return "read";
        case ErrorKind::timeout: return "timeout";
        case ErrorKind::protocol: return "protocol";
        case ErrorKind::too_large: return "too_large";
        case ErrorKind::no_id: return "no_id";
        case ErrorKind::unsent: return "unsent";
    }
    return "unknown";
}

const std::array<ErrorKind, kErrorKinds>& all_error_kinds() {
    static const std::array<ErrorKind, kErrorKinds> kinds = {
        ErrorKind::connect, ErrorKind::tls,       ErrorKind::write, ErrorKind::read,  ErrorKind::timeout,
        ErrorKind::protocol, ErrorKind::too_large, ErrorKind::no_id, ErrorKind::unsent};
    return kinds;
}

std::int64_t OperationCounters::responses() const {
    std::int64_t n = other_status;
    for (auto c : status) n += c;
    return n;
}

std::int64_t OperationCounters::transport_errors() const {
    std::int64_t n = 0;
    for (auto c : errors) n += c;
    return n;
}

std::int64_t OperationCounters::not_sent() const {
    return errors[static_cast<std::size_t>(ErrorKind::unsent)] + errors[static_cast<std::size_t>(ErrorKind::no_id)];
}

std::int64_t OperationCounters::error_responses() const {
    std::int64_t n = other_status;
    for (int code = 400; code <= kMaxStatus; ++code) n += status_count(code);
    return n;
}

void OperationCounters::add(const OperationCounters& other) {
    for (std::size_t i = 0; i < status.size(); ++i) status[i] += other.status[i];
    other_status += other.other_status;
    for (std::size_t i = 0; i < errors.size(); ++i) errors[i] += other.errors[i];
    sent += other.sent;
    retried += other.retried;
    waited += other.waited;
    substituted += other.substituted;
    stood_in += other.stood_in;
}

void add_example(std::vector<ErrorExample>& examples, ErrorExample example) {
    if (examples.size() >= kMaxErrorExamples) return;
    for (const auto& e : examples)
        if (e.what == example.what) return;
    examples.push_back(std::move(example));
}

histogram::Histogram make_latency_histogram() { return histogram::Histogram(1, 3'600'000'000, 3); }

void OperationStats::add(const OperationStats& other) {
    latency.add(other.latency);
    service.add(other.service);
    counters.add(other.counters);
}

void OperationStats::reset() {
    latency.reset();
    service.reset();
    counters = OperationCounters{};
}

StatsSet::StatsSet(std::size_t operations) : operations(operations) {}

void StatsSet::add(const StatsSet& other) {
    const std::size_t n = std::min(operations.size(), other.operations.size());
    for (std::size_t i = 0; i < n; ++i) operations[i].add(other.operations[i]);
    send_lag.add(other.send_lag);
    own_send_lag.add(other.own_send_lag);
    const bool this_empty = start_ns == 0 && end_ns == 0;
    if (other.start_ns == 0 && other.end_ns == 0) return;  // other covers no span yet
    start_ns = this_empty ? other.start_ns : std::min(start_ns, other.start_ns);
    end_ns = this_empty ? other.end_ns : std::max(end_ns, other.end_ns);
}

void StatsSet::reset() {
    for (auto& op : operations) op.reset();
    send_lag.reset();
    own_send_lag.reset();
    start_ns = end_ns = 0;
}

OperationCounters StatsSet::total_counters() const {
    OperationCounters total;
    for (const auto& op : operations) total.add(op.counters);
    return total;
}

histogram::Histogram StatsSet::total_latency() const {
    auto total = make_latency_histogram();
    for (const auto& op : operations) total.add(op.latency);
    return total;
}

histogram::Histogram StatsSet::total_service() const {
    auto total = make_latency_histogram();
    for (const auto& op : operations) total.add(op.service);
    return total;
}

void AnswerTiming::add(const AnswerTiming& other) {
    if (other.batched_share) {
        const double mine = batched_share.value_or(0) * static_cast<double>(batched_share ? answers : 0);
        const auto weight = (batched_share ? answers : 0) + other.answers;
        batched_share = weight > 0 ? (mine + *other.batched_share * static_cast<double>(other.answers)) /
                                         static_cast<double>(weight)
                                   : *other.batched_share;
    }
    answers += other.answers;
    at_arrival += other.at_arrival;
}

}  // namespace dockside::load
