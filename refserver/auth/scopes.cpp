#include "refserver/auth/scopes.h"

namespace dockside::refserver {

const std::vector<OperationAccess>& operation_access_table() {
    using C = ChannelRule;
    static const std::vector<OperationAccess> table = {
        {"listChannels", "channels_read", C::NotUsed, false},
        // Orders. Estimate changes nothing but the document requires the channel header on it,
        // which only makes sense for a write-capable channel; it is therefore an orders_write call.
        {"createOrder", "orders_write", C::Required, true},
        {"listOrders", "orders_read", C::Optional, false},
        {"getOrder", "orders_read", C::Optional, false},
        {"cancelOrder", "orders_write", C::Required, true},
        {"estimateOrder", "orders_write", C::Required, false},
        {"getOrderShipment", "orders_read", C::Optional, false},
        {"getStoreOrderJson", "orders_read", C::Optional, false},
        {"postStoreOrderJson", "orders_write", C::Required, true},
        // Shipments use the fulfillments scopes.
        {"cancelOrderShipment", "fulfillments_write", C::Required, true},
        {"cancelShipment", "fulfillments_write", C::Required, true},
        {"batchCancelShipments", "fulfillments_write", C::Required, true},
        {"batchUpdateTrackingUpload", "fulfillments_write", C::Required, true},
        {"listShippingMethods", "fulfillments_read", C::Optional, false},
        {"listFulfillmentCenters", "locations_read", C::Optional, false},
        // Products and variants.
        {"listProducts", "products_read", C::Optional, false},
        {"listVariants", "products_read", C::Optional, false},
        {"patchProduct", "products_write", C::Required, true},
        {"deleteProduct", "products_write", C::Required, true},
        {"createVariants", "products_write", C::Required, true},
        {"updateVariants", "products_write", C::Required, true},
        {"mergeVariants", "products_write", C::Required, true},
        {"moveVariants", "products_write", C::Required, true},
        {"mergeIntoProduct", "products_write", C::Required, true},
        {"convertToBundle", "products_write", C::Required, true},
        {"addChannelMetadata", "products_write", C::Required, true},
        {"deleteChannelMetadata", "products_write", C::Required, true},
        // Returns.
        {"createReturn", "returns_write", C::Required, true},
        {"listReturns", "returns_read", C::Optional, false},
        {"cancelReturn", "returns_write", C::Required, true},
        // Receiving, locations, inventory.
        {"listReceiving", "receiving_read", C::Optional, false},
        {"getReceiving", "receiving_read", C::Optional, false},
        {"setReceivingExternalSync", "receiving_write", C::Required, true},
        {"cancelReceiving", "receiving_write", C::Required, true},
        {"listLocations", "locations_read", C::Optional, false},
        {"listInventory", "inventory_read", C::Optional, false},
        // Billing: transactions:query is a POST but only reads.
        {"queryTransactions", "billing_read", C::Optional, false},
        {"listInvoiceTransactions", "billing_read", C::Optional, false},
        {"listInvoices", "billing_read", C::Optional, false},
        {"listTransactionFees", "billing_read", C::Optional, false},
        // Webhooks: the channel header is not used on create (2025-07 change).
        {"createWebhook", "webhooks_write", C::NotUsed, true},
        // Delete: not used either (OpenAPI x-channel-header: not-used; subscriptions belong to the account).
        {"deleteWebhook", "webhooks_write", C::NotUsed, true},
        {"listWebhooks", "webhooks_read", C::Optional, false},
        // Authorization server.
        {"authorize", "", C::NotUsed, true},
        {"token", "", C::NotUsed, true},
        // Served only under the VER-REMOVED.serves-statushistory fault.
        {"getReturnStatusHistory", "returns_read", C::Optional, false},
        // Simulation control (/_sim/, only on simulation-enabled servers): outside the API; the handlers
        // themselves require the server's PAT (refserver/api/simulation.cpp).
        {"simStatus", "", C::NotUsed, false},
        {"simReset", "", C::NotUsed, true},
        {"simCreateWro", "", C::NotUsed, true},
        {"simAdvanceReturn", "", C::NotUsed, true},
        {"simShipShipment", "", C::NotUsed, true},
        {"simDeliverShipment", "", C::NotUsed, true},
        {"simHoldShipment", "", C::NotUsed, true},
        {"simFailShipment", "", C::NotUsed, true},
        {"simAdvanceWro", "", C::NotUsed, true},
        {"simAdvanceClock", "", C::NotUsed, true},
        {"simWebhookDeliveries", "", C::NotUsed, false},
    };
    return table;
}

const OperationAccess* find_access(std::string_view operation_id) {
    for (const auto& row : operation_access_table())
        if (row.operation_id == operation_id) return &row;
    return nullptr;
}

const std::vector<std::string>& all_scopes() {
    static const std::vector<std::string> scopes = {
        "billing_read",   "channels_read",   "fulfillments_read", "fulfillments_write", "inventory_read",
        "inventory_write", "locations_read", "locations_write",   "orders_read",        "orders_write",
        "pricing_read",   "products_read",   "products_write",    "receiving_read",     "receiving_write",
        "returns_read",   "returns_write",   "webhooks_read",     "webhooks_write",     "offline_access",
        "openid"};
    return scopes;
}

}  // namespace dockside::refserver
