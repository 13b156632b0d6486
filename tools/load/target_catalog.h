#pragma once
/// What a load mix needs to know about the target before the first request: ids of data that is
/// already there (orders to read, receiving orders, returnable inventory items, a fulfillment center),
/// listed once at start through the ordinary client. Only what the mix's operations need is listed.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/http/client.h"
#include "harness/load/target_access.h"
#include "specs/loader/spec.h"

namespace dockside::loadtool {

/// What can be listed.
enum class CatalogNeed { orders, receiving, returnable_inventory, fulfillment_center };

struct TargetCatalog {
    std::vector<std::int64_t> order_ids;
    std::vector<std::int64_t> receiving_ids;
    std::vector<std::int64_t> returnable_inventory_ids;  ///< active, physical, not bundles
    std::int64_t fulfillment_center_id = 0;
    std::string fulfillment_center_name;
    /// What was listed but cannot be used (items whose id is not an integer), said before the run starts.
    std::vector<std::string> notes;
};

/// Lists what `needs` names. An error says which listing failed and how (status, transport error), or
/// that the target has none of something a mix operation cannot do without (a return needs a
/// returnable item).
Result<TargetCatalog, std::string> read_catalog(const load::TargetAccess& access, const spec::Spec& spec,
                                                const std::set<CatalogNeed>& needs);

}  // namespace dockside::loadtool
