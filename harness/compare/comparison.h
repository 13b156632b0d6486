#pragma once
/// `dockside compare` without its command line: a baseline and a candidate, each one run folder or several
/// repeats of one, compared as conformance runs (conform_diff.h) or load runs (load_diff.h), with the
/// verdict and exit code. compare.json is `to_json` of it; its shape is specs/compare.schema.json.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/compare/conform_diff.h"
#include "harness/compare/load_diff.h"
#include "harness/compare/run_folder.h"

namespace dockside::compare {

inline constexpr const char* kCompareFormat = "dockside-compare/1";

/// Exit codes of a comparison (0 to 2 the same numbers as every dockside command; 3 is compare's own).
inline constexpr int kNoRegression = 0;  ///< every metric that can fail shown within its threshold, no new finding
inline constexpr int kRegression = 1;    ///< a new finding, or a metric shown beyond its threshold
inline constexpr int kCannotCompare = 2;
inline constexpr int kInconclusive = 3;  ///< nothing shown worse, but not everything that can fail shown within

struct Comparison {
    RunKind kind = RunKind::Conform;
    std::vector<std::string> baseline_paths, candidate_paths;
    CompareSettings settings;
    bool force = false;
    /// Why the runs should not be compared; with `force` they were compared anyway.
    std::vector<std::string> incompatibilities;
    std::optional<ConformDiff> conform;
    std::optional<LoadDiff> load;
    int exit_code = kNoRegression;
    std::string verdict;               ///< "no_regression", "regression", "inconclusive", "cannot_compare"
    std::vector<std::string> reasons;  ///< what decided the verdict, in words
    std::string to_decide;             ///< inconclusive: what would decide it, in one line
    double seconds = 0;                ///< how long the comparison took
};

/// Compares the runs. Runs of different kinds (a conformance run against a load run) cannot be compared
/// even with `force`; incompatible ones of the same kind can, with `force`.
Comparison compare_runs(const std::vector<RunFolder>& baseline, const std::vector<RunFolder>& candidate,
                        const CompareSettings& settings, bool force);

nlohmann::json to_json(const Comparison& comparison);

}  // namespace dockside::compare
