#pragma once
/// summary.json of a load run: configuration, seed and target; the headline figures at the top
/// (`requests_per_second`, `duration_s`, `requests`, `errors`); per operation the counts, status codes,
/// error classes, substitutions, latency and service-time percentiles and sampled-validation outcome; for
/// the run, the requests sent as another operation than drawn (`substitutions`) and the timeouts the
/// latency holds (`timeouts_in_latency`); the thresholds and the run's outcome. Every histogram is also embedded in HdrHistogram's compressed V2 encoding, so
/// `dockside merge` adds shards exactly from the files alone. The shape is specs/load-summary.schema.json.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/load/run_result.h"
#include "harness/load/thresholds.h"

namespace dockside::load {

inline constexpr const char* kSummaryFormat = "dockside-load-summary/1";

/// One run a merge added, as the merged summary lists it: where it ran, when it started, what it counted.
struct MergedShard {
    std::string run;                          ///< the folder it was read from
    unsigned index = 0;                       ///< its --shard i/N
    unsigned count = 1;
    std::string host;                         ///< RunSummary::host of the run
    std::string started_at;
    std::int64_t measured_start_unix_ns = 0;  ///< 0: not recorded
    std::uint64_t requested = 0;
    std::int64_t requests = 0;
    std::int64_t errors = 0;
};

struct RunSummary {
    RunResult result;
    nlohmann::json configuration = nlohmann::json::object();  ///< model, rate/stages, connections, mix, …
    std::string target;          ///< base URL (never a token)
    std::string host;            ///< the machine that sent the load (its host name); empty for a merge
    bool embedded = false;       ///< the embedded reference server
    std::uint64_t seed = 0;
    std::string started_at;      ///< UTC, RFC 3339
    std::string start_at;        ///< --start-at as an instant (format_utc); empty when not given
    std::string finished_at;
    std::vector<std::string> threshold_expressions;
    std::vector<ThresholdOutcome> thresholds;
    bool passed = true;
    int exit_code = 0;
    std::vector<std::string> reasons;  ///< why the run did not pass (crossed thresholds, violations, …)
    nlohmann::json files = nlohmann::json::object();  ///< names of the other result files
    std::vector<std::string> merged_from;             ///< for merged results: the runs added
    std::vector<MergedShard> shards;                  ///< for merged results: each run added, by index
    int token_renewals = 0;           ///< OAuth access tokens obtained during the run to replace expiring ones
    int token_renewal_failures = 0;   ///< renewals that failed (each tried again)
    int token_renewals_on_demand = 0; ///< of the renewals, those asked for by a request refused with 401
    std::int64_t unauthorized_retries = 0;  ///< requests refused with 401 and sent once more with a newer token
};

/// The percentiles a summary and a table print, milliseconds with µs precision.
nlohmann::json percentiles_json(const histogram::Histogram& h);

/// This machine's host name, for RunSummary::host ("" when the system gives none).
std::string host_name();

/// Counts as a summary (and a capacity step) holds them: requests, every status code and class, every
/// error kind, substitutions.
nlohmann::json counters_json(const OperationCounters& counters);

nlohmann::json to_json(const RunSummary& summary);
/// Reads a summary back (histograms decoded); errors name the field that is missing or malformed.
Result<RunSummary, std::string> summary_from_json(const nlohmann::json& document);

}  // namespace dockside::load
