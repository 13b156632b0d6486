#pragma once
/// Warehouse receiving orders (WROs) as the receiving area keeps them; lives in Store::areas.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/clock.h"

namespace dockside::refserver {

/// WRO-ENUMS value sets, in the document's order (the statuses are the wro lifecycle's, Store::states.receiving).
inline const std::vector<std::string> kBoxPackagingTypes = {"EverythingInOneBox", "OneSkuPerBox", "MultipleSkuPerBox"};
inline const std::vector<std::string> kPackageTypes = {"Package", "Pallet", "FloorLoadedContainer"};

struct WroStatusChange {
    std::int32_t id = 0;
    std::string status;
    TimePoint timestamp;
};

struct WroRecord {
    std::int32_t id = 0;
    std::optional<std::string> box_labels_uri;
    std::string box_packaging_type = "EverythingInOneBox";
    std::string package_type = "Package";
    TimePoint expected_arrival_date;
    std::optional<TimePoint> external_sync_timestamp;
    std::int32_t fulfillment_center_id = 0;
    TimePoint insert_date;
    TimePoint last_updated_date;
    /// [{expected_quantity, inventory_id, received_quantity, sku, stowed_quantity}]
    nlohmann::json inventory_quantities = nlohmann::json::array();
    std::optional<std::string> purchase_order_number;
    std::string status;  ///< one of the wro lifecycle's states (Store::states.receiving)
    std::vector<WroStatusChange> status_history;

    /// When the WRO last entered `done` (the end of the warehouse path), if it did.
    std::optional<TimePoint> entered_at(const std::string& done) const {
        std::optional<TimePoint> at;
        for (const auto& h : status_history)
            if (h.status == done) at = h.timestamp;
        return at;
    }
};

struct ReceivingState {
    std::map<std::int32_t, WroRecord> wros;  ///< by id, so lists come out in id order
    std::int32_t next_history_id = 1;
};

}  // namespace dockside::refserver
