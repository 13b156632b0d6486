#include "harness/load/run_recorder.h"

#include <cstdio>

#include "harness/load/interval_counts.h"

namespace dockside::load {

Result<std::unique_ptr<IntervalLogs>, std::string> IntervalLogs::open(const std::string& directory) {
    auto logs = std::make_unique<IntervalLogs>();
    const auto path = [&](const char* name) { return directory + "/" + name; };
    logs->latency_.open(path(kLatencyFile));
    logs->service_.open(path(kServiceFile));
    logs->lag_.open(path(kSendLagFile));
    logs->counts_.open(path(kCountsFile));
    if (!logs->latency_ || !logs->service_ || !logs->lag_ || !logs->counts_)
        return fail("cannot write the interval logs in " + directory);
    return logs;
}

void IntervalLogs::start(double start_epoch_s) {
    start_s_ = start_epoch_s;
    latency_writer_ = std::make_unique<histogram::IntervalLogWriter>(latency_, start_epoch_s, start_epoch_s);
    service_writer_ = std::make_unique<histogram::IntervalLogWriter>(service_, start_epoch_s, start_epoch_s);
    lag_writer_ = std::make_unique<histogram::IntervalLogWriter>(lag_, start_epoch_s, start_epoch_s);
    latency_writer_->write_comment("Dockside load: latency from the intended send time, microseconds; one tag per operation, untagged = all");
    service_writer_->write_comment("Dockside load: service time from the actual send, microseconds; one tag per operation, untagged = all");
    lag_writer_->write_comment("Dockside load: send lag (actual minus intended send time), microseconds");
    latency_writer_->write_header();
    service_writer_->write_header();
    lag_writer_->write_header();
}

void IntervalLogs::write(const StatsSet& interval, const std::vector<std::string>& names) {
    if (!latency_writer_) return;
    const double from = start_s_ + static_cast<double>(interval.start_ns) / 1e9;
    const double to = start_s_ + static_cast<double>(interval.end_ns) / 1e9;
    latency_writer_->write_interval(interval.total_latency(), from, to);
    service_writer_->write_interval(interval.total_service(), from, to);
    for (std::size_t i = 0; i < interval.operations.size() && i < names.size(); ++i) {
        latency_writer_->write_interval(interval.operations[i].latency, from, to, names[i]);
        service_writer_->write_interval(interval.operations[i].service, from, to, names[i]);
    }
    lag_writer_->write_interval(interval.send_lag, from, to);
    counts_ << interval_counts_line(interval, names) << '\n';
    // Each second reaches the disk as it ends, so a killed run still leaves its intervals readable.
    latency_.flush();
    service_.flush();
    lag_.flush();
    counts_.flush();
}

bool IntervalLogs::close() {
    latency_.flush();
    service_.flush();
    lag_.flush();
    counts_.flush();
    const bool ok = latency_.good() && service_.good() && lag_.good() && counts_.good();
    latency_.close();
    service_.close();
    lag_.close();
    counts_.close();
    return ok;
}

RunRecorder::RunRecorder(ProgressPrinter& progress, IntervalLogs* logs, std::vector<std::string> names,
                         const Schedule* schedule, double total_s, double rate_share)
    : progress_(progress),
      logs_(logs),
      names_(std::move(names)),
      schedule_(schedule),
      total_s_(total_s),
      rate_share_(rate_share) {}

void RunRecorder::on_start(double measured_start_epoch_s) {
    if (logs_) logs_->start(measured_start_epoch_s);
}

void RunRecorder::on_interval(const StatsSet& interval, const LiveStatus& live) {
    if (logs_) logs_->write(interval, names_);
    const auto counters = interval.total_counters();
    requests_ += counters.attempted();
    errors_ += counters.errors_total();
    const auto latency = interval.total_latency();
    ProgressFigures f;
    f.elapsed_s = static_cast<double>(live.elapsed_ns) / 1e9;
    f.total_s = total_s_;
    const double span_s = static_cast<double>(interval.end_ns - interval.start_ns) / 1e9;
    f.achieved_rate = span_s > 0 ? static_cast<double>(counters.requests()) / span_s : 0;
    // The rate the schedule asked for in the middle of this second (a ramp's average over it).
    f.target_rate = schedule_ ? schedule_->rate_at((interval.start_ns + interval.end_ns) / 2) * rate_share_ : 0;
    f.in_flight = live.in_flight;
    f.waiting = live.waiting;
    if (latency.total_count() > 0) {
        f.p50_us = latency.value_at_percentile(50);
        f.p99_us = latency.value_at_percentile(99);
    }
    f.errors = errors_;
    f.requests = requests_;
    progress_.show(progress_line(f));
}

void RunRecorder::on_warmup(const LiveStatus& live) {
    ProgressFigures f;
    f.elapsed_s = -static_cast<double>(live.elapsed_ns) / 1e9;  // time left until the measured run
    f.warming_up = true;
    f.in_flight = live.in_flight;
    progress_.show(progress_line(f));
}

void RunRecorder::on_waiting(WallTime start_at, double seconds_left) {
    char line[128];
    std::snprintf(line, sizeof line, "  waiting for the start at %s: %.0fs to go", format_utc(start_at).c_str(),
                  seconds_left);
    progress_.show(line);
}

}  // namespace dockside::load
