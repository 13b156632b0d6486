// The variants area: create (PRD-VARIANTS-CREATE), batch update (PRD-VARIANTS-UPDATE), merge
// (PRD-MERGE), channel metadata add/delete (PRD-META-ADD, PRD-META-DELETE) and convertToBundle.
// Every write validates the whole body on a copy first, so a rejected write changes nothing.

#include <algorithm>

#include "refserver/api/products_handlers.h"
#include "refserver/api/variants_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/datetime.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

inline constexpr std::size_t kMaxItems = kMaxItemsPerWrite;

Result<json*, ApiError> product_of(RequestContext& ctx) {
    const std::int64_t id = ctx.path.integer("productId");
    json* p = find_product(ctx.store.catalog, id);
    if (!p) return fail(not_found("no product with id " + std::to_string(id), "productId"));
    return p;
}

Result<VariantSlot, ApiError> variant_of(RequestContext& ctx) {
    const std::int64_t id = ctx.path.integer("variantId");
    auto slot = find_variant(ctx.store.catalog, id);
    if (!slot) return fail(not_found("no variant with id " + std::to_string(id), "variantId"));
    return *slot;
}

/// The body as an array of at most kMaxItems items (`rule` cited when it is not).
Result<json, ApiError> read_array_body(const RequestContext& ctx, const std::string& rule) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (!body->is_array()) return fail(validation_error("body", "the body must be a JSON array", rule));
    // The document states no least count: an empty array changes nothing and is answered as any other.
    if (body->size() > kMaxItems)
        return fail(validation_error("body", "the body must hold at most " + std::to_string(kMaxItems) + " items", rule));
    return *body;
}

Reply create_variants(RequestContext& ctx) {
    auto stored = product_of(ctx);
    if (!stored) return fail(stored.error());
    auto body = read_array_body(ctx, "PRD-VARIANTS-CREATE");
    if (!body) return fail(body.error());
    const TimePoint now = ctx.clock.now();
    const json root = json::object();
    BodyReader r(root, "", "PRD-VARIANTS-CREATE");
    ProductChange change;
    for (std::size_t i = 0; i < body->size() && !r.error(); ++i) {
        const std::string name = "[" + std::to_string(i) + "]";
        if ((*body)[i].is_object() && (*body)[i].contains("id")) {
            r.fail(validation_error(name + ".id", "variants are created without id", "PRD-VARIANTS-CREATE"));
            break;
        }
        json fresh = default_variant(now);
        apply_variant_request(r, (*body)[i], name, fresh, VariantWrite::Create, ctx.store, ctx.faults, now);
        change.added.push_back(std::move(fresh));
    }
    if (r.error()) return fail(*r.error());
    const int status = ctx.faults.on(Fault::ErrCodesVariantCreate200) ? 200 : 201;
    // Under this fault the product is answered as it was before the write.
    if (ctx.faults.on(Fault::ProductVariantsCreateAnswerStale)) {
        http::Response before = product_reply(status, **stored, ctx.faults);
        apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), **stored, std::move(change), now);
        return before;
    }
    return product_reply(status, apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), **stored, std::move(change), now),
                         ctx.faults);
}

