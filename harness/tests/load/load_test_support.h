#pragma once
/// Shared by the load engine's tests: plans of hand-written requests, engine options aimed at a local
/// server, and an observer that keeps every interval.

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "harness/http/message.h"
#include "harness/http/url.h"
#include "harness/load/engine.h"

namespace dockside::load::testing {

/// "GET /path HTTP/1.1" with Host and nothing else: one fixed variant.
inline std::string get_request(const std::string& path, const std::string& extra_headers = {}) {
    return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra_headers + "\r\n";
}

/// 200 with an empty JSON object, at once: a target that always keeps up.
inline http::Response answer_ok(const http::Request&) {
    http::Response r;
    r.status = 200;
    r.body = "{}";
    return r;
}

/// One operation per (name, request bytes), equal weights.
inline RequestPlan simple_plan(const std::vector<std::pair<std::string, std::string>>& operations) {
    RequestPlan plan;
    for (const auto& [name, bytes] : operations) {
        OperationPlan op;
        op.name = name;
        op.idempotent = bytes.rfind("GET ", 0) == 0;
        op.variants.push_back({bytes, {}});
        plan.operations.push_back(op);
        plan.weights.push_back(1);
    }
    return plan;
}

inline EngineOptions options_for(const http::Url& url, int connections = 4, int threads = 2) {
    EngineOptions options;
    options.target.host = url.host;
    options.target.port = url.port;
    options.target.tls = url.tls();
    options.target.insecure = true;
    options.connections = connections;
    options.threads = threads;
    options.request_timeout = std::chrono::seconds(5);
    options.drain_timeout = std::chrono::seconds(5);
    return options;
}

inline EngineOptions open_loop(EngineOptions options, double rate, std::chrono::milliseconds duration) {
    options.model = LoadModel::open_loop;
    options.schedule = Schedule::constant(rate, duration).value();
    return options;
}

inline EngineOptions closed_loop(EngineOptions options, std::chrono::milliseconds duration) {
    options.model = LoadModel::closed_loop;
    options.duration = duration;
    return options;
}

/// Keeps a copy of every interval's total counters and its latency histogram.
class KeepingObserver : public RunObserver {
public:
    void on_interval(const StatsSet& interval, const LiveStatus& live) override {
        std::lock_guard lock(mutex_);
        intervals.push_back(interval.total_counters());
        spans.emplace_back(interval.start_ns, interval.end_ns);
        lives.push_back(live);
    }
    std::mutex mutex_;
    std::vector<OperationCounters> intervals;
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    std::vector<LiveStatus> lives;
};

}  // namespace dockside::load::testing
