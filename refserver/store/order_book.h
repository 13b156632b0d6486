#pragma once
/// Orders and their shipments as the orders and shipment operations keep them. Fields that filters
/// or transitions use are typed; nested documents the API only echoes are kept packed, in response shape.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <boost/container/small_vector.hpp>
#include <nlohmann/json.hpp>

#include "refserver/core/clock.h"
#include "refserver/store/packed_json.h"
#include "refserver/store/ranked_index.h"

namespace dockside::refserver {

struct ShipmentRecord {
    std::int32_t id = 0;
    std::int32_t order_id = 0;
    std::string status;  ///< one of the shipment lifecycle's states (Store::states.shipments), set at create
    std::string estimated_fulfillment_date_status = "AwaitingInventoryAllocation";
    TimePoint created;
    std::optional<TimePoint> last_update_at;
    std::optional<TimePoint> actual_fulfillment_date;
    std::optional<TimePoint> estimated_fulfillment_date;
    std::optional<TimePoint> delivery_date;
    std::optional<TimePoint> last_tracking_update_at;
    std::optional<TimePoint> shipping_date;  ///< tracking.shipping_date
    bool is_tracking_uploaded = false;
    std::int32_t location_id = 0;
    PackedJson tracking = nlohmann::json::object();  ///< string fields except shipping_date
    /// The fields no filter, transition or rendering rule reads, in response shape, as one object (one heap
    /// block, not one per field): gift_message, insurance_value, invoice_amount, invoice_currency_code,
    /// measurements, package_material_type, parent_cartons, products, recipient, require_signature,
    /// ship_option, status_details.
    PackedJson echoed;

    bool has_tracking() const;
};

/// What the list's filters read from an order's shipments, kept on the order so that a filter costs no
/// shipment look-up; recomputed by OrderBook at insert and whenever the order is stamped as changed.
struct ShipmentFacts {
    TimePoint last_update;                   ///< the order's own last update, or a later shipment's
    std::optional<TimePoint> last_tracking;  ///< the latest tracking update of its tracked shipments
    bool tracked = false;                    ///< one shipment has a tracking number
    bool all_uploaded = false;               ///< it has shipments and every one has uploaded tracking
};

struct OrderRecord {
    std::int32_t id = 0;
    std::int32_t channel_id = 0;
    TimePoint created;
    TimePoint last_update;
    std::optional<TimePoint> purchase_date;
    std::optional<std::string> reference_id;  ///< indexed (by_reference), filtered on, shown on shipments and returns
    std::string status;  ///< one of the order lifecycle's states (Store::states.orders), set at create
    bool created_through_api = false;
    /// The fields only echoed, in response shape, as one object (one heap block, not one per field):
    /// financials, gift_message, order_number, products, recipient,
    /// retailer_program_data (as stored; dates the client left out are derived when rendered),
    /// shipping_method, shipping_terms, tags, type.
    PackedJson echoed;
    PackedJson store_order_json;  ///< null until one is posted (always an object then)
    /// Inline for the one shipment a created order has: no heap block of its own.
    boost::container::small_vector<std::int32_t, 1> shipment_ids;
    ShipmentFacts facts;
    /// The store generation of the order's last change (its own or a shipment's): a rendering cached at
    /// another revision is stale, and one made at this revision stays good however many other orders change.
    std::uint64_t revision = 0;
};

/// An order's entry in a per-channel index, ordered as the tuple (channel, at, id) would be, in 16 bytes where
/// that tuple pads to 24: an order has four entries (its channel's and kEveryChannel's, in two indexes), and
/// each tree node is 64 bytes instead of 80.
struct ChannelTimeKey {
    ChannelTimeKey() = default;
    ChannelTimeKey(std::int32_t in_channel, TimePoint at_time, std::int32_t order_id)
        : channel(in_channel), id(order_id), at(at_time) {}
    std::int32_t channel = 0;
    std::int32_t id = 0;
    TimePoint at;

    bool operator<(const ChannelTimeKey& other) const {
        return std::tie(channel, at, id) < std::tie(other.channel, other.at, other.id);
    }
};

/// All orders, indexed by id and by reference_id.
struct OrderBook {
    std::map<std::int32_t, OrderRecord> orders;
    std::map<std::int32_t, ShipmentRecord> shipments;
    /// Orders by the hash of their reference_id (read through with_reference, which compares the references
    /// themselves): a node of 32 bytes, where one holding a copy of the reference took 64 or more. A multimap:
    /// the ORD-REF-UNIQUE fault lets a duplicate in, and a list filtered by ReferenceIds must still find both.
    std::unordered_multimap<std::size_t, std::int32_t> by_reference;
    /// Orders by (channel, created, id), the list's order within a channel, each also under kEveryChannel: a
    /// page at any depth is found by rank, without walking the orders before it or those of other channels.
    /// kEveryChannel being the smallest key, the index begins with every order, oldest first: what retention
    /// forgets first.
    RankedIndex<ChannelTimeKey> by_channel;
    /// Orders by (channel, facts.last_update, id) and, those with a tracking update, by (channel,
    /// facts.last_tracking, id), each also under kEveryChannel: a LastUpdate or LastTrackingUpdate range finds
    /// its few orders without walking every order of the channel.
    RankedIndex<ChannelTimeKey> by_last_update, by_last_tracking;
    std::int32_t next_order_id = 1;
    std::int32_t next_shipment_id = 1;
    /// Ids for products named by reference_id that the catalog does not know (ORD-PRODUCT-NAME).
    std::int64_t next_adhoc_product_id = 900001;
    /// Shipments inserted or handed out for change since the last look (emit_webhook_events takes them), so
    /// the work of noticing a change is proportional to the shipments a write touched, not to all held.
    std::vector<std::int32_t> touched;
    /// Orders inserted or handed out for change, their own or a shipment's, since the last stamp: the
    /// dispatcher gives each a new revision after the write.
    std::vector<std::int32_t> changed;

    const OrderRecord* find(std::int32_t id) const;
    /// The ids of the orders whose reference_id is `reference`, in no particular order.
    std::vector<std::int32_t> with_reference(const std::string& reference) const;
    /// The order, to change it (writes only, under the write lock): it joins `changed`.
    OrderRecord* change_order(std::int32_t id);
    const ShipmentRecord* find_shipment(std::int32_t id) const;
    /// The shipment, to change it (writes only, under the write lock): its id joins `touched`, so change
    /// detection looks at it and at nothing else, and its order joins `changed`.
    ShipmentRecord* change_shipment(std::int32_t id);
    /// Stores the order (and its shipments) and indexes it; ids must be unused.
    void insert(OrderRecord order, std::vector<ShipmentRecord> shipments);
    /// Forgets the order, its shipments and its index entries (retention); returns how many shipments went
    /// with it, or nothing when no such order is held.
    std::optional<std::size_t> erase(std::int32_t id);
    /// Gives every order in `changed` the revision `generation` and fresh facts, and empties the list.
    void stamp_changed(std::uint64_t generation);

private:
    /// Recomputes the order's facts from its shipments and moves its entries in the facts indexes.
    void refresh_facts(OrderRecord& order);
    void index_facts(const OrderRecord& order, bool add);
};

}  // namespace dockside::refserver