Reply update_variants(RequestContext& ctx) {
    auto stored = product_of(ctx);
    if (!stored) return fail(stored.error());
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    // The document shows one Variant object; an array of them is accepted as well (the operation
    // is "update multiple variants"). Either way the answer is an array.
    const bool single = body->is_object();
    const json items = single ? json::array({*body}) : *body;
    if (!items.is_array() || items.empty() || items.size() > kMaxItems)
        return fail(validation_error("body", "the body must be a variant object or an array of 1 to " + std::to_string(kMaxItems) + " of them", "PRD-VARIANTS-UPDATE"));
    const TimePoint now = ctx.clock.now();
    const json root = json::object();
    BodyReader r(root, "", "PRD-VARIANTS-UPDATE");
    ProductChange change;
    std::vector<std::int64_t> updated_ids;
    for (std::size_t i = 0; i < items.size() && !r.error(); ++i) {
        const std::string name = single ? "" : "[" + std::to_string(i) + "]";
        BodyReader v = name.empty() ? BodyReader(items[i], "", "PRD-VARIANTS-UPDATE") : r.nested(items[i], name);
        auto id = v.int64("id", Need::Required);
        if (v.error()) {
            r.fail(*v.error());
            break;
        }
        json* variant = change.variant(**stored, *id);
        if (!variant) {
            r.fail(validation_error(v.field("id"), "product " + (**stored)["id"].dump() + " has no variant " + std::to_string(*id),
                                    "PRD-VARIANTS-UPDATE"));
            break;
        }
        apply_variant_request(r, items[i], name, *variant, VariantWrite::BatchUpdate, ctx.store, ctx.faults, now);
        updated_ids.push_back(*id);
    }
    if (r.error()) return fail(*r.error());
    apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), **stored, std::move(change), now);
    json out = json::array();
    for (auto id : updated_ids) out.push_back(variant_response(*find_variant(ctx.store.catalog, id)->variant, ctx.faults));
    return json_response(200, out);
}

Reply merge_variants(RequestContext& ctx) {
    auto target = variant_of(ctx);
    if (!target) return fail(target.error());
    auto body = read_array_body(ctx, "PRD-MERGE");
    if (!body) return fail(body.error());
    const json target_id = (*target->variant)["id"];
    std::vector<std::int64_t> ids;
    for (std::size_t i = 0; i < body->size(); ++i) {
        const std::string field = "[" + std::to_string(i) + "].id";
        const json& item = (*body)[i];
        if (!item.is_object() || !item.value("id", json()).is_number_integer())
            return fail(validation_error(field, field + " must be an integer variant id", "PRD-MERGE"));
        const std::int64_t id = item["id"].get<std::int64_t>();
        if (json(id) == target_id) return fail(validation_error(field, "a variant cannot be merged into itself", "PRD-MERGE"));
        if (!find_variant(ctx.store.catalog, id)) return fail(validation_error(field, "no variant with id " + std::to_string(id), "PRD-MERGE"));
        if (std::find(ids.begin(), ids.end(), id) != ids.end())
            return fail(validation_error(field, "variant " + std::to_string(id) + " is listed twice", "PRD-MERGE"));
        ids.push_back(id);
    }
    const TimePoint now = ctx.clock.now();
    const std::vector<json> merged = take_variants(ctx.store.catalog, ids, now);
    auto slot = find_variant(ctx.store.catalog, target_id.get<std::int64_t>());
    ProductChange change;
    json& into = *change.variant(*slot->product, target_id.get<std::int64_t>());
    auto& state = ctx.store.areas.get<ProductsState>();
    for (const auto& m : merged) {
        if (m["inventory"].is_object() && m["inventory"].value("on_hand_qty", std::int64_t{0}) <= 0)
            state.emptied_by_merge.insert(m["inventory"].value("inventory_id", std::int64_t{-1}));
        json channel_ids = json::array();
        for (const auto& rec : m["channel_metadata"]) {
            channel_ids.push_back(rec["channel_id"]);
            into["channel_metadata"].push_back(rec);  // the merged listing now sells the target
        }
        into["merge_children"].push_back({{"channel_ids", channel_ids},
                                          {"completed_at", format_iso8601(now)},
                                          {"inventory_id", m["inventory"].is_object() ? m["inventory"]["inventory_id"] : json(0)},
                                          {"variant_id", m["id"]},
                                          {"variant_name", m["name"].is_string() ? m["name"] : json("")}});
    }
    into["updated_on"] = format_iso8601(now);
    json& saved = apply_change(ctx.store.catalog, state, *slot->product, std::move(change), now);
    if (ctx.faults.on(Fault::ProductMergeAnswersVariant))
        return json_response(201, variant_response(saved["variants"][slot->index], ctx.faults));
    return product_reply(ctx.faults.on(Fault::ErrCodesMerge200) ? 200 : 201, saved, ctx.faults);
}

