#include "refserver/api/variants_model.h"

#include <algorithm>

#include "refserver/core/datetime.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

struct Code {
    std::int64_t id;
    std::string name;
};

// The server's names for the status and reviews_pending codes, whose meaning the document does not show
// (NS-VARIANT-STATUS-CODES, NS-REVIEWS-PENDING-CODES). Which codes exist is the contract's
// (ContractLimits::variants); a code the contract lists and these do not name is named "Code <n>".
const std::vector<Code> kStatusNames = {{1, "Active"}, {2, "Inactive"}, {3, "Discontinued"}};
const std::vector<Code> kReviewNames = {{0, "None"}, {1, "Customs"}, {2, "Hazmat"}, {3, "Dimensions"}, {4, "Barcode"}};
// Not shown by the document; documented in refserver/README.md.
const std::vector<Code> kPackagingMaterials = {{0, "Unknown"},   {1, "Box"},        {2, "BubbleMailer"},
                                               {3, "PolyMailer"}, {4, "FragileBox"}, {5, "PosterTube"},
                                               {6, "Custom"},    {7, "Bookfold"},   {8, "OwnContainer"}};
const std::vector<Code> kPackagingRequirements = {{0, "None"}, {1, "Fragile"}, {2, "PolyBag"}, {3, "BubbleWrap"}, {4, "Boxed"}};
const std::vector<Code> kReturnActions = {{1, "Restock"}, {2, "Quarantine"}, {3, "Dispose"}};

const Code* find_code(const std::vector<Code>& table, std::int64_t id) {
    for (const auto& c : table)
        if (c.id == id) return &c;
    return nullptr;
}

/// The contract's `codes`, each with the server's name from `names`.
std::vector<Code> named_codes(const std::vector<std::int64_t>& codes, const std::vector<Code>& names) {
    std::vector<Code> out;
    for (auto id : codes) {
        const Code* named = find_code(names, id);
        out.push_back({id, named ? named->name : "Code " + std::to_string(id)});
    }
    return out;
}

std::string code_list(const std::vector<Code>& table) {
    std::string out;
    for (const auto& c : table) out += (out.empty() ? "" : ", ") + std::to_string(c.id);
    return out;
}

/// Reads an integer code from `table` into {id, name}; nullopt when absent or invalid (recorded).
std::optional<json> read_code(BodyReader& r, const std::string& key, const std::vector<Code>& table,
                              const std::string& rule = "ERR-4XX") {
    auto id = r.int64(key, Need::Optional);
    if (!id) return std::nullopt;
    const Code* c = find_code(table, *id);
    if (!c) {
        r.fail(validation_error(r.field(key), r.field(key) + " must be one of " + code_list(table), rule));
        return std::nullopt;
    }
    return json{{"id", c->id}, {"name", c->name}};
}

void read_numbers(BodyReader& r, json& target, std::initializer_list<const char*> keys) {
    for (const char* k : keys)
        if (auto v = r.number(k, Need::Optional)) target[k] = *v;
}
void read_bools(BodyReader& r, json& target, std::initializer_list<const char*> keys) {
    for (const char* k : keys)
        if (auto v = r.boolean(k, Need::Optional)) target[k] = *v;
}
void read_strings(BodyReader& r, json& target, std::initializer_list<const char*> keys) {
    for (const char* k : keys)
        if (auto v = r.string(k, Need::Optional)) target[k] = *v;
}

