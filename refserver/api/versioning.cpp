// Versioning faults (VER-RENAMED, VER-REMOVED). Without them the 2.0 paths are simply absent
// from the router and answer 404.

#include "refserver/api/versioning.h"

#include "refserver/core/area.h"
#include "refserver/core/context.h"

namespace dockside::refserver {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

Reply status_history(RequestContext&) {
    // The removed 2.0 operation answered a list of {status, timestamp}; an empty one suffices to
    // show that the path is (wrongly) served.
    return json_response(200, nlohmann::json::array());
}

void add_routes(Router& router, const FaultSet& faults) {
    if (faults.on(Fault::VersionServesStatusHistory))
        router.add("GET", "/2025-07/return/{id:int32}/statushistory", "getReturnStatusHistory", status_history);
}

}  // namespace

std::string rewrite_legacy_path(std::string_view path) {
    const std::string_view v = "/2025-07";
    if (path.substr(0, v.size()) != v) return std::string(path);
    std::string p(path);
    if (p == "/2025-07/order/estimate") return "/2025-07/order:estimate";
    if (p == "/2025-07/shippingmethod") return "/2025-07/shipping-method";
    if (p == "/2025-07/fulfillmentCenter") return "/2025-07/fulfillment-center";
    if (p == "/2025-07/shipment/:bulkUpdateTrackingUpload") return "/2025-07/shipment:batchUpdateTrackingUpload";
    if (p == "/2025-07/shipment/cancelbulk") return "/2025-07/shipment:batchCancel";
    if (ends_with(p, "/storeOrderJson")) return p.substr(0, p.size() - 15) + "/store-order-json";
    if (ends_with(p, "/cancel")) return p.substr(0, p.size() - 7) + ":cancel";
    return p;
}

Area versioning_area() { return {"versioning", add_routes, nullptr}; }

}  // namespace dockside::refserver
