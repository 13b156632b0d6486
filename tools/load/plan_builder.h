#pragma once
/// Turns a resolved mix into the engine's RequestPlan: for every operation a pool of pre-generated,
/// pre-serialized requests (bodies and queries drawn from generators/ with the run's seed, so nothing
/// is generated on the hot path), the id pools seeded from the target catalog, captures and fallbacks
/// from the bindings. Operations come from the spec loader; no path is typed here.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/load/mix.h"
#include "harness/load/request_plan.h"
#include "specs/loader/spec.h"
#include "tools/load/target_catalog.h"

namespace dockside::loadtool {

struct PlanInputs {
    std::vector<load::ResolvedEntry> entries;
    load::TargetAccess access;
    TargetCatalog catalog;
    std::uint64_t seed = 1;
    /// Starts every generated unique value (order reference ids) so runs and shards never collide.
    std::string run_tag = "DSL-";
    int variants = 64;  ///< pre-generated requests per operation
};

struct BuiltPlan {
    load::RequestPlan plan;
    std::vector<const spec::Operation*> operations;  ///< parallel to plan.operations; null for raw paths
    std::vector<std::string> notes;                  ///< fallbacks added, generic bodies used
};

/// What the catalog must list for these entries.
std::set<CatalogNeed> catalog_needs(const std::vector<load::ResolvedEntry>& entries);

/// Every problem at once: an operation whose path ids have no source, a generator that fails.
Result<BuiltPlan, std::vector<std::string>> build_plan(const PlanInputs& inputs, const spec::Spec& spec);

}  // namespace dockside::loadtool