void apply_nested(BodyReader& r, json& variant) {
    if (const json* o = r.object("dimension", Need::Optional)) {
        BodyReader d = r.nested(*o, "dimension");
        read_numbers(d, variant["dimension"], {"height", "length", "width"});
    }
    if (const json* o = r.object("additional_hazmat_attributes", Need::Optional)) {
        BodyReader h = r.nested(*o, "additional_hazmat_attributes");
        auto& t = variant["additional_hazmat_attributes"];
        read_numbers(h, t, {"charge_state_percentage", "net_volume", "net_weight"});
        read_bools(h, t, {"container_metal", "magnet"});
        read_strings(h, t, {"container_type", "lithium_battery_packaging", "lithium_battery_type"});
    }
    if (const json* o = r.object("customs", Need::Optional)) {
        BodyReader c = r.nested(*o, "customs");
        auto& t = variant["customs"];
        read_strings(c, t, {"country_code_of_origin", "description", "hs_tariff_code"});
        read_bools(c, t, {"is321_eligible"});
        read_numbers(c, t, {"value"});
    }
    if (const json* o = r.object("fulfillment_settings", Need::Optional)) {
        BodyReader f = r.nested(*o, "fulfillment_settings");
        auto& t = variant["fulfillment_settings"];
        read_bools(f, t, {"dangerous_goods", "is_bpm_parcel", "is_case_pick", "requires_prop65"});
        read_strings(f, t, {"msds_url"});
        if (const json* s = f.object("serial_scan", Need::Optional)) {
            BodyReader ss = f.nested(*s, "serial_scan");
            // Any integer, as the document states no range (a negative length matches no serial, and is kept as sent).
            if (auto v = ss.int64("exact_character_length", Need::Optional)) t["serial_scan"]["exact_character_length"] = *v;
            read_bools(ss, t["serial_scan"], {"is_enabled"});
            read_strings(ss, t["serial_scan"], {"prefix", "suffix"});
        }
    }
    if (const json* o = r.object("lot_information", Need::Optional)) {
        BodyReader l = r.nested(*o, "lot_information");
        read_bools(l, variant["lot_information"], {"is_lot"});
        if (auto v = l.int64("minimum_shelf_life_days", Need::Optional)) variant["lot_information"]["minimum_shelf_life_days"] = *v;
    }
    if (const json* o = r.object("return_preferences", Need::Optional)) {
        BodyReader p = r.nested(*o, "return_preferences");
        auto& t = variant["return_preferences"];
        for (const char* k : {"backup_action", "primary_action", "return_to_sender_backup_action", "return_to_sender_primary_action"})
            if (auto c = read_code(p, std::string(k) + "_id", kReturnActions)) t[k] = *c;
        read_strings(p, t, {"instructions"});
    }
}

void apply_lists(BodyReader& r, json& variant, VariantWrite mode, const Store& store) {
    if (const json* list = r.array("barcodes", Need::Optional)) {
        json out = json::array();
        for (std::size_t i = 0; i < list->size(); ++i) {
            BodyReader b = r.nested((*list)[i], "barcodes[" + std::to_string(i) + "]");
            out.push_back({{"sticker_url", b.string("sticker_url", Need::Optional).value_or("")},
                           {"value", b.string("value", Need::Optional).value_or("")}});
        }
        variant["barcodes"] = std::move(out);
    }
    if (const json* list = r.array("bundle_definition", Need::Optional)) {
        // A bundle maps to two or more inventory items (INV-MAPPING): two distinct non-bundle
        // components, or none (not a bundle).
        if (list->size() == 1)
            r.fail(validation_error(r.field("bundle_definition"), "a bundle needs at least two components"));
        json out = json::array();
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string name = "bundle_definition[" + std::to_string(i) + "]";
            BodyReader b = r.nested((*list)[i], name);
            auto qty = b.int32("quantity", Need::Required, 1);
            auto vid = b.int64("variant_id", Need::Required);
            const json* component = vid ? stored_variant(store.catalog, *vid) : nullptr;
            if (vid && !component)
                b.fail(validation_error(b.field("variant_id"), "no variant with id " + std::to_string(*vid)));
            if (vid && variant["id"].is_number_integer() && variant["id"].get<std::int64_t>() == *vid)
                b.fail(validation_error(b.field("variant_id"), "a bundle cannot contain itself"));
            if (component && is_bundle(*component))
                b.fail(validation_error(b.field("variant_id"), "a bundle cannot contain another bundle"));
            for (const auto& earlier : out)
                if (vid && earlier["variant_id"] == *vid) b.fail(validation_error(b.field("variant_id"), "component listed twice"));
            out.push_back({{"quantity", qty.value_or(1)}, {"variant_id", vid.value_or(0)}, {"product_id", 0},
                           {"variant_name", ""}, {"variant_sku", ""}});
        }
        variant["bundle_definition"] = std::move(out);
    }
    if (const json* list = r.array("channel_metadata", Need::Optional)) {
        // Merge Patch replaces arrays; a record that names an id of this variant keeps that id.
        json out = json::array();
        for (std::size_t i = 0; i < list->size(); ++i) {
            BodyReader m = r.nested((*list)[i], "channel_metadata[" + std::to_string(i) + "]");
            const json* existing = nullptr;
            if (auto id = m.int64("id", Need::Optional))
                for (const auto& rec : variant["channel_metadata"])
                    if (rec.contains("id") && rec["id"] == *id) existing = &rec;  // a record added earlier in this request has no id yet
            out.push_back(channel_metadata_from_request(m, existing, store, mode == VariantWrite::BatchUpdate));
        }
        variant["channel_metadata"] = std::move(out);
    }
}

