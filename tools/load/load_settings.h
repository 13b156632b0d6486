#pragma once
/// `dockside load`'s own options: what the user typed (strings, so every bad value can be reported with
/// the others) and the validated settings. Mix and thresholds are checked against the contract here, so
/// nothing is sent before every problem has been shown.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/load/capacity.h"
#include "harness/load/engine.h"
#include "harness/load/mix.h"
#include "harness/load/thresholds.h"
#include "specs/loader/spec.h"

namespace dockside::loadtool {

/// A capacity step's default warm-up: this share of --step-duration, at most kMaxDefaultStepWarmup.
inline constexpr double kStepWarmupShare = 0.2;
inline constexpr load::Nanos kMaxDefaultStepWarmup = std::chrono::seconds(2);

/// --strict-mix: the run fails when more of its requests than this went out as another operation than
/// the mix drew (a read or cancel with no id at hand sent as a create). A cancel drawn before the run has
/// created anything is the usual few; a target whose ids cannot be used turns most reads into creates.
/// A run with any --threshold is strict unless --lenient-mix or a `substituted` threshold of its own says
/// otherwise: a gate that passes a load nobody asked for passes on fiction.
inline constexpr const char* kStrictMixThreshold = "substituted<=1%";

struct RawLoadOptions {
    std::string rate;          ///< --rate R (requests/s, the total across shards)
    std::string stages;        ///< --stages 30s:500,60s:2000
    bool closed_loop = false;  ///< --closed-loop
    std::string read_batching; ///< --read-batching auto|off (closed loop; default auto)
    std::string duration;      ///< --duration (default 30s)
    std::string warmup;        ///< --warmup (default none)
    std::string connections = "10";
    std::string threads = "2";
    std::string mix;           ///< --mix (default merchant-day)
    std::vector<std::string> thresholds;  ///< --threshold, repeatable, each one or a comma-separated list
    bool strict_mix = false;   ///< --strict-mix: kStrictMixThreshold is added to the thresholds
    bool lenient_mix = false;  ///< --lenient-mix: a run with thresholds is not made strict
    std::string validate;      ///< --validate 0.01 or 1%
    std::string shard;         ///< --shard i/N, auto/N or auto (harness/load/shard_option.h)
    std::string shards;        ///< --shards N: the count for --shard auto (a Kubernetes Job gives none)
    std::string start_at;      ///< --start-at 2026-11-23T14:00:00Z or +10s
    std::string out;
    std::string summary_md;    ///< --summary-md FILE: the verdict as Markdown for a CI job summary
    std::string seed;
    bool find_capacity = false;
    std::string slo;
    std::string step_duration;  ///< capacity: length of each step (default 10s)
    std::string max_rate;       ///< capacity: highest rate tried
    std::string precision;      ///< capacity: stop bisecting below this relative gap (default 0.05)
    std::string variants;       ///< pre-generated requests per operation (default 64)
    std::vector<std::string> faults;  ///< embedded server only
    std::vector<std::string> ab;      ///< --ab BASE_URL CANDIDATE_URL (tools/load/ab_trials.h)
    std::string ab_slices;            ///< --ab-slices N: pairs of slices (default 8)
};

struct LoadSettings {
    load::LoadModel model = load::LoadModel::open_loop;
    std::optional<load::Schedule> schedule;  ///< open loop (the total schedule; a shard sends its share)
    load::Nanos duration{0};                 ///< closed loop
    bool read_batching = true;               ///< closed loop: answers may be read in batches (nap_policy.h)
    load::Nanos warmup{0};
    double warmup_rate = 0;
    int connections = 10;
    int threads = 2;
    load::Mix mix;
    std::vector<load::ResolvedEntry> entries;
    std::vector<std::string> mix_warnings;
    std::vector<load::Threshold> thresholds;
    double validate = 0;
    unsigned shard_index = 0;
    unsigned shard_count = 1;
    std::string shard_source;  ///< the environment variable --shard auto read the index from
    std::optional<load::WallTime> start_at;  ///< wait for this instant, then start the schedule there
    std::string out;
    std::string summary_md;  ///< "" when not asked for
    std::uint64_t seed = 0;
    bool seed_given = false;
    bool find_capacity = false;
    std::vector<load::Threshold> slo;
    load::Nanos step_duration{0};
    /// Capacity search: each step's unrecorded warm-up at its rate (--warmup, else kStepWarmupShare of
    /// the step, at most kMaxDefaultStepWarmup).
    load::Nanos step_warmup{0};
    load::CapacityOptions capacity;
    int variants = 64;
    std::vector<std::string> faults;
    /// --ab: pairs of slices, one on each target per pair, each slice this run's load; 0: not an A/B run.
    int ab_pairs = 0;
};

/// --ab's pairs of slices when --ab-slices does not say, and each slice's length when --duration does
/// not. The pairs are judged by the signs and ranks of their differences: 11 pairs are the fewest that can
/// decide at a family's level at all, and 40 leave room for the four or so pairs a busy machine throws
/// far out. One second keeps the two slices of a pair close enough for the machine's drift to fall on both.
inline constexpr int kDefaultAbPairs = 40;
inline constexpr const char* kDefaultAbSlice = "1s";

/// Validates everything at once; each problem names its flag and says what is accepted.
Result<LoadSettings, std::vector<std::string>> validate_load_options(const RawLoadOptions& raw, const spec::Spec& spec,
                                                                     const std::string& mixes_dir);

/// The configuration block of summary.json (no secret can be in it: only load options).
nlohmann::json configuration_json(const LoadSettings& settings);

}  // namespace dockside::loadtool
