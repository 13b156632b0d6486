#include "generators/products_gen.h"

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

// VariantBatchUpdateRequest's integer enums (PRD-VARIANTS-UPDATE), read from the run's spec.
const char* kStatus = "VariantBatchUpdateRequest.status";
const char* kReviews = "VariantBatchUpdateRequest.reviews_pending";

double cents(std::int64_t low, std::int64_t high) { return static_cast<double>(*gen_int_in(low, high)) / 100.0; }

json draw_variant() {
    json v = {{"name", *gen_words(1, 3)}, {"sku", *gen_identifier("SKU-")}, {"weight", cents(1, 500000)}};
    if (*rc::gen::element(false, true))
        v["dimension"] = {{"height", cents(1, 10000)}, {"length", cents(1, 10000)}, {"width", cents(1, 10000)}};
    if (*rc::gen::element(false, true))
        v["customs"] = {{"country_code_of_origin", *rc::gen::element<std::string>("US", "CN", "DE", "MX")},
                        {"description", *gen_words(1, 4)},
                        {"hs_tariff_code", std::to_string(*gen_int_in(100000, 999999))},
                        {"value", cents(1, 100000)}};
    if (*rc::gen::element(false, true))
        v["barcodes"] = json::array({{{"value", std::to_string(*gen_int_in(100000000000, 999999999999))}}});
    if (*rc::gen::weightedElement<bool>({{3, false}, {1, true}})) v["gtin"] = nullptr;
    if (*rc::gen::weightedElement<bool>({{3, false}, {1, true}}))
        v["lot_information"] = {{"is_lot", true}, {"minimum_shelf_life_days", *gen_int_in(0, 365)}};
    if (*rc::gen::weightedElement<bool>({{3, false}, {1, true}})) v["is_digital"] = false;
    return v;
}

}  // namespace

rc::Gen<json> gen_variant_request() { return rc::gen::exec([] { return draw_variant(); }); }

rc::Gen<json> gen_product_patch(const ProductInputs& inputs) {
    return rc::gen::exec([inputs] {
        json body = json::object();
        if (*rc::gen::element(false, true)) body["name"] = *gen_words(1, 4);
        // No taxonomy_id: it names a taxonomy of the target, and none is read from it (a made-up id is refused).
        if (!inputs.variant_ids.empty() && (body.empty() || *rc::gen::element(false, true))) {
            json variant = {{"id", *rc::gen::elementOf(inputs.variant_ids)}};
            if (*rc::gen::element(false, true)) variant["name"] = *gen_words(1, 3);
            else variant["weight"] = cents(1, 500000);
            body["variants"] = json::array({variant});
        }
        if (body.empty()) body["name"] = *gen_words(1, 4);
        return body;
    });
}

rc::Gen<json> gen_variant_create() {
    return rc::gen::exec([] {
        json out = json::array();
        for (auto n = *gen_int_in(1, 3); n > 0; --n) out.push_back(draw_variant());
        return out;
    });
}

rc::Gen<json> gen_variant_batch_update(const ProductInputs& inputs) {
    return rc::gen::exec([inputs] {
        if (inputs.variant_ids.empty()) throw rc::GenerationFailure("ProductInputs.variant_ids is empty");
        json v = draw_variant();
        v["id"] = *rc::gen::elementOf(inputs.variant_ids);
        if (*rc::gen::element(false, true)) v["status"] = *rc::gen::elementOf(enum_integers_of(kStatus));
        if (*rc::gen::element(false, true)) v["reviews_pending"] = json::array({*rc::gen::elementOf(enum_integers_of(kReviews))});
        return v;
    });
}

rc::Gen<json> gen_merge_targets(const ProductInputs& inputs) {
    return rc::gen::exec([inputs] {
        if (inputs.variant_ids.empty()) throw rc::GenerationFailure("ProductInputs.variant_ids is empty");
        json out = json::array();
        for (auto id : inputs.variant_ids)
            if (out.empty() || *rc::gen::element(false, true)) out.push_back({{"id", id}});
        return out;
    });
}

rc::Gen<json> gen_channel_metadata(const ProductInputs& inputs) {
    return rc::gen::exec([inputs] {
        std::int64_t channel = inputs.channel_ids.empty() ? 1 : *rc::gen::elementOf(inputs.channel_ids);
        json out = {{"channel_id", channel},
                    {"platform", *rc::gen::element<std::string>("Amazon", "Shopify", "Walmart")},
                    {"seller_sku", *gen_identifier("SELL-")},
                    {"price", cents(100, 100000)},
                    {"currency", "USD"},
                    {"is_inventory_sync_enabled", *rc::gen::element(true, false)}};
        if (*rc::gen::element(false, true)) out["asin"] = *gen_identifier("B0");
        return out;
    });
}

}  // namespace dockside::generators
