#pragma once
/// `--shard`: which share of the schedule this process sends. `i/N` names it; `auto/N` (or `auto`, where
/// the engine also gives the count) takes the index from the environment a job engine gives each copy
/// it starts, read in this order:
///
/// | variables                                        | engine                     | index  | count            |
/// |--------------------------------------------------|----------------------------|--------|------------------|
/// | JOB_COMPLETION_INDEX                             | Kubernetes Indexed Job     | 0-based | none: auto/N     |
/// | SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_COUNT | Slurm job array | id − min | task count |
/// | CI_NODE_INDEX, CI_NODE_TOTAL                     | GitLab CI `parallel:`      | 1-based | node total      |

#include <functional>
#include <optional>
#include <string>

#include "core/result.h"

namespace dockside::load {

/// The largest N of --shard i/N.
inline constexpr unsigned kMaxShards = 1000;

struct ShardPlace {
    unsigned index = 0;
    unsigned count = 1;
    std::string source;  ///< the variable the index came from ("JOB_COMPLETION_INDEX"); empty for i/N
};

/// A variable of the environment, nullopt when unset.
using Environment = std::function<std::optional<std::string>(const std::string& name)>;

/// The process's own environment (getenv).
Environment process_environment();

/// Reads `--shard` TEXT ("2/4", "auto/4", "auto"); the error is the whole message, naming the flag,
/// the variables read and what to write instead.
Result<ShardPlace, std::string> parse_shard(const std::string& text, const Environment& environment);

}  // namespace dockside::load
