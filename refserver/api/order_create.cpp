// POST /2025-07/order: every field and limit of the document's create table (ORD-REQ, ORD-GIFT-500,
// ORD-NUMBER-400, ORD-REF-1-300, ORD-REF-UNIQUE, ORD-ORIGIN-100, ORD-SALES-100, ORD-SHIPMETHOD,
// ORD-TYPE, ORD-PRODUCT-NAME), answering 201 with the full Order (ORD-CREATED).

#include "refserver/api/order_handlers.h"
#include "refserver/api/order_model.h"
#include "refserver/core/context.h"

namespace dockside::refserver {
namespace {

/// The limits, each one character looser while its fault is on.
struct CreateLimits {
    TextLimit gift, number, reference, origin, sales, shipping_method;
    std::size_t min_products;
    bool any_type;  ///< ORD-TYPE fault: type is read as free text
};

CreateLimits limits_for(const FaultSet& f, const OrderLimits& o) {
    CreateLimits lim{text_limit(o.gift_message, "ORD-GIFT-500", f.on(Fault::OrderGiftMessage501)),
                     text_limit(o.order_number, "ORD-NUMBER-400", f.on(Fault::OrderNumber401)),
                     text_limit(o.reference_id, "ORD-REF-1-300", f.on(Fault::OrderReference301)),
                     text_limit(o.origin_platform_program, "ORD-ORIGIN-100", f.on(Fault::OrderOrigin101)),
                     text_limit(o.sales_channel, "ORD-SALES-100", f.on(Fault::OrderSalesChannel101)),
                     {static_cast<std::size_t>(o.shipping_method.min), SIZE_MAX, "ORD-SHIPMETHOD"},
                     static_cast<std::size_t>(o.min_products),
                     f.on(Fault::OrderTypeOutsideSetAccepted)};
    if (f.on(Fault::OrderGiftMessage500Refused) && lim.gift.max > 0) --lim.gift.max;
    if (f.on(Fault::OrderReferenceEmpty)) lim.reference.min = 0;
    if (f.on(Fault::OrderEmptyProducts)) lim.min_products = 0;
    if (f.on(Fault::OrderShipMethodEmptyAccepted)) lim.shipping_method.min = 0;
    return lim;
}

nlohmann::json read_tags(BodyReader& r) {
    const nlohmann::json* tags = r.array("tags", Need::Optional);
    if (!tags) return nullptr;
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < tags->size(); ++i) {
        BodyReader t = r.nested((*tags)[i], "tags[" + std::to_string(i) + "]");
        auto name = t.string("name", Need::Optional);  // neither is marked required (NS-CREATE-OPTIONAL-FIELDS)
        auto value = t.string("value", Need::Optional);
        out.push_back({{"name", name.value_or("")}, {"value", value.value_or("")}});
    }
    return out;
}

std::int32_t pick_location(BodyReader& r, std::optional<std::int32_t> requested, const Catalog& catalog,
                           const FaultSet& faults) {
    if (requested) {
        if (catalog.fulfillment_center(*requested) && faults.on(Fault::OrderLocationIgnored)) {
            for (const auto& fc : catalog.fulfillment_centers)
                if (fc.value("id", 0) != *requested) return fc.value("id", 0);
        }
        if (catalog.fulfillment_center(*requested)) return *requested;
        r.fail(validation_error(r.field("location_id"), "no fulfillment center with id " + std::to_string(*requested)));
        return 0;
    }
    if (!catalog.fulfillment_centers.empty()) return catalog.fulfillment_centers[0].value("id", 0);
    return 0;
}

/// The create request's scalar and nested fields into `order` and `echoed` (its echoed fields, to be packed);
/// problems land in `r`.
void read_order_fields(BodyReader& r, const CreateLimits& lim, OrderRecord& order, nlohmann::json& echoed) {
    echoed["gift_message"] = or_null(r.string("gift_message", Need::Optional, lim.gift));
    echoed["order_number"] = or_null(r.string("order_number", Need::Optional, lim.number));
    order.reference_id = r.string("reference_id", Need::Optional, lim.reference);
    // Judged against their limits; no response shows them, so they are not kept.
    r.string("origin_platform_program", Need::Optional, lim.origin);
    r.string("sales_channel", Need::Optional, lim.sales);
    echoed["shipping_method"] = or_null(r.string("shipping_method", Need::Optional, lim.shipping_method));
    order.purchase_date = r.datetime("purchase_date", Need::Optional);
    echoed["type"] = (lim.any_type ? r.string("type", Need::Optional) : r.enumeration("type", Need::Optional, kOrderTypes, "ORD-TYPE"))
                         .value_or("DTC");
    std::optional<double> total_price;
    if (const nlohmann::json* fin = r.object("financials", Need::Optional)) {
        BodyReader f = r.nested(*fin, "financials");
        total_price = f.number("total_price", Need::Optional);
    }
    echoed["financials"] = total_price ? nlohmann::json{{"total_price", *total_price}} : nlohmann::json::object();
    echoed["shipping_terms"] = nlohmann::json{{"carrier_type", ""}, {"payment_term", ""}};
    if (const nlohmann::json* terms = r.object("shipping_terms", Need::Optional)) {
        BodyReader t = r.nested(*terms, "shipping_terms");
        echoed["shipping_terms"] = nlohmann::json{{"carrier_type", t.string("carrier_type", Need::Optional).value_or("")},
                                                  {"payment_term", t.string("payment_term", Need::Optional).value_or("")}};
    }
    echoed["tags"] = read_tags(r);
    echoed["retailer_program_data"] = normalize_retailer_program_data(r.object("retailer_program_data", Need::Optional), r);
}

/// Completes and stores a new order (its echoed fields in `echoed`, products resolved) with one shipment from
/// `location`; answers its id.
std::int32_t store_new_order(RequestContext& ctx, OrderRecord order, nlohmann::json echoed, std::int32_t location) {
    Store& store = ctx.store;
    const TimePoint now = ctx.clock.now();
    if (echoed["order_number"].is_null() && !ctx.faults.on(Fault::OrderNumberNoDefault))
        echoed["order_number"] = order.reference_id ? nlohmann::json(*order.reference_id) : nlohmann::json(nullptr);
    double sum = 0;
    for (const auto& p : echoed["products"]) sum += p["unit_price"].get<double>() * p["quantity"].get<double>();
    if (echoed["financials"].empty()) echoed["financials"] = nlohmann::json{{"total_price", sum}};
    order.id = store.orders.next_order_id;
    order.channel_id = ctx.channel_id.value_or(0);
    order.created = now;
    order.last_update = now;
    order.status = store.states.orders.initial();
    order.created_through_api = true;
    ShipmentRecord shipment = make_shipment(order, echoed, store.orders.next_shipment_id, location, store, now);
    order.echoed = packed_order_fields(std::move(echoed));
    std::int32_t id = order.id;
    store.orders.insert(std::move(order), {std::move(shipment)});
    return id;
}

/// ERR-NOSIDE fault: a create rejected for a field stores what could be read anyway.
void store_despite_rejection(RequestContext& ctx, const nlohmann::json& body, OrderRecord order, nlohmann::json echoed,
                             const nlohmann::json* items) {
    BodyReader scratch(body, "", "ORD-REQ");
    echoed["products"] = resolve_order_products(items ? *items : nlohmann::json::array(), scratch, ctx.store.catalog,
                                                ctx.store.orders.next_adhoc_product_id);
    if (echoed["products"].empty() || scratch.error()) return;
    if (order.reference_id && !ctx.store.orders.with_reference(*order.reference_id).empty()) return;
    store_new_order(ctx, std::move(order), std::move(echoed), pick_location(scratch, std::nullopt, ctx.store.catalog, ctx.faults));
}

}  // namespace

