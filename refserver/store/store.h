#pragma once
/// Everything the reference server knows. One instance per server, guarded by the server's
/// shared_mutex: handlers of reads see it shared, handlers of writes exclusively.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <typeindex>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/auth/token_store.h"
#include "refserver/core/contract_limits.h"
#include "refserver/core/lifecycle.h"
#include "refserver/store/order_book.h"
#include "refserver/store/render_cache.h"
#include "refserver/store/retention.h"

namespace dockside::refserver {

struct Channel {
    std::int32_t id = 0;
    std::string name;
    std::string application_name;
    std::vector<std::string> scopes;
    /// Role in the seed: "write", "read_only" or "foreign" (another account's channel).
    std::string role = "write";

    bool can_write() const;
};

/// Where each product and inventory item sits in Catalog's arrays and which product holds each variant, so that a
/// product or variant write finds what it changes without a scan. Kept by refserver/store/catalog_links.cpp, through
/// which every insertion and removal of a product, a variant or an inventory item goes once the products seed is
/// loaded; ids and positions, not pointers, so a copied or moved Catalog keeps a true index.
struct CatalogIndex {
    std::unordered_map<std::int64_t, std::size_t> products;          ///< product id -> position in products
    std::unordered_map<std::int64_t, std::int64_t> variant_products; ///< variant id -> id of the product holding it
    std::unordered_map<std::int64_t, std::size_t> inventory;         ///< inventory_id -> position in inventory
};

/// Reference data shared by several areas, kept in response shape. The products/inventory/locations
/// area owns the semantics of products, inventory and locations; orders only read them.
struct Catalog {
    nlohmann::json products = nlohmann::json::array();
    nlohmann::json inventory = nlohmann::json::array();
    nlohmann::json locations = nlohmann::json::array();
    nlohmann::json fulfillment_centers = nlohmann::json::array();
    nlohmann::json shipping_methods = nlohmann::json::array();  ///< [{id, name, ...}]
    /// Client shipping-method names mapped to ship options (ORD-SHIPMETHOD), keyed lower-case.
    std::map<std::string, std::string> ship_option_mappings;
    CatalogIndex index;

    /// The variant with this id, or null.
    const nlohmann::json* variant_by_id(std::int64_t id) const;
    /// The variant whose sku equals `reference`, or null.
    const nlohmann::json* variant_by_reference(const std::string& reference) const;
    const nlohmann::json* inventory_item(std::int64_t inventory_id) const;
    const nlohmann::json* fulfillment_center(std::int64_t id) const;
};

/// Per-area state for areas added later: each area keeps its own struct here, created on first
/// use, so adding an area never means editing Store.
class AreaStates {
public:
    template <class T>
    T& get() {
        std::lock_guard lock(mutex_);  // guards the map only; T itself is guarded by the store lock
        auto& slot = states_[std::type_index(typeid(T))];
        if (!slot) slot = std::make_shared<T>();
        return *static_cast<T*>(slot.get());
    }

    /// Exchanges every area's state with `other`'s (the simulation control's reset to the seed).
    void swap(AreaStates& other) {
        std::scoped_lock lock(mutex_, other.mutex_);
        states_.swap(other.states_);
    }

private:
    std::mutex mutex_;
    std::unordered_map<std::type_index, std::shared_ptr<void>> states_;
};

struct Store {
    /// The documented limits, read from the run's contract at start (never changed afterwards).
    ContractLimits limits;
    /// The return, receiving, order and shipment lifecycles, read from the contract's state machines at start.
    ContractStates states;
    std::vector<Channel> channels;
    Catalog catalog;
    OrderBook orders;
    TokenStore auth;
    nlohmann::json seed;  ///< the whole seed document, for areas that load their own sections
    AreaStates areas;
    bool simulation_enabled = false;  ///< Options.simulation_enabled, for the simulation area
    /// Bumped after every mutating request (under the exclusive lock); the orders that request changed take
    /// it as their revision (OrderRecord::revision), which is what a cached rendering is checked against.
    std::uint64_t generation = 0;
    /// Records counted beyond the containers' sizes (record_budget.h: large bodies, nested records).
    std::size_t extra_record_units = 0;
    /// Finished records retention forgot since the server started (a reset to the seed keeps the count).
    EvictedCounts evicted;
    /// Rendered orders for GET /order/{id} and the order list; shared_ptr keeps Store movable.
    std::shared_ptr<RenderCache> rendered_orders = std::make_shared<RenderCache>();

    const Channel* channel(std::int32_t id) const;
    /// The first channel with role "write", used where a default channel is needed.
    const Channel* default_write_channel() const;
};

}  // namespace dockside::refserver