void apply_status(BodyReader& r, json& variant, VariantWrite mode, const VariantLimits& documented, const FaultSet& faults) {
    // status_id's codes are not shown; the server takes the batch update's documented ones for it too.
    const std::vector<Code> statuses = named_codes(documented.batch_status_codes, kStatusNames);
    if (mode != VariantWrite::BatchUpdate) {
        if (auto c = read_code(r, "status_id", statuses, "PRD-SHAPES")) variant["status"] = (*c)["name"];
        return;
    }
    if (auto s = r.int64("status", Need::Optional)) {
        const Code* c = find_code(statuses, *s);
        if (c) variant["status"] = c->name;
        else if (faults.on(Fault::ProductVariantsUpdateStatusOutOfRange)) variant["status"] = "Status" + std::to_string(*s);
        else r.fail(validation_error(r.field("status"), r.field("status") + " must be one of " + code_list(statuses), "PRD-VARIANTS-UPDATE"));
    }
    const std::vector<Code> reviews = named_codes(documented.review_codes, kReviewNames);
    if (const json* list = r.array("reviews_pending", Need::Optional)) {
        json names = json::array();
        bool cleared = false;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const json& v = (*list)[i];
            const Code* c = v.is_number_integer() ? find_code(reviews, v.get<std::int64_t>()) : nullptr;
            const std::string field = r.field("reviews_pending[" + std::to_string(i) + "]");
            if (!c) {
                r.fail(validation_error(field, field + " must be one of " + code_list(reviews), "PRD-VARIANTS-UPDATE"));
                return;
            }
            if (c->id == 0) cleared = true;
            else if (std::find(names.begin(), names.end(), json(c->name)) == names.end()) names.push_back(c->name);
        }
        variant["reviews_pending"] = cleared ? json::array() : names;
    }
}

}  // namespace

json channel_metadata_from_request(BodyReader& m, const json* existing, const Store& store, bool accepts_channel_name) {
    json out = existing ? *existing
                        : json{{"channel_id", 0},          {"channel_name", ""},
                               {"currency", "USD"},        {"id", nullptr},
                               {"is_inventory_sync_enabled", false}, {"legacy_product_id", 0},
                               {"platform", ""},           {"platform_identifier", ""},
                               {"platform_inventory_item_id", ""},   {"price", 0.0},
                               {"seller_sku", ""}};
    // Not marked required by the document: a record without one names no channel (channel_id 0, no name).
    auto channel_id = m.int32("channel_id", Need::Optional, 1);
    if (channel_id) {
        const Channel* ch = store.channel(*channel_id);
        if (!ch) m.fail(validation_error(m.field("channel_id"), "no channel with id " + std::to_string(*channel_id), "PRD-META-ADD"));
        else {
            out["channel_id"] = *channel_id;
            out["channel_name"] = ch->name;
        }
    }
    if (accepts_channel_name)
        if (auto n = m.string("channel_name", Need::Optional)) out["channel_name"] = *n;
    read_strings(m, out, {"currency", "platform", "platform_identifier", "platform_inventory_item_id", "seller_sku"});
    // asin, fnsku and fulfillment_channel are request-only fields: read for type checks, not answered.
    json ignored = json::object();
    read_strings(m, ignored, {"asin", "fnsku", "fulfillment_channel"});
    read_bools(m, out, {"is_inventory_sync_enabled"});
    read_numbers(m, out, {"price"});
    if (auto v = m.int64("legacy_product_id", Need::Optional)) out["legacy_product_id"] = *v;
    return out;
}

