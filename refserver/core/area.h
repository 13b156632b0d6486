#pragma once
/// An API area (orders, returns, ...): the handlers it binds to the contract's operation ids and,
/// optionally, how it reads its part of the seed. Areas are listed in api/areas.cpp; adding one is a new
/// file plus one line there.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/handler_table.h"
#include "refserver/faults/fault.h"

namespace dockside::refserver {

struct Store;

struct Area {
    const char* name;
    /// Binds the area's handlers to operation ids (routes, scopes and channel rules come from the spec).
    /// `faults` lets an area leave an operation unserved or serve it elsewhere.
    void (*bind_handlers)(HandlerTable& table, const FaultSet& faults);
    /// Reads the area's seed sections into the store; returns the problems found (empty when fine).
    /// May be nullptr for areas without seed data.
    std::vector<std::string> (*load_seed)(const nlohmann::json& seed, Store& store);
};

/// Every area the server serves, in registration order.
const std::vector<Area>& all_areas();

}  // namespace dockside::refserver
