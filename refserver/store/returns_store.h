#pragma once
/// Returns as the returns area and the warehouse simulation keep them. Typed fields drive the filters
/// and the state machine (rules.yaml state_machines.return, read into Store::states.returns); response shapes are written by
/// api/returns_json.cpp.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "refserver/core/clock.h"
#include "refserver/store/ranked_index.h"
#include "refserver/store/render_cache.h"

namespace dockside::refserver {

/// requested_action values (NS-RET-REQUESTED-ACTION-VALUES): 1 Restock, 2 Quarantine, 3 Dispose.
inline const std::vector<std::string> kReturnActions = {"Restock", "Quarantine", "Dispose"};
inline const std::vector<std::string> kReturnTypes = {"Regular", "ReturnToSender"};

/// The name of requested_action `code` (1-based), or empty when out of range.
std::string return_action_name(std::int32_t code);

struct ReturnLine {
    std::int64_t inventory_id = 0;
    std::int32_t quantity = 1;
    std::int32_t action = 1;  ///< requested_action code, already defaulted (RET-DEFAULT-ACTION)
    bool action_defaulted = false;
    std::string name;
    std::string sku;
    std::optional<std::string> lot_number;
    std::optional<TimePoint> lot_date;
};

struct ReturnRecord {
    std::int32_t id = 0;
    std::int32_t channel_id = 0;
    std::int64_t fulfillment_center_id = 0;
    std::optional<std::string> reference_id;
    std::optional<std::int32_t> original_shipment_id;
    std::optional<std::string> tracking_number;
    std::optional<std::string> store_order_id;
    std::optional<std::string> customer_name;
    std::string shipment_tracking_number;  ///< tracking number of the original shipment, "" when none
    std::string return_type = "Regular";
    std::string status;  ///< one of the return lifecycle's states (Store::states.returns), set by enter()
    TimePoint insert_date;
    /// When each status was entered (the *_date fields of the list shape).
    std::map<std::string, TimePoint> entered;
    std::vector<std::pair<std::string, TimePoint>> history;
    double invoice_amount = 0;
    std::vector<ReturnLine> lines;
    /// Given anew at every change (ReturnsState::insert and enter): a rendering cached at another is stale.
    std::uint64_t revision = 0;

    /// Moves to `next` at `when`, stamping its date and appending to status_history. A held return moves
    /// through ReturnsState::enter instead, which keeps its place in by_facets.
    void enter(const std::string& next, TimePoint when);
};

/// The requested actions of a return's lines as bits (1 << (code - 1)); codes outside 1..3 set none.
std::uint8_t return_action_mask(const ReturnRecord& r);

/// A return's place in ReturnsState::by_facets: (channel, status, return type, action mask, id).
using ReturnFacetKey = std::tuple<std::int32_t, std::string, std::string, std::uint8_t, std::int32_t>;

/// Per-server returns state (kept in Store::areas).
struct ReturnsState {
    /// Every return held, by id: added, forgotten and moved between states only through insert(), erase() and
    /// enter(), which keep the indexes beside it.
    std::map<std::int32_t, ReturnRecord> returns;
    /// Returns by (channel, id), the list's default order, each also under kEveryChannel: a page and the count
    /// its links need are found by rank, whatever the number held.
    RankedIndex<std::pair<std::int32_t, std::int32_t>> by_channel;
    /// Returns grouped by what the Status, ReturnTypes and ReturnActions filters read, in id order within a
    /// group (also under kEveryChannel): a list filtered on those alone is counted and paged by rank, group
    /// by group, whatever the number held.
    RankedIndex<ReturnFacetKey> by_facets;
    /// Returns by (channel, insert_date, id), also under kEveryChannel: a StartDate/EndDate range is counted
    /// by rank and its returns read without looking at the others.
    RankedIndex<std::tuple<std::int32_t, TimePoint, std::int32_t>> by_inserted;
    /// Returns by reference_id (several may share one). Hashed: a tree keyed by strings costs a cache miss and a
    /// string compare a level once a million are held, and a filter sorts the ids it finds anyway.
    std::unordered_multimap<std::string, std::int32_t> by_reference;
    std::int32_t next_id = 1;
    /// The portal-configured action per inventory id (RET-DEFAULT-ACTION); 1 (Restock) when absent.
    std::map<std::int64_t, std::int32_t> default_actions;
    /// Returns in the list shape, rendered at their revision: a page of them is copied, not rendered again.
    /// Kept with the returns, so a reset of the store (a new ReturnsState) starts it empty.
    std::shared_ptr<RenderCache> rendered = std::make_shared<RenderCache>();

    ReturnRecord* find(std::int32_t id);
    /// Stores the return (its id unused, or replaced) and indexes it.
    ReturnRecord& insert(ReturnRecord record);
    /// Forgets the return (retention); returns the next one.
    std::map<std::int32_t, ReturnRecord>::iterator erase(std::map<std::int32_t, ReturnRecord>::iterator at);
    std::int32_t default_action(std::int64_t inventory_id) const;
    /// Moves a held return to `next` (ReturnRecord::enter), keeping by_facets in step.
    void enter(ReturnRecord& held, const std::string& next, TimePoint when);

private:
    void index(const ReturnRecord& r, bool add);
    std::uint64_t revisions_ = 0;
};

}  // namespace dockside::refserver