void apply_variant_request(const BodyReader& parent, const json& body, const std::string& name, json& variant,
                           VariantWrite mode, const Store& store, const FaultSet& faults, TimePoint now) {
    BodyReader r = parent.nested(body, name);
    if (!body.is_object()) return;
    for (const char* key : {"name", "sku", "gtin", "upc"}) {
        auto it = body.find(key);
        if (it == body.end()) continue;
        if (it->is_null()) variant[key] = nullptr;  // "string or null": an explicit null clears it
        else if (auto v = r.string(key, Need::Optional)) variant[key] = *v;
    }
    if (auto v = r.boolean("is_digital", Need::Optional)) variant["is_digital"] = *v;
    if (auto w = r.number("weight", Need::Optional)) variant["weight"]["weight"] = *w;  // PRD-SHAPES: number -> {unit, weight}
    apply_status(r, variant, mode, store.limits.variants, faults);
    apply_nested(r, variant);
    apply_lists(r, variant, mode, store);
    for (auto [key, out, table] : {std::tuple{"packaging_material_type_id", "packaging_material_type", &kPackagingMaterials},
                                   std::tuple{"packaging_requirement_id", "packaging_requirement", &kPackagingRequirements}}) {
        auto it = body.find(key);
        if (it == body.end()) continue;
        if (it->is_null()) variant[out] = json{{"id", (*table)[0].id}, {"name", (*table)[0].name}};
        else if (auto c = read_code(r, key, *table)) variant[out] = *c;
    }
    variant["updated_on"] = format_iso8601(now);
}

json datetime_response(const json& stored, const FaultSet& faults) {
    if (!stored.is_string() || !faults.on(Fault::ConvTypesBadDatetime)) return stored;
    auto t = parse_iso8601(stored.get<std::string>());
    return t ? json(format_us_style(*t)) : stored;
}

json variant_response(const json& stored, const FaultSet& faults) {
    json out = stored;
    if (faults.on(Fault::ProductShapesWeightAsNumber) && out["weight"].is_object())
        out["weight"] = out["weight"].value("weight", 0.0);
    for (const char* key : {"created_on", "updated_on"}) out[key] = datetime_response(out[key], faults);
    for (auto& child : out["merge_children"]) child["completed_at"] = datetime_response(child["completed_at"], faults);
    return out;
}

json product_response(const json& stored, const FaultSet& faults) {
    json out = json::object();
    for (const auto& [key, value] : stored.items())
        if (key != "variants") out[key] = value;
    for (const char* key : {"created_on", "updated_on"}) out[key] = datetime_response(out[key], faults);
    json variants = json::array();
    for (const auto& v : stored["variants"]) variants.push_back(variant_response(v, faults));
    out["variants"] = std::move(variants);
    return out;
}

http::Response product_reply(int status, const json& stored, const FaultSet& faults) {
    // Without these faults product_response() changes nothing: every stored product and variant has its dates
    // (and merge_children) from the seed's completion or its write.
    if (!faults.on(Fault::ProductShapesWeightAsNumber) && !faults.on(Fault::ConvTypesBadDatetime))
        return json_response(status, stored);
    return json_response(status, product_response(stored, faults));
}

}  // namespace dockside::refserver
