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

std::size_t stored_records(Store& store) {
    const auto& auth = store.auth;
    return store.orders.orders.size() + store.orders.shipments.size() + store.catalog.products.size() +
           store.catalog.inventory.size() + store.areas.get<ReturnsState>().returns.size() +
           store.areas.get<ReceivingState>().wros.size() + store.areas.get<WebhookState>().subscriptions.size() +
           auth.tokens.size() + auth.refresh_tokens.size() + auth.codes.size() + store.extra_record_units;
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
