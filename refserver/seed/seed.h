#pragma once
/// The seed: the store's starting content. The built-in default (seed/default_seed.json) is
/// embedded at build time; Options.seed replaces it. Problems are reported, never fatal.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

/// The text of seed/default_seed.json as built into the binary.
const std::string& default_seed_text();

/// Parses seed text; an error names the JSON problem.
Result<nlohmann::json, std::string> parse_seed(const std::string& text);

/// Loads the sections shared by every area (channels, oauth_client, fulfillment_centers, locations,
/// shipping_methods, products, inventory); returns every problem found.
std::vector<std::string> load_core_seed(const nlohmann::json& seed, Store& store);

}  // namespace dockside::refserver
