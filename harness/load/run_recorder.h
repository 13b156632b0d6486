#pragma once
/// The observer a load run reports to: once a second it prints the progress line and appends the
/// second's histograms to the interval logs (latency.hlog and service-time.hlog tagged per operation,
/// untagged for all together; send-lag.hlog), so memory never holds more than one second of intervals.

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "harness/histogram/interval_log.h"
#include "harness/load/engine.h"
#include "harness/load/report_text.h"

namespace dockside::load {

/// The three interval logs of a run in `directory`, and the per-interval counts beside them.
class IntervalLogs {
public:
    /// Opens the files; the error names the one that cannot be written.
    static Result<std::unique_ptr<IntervalLogs>, std::string> open(const std::string& directory);
    /// Headers with the run's start time (seconds since the epoch).
    void start(double start_epoch_s);
    /// One interval: every operation's latency and service histograms (tagged), all together (untagged)
    /// and the send lag; its requests and errors by class to interval-counts.jsonl.
    void write(const StatsSet& interval, const std::vector<std::string>& names);
    /// Flushes; false when a write failed.
    bool close();

    static constexpr const char* kLatencyFile = "latency.hlog";
    static constexpr const char* kServiceFile = "service-time.hlog";
    static constexpr const char* kSendLagFile = "send-lag.hlog";
    static constexpr const char* kCountsFile = "interval-counts.jsonl";  ///< interval_counts.h

private:
    std::ofstream latency_;
    std::ofstream service_;
    std::ofstream lag_;
    std::ofstream counts_;
    std::unique_ptr<histogram::IntervalLogWriter> latency_writer_;
    std::unique_ptr<histogram::IntervalLogWriter> service_writer_;
    std::unique_ptr<histogram::IntervalLogWriter> lag_writer_;
    double start_s_ = 0;
};

class RunRecorder : public RunObserver {
public:
    /// `schedule` (open loop) gives the target rate of each second, of which a shard sends `rate_share`
    /// (1/N); `total_s` the run's planned length.
    RunRecorder(ProgressPrinter& progress, IntervalLogs* logs, std::vector<std::string> names,
                const Schedule* schedule, double total_s, double rate_share = 1);

    void on_start(double measured_start_epoch_s) override;
    void on_interval(const StatsSet& interval, const LiveStatus& live) override;
    void on_warmup(const LiveStatus& live) override;
    void on_waiting(WallTime start_at, double seconds_left) override;

private:
    ProgressPrinter& progress_;
    IntervalLogs* logs_;
    std::vector<std::string> names_;
    const Schedule* schedule_;
    double total_s_;
    double rate_share_;
    std::int64_t requests_ = 0;
    std::int64_t errors_ = 0;
};

}  // namespace dockside::load
