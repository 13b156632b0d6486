#include "generators/products_gen.h"

#include <algorithm>

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

// VariantBatchUpdateRequest's integer enums (PRD-VARIANTS-UPDATE), read from the run's spec.
const char* kStatus = "VariantBatchUpdateRequest.status";
const char* kReviews = "VariantBatchUpdateRequest.reviews_pending";

std::int64_t lowest(const char* reference) {
    const auto values = enum_integers_of(reference);
    return *std::min_element(values.begin(), values.end());
}

std::int64_t highest(const char* reference) {
    const auto values = enum_integers_of(reference);
    return *std::max_element(values.begin(), values.end());
}

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

std::vector<rc::Gen<BoundaryCase>> variant_batch_update_boundary_cases(const ProductInputs& inputs) {
    auto base = gen_variant_batch_update(inputs);
    auto set = [](const char* name, json value) -> Change { return [name, value](json& v) { v[name] = value; }; };
    const std::string rule = rule_of(kStatus);
    const auto s_low = lowest(kStatus), s_high = highest(kStatus), r_low = lowest(kReviews), r_high = highest(kReviews);
    return {make_case(base, case_meta(rule, "status " + std::to_string(s_low) + " (lowest)"), set("status", s_low)),
            make_case(base, case_meta(rule, "status " + std::to_string(s_high) + " (highest)"), set("status", s_high)),
            make_case(base, case_meta(rule, "reviews_pending [" + std::to_string(r_low) + "] (lowest)"),
                      set("reviews_pending", json::array({r_low}))),
            make_case(base, case_meta(rule, "reviews_pending [" + std::to_string(r_high) + "] (highest)"),
                      set("reviews_pending", json::array({r_high})))};
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

std::vector<rc::Gen<InvalidCase>> variant_create_invalid_cases() {
    return {
        make_case(gen_variant_create(), case_meta("PRD-VARIANTS-CREATE", "new variant carries an id", "PRD-VARIANTS-CREATE"),
                  [](json& body) { body[0]["id"] = *gen_int_in(1, 100000); }),
        make_case(gen_variant_create(), case_meta("PRD-SHAPES", "weight as the response's object", "PRD-SHAPES"),
                  [](json& body) { body[0]["weight"] = {{"unit", "oz"}, {"weight", 12.5}}; }),
    };
}

std::vector<rc::Gen<InvalidCase>> variant_batch_update_invalid_cases(const ProductInputs& inputs) {
    auto update = gen_variant_batch_update(inputs);
    auto set = [](const char* name, json value) -> Change { return [name, value](json& v) { v[name] = value; }; };
    const std::string rule = rule_of(kStatus);
    const auto s_low = lowest(kStatus) - 1, s_high = highest(kStatus) + 1;
    const auto r_low = lowest(kReviews) - 1, r_high = highest(kReviews) + 1;
    return {
        make_case(update, case_meta(rule, "status " + std::to_string(s_low) + " (below the enum)", rule), set("status", s_low)),
        make_case(update, case_meta(rule, "status " + std::to_string(s_high) + " (above the enum)", rule), set("status", s_high)),
        make_case(update, case_meta(rule, "reviews_pending " + std::to_string(r_high) + " (above the enum)", rule),
                  set("reviews_pending", json::array({r_high}))),
        make_case(update, case_meta(rule, "reviews_pending " + std::to_string(r_low) + " (below the enum)", rule),
                  set("reviews_pending", json::array({r_low}))),
        make_case(update, case_meta(rule, "update without id", rule), [](json& v) { v.erase("id"); }),
    };
}

std::vector<rc::Gen<InvalidCase>> product_patch_invalid_cases(const ProductInputs& inputs) {
    auto patch = gen_product_patch(inputs);
    return {
        make_case(patch, case_meta("PRD-PATCH-MERGE", "patch body not an object", "PRD-PATCH-MERGE"),
                  [](json& body) { body = json::array({body}); }),
        make_case(patch, case_meta("PRD-PATCH-MERGE", "variants entry not an object", "PRD-SHAPES"),
                  [](json& body) { body["variants"] = json::array({"SKU-1"}); }),
    };
}

}  // namespace dockside::generators
