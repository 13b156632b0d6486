// Building order and shipment records from request data, and the cancellation transition.

#include "refserver/api/order_model.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"
#include "refserver/core/datetime.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

const char* kAddressFields[] = {"address1", "address2", "city", "company_name", "country", "state", "zip_code"};

nlohmann::json read_address(BodyReader& r, bool typed) {
    nlohmann::json out = nlohmann::json::object();
    for (const char* f : kAddressFields) out[f] = r.string(f, Need::Optional).value_or("");
    if (typed) out["type"] = r.string("type", Need::Optional).value_or("");
    return out;
}

double price_of(const nlohmann::json& variant) {
    auto meta = variant.find("channel_metadata");
    if (meta != variant.end() && meta->is_array() && !meta->empty() && (*meta)[0].contains("price") &&
        (*meta)[0]["price"].is_number())
        return (*meta)[0]["price"].get<double>();
    return 0.0;
}

std::string text_of(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// A new shipment's product lines from its order's (each with its `_name`), with the inventory items the
/// catalog holds for them; adds their weight to `weight`.
nlohmann::json shipment_lines(const nlohmann::json& order_products, const Catalog& catalog, double& weight) {
    nlohmann::json products = nlohmann::json::array();
    for (const auto& p : order_products) {
        nlohmann::json item_list = nlohmann::json::array();
        const nlohmann::json* variant = catalog.variant_by_id(p["id"].get<std::int64_t>());
        if (variant) {
            if (variant->contains("weight") && (*variant)["weight"].is_object())
                weight += (*variant)["weight"].value("weight", 0.0) * p["quantity"].get<double>();
            std::int64_t inv_id = variant->value("inventory", nlohmann::json::object()).value("inventory_id", 0);
            if (const auto* inv = catalog.inventory_item(inv_id)) {
                // Not "or null" in the document; an item without lots never expires (NS-UNSET-DATETIME).
                item_list.push_back({{"expiration_date", "9999-12-31T23:59:59Z"},
                                     {"id", inv_id},
                                     {"is_dangerous_goods", false},
                                     {"lot", ""},
                                     {"name", inv->value("name", "")},
                                     {"quantity", p["quantity"]},
                                     {"quantity_committed", p["quantity"]},
                                     {"serial_numbers", nlohmann::json::array()}});
            }
        }
        products.push_back({{"id", p["id"]},
                            {"name", p.value("_name", "")},
                            {"reference_id", p["reference_id"]},
                            {"sku", p["sku"]},
                            {"inventory_items", item_list}});
    }
    return products;
}

}  // namespace

Result<const nlohmann::json*, ApiError> variant_for_line_id(const Catalog& catalog, std::int64_t id,
                                                           const std::string& field, const std::string& rule) {
    if (const nlohmann::json* variant = catalog.variant_by_id(id)) return variant;
    for (const auto& product : catalog.products) {
        if (product.value("id", std::int64_t{0}) != id) continue;
        const auto variants = product.find("variants");
        if (variants == product.end() || !variants->is_array() || variants->empty()) return nullptr;
        if (variants->size() == 1) return &(*variants)[0];
        std::string ids;
        for (const auto& v : *variants) ids += (ids.empty() ? "" : ", ") + v.value("id", nlohmann::json()).dump();
        return fail(validation_error(field, "product " + std::to_string(id) + " has " + std::to_string(variants->size()) +
                                                " variants; name one of them by its id (" + ids + ")",
                                     rule));
    }
    return nullptr;
}

