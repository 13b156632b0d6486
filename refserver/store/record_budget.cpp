#include "refserver/store/record_budget.h"

#include <algorithm>
#include <array>

#include "harness/http/json_bounds.h"
#include "refserver/store/receiving_state.h"
#include "refserver/store/returns_store.h"
#include "refserver/store/store.h"
#include "refserver/store/webhooks_store.h"

namespace dockside::refserver {
namespace {

constexpr std::array<std::string_view, 10> kAddingOperations = {
    "createOrder",  "postStoreOrderJson", "patchProduct", "createVariants", "moveVariants",
    "addChannelMetadata", "createReturn", "createWebhook", "authorize", "token"};

}  // namespace

std::vector<std::pair<std::string, std::size_t>> stored_records_by_kind(Store& store) {
    const auto& auth = store.auth;
    return {{"orders", store.orders.orders.size()},
            {"shipments", store.orders.shipments.size()},
            {"products", store.catalog.products.size()},
            {"inventory_items", store.catalog.inventory.size()},
            {"returns", store.areas.get<ReturnsState>().returns.size()},
            {"receiving_orders", store.areas.get<ReceivingState>().wros.size()},
            {"webhook_subscriptions", store.areas.get<WebhookState>().subscriptions.size()},
            {"access_tokens", auth.tokens.size()},
            {"refresh_tokens", auth.refresh_tokens.size()},
            {"authorization_codes", auth.codes.size()},
            {"extra_units", store.extra_record_units}};
}

std::size_t stored_records(Store& store) {
    std::size_t total = 0;
    for (const auto& [kind, count] : stored_records_by_kind(store)) total += count;
    return total;
}

bool adds_records(std::string_view operation_id) {
    return std::find(kAddingOperations.begin(), kAddingOperations.end(), operation_id) != kAddingOperations.end();
}

std::size_t extra_record_units(std::string_view operation_id, std::string_view body) {
    const std::size_t by_bytes = body.size() / kRecordBodyUnit;
    const std::size_t by_values = body.empty() ? 0 : http::count_json_values(body) / kRecordValueUnit;
    return std::max(by_bytes, by_values) + (operation_id == "addChannelMetadata" ? 1 : 0);
}

}  // namespace dockside::refserver
