#pragma once
/// WROs in response shape and the `wros` seed section.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/faults/fault.h"
#include "refserver/store/receiving_state.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

/// The WRO as answered: every documented field, the fulfillment center expanded from the catalog.
nlohmann::json wro_json(const WroRecord& wro, const Store& store, const FaultSet& faults);

/// Reads the `wros` seed section into ReceivingState; returns the problems found.
std::vector<std::string> load_receiving_seed(const nlohmann::json& seed, Store& store);

}  // namespace dockside::refserver
