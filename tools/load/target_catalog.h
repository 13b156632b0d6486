#pragma once
/// What a load mix needs to know about the target before the first request: ids of data that is
/// already there (orders to read, receiving orders, returnable inventory items, a fulfillment center),
/// listed once at start through the ordinary client. Only what the mix's operations need is listed.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "harness/core/result.h"
#include "harness/http/client.h"
#include "specs/loader/spec.h"

namespace dockside::loadtool {

/// Where and as whom requests go (the same for the listing and for the load).
struct TargetAccess {
    http::Url base;
    std::string token;                             ///< bearer token; empty sends none
    std::string channel_header = "service_channel_id";
    std::int64_t channel = 0;                      ///< write channel
    http::ClientOptions client;
    /// The token is refreshed during the run: load requests carry it through a credential slot (the
    /// engine's current value) instead of as fixed text.
    bool token_refreshes = false;
};

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
Result<TargetCatalog, std::string> read_catalog(const TargetAccess& access, const spec::Spec& spec,
                                                const std::set<CatalogNeed>& needs);

}  // namespace dockside::loadtool
