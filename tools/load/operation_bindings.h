#pragma once
/// How each contract operation is sent under load: where its path ids come from (a pool of seed ids
/// listed at start, or ids captured from earlier responses), which generator makes its body or query,
/// which body field must be unique per request, what to do when no id is available yet. This is the
/// API-specific half of the load driver; the engine in harness/load only sees the resulting bytes.
///
/// Operations without path parameters and without a required body need no binding: they are sent as
/// the contract declares them, without a query.

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "tools/load/target_catalog.h"

namespace dockside::loadtool {

/// Pools the bindings name: seed ids and ids captured from responses.
namespace pools {
inline constexpr const char* orders = "orders";                  ///< seed orders and created ones (read)
inline constexpr const char* created_orders = "created-orders";  ///< created by this run (taken by cancels)
inline constexpr const char* created_returns = "created-returns";
inline constexpr const char* receiving = "receiving";            ///< seed receiving orders (read)
}  // namespace pools

struct PathSource {
    std::string parameter;  ///< path parameter name in the contract, e.g. orderId
    std::string pool;
    bool take = false;      ///< use each id once (cancels)
};

struct Binding {
    std::string operation{};
    std::vector<PathSource> path{};
    /// Valid request bodies (null: none). `reference_prefix` starts generated reference ids.
    std::function<rc::Gen<nlohmann::json>(const TargetCatalog&, const std::string& reference_prefix)> body{};
    std::function<rc::Gen<nlohmann::json>()> query{};  ///< query objects (null: none)
    /// Every other variant asks for one id from a pool instead (a list narrowed to an order this run or
    /// the seed holds, as a client looks up what it created): the query parameter and the pool.
    std::string query_id_name{};
    std::string query_id_pool{};
    /// Applied to each generated body: removes what a correct target may refuse because the document
    /// does not show its allowed values (null: bodies as generated).
    std::function<void(nlohmann::json&)> adjust{};
    /// A top-level body field that must be unique per request (ORD-REF-UNIQUE): its value becomes the
    /// run's prefix plus the request's sequence number.
    std::string sequence_field{};
    std::string capture_key{};               ///< top-level integer of a 2xx answer to keep ("id")
    std::vector<std::string> capture_pools{};  ///< where captured ids go
    std::string fallback{};                  ///< operation sent instead while the pools are empty
    std::set<CatalogNeed> needs{};           ///< what must be listed at start
};

/// The binding of an operation id, or nullptr when it has none.
const Binding* binding_for(const std::string& operation_id);
/// Operation ids that have a binding (for error messages).
std::vector<std::string> bound_operations();

}  // namespace dockside::loadtool
