// GET /2025-07/location (LOC-FILTERS). IncludeInactive (default false) adds inactive locations;
// ReceivingEnabled=true keeps only receiving-enabled ones and AccessGranted=true only those the
// user may use; false for either of those two means "no filter" (the document words both as "only ...").

#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/errors.h"

namespace dockside::refserver {
namespace {

/// Each location's JSON text, rendered when the seed is read: no operation changes a location, and the list
/// is one of the reads a mock answers most.
struct LocationTexts {
    std::vector<std::string> texts;  ///< in the order of Catalog::locations
};

std::vector<std::string> render_locations(const nlohmann::json&, Store& store) {
    auto& rendered = store.areas.get<LocationTexts>().texts;
    rendered.clear();
    for (const auto& loc : store.catalog.locations) rendered.push_back(loc.dump());
    return {};
}

Reply list_locations(RequestContext& ctx) {
    QueryReader q(ctx.query);
    bool include_inactive = q.boolean("IncludeInactive", "LOC-FILTERS").value_or(false);
    bool receiving_only = q.boolean("ReceivingEnabled", "LOC-FILTERS").value_or(false);
    const bool access_only = q.boolean("AccessGranted", "LOC-FILTERS").value_or(false);
    if (q.error()) return fail(*q.error());
    if (ctx.faults.on(Fault::LocationInactiveAlwaysIncluded)) include_inactive = true;
    if (ctx.faults.on(Fault::LocationReceivingEnabledIgnored)) receiving_only = false;
    const auto& texts = ctx.store.areas.get<LocationTexts>().texts;
    const auto& locations = ctx.store.catalog.locations;
    JsonArrayText out;
    for (std::size_t i = 0; i < locations.size() && i < texts.size(); ++i) {
        const auto& loc = locations[i];
        if (!include_inactive && !loc.value("is_active", false)) continue;
        if (receiving_only && !loc.value("is_receiving_enabled", false)) continue;
        if (access_only && !loc.value("access_granted", false)) continue;
        out.push(texts[i]);
    }
    return json_text_response(200, std::move(out).take());
}

void bind_locations(HandlerTable& table, const FaultSet&) { table.bind("listLocations", list_locations, StoreLock::Shared); }

}  // namespace

Area locations_area() { return {"locations", bind_locations, render_locations}; }

}  // namespace dockside::refserver