Reply add_channel_metadata(RequestContext& ctx) {
    auto slot = variant_of(ctx);
    if (!slot) return fail(slot.error());
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    BodyReader r(*body, "", "PRD-META-ADD");
    (void)r.int64("id", Need::Optional);  // read for its type alone: the id is the server's to give
    json record = channel_metadata_from_request(r, nullptr, ctx.store, false);
    if (r.error()) return fail(*r.error());
    record["id"] = nullptr;  // ids are the server's to give (a supplied id is ignored)
    const TimePoint now = ctx.clock.now();
    ProductChange change;
    json& variant = *change.variant(*slot->product, (*slot->variant)["id"].get<std::int64_t>());
    variant["channel_metadata"].push_back(std::move(record));
    variant["updated_on"] = format_iso8601(now);
    json& saved = apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), *slot->product, std::move(change), now);
    if (!ctx.faults.on(Fault::ProductMetaAddRecordMissing)) return product_reply(200, saved, ctx.faults);
    json answer = product_response(saved, ctx.faults);
    answer["variants"][slot->index]["channel_metadata"].erase(answer["variants"][slot->index]["channel_metadata"].size() - 1);
    return json_response(200, answer);
}

Reply delete_channel_metadata(RequestContext& ctx) {
    auto slot = variant_of(ctx);
    if (!slot) return fail(slot.error());
    const std::int64_t mid = ctx.path.integer("channelMetadataId");
    const json& variant = *slot->variant;
    const auto& records = variant["channel_metadata"];
    auto it = std::find_if(records.begin(), records.end(), [&](const json& m) { return m["id"] == mid; });
    if (it == records.end())
        return fail(not_found("variant " + variant["id"].dump() + " has no channel metadata " + std::to_string(mid),
                              "channelMetadataId"));
    if (ctx.faults.on(Fault::ProductMetaDeleteRecordKept)) return json_response(200, variant_response(variant, ctx.faults));
    const auto position = it - records.begin();
    const TimePoint now = ctx.clock.now();
    ProductChange change;
    json& changed = *change.variant(*slot->product, variant["id"].get<std::int64_t>());
    changed["channel_metadata"].erase(static_cast<std::size_t>(position));
    changed["updated_on"] = format_iso8601(now);
    json& saved = apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), *slot->product, std::move(change), now);
    return json_response(200, variant_response(saved["variants"][slot->index], ctx.faults));
}

Reply convert_to_bundle(RequestContext& ctx) {
    auto slot = variant_of(ctx);
    if (!slot) return fail(slot.error());
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (is_bundle(*slot->variant))
        return fail(conflict("variantId", "variant " + (*slot->variant)["id"].dump() + " is already a bundle", "ERR-4XX"));
    BodyReader r(*body, "", "ERR-4XX");
    const json* components = r.array("bundle_definition", Need::Required, 2);  // component rules: apply_variant_request
    const TimePoint now = ctx.clock.now();
    ProductChange change;
    json& variant = *change.variant(*slot->product, (*slot->variant)["id"].get<std::int64_t>());
    if (!r.error()) apply_variant_request(r, json{{"bundle_definition", *components}}, "", variant, VariantWrite::Patch, ctx.store,
                                          ctx.faults, now);
    if (r.error()) return fail(*r.error());
    return product_reply(200, apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), *slot->product, std::move(change), now),
                         ctx.faults);
}

void bind_variants(HandlerTable& table, const FaultSet&) {
    table.bind_writes({{"createVariants", create_variants}, {"updateVariants", update_variants},
                       {"mergeVariants", merge_variants}, {"convertToBundle", convert_to_bundle},
                       {"addChannelMetadata", add_channel_metadata},
                       {"deleteChannelMetadata", delete_channel_metadata}});
}

}  // namespace

Area variants_area() { return {"variants", bind_variants, nullptr}; }

}  // namespace dockside::refserver
