#pragma once
/// Capacity search: the highest open-loop rate a target sustains within an SLO. Rates grow
/// geometrically from a start until a step fails, then the interval between the last passing and the
/// first failing rate is bisected until it is narrower than the precision. A step passes when every SLO
/// threshold holds and the achieved rate is at least 99 % of the requested one (a target that cannot
/// keep up does not "sustain" a rate however good the latency of what it did answer).

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/load/run_result.h"
#include "harness/load/thresholds.h"

namespace dockside::load {

struct CapacityOptions {
    double start_rate = 100;
    double max_rate = 1e6;
    double growth = 2;         ///< factor between steps until the first failure
    double precision = 0.05;   ///< stop bisecting when (fail - pass) / pass is below this
    int max_steps = 20;
    double min_achieved = 0.99;
};

/// One example of an error status or transport error kind in a step, and the operation it came from.
struct StepErrorExample {
    std::string operation;
    ErrorExample example;
};

struct CapacityStep {
    double rate = 0;              ///< requested
    double achieved_rate = 0;     ///< requests with an outcome per second
    double achieved_ratio = 0;
    double p50_ms = 0, p99_ms = 0, p999_ms = 0;
    double error_ratio = 0;
    double warmup_s = 0;              ///< sent at the step's rate before it was recorded
    std::int64_t warmup_requests = 0; ///< sent during that warm-up: in none of the figures above
    std::int64_t requests = 0;        ///< recorded: requests with an outcome
    bool passed = false;
    std::vector<std::string> crossed;  ///< thresholds that failed, and "achieved/requested" when short
    /// SLO percentiles the step had too few requests to judge (requests_to_judge): "p99<100ms: 500
    /// requests, 1000 needed". A step with such and nothing crossed neither passed nor failed.
    std::vector<std::string> unjudged;
    /// Every operation's counts together: each status code and error kind, so that a step outside the
    /// SLO says why (a 409 is the generator's or the server's doing, a timeout the server's).
    OperationCounters counters;
    std::vector<StepErrorExample> examples;  ///< the first of each error status and kind, from any operation
};

struct CapacityResult {
    std::vector<CapacityStep> curve;  ///< in the order run
    std::optional<double> capacity;   ///< the highest passing rate; nullopt when none passed
    std::string stopped_because;
    bool interrupted = false;
};

/// Runs the search; `run_step(rate)` runs one step and returns its result, or nullopt when the run was
/// interrupted (the search stops and says so). `on_step` is told about each finished step. A step that
/// crossed nothing but had too few requests to judge a percentile of the SLO stops the search too: its
/// rate is neither held nor failed, and every rate below it would have fewer.
CapacityResult find_capacity(const CapacityOptions& options, const std::vector<Threshold>& slo,
                             const std::function<std::optional<RunResult>(double)>& run_step,
                             const std::function<void(const CapacityStep&)>& on_step = {});

/// How long a step at `rate` must record for every percentile of the SLO to be judged, `asked_s` at the
/// least: an operation's threshold gets its share of the rate (`shares`, by operation name; one not
/// there, or the run's own threshold, the whole rate), and 5 % more so the last requests' timing cannot
/// leave it a few short.
double step_seconds(double rate, double asked_s, const std::vector<Threshold>& slo,
                    const std::map<std::string, double>& shares);

/// Judges one step's result against the SLO.
CapacityStep judge_step(double rate, const RunResult& result, const std::vector<Threshold>& slo, double min_achieved);

/// A step's errors for a person: one line per error status and transport error kind, with its count and
/// an example ("HTTP 409: 98, e.g. createOrder: {\"error\":…}"); empty when it had none.
std::vector<std::string> step_error_lines(const CapacityStep& step);

nlohmann::json capacity_json(const CapacityResult& result, const std::vector<Threshold>& slo);
/// rate,achieved_rate,achieved_ratio,p50_ms,p99_ms,p99.9_ms,error_ratio,passed,requests,warmup_s,
/// warmup_requests,status_codes,error_kinds,error_examples — one line per step. The last three are
/// "200:950 409:50", "timeout:3" (non-zero kinds only) and "HTTP 409 (createOrder): body… | …", quoted.
std::string capacity_csv(const CapacityResult& result);

}  // namespace dockside::load
