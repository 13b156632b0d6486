#pragma once
/// Pieces shared by the products and variants areas (api/products*.cpp, api/variants*.cpp).

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/clock.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

/// Reads the products seed: completes every variant to the documented response shape, reads
/// `taxonomies` and `account.user_id`, sets the id counters, and checks ids are unique.
std::vector<std::string> load_products_seed(const nlohmann::json& seed, Store& store);

}  // namespace dockside::refserver
