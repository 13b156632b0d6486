#pragma once
/// An API area (orders, returns, ...): its routes and, optionally, how it reads its part of the
/// seed. Areas are listed in api/areas.cpp; adding one is a new file plus one line there.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/router.h"
#include "refserver/faults/fault.h"

namespace dockside::refserver {

struct Store;

struct Area {
    const char* name;
    /// Registers the area's routes. `faults` lets an area add routes that only exist under a fault.
    void (*add_routes)(Router& router, const FaultSet& faults);
    /// Reads the area's seed sections into the store; returns the problems found (empty when fine).
    /// May be nullptr for areas without seed data.
    std::vector<std::string> (*load_seed)(const nlohmann::json& seed, Store& store);
};

/// Every area the server serves, in registration order.
const std::vector<Area>& all_areas();

}  // namespace dockside::refserver
