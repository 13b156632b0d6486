#pragma once
/// Shared pieces of the returns area and the warehouse simulation: response shapes and the state.

#include <nlohmann/json.hpp>

#include "refserver/core/errors.h"
#include "refserver/faults/fault.h"
#include "refserver/store/returns_store.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

struct RequestContext;

/// The returns state of this server (created on first use).
ReturnsState& returns_state(Store& store);

/// The create shape (ReturnCreated).
nlohmann::json return_created_json(const ReturnRecord& r, const Store& store, const FaultSet& faults);
/// The list shape (ReturnListItem): adds the status dates, status_history, invoice, sku and lot_information.
nlohmann::json return_list_json(const ReturnRecord& r, const Store& store, const FaultSet& faults);
/// return_list_json serialised, from the returns' render cache while the return has not changed since.
RenderCache::Text return_list_text(const ReturnRecord& r, const ReturnsState& held, const Store& store, const FaultSet& faults);

/// Fills what the original shipment knows: store order id, customer name, shipment tracking number.
void link_original_shipment(ReturnRecord& r, const Store& store);

/// Handlers split over files.
Reply create_return(RequestContext& ctx);
Reply list_returns(RequestContext& ctx);
Reply cancel_return(RequestContext& ctx);
/// Reads the `returns` seed section: {default_actions: {"<inventory id>": 1..3}, items: [...]}.
std::vector<std::string> load_returns_seed(const nlohmann::json& seed, Store& store);

}  // namespace dockside::refserver
