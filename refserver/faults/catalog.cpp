#include "refserver/faults/fault.h"

namespace dockside::refserver {

const std::vector<FaultInfo>& fault_catalog() {
    static const std::vector<FaultInfo> catalog = {
        {Fault::AuthBearerNoTokenCheck, "AUTH-BEARER.no-token-check", "AUTH-BEARER", "auth", "Authentication",
         "a missing or unknown bearer token is accepted as the main PAT"},
        {Fault::AuthForbidNoScopeCheck, "AUTH-FORBID.no-scope-check", "AUTH-FORBID", "auth", "Authentication",
         "operations run even when the token lacks the operation's scope"},
        {Fault::AuthChannelNoChannelCheck, "AUTH-CHANNEL.no-channel-check", "AUTH-CHANNEL", "auth", "Authentication",
         "writes without the channel header, or naming a foreign or read-only channel, are accepted"},
        {Fault::AuthLifetimeAccessNeverExpires, "AUTH-LIFETIME.access-token-never-expires", "AUTH-LIFETIME", "auth",
         "Limits", "OAuth access tokens keep working after their hour"},
        {Fault::AuthRefreshOldStillValid, "AUTH-OAUTH-REFRESH.old-refresh-still-valid", "AUTH-OAUTH-REFRESH", "auth",
         "Authentication", "the refresh grant returns the same refresh token, which keeps working"},
        {Fault::AuthAuthorizeStateNotEchoed, "AUTH-OAUTH-AUTHZ.state-not-echoed", "AUTH-OAUTH-AUTHZ", "auth",
         "Authentication", "the authorize callback omits the state parameter"},
        {Fault::AuthTokenRefreshWithoutOffline, "AUTH-OAUTH-TOKEN.refresh-without-offline-access", "AUTH-OAUTH-TOKEN",
         "auth", "Authentication", "the code grant returns a refresh_token although offline_access was not granted"},
        {Fault::ConvJsonWrongContentType, "CONV-JSON.wrong-content-type", "CONV-JSON", "conventions", "Conventions",
         "JSON responses are labelled text/plain"},
        {Fault::ConvFieldsOrderMissingCreatedDate, "CONV-FIELDS.order-missing-created-date", "CONV-FIELDS",
         "conventions", "Order", "Order objects lack created_date"},
        {Fault::ConvTypesOrderIdAsString, "CONV-TYPES.order-id-as-string", "CONV-TYPES", "conventions", "Order",
         "Order.id is written as a JSON string"},
        {Fault::ConvTypesBadDatetime, "CONV-TYPES.bad-datetime", "CONV-TYPES", "conventions", "Conventions",
         "datetimes are written as MM/DD/YYYY HH:MM:SS"},
        {Fault::ErrCodesOrderCreate200, "ERR-CODES.order-create-200", "ERR-CODES", "conventions", "Errors",
         "order create answers 200 instead of 201"},
        {Fault::ErrNo5xxSporadic500, "ERR-NO5XX.sporadic-500", "ERR-NO5XX", "conventions", "Errors",
         "every 7th request (deterministic count) answers 500"},
        {Fault::Err4xxMalformedJson500, "ERR-4XX.malformed-json-500", "ERR-4XX", "conventions", "Errors",
         "a malformed JSON body answers 500 instead of 400"},
        {Fault::ChannelListRecordsPerPageIgnored, "CH-LIST.records-per-page-ignored", "CH-LIST", "channels",
         "Channels", "GET /channel returns every channel regardless of RecordsPerPage, with next null"},
        {Fault::OrderGiftMessage501, "ORD-GIFT-500.accepts-501", "ORD-GIFT-500", "orders", "Orders",
         "order create accepts a gift_message of 501 characters"},
        {Fault::OrderNumber401, "ORD-NUMBER-400.accepts-401", "ORD-NUMBER-400", "orders", "Orders",
         "order create accepts an order_number of 401 characters"},
        {Fault::OrderReference301, "ORD-REF-1-300.accepts-301", "ORD-REF-1-300", "orders", "Orders",
         "order create accepts a reference_id of 301 characters"},
        {Fault::OrderReferenceEmpty, "ORD-REF-1-300.accepts-empty", "ORD-REF-1-300", "orders", "Orders",
         "order create accepts an empty reference_id"},
        {Fault::OrderOrigin101, "ORD-ORIGIN-100.accepts-101", "ORD-ORIGIN-100", "orders", "Orders",
         "order create accepts an origin_platform_program of 101 characters"},
        {Fault::OrderSalesChannel101, "ORD-SALES-100.accepts-101", "ORD-SALES-100", "orders", "Orders",
         "order create accepts a sales_channel of 101 characters"},
        {Fault::OrderEmptyProducts, "ORD-REQ.accepts-empty-products", "ORD-REQ", "orders", "Orders",
         "order create accepts an empty products array"},
        {Fault::OrderReferenceDuplicate, "ORD-REF-UNIQUE.duplicate-accepted", "ORD-REF-UNIQUE", "orders", "Orders",
         "order create accepts a reference_id that another order already uses"},
        {Fault::OrderNumberNoDefault, "ORD-NUMBER-DEFAULT.null-when-omitted", "ORD-NUMBER-DEFAULT", "orders",
         "Order", "an omitted order_number stays null instead of showing the reference_id"},
        {Fault::OrderStatusOutsideSet, "ORD-STATUS.enum-outside-set", "ORD-STATUS", "orders", "States and transitions",
         "new orders report status \"Open\", which is not in the enum"},
        {Fault::OrderListLimitIgnored, "ORD-LIST-LIMIT.limit-ignored", "ORD-LIST-LIMIT", "orders", "Orders",
         "GET /order ignores Limit and returns every matching order on page 1"},
        {Fault::OrderListOverlappingPages, "ORD-LIST-LIMIT.overlapping-pages", "ORD-LIST-LIMIT", "orders", "Orders",
         "GET /order pages after the first start one order early, so consecutive pages share an order"},
        {Fault::OrderListReferenceIdsIgnored, "ORD-LIST-FILTERS.reference-ids-ignored", "ORD-LIST-FILTERS", "orders",
         "Orders", "GET /order ignores ReferenceIds"},
        {Fault::OrderListTrackingRangeUntracked, "ORD-LIST-FILTERS.tracking-range-includes-untracked",
         "ORD-LIST-FILTERS", "orders", "Orders",
         "LastTrackingUpdate ranges also return orders without tracking information"},
        {Fault::OrderCreatedMissingFromList, "ORD-ROUNDTRIP.created-order-missing-from-list", "ORD-ROUNDTRIP",
         "orders", "Orders", "orders created through the API never appear in GET /order"},
        {Fault::OrderCancelShippedSucceeds, "ORD-CANCEL.shipped-reported-cancelled", "ORD-CANCEL", "orders", "Orders",
         "cancel reports is_success true for shipments that already shipped"},
        {Fault::OrderEstimateMethodsIgnored, "ORD-ESTIMATE-METHODS.methods-ignored", "ORD-ESTIMATE-METHODS", "orders",
         "Orders", "estimate returns every shipping method even when shipping_methods names some"},
        {Fault::OrderShipmentIgnoresOrderId, "ORD-SHIPMENT-GET.ignores-order-id", "ORD-SHIPMENT-GET", "orders",
         "Orders", "GET /order/{orderId}/shipment/{shipmentId} answers a shipment of another order"},
        {Fault::ShipmentStatusOutsideSet, "SHP-ENUMS.status-outside-set", "SHP-ENUMS", "shipments", "Shipment",
         "completed shipments report status \"Shipped\", which is not in the enum"},
        {Fault::VersionServesOldPaths, "VER-RENAMED.serves-2.0-paths", "VER-RENAMED", "versioning", "Versioning",
         "the 2.0 slash-style paths are answered like their 2025-07 forms"},
        {Fault::VersionServesStatusHistory, "VER-REMOVED.serves-statushistory", "VER-REMOVED", "versioning",
         "Versioning", "GET /2025-07/return/{id}/statushistory answers 200"},
        {Fault::ReturnDuplicateIdsAccepted, "RET-DUP-ID.accepts-duplicates", "RET-DUP-ID", "returns", "Returns",
         "return create accepts an inventory id listed twice"},
        {Fault::ReturnDigitalAccepted, "RET-NO-DIGITAL-BUNDLE.accepts-digital", "RET-NO-DIGITAL-BUNDLE", "returns",
         "Returns", "return create accepts digital inventory items"},
        {Fault::ReturnBundleAccepted, "RET-NO-DIGITAL-BUNDLE.accepts-bundle", "RET-NO-DIGITAL-BUNDLE", "returns",
         "Returns", "return create accepts bundle inventory items"},
        {Fault::ReturnCancelInProcessing, "RET-FROZEN.cancel-in-processing", "RET-FROZEN", "returns",
         "States and transitions", "cancelling a return in Processing succeeds and moves it to Cancelled"},
        {Fault::ReturnCancelStatusUnchanged, "RET-CANCEL.status-unchanged", "RET-CANCEL", "returns",
         "States and transitions", "cancelling an AwaitingArrival return answers 200 but the return stays AwaitingArrival"},
        {Fault::ReturnListCursorOverlap, "RET-LIST.cursor-overlap", "RET-LIST", "returns", "Returns",
         "GET /return next links start one return early, so consecutive pages share a return"},
        {Fault::ReturnListStatusFilterIgnored, "RET-LIST.status-filter-ignored", "RET-LIST", "returns", "Returns",
         "GET /return ignores the Status filter"},
        {Fault::BillingBodyWinsOverCursor, "BIL-CURSOR-OVERRIDES.body-wins", "BIL-CURSOR-OVERRIDES", "billing",
         "Billing", "transactions:query with a Cursor and a body answers the body's query from its first page"},
        {Fault::BillingPageSize1001, "BIL-PAGE-SIZE.accepts-1001", "BIL-PAGE-SIZE", "billing", "Limits",
         "page_size and PageSize accept 1001"},
        {Fault::BillingInvoicedStatusIgnored, "BIL-FILTERS.invoiced-status-ignored", "BIL-FILTERS", "billing",
         "Billing", "transactions:query ignores invoiced_status"},
        {Fault::WebhookAcceptsHttp, "WH-HTTPS.accepts-http", "WH-HTTPS", "webhooks", "Webhooks",
         "webhook create accepts an http:// url"},
        {Fault::WebhookDelete404, "WH-DELETE.answers-404", "WH-DELETE", "webhooks", "Errors",
         "deleting a missing webhook subscription answers 404"},
        {Fault::WebhookIdAsInteger, "VER-WEBHOOK-SHAPE.id-as-integer", "VER-WEBHOOK-SHAPE", "webhooks", "Versioning",
         "webhook subscriptions carry id as a JSON integer"},
        {Fault::WebhookWrongSignature, "WH-SIGNED.wrong-signature", "WH-SIGNED", "webhooks", "Events",
         "deliveries carry a webhook-signature that does not verify with the subscription secret"},
        {Fault::WebhookCreateChannelRequired, "WH-CREATE.channel-header-required", "WH-CREATE", "webhooks",
         "Webhooks", "webhook create without the channel header answers 400"},
        {Fault::ErrCodesVariantCreate200, "ERR-CODES.variant-create-200", "ERR-CODES", "products", "Errors",
         "variant create answers 200 instead of 201"},
        {Fault::ErrCodesMerge200, "ERR-CODES.merge-200", "ERR-CODES", "products", "Errors",
         "variant merge answers 200 instead of 201"},
        {Fault::ProductPatchReplacesUnsupplied, "PRD-PATCH-MERGE.replaces-unsupplied-fields", "PRD-PATCH-MERGE", "products",
         "Products and variants", "a product patch that omits name sets the product's name to null"},
        {Fault::ProductVariantsUpdateStatusOutOfRange, "PRD-VARIANTS-UPDATE.accepts-status-4", "PRD-VARIANTS-UPDATE",
         "products", "Products and variants", "the batch variant update accepts status 4 (outside 1..3)"},
        {Fault::ProductMetaAddRecordMissing, "PRD-META-ADD.record-missing-from-response", "PRD-META-ADD", "products",
         "Products and variants", "adding channel metadata answers the Product without the new record"},
        {Fault::ProductMetaDeleteRecordKept, "PRD-META-DELETE.record-kept", "PRD-META-DELETE", "products",
         "Products and variants", "deleting channel metadata answers 200 but keeps the record (also in the answer)"},
        {Fault::ProductDeleteStillListed, "PRD-DELETE.still-listed", "PRD-DELETE", "products",
         "Other operations that exist in this version", "a deleted product answers 200 but stays in GET /product"},
        {Fault::ProductShapesWeightAsNumber, "PRD-SHAPES.weight-as-number-in-response", "PRD-SHAPES", "products", "Variant",
         "response variants carry weight as a bare number (the request shape)"},
        {Fault::LocationReceivingEnabledIgnored, "LOC-FILTERS.receiving-enabled-ignored", "LOC-FILTERS", "locations",
         "Locations", "GET /location ignores ReceivingEnabled=true"},
        {Fault::LocationInactiveAlwaysIncluded, "LOC-FILTERS.inactive-always-included", "LOC-FILTERS", "locations",
         "Locations", "GET /location includes inactive locations without IncludeInactive"},
        {Fault::InventoryIsDigitalIgnored, "INV-LIST.is-digital-ignored", "INV-LIST", "inventory", "Inventory",
         "GET /inventory ignores IsDigital"},
        {Fault::WroListExternalSyncIgnored, "WRO-LIST.external-sync-ignored", "WRO-LIST", "receiving", "Receiving",
         "GET /receiving ignores ExternalSync, so WROs without external_sync_timestamp appear"},
        {Fault::WroListStatusesIgnored, "WRO-LIST.statuses-ignored", "WRO-LIST", "receiving", "Receiving",
         "GET /receiving ignores Statuses"},
        {Fault::WroStatusOutsideSet, "WRO-ENUMS.status-outside-set", "WRO-ENUMS", "receiving", "States and transitions",
         "completed WROs report status \"Received\", which is not in the enum"},
        {Fault::WroGetWrongRecord, "WRO-GET.wrong-record", "WRO-GET", "receiving", "Receiving",
         "GET /receiving/{id} answers a different WRO (the next by id)"},
    };
    return catalog;
}

const FaultInfo& fault_info(Fault fault) { return fault_catalog().at(static_cast<std::size_t>(fault)); }

FaultSet::FaultSet() : on_(static_cast<std::size_t>(Fault::Count), false) {}

Result<FaultSet, std::string> FaultSet::from_names(const std::set<std::string>& names) {
    FaultSet set;
    std::string unknown;
    for (const auto& name : names) {
        bool found = false;
        for (const auto& info : fault_catalog()) {
            if (info.name == name) {
                set.set(info.fault);
                found = true;
            }
        }
        if (!found) unknown += (unknown.empty() ? "" : ", ") + name;
    }
    if (unknown.empty()) return set;
    std::string valid;
    for (const auto& info : fault_catalog()) valid += "\n  " + info.name;
    return fail("unknown fault name(s): " + unknown + "; valid names:" + valid);
}

std::vector<std::string> FaultSet::names() const {
    std::vector<std::string> out;
    for (const auto& info : fault_catalog())
        if (on(info.fault)) out.push_back(info.name);
    return out;
}

}  // namespace dockside::refserver
