// GET /2025-07/location (LOC-FILTERS). IncludeInactive (default false) adds inactive locations;
// ReceivingEnabled=true keeps only receiving-enabled ones and AccessGranted=true only those the
// user may use; false for either of those two means "no filter" (the document words both as "only ...").

#include "refserver/core/area.h"
#include "refserver/core/context.h"

namespace dockside::refserver {
namespace {

Reply list_locations(RequestContext& ctx) {
    QueryReader q(ctx.query);
    bool include_inactive = q.boolean("IncludeInactive", "LOC-FILTERS").value_or(false);
    bool receiving_only = q.boolean("ReceivingEnabled", "LOC-FILTERS").value_or(false);
    const bool access_only = q.boolean("AccessGranted", "LOC-FILTERS").value_or(false);
    if (q.error()) return fail(*q.error());
    if (ctx.faults.on(Fault::LocationInactiveAlwaysIncluded)) include_inactive = true;
    if (ctx.faults.on(Fault::LocationReceivingEnabledIgnored)) receiving_only = false;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& loc : ctx.store.catalog.locations) {
        if (!include_inactive && !loc.value("is_active", false)) continue;
        if (receiving_only && !loc.value("is_receiving_enabled", false)) continue;
        if (access_only && !loc.value("access_granted", false)) continue;
        out.push_back(loc);
    }
    return json_response(200, out);
}

void bind_locations(HandlerTable& table, const FaultSet&) { table.bind("listLocations", list_locations, StoreLock::Shared); }

}  // namespace

Area locations_area() { return {"locations", bind_locations, nullptr}; }

}  // namespace dockside::refserver