nlohmann::json resolve_order_products(const nlohmann::json& items, BodyReader& reader, Catalog& catalog,
                                      std::int64_t& next_adhoc_id, bool name_optional) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string name = "products[" + std::to_string(i) + "]";
        BodyReader r = reader.nested(items[i], name);
        auto id = r.int64("id", Need::Optional);
        auto ref = r.string("reference_id", Need::Optional);
        auto product_name = r.string("name", Need::Optional);
        // Not marked required: a line without a quantity is one unit (NS-CREATE-OPTIONAL-FIELDS).
        const auto quantity = r.int64_at_least("quantity", Need::Optional, 1, "ORD-REQ").value_or(1);
        auto line = r.int64("external_line_id", Need::Optional);  // "integer", no format: not narrowed to 32 bits
        auto uom = r.string("quantity_unit_of_measure_code", Need::Optional);
        auto unit_price = r.number("unit_price", Need::Optional);
        if (r.error()) return out;
        if (!id && !ref) {
            r.fail(validation_error(name, name + " needs an id or a reference_id", "ORD-REQ"));
            return out;
        }
        const nlohmann::json* variant = nullptr;
        if (id) {
            auto named = variant_for_line_id(catalog, *id, r.field("id"), "ORD-REQ");
            if (!named) {
                r.fail(named.error());
                return out;
            }
            variant = *named;
        } else {
            variant = catalog.variant_by_reference(*ref);
        }
        if (id && !variant) {
            r.fail(validation_error(r.field("id"), "no product or variant with id " + std::to_string(*id), "ORD-REQ"));
            return out;
        }
        if (!variant && (!product_name || product_name->empty()) && !name_optional) {
            r.fail(validation_error(r.field("name"),
                                    "product " + quoted_excerpt(*ref) + " does not exist, so its name is required", "ORD-PRODUCT-NAME"));
            return out;
        }
        nlohmann::json p;
        p["external_line_id"] = line.value_or(static_cast<std::int64_t>(i + 1));
        p["gtin"] = variant ? text_of(*variant, "gtin") : "";
        p["id"] = variant ? (*variant)["id"].get<std::int64_t>() : next_adhoc_id++;
        p["quantity"] = quantity;
        p["quantity_unit_of_measure_code"] = uom.value_or("EA");
        p["reference_id"] = ref ? *ref : text_of(*variant, "sku");
        p["sku"] = variant ? text_of(*variant, "sku") : *ref;
        p["unit_price"] = unit_price ? *unit_price : (variant ? price_of(*variant) : 0.0);
        p["upc"] = variant ? text_of(*variant, "upc") : "";
        // Kept for shipment building; stripped from the order's products below.
        p["_name"] = variant ? text_of(*variant, "name") : product_name.value_or(*ref);
        out.push_back(std::move(p));
    }
    return out;
}

nlohmann::json normalize_recipient(const nlohmann::json* recipient, BodyReader& reader) {
    nlohmann::json out = nlohmann::json::object();
    if (!recipient) return out;
    BodyReader r = reader.nested(*recipient, "recipient");
    // The document marks none of the recipient's fields required (NS-CREATE-OPTIONAL-FIELDS): each defaults
    // to empty, as the response shows it.
    out["name"] = r.string("name", Need::Optional, {0, kMaxNameChars, "ORD-REQ"}).value_or("");
    out["email"] = r.string("email", Need::Optional).value_or("");
    out["phone_number"] = r.string("phone_number", Need::Optional).value_or("");
    static const nlohmann::json no_address = nlohmann::json::object();
    const nlohmann::json* address = r.object("address", Need::Optional);
    BodyReader a = r.nested(address ? *address : no_address, "address");
    out["address"] = read_address(a, false);
    return out;
}

nlohmann::json normalize_retailer_program_data(const nlohmann::json* data, BodyReader& reader) {
    nlohmann::json out = {{"addresses", nlohmann::json::array()}};
    static const nlohmann::json empty = nlohmann::json::object();
    BodyReader r = reader.nested(data ? *data : empty, "retailer_program_data");
    if (const auto* addresses = r.array("addresses", Need::Optional)) {
        for (std::size_t i = 0; i < addresses->size(); ++i) {
            BodyReader a = r.nested((*addresses)[i], "addresses[" + std::to_string(i) + "]");
            out["addresses"].push_back(read_address(a, true));
        }
    }
    for (const char* f : {"customer_ticket_number", "department", "mark_for_store", "purchase_order_number",
                          "retailer_program_type"})
        out[f] = r.string(f, Need::Optional).value_or("");
    for (const char* f : {"delivery_date", "doNotShipBeforeDate", "shipByDate"}) {
        auto t = r.datetime(f, Need::Optional);
        out[f] = t ? nlohmann::json(format_iso8601(*t)) : nlohmann::json(nullptr);
    }
    return out;
}