Reply create_order(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) {
        if (ctx.faults.on(Fault::Err4xxMalformedJson500) && body.error().status == 400)
            return fail(internal_error("could not read the order"));
        return fail(body.error());
    }
    const CreateLimits lim = limits_for(ctx.faults, ctx.store.limits.orders);
    Store& store = ctx.store;
    BodyReader r(*body, "", "ORD-REQ");

    OrderRecord order;
    nlohmann::json echoed = nlohmann::json::object();
    const nlohmann::json* items = r.array("products", Need::Required, lim.min_products, "ORD-REQ");
    const nlohmann::json* recipient = r.object("recipient", Need::Required);
    auto location_id = r.int32("location_id", Need::Optional);
    read_order_fields(r, lim, order, echoed);
    echoed["recipient"] = normalize_recipient(recipient, r);
    if (r.error()) {
        if (ctx.faults.on(Fault::ErrNoSideRejectedCreateStored)) store_despite_rejection(ctx, *body, order, echoed, items);
        return fail(*r.error());
    }
    echoed["products"] = resolve_order_products(items ? *items : nlohmann::json::array(), r, store.catalog,
                                                store.orders.next_adhoc_product_id,
                                                ctx.faults.on(Fault::OrderProductNameOptional));
    const std::int32_t location = pick_location(r, location_id, store.catalog, ctx.faults);
    if (r.error()) return fail(*r.error());

    if (order.reference_id && !store.orders.with_reference(*order.reference_id).empty() &&
        !ctx.faults.on(Fault::OrderReferenceDuplicate))
        return fail(conflict("reference_id", "an order with reference_id " + quoted_excerpt(*order.reference_id) + " already exists",
                             "ORD-REF-UNIQUE"));

    const std::int32_t id = store_new_order(ctx, std::move(order), std::move(echoed), location);
    const int status = ctx.faults.on(Fault::ErrCodesOrderCreate200) ? 200 : 201;
    if (ctx.faults.on(Fault::OrderCreatedAnswersIdOnly)) return json_response(status, {{"id", id}});
    return json_response(status, order_json(*store.orders.find(id), store, ctx.faults));
}

}  // namespace dockside::refserver
