#pragma once
/// The documented limits the reference server enforces, read once at start from the run's contract
/// (`spec.limits()`, specs/loader/limits.h), so that a documented value is typed once, in specs/. A
/// limit the spec lacks is a start-up problem naming it, never a silent default. The server's own
/// limits, which the document does not state, stay in refserver/core/limits.h.

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "refserver/core/json_body.h"

namespace dockside::spec {
class Spec;
}

namespace dockside::refserver {

/// Inclusive bounds of a text length (characters) or of an integer value.
struct Bounds {
    std::int64_t min = 0;
    std::int64_t max = 0;
};

/// Orders (POST and GET /2025-07/order).
struct OrderLimits {
    Bounds gift_message;             ///< OrderCreateRequest.gift_message (ORD-GIFT-500)
    Bounds order_number;             ///< OrderCreateRequest.order_number (ORD-NUMBER-400)
    Bounds reference_id;             ///< OrderCreateRequest.reference_id (ORD-REF-1-300)
    Bounds origin_platform_program;  ///< OrderCreateRequest.origin_platform_program (ORD-ORIGIN-100)
    Bounds sales_channel;            ///< OrderCreateRequest.sales_channel (ORD-SALES-100)
    Bounds shipping_method;          ///< OrderCreateRequest.shipping_method (ORD-SHIPMETHOD)
    std::int64_t min_products = 0;   ///< OrderCreateRequest.products minItems (ORD-REQ)
    Bounds list_page;                ///< listOrders.Page (ORD-LIST-LIMIT)
    Bounds list_limit;               ///< listOrders.Limit (ORD-LIST-LIMIT)
};

/// A page size: its documented bounds and the size used when the request names none.
struct PageSize {
    Bounds bounds;
    std::int64_t default_size = 0;
};

/// Billing (POST /2025-07/transactions:query, GET /2025-07/invoices/{invoiceId}/transactions).
struct BillingLimits {
    PageSize query;                 ///< TransactionQuery.page_size (BIL-PAGE-SIZE)
    PageSize invoice_transactions;  ///< listInvoiceTransactions.PageSize (BIL-PAGE-SIZE)
};

/// Channels (GET /2025-07/channel).
struct ChannelLimits {
    std::int64_t default_records_per_page = 0;  ///< listChannels.RecordsPerPage default (CH-LIST)
};

/// Shipments (read through GET /2025-07/order and its shipment endpoint).
struct ShipmentLimits {
    Bounds gift_message;  ///< Shipment.gift_message (SHP-GIFT-500)
};

/// Returns (GET /2025-07/return).
struct ReturnLimits {
    Bounds list_cursor;  ///< listReturns.Cursor (RET-LIST)
};

/// Variants (PATCH /2025-07/product/{productId}/variants).
struct VariantLimits {
    std::vector<std::int64_t> batch_status_codes;  ///< VariantBatchUpdateRequest.status enum (PRD-VARIANTS-UPDATE)
    std::vector<std::int64_t> review_codes;        ///< VariantBatchUpdateRequest.reviews_pending items enum (PRD-VARIANTS-UPDATE)
};

/// Webhooks (POST /2025-07/webhook).
struct WebhookLimits {
    std::int64_t min_topics = 0;      ///< WebhookCreateRequest.topics minItems (WH-CREATE)
    std::vector<std::string> topics;  ///< WebhookCreateRequest.topics items enum (WH-TOPICS)
};

/// OAuth token lifetimes (Limits; POST {auth_url}/connect/token), from the rules data's lifetime check.
struct AuthLimits {
    std::int64_t access_token_seconds = 0;   ///< AUTH-LIFETIME access_token_seconds (expires_in)
    std::int64_t refresh_token_seconds = 0;  ///< AUTH-LIFETIME refresh_token_seconds
};

/// The simulation control's creates (specs/simulation-control.openapi.yaml, its schema Label).
struct SimulationLimits {
    Bounds label;                  ///< SimProductCreate.label, and a WRO create's label
    Bounds purchase_order_number;  ///< SimWroCreate.purchase_order_number

    /// The bounds read from the control's own OpenAPI file; the problems name each reference it lacks.
    static Result<SimulationLimits, std::vector<std::string>> read(const spec::Spec& control);
};

struct ContractLimits {
    OrderLimits orders;
    BillingLimits billing;
    ChannelLimits channels;
    ShipmentLimits shipments;
    ReturnLimits returns;
    VariantLimits variants;
    WebhookLimits webhooks;
    AuthLimits auth;
    SimulationLimits simulation;  ///< read only for a server with the control (--sim); zero otherwise

    /// Every limit read from `spec`; the problems name each reference and keyword the spec lacks.
    static Result<ContractLimits, std::vector<std::string>> read(const spec::Spec& spec);
    /// The same from the process's default contract (specs/loader/spec_location.h, read once per process),
    /// for a server whose caller names no spec (tests, the fuzz target).
    static Result<ContractLimits, std::vector<std::string>> of_default_spec();
};

/// Text bounds as a BodyReader limit citing `rule`; `looser` widens the top (the faults that accept
/// one character past the documented length).
TextLimit text_limit(const Bounds& bounds, std::string rule, bool looser = false);

}  // namespace dockside::refserver