std::string ship_option_for(Catalog& catalog, const std::string& shipping_method) {
    const std::string key = ascii_lower(shipping_method);
    for (const auto& m : catalog.shipping_methods) {
        std::string name = m.value("name", "");
        if (ascii_lower(name) == key) return name;
    }
    auto [it, inserted] = catalog.ship_option_mappings.emplace(key, "Standard");
    return it->second;
}

ShipmentRecord make_shipment(const OrderRecord& order, const nlohmann::json& order_echoed, std::int32_t id,
                             std::int32_t location_id, Store& store, TimePoint now) {
    Catalog& catalog = store.catalog;
    ShipmentRecord s;
    s.id = id;
    s.order_id = order.id;
    s.status = store.states.shipments.initial();
    s.estimated_fulfillment_date_status = "PendingOnTime";
    s.created = now;
    s.last_update_at = now;
    s.estimated_fulfillment_date = now + std::chrono::hours(48);
    s.location_id = location_id;
    s.tracking = nlohmann::json{{"bol", ""}, {"carrier", ""}, {"carrier_service", ""}, {"pro_number", ""},
                  {"scac", ""}, {"tracking_number", ""}, {"tracking_url", ""}};
    double weight = 0;
    nlohmann::json products = shipment_lines(order_echoed.value("products", nlohmann::json::array()), catalog, weight);
    auto recipient = order_echoed.value("recipient", nlohmann::json::object());
    recipient["full_name"] = recipient.value("name", "");
    const auto shipping_method = order_echoed.value("shipping_method", nlohmann::json());
    s.echoed = nlohmann::json{
        {"gift_message", order_echoed.value("gift_message", nlohmann::json())},
        {"insurance_value", nullptr},
        {"invoice_amount", nullptr},
        {"invoice_currency_code", nullptr},
        {"measurements", {{"depth_in", 6.0}, {"length_in", 10.0}, {"total_weight_oz", weight}, {"width_in", 8.0}}},
        {"package_material_type", "Unknown"},
        {"parent_cartons", nlohmann::json::array()},
        {"products", products},
        {"recipient", recipient},
        {"require_signature", false},
        {"ship_option", shipping_method.is_string() ? ship_option_for(catalog, shipping_method.get<std::string>()) : "Standard"},
        {"status_details", nullptr},
    };
    return s;
}

PackedJson packed_order_fields(nlohmann::json echoed) {
    for (auto& p : echoed["products"]) p.erase("_name");
    return echoed;
}

void refresh_order_status(Store& store, OrderRecord& order, TimePoint now) {
    const ContractStates& states = store.states;
    bool all_cancelled = !order.shipment_ids.empty();
    for (auto id : order.shipment_ids)
        if (const auto* s = store.orders.find_shipment(id); s && s->status != states.shipments.cancelled()) all_cancelled = false;
    if (all_cancelled)
        if (auto cancel = states.orders.cancel_in(order.status); cancel && cancel->outcome == "accepted") order.status = cancel->to;
    order.last_update = now;
}

nlohmann::json cancel_shipment(Store& store, ShipmentRecord& shipment, TimePoint now, const FaultSet& faults) {
    nlohmann::json result{{"action", "Cancel"}, {"shipment_id", shipment.id}};
    const auto cancel = store.states.shipments.cancel_in(shipment.status);
    if (!cancel || cancel->outcome != "accepted") {
        const bool lie = faults.on(Fault::OrderCancelShippedSucceeds);
        result["is_success"] = lie;
        result["reason"] = lie ? "" : "shipment is " + shipment.status + ", past cancelling";
    } else if (cancel->to == shipment.status) {  // accepted without a move: already where a cancel leads
        result["is_success"] = true;
        result["reason"] = "shipment was already " + shipment.status;
    } else {
        shipment.status = cancel->to;
        shipment.last_update_at = now;
        result["is_success"] = true;
        result["reason"] = "";
    }
    if (auto* order = store.orders.change_order(shipment.order_id)) refresh_order_status(store, *order, now);
    return result;
}

}  // namespace dockside::refserver
