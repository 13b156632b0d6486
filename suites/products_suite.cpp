// Products suite: product patch as JSON Merge Patch (PRD-PATCH-MERGE), variant create 201 (PRD-VARIANTS-
// CREATE), batch variant update (PRD-VARIANTS-UPDATE), merge 201 (PRD-MERGE), channel metadata add and
// delete (PRD-META-ADD, PRD-META-DELETE), product delete gone from the lists (PRD-DELETE), request versus
// response variant shapes (PRD-SHAPES, through the validator and explicitly), auth on every write, and no
// side effect from any refused write. Every write goes to a scratch product (products_support.h). The
// forbidden id of a variant create and the value sets and required id of a batch update are checks of
// the rules data (RuleChecks).

#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "suites/products_support.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"
#include "harness/conform/run_apart.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WRITES("Products", "catalogue", "creates and deletes products, which the inventory lists");

using json = nlohmann::json;
using namespace products;

#define SCRATCH_OR_SKIP(name)                            \
    Scratch name = make_scratch_product();               \
    ScratchCleanup name##_cleanup{name};                 \
    if (!name.reason.empty()) DOCKSIDE_SKIP(name.reason)

Call create_variants(const json& product, json body) {
    return Call{.operation = "createVariants", .path = {{"productId", product.dump()}}, .body = std::move(body)};
}
Call update_variants(const json& product, json body) {
    return Call{.operation = "updateVariants", .path = {{"productId", product.dump()}}, .body = std::move(body)};
}
Call patch_product(const json& product, json body) {
    return Call{.operation = "patchProduct", .path = {{"productId", product.dump()}}, .body = std::move(body)};
}
Call merge_variants(const json& target, json body) {
    return Call{.operation = "mergeVariants", .path = {{"variantId", target.dump()}}, .body = std::move(body)};
}
Call add_metadata(const json& variant, json body) {
    return Call{.operation = "addChannelMetadata", .path = {{"variantId", variant.dump()}}, .body = std::move(body)};
}
Call delete_metadata(const json& variant, const json& record) {
    return Call{.operation = "deleteChannelMetadata", .path = {{"variantId", variant.dump()}, {"channelMetadataId", record.dump()}}};
}
Call delete_product(const json& product) {
    return Call{.operation = "deleteProduct", .path = {{"productId", product.dump()}}};
}

/// A marketplace channel metadata record (the one documented shape) on the run's write channel.
json metadata_request(const std::string& seller_sku) {
    return {{"channel_id", std::stoll(write_channel())}, {"seller_sku", seller_sku}, {"platform", "Dockside"},
            {"platform_identifier", "ds-" + seller_sku}, {"price", 9.5}, {"currency", "USD"},
            {"is_inventory_sync_enabled", false}};
}

/// Records ERR-NOSIDE when the scratch product's variants changed across a refused write.
void expect_variants_unchanged(const json& product, const std::optional<std::vector<json>>& before, const std::string& what) {
    auto after = list_variants(product);
    if (before && after && *before != *after)
        expect_no_side_effect(false, "listVariants", what + " was refused but changed the variants of product " + product.dump());
}

/// A second variant on the scratch product; null when creating it failed (recorded).
json add_variant(const Scratch& s, const std::string& sku) {
    Exchange ex = send(create_variants(s.id, json::array({variant_request(sku)})));
    if (!needs_success(ex)) return nullptr;
    return variant_with_sku(ex.json(), sku).value("id", json());
}

// ---------------------------------------------------------------- create

TEST(Products, PRD_VARIANTS_CREATE_AnswersTheProductWithTheNewVariants) {
    SCRATCH_OR_SKIP(s);
    const std::string a = unique("DS-NEW-A"), b = unique("DS-NEW-B");
    Exchange ex = send(create_variants(s.id, json::array({variant_request(a), variant_request(b)})));
    if (!needs_success(ex)) return;
    const json product = ex.json();
    expect_that(product.value("id", json()) == s.id, ex, "PRD-VARIANTS-CREATE", "the answer is not product " + s.id.dump());
    for (const auto& sku : {a, b}) {
        const json v = variant_with_sku(product, sku);
        if (!expect_that(!v.is_null(), ex, "PRD-VARIANTS-CREATE", "the answered Product lacks the new variant " + sku)) continue;
        // PRD-SHAPES: the request's weight number comes back as {unit, weight}; dimension gains fields.
        expect_that(v.value("weight", json()).is_object() && v["weight"].value("weight", json()) == json(5.5), ex, "PRD-SHAPES",
                    "variant " + sku + " weight reads back as " + v.value("weight", json()).dump() + ", not {unit, weight: 5.5}");
        const json dim = v.value("dimension", json());
        expect_that(dim.is_object() && dim.value("height", json()) == json(1.5) && dim.value("width", json()) == json(2.5) &&
                        dim.value("length", json()) == json(4.0),
                    ex, "PRD-SHAPES", "variant " + sku + " dimension reads back as " + dim.dump());
        expect_that(v.value("name", json()) == json("Dockside " + sku) && v.value("is_digital", json()) == json(false), ex,
                    "PRD-VARIANTS-CREATE", "variant " + sku + " does not carry the name and is_digital sent");
        expect_that(!v.value("status", json()).is_number(), ex, "PRD-SHAPES", "response status is a string or null, not the request's integer");
    }
    auto listed = list_variants(s.id);
    if (!listed) return;
    std::set<std::string> skus;
    for (const auto& v : *listed) skus.insert(v.value("sku", json()).dump());
    for (const auto& sku : {a, b})
        if (!skus.count(json(sku).dump())) record_failure("PRD-VARIANTS-CREATE", "listVariants", "created variant " + sku + " is not listed");
}

/// Whether the target refused the write (a 4xx); what it accepted is its rule check's finding.
bool refused(const Exchange& ex) { return ex.status() >= 400 && ex.status() < 500; }

// Refusing a variant create that carries an id is PRD-VARIANTS-CREATE's forbidden_field check in the rules
// data; what it cannot see is that the refused create changed nothing.
TEST(Products, ERR_NOSIDE_RefusedVariantCreateWithIdChangesNothing) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    json with_id = variant_request(unique("DS-ID"));
    with_id["id"] = s.variant_id;
    if (!refused(send(create_variants(s.id, json::array({with_id})))))
        DOCKSIDE_SKIP("the target did not refuse a variant create carrying an id (PRD-VARIANTS-CREATE's check judges that)");
    expect_variants_unchanged(s.id, before, "a variant create carrying an id");
}

TEST(Products, ERR_4XX_InvalidVariantCreateRejectedWithoutEffect) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    const std::string sku = unique("DS-BAD");
    json wrong_weight = variant_request(sku), wrong_digital = variant_request(sku), wrong_dim = variant_request(sku);
    wrong_weight["weight"] = "heavy";
    wrong_digital["is_digital"] = "no";
    wrong_dim["dimension"] = 5;
    for (const json& body : {json(variant_request(sku)) /* not an array */, json::array({wrong_weight}),
                             json::array({wrong_digital}), json::array({wrong_dim}), json::array({variant_request(sku), wrong_weight})})
        expect_rejected(send(create_variants(s.id, body)), "ERR-4XX");
    expect_variants_unchanged(s.id, before, "an invalid variant create");
}

// ---------------------------------------------------------------- batch update

TEST(Products, PRD_VARIANTS_UPDATE_UpdatesOnlySuppliedFieldsAndAnswersVariants) {
    SCRATCH_OR_SKIP(s);
    auto before = list_variants(s.id);
    if (!before || before->empty()) return;
    const json old = before->front();
    const std::string name = unique("Renamed");
    Exchange ex = send(update_variants(s.id, json{{"id", s.variant_id}, {"name", name}, {"status", 2}, {"reviews_pending", {1, 2}}}));
    if (!needs_success(ex)) return;
    const json answer = ex.json();
    json updated;
    if (answer.is_array())
        for (const auto& v : answer)
            if (v.value("id", json()) == s.variant_id) updated = v;
    if (!expect_that(!updated.is_null(), ex, "PRD-VARIANTS-UPDATE", "the answer is not an array holding variant " + s.variant_id.dump()))
        return;
    expect_that(updated.value("name", json()) == json(name), ex, "PRD-VARIANTS-UPDATE", "name was not updated");
    for (const char* key : {"sku", "weight", "dimension", "customs"})
        expect_that(updated.value(key, json()) == old.value(key, json()), ex, "PRD-PATCH-MERGE",
                    std::string(key) + " changed although the update did not supply it");
    auto after = list_variants(s.id);
    if (after)
        for (const auto& v : *after)
            if (v.value("id", json()) == s.variant_id)
                expect_that(v.value("name", json()) == json(name), ex, "PRD-VARIANTS-UPDATE", "the new name does not read back");
}

// Refusing status and reviews_pending values outside their lists, and an update without id, are the
// schema phase's (the OpenAPI file's enums and required, x-rule PRD-VARIANTS-UPDATE); what it cannot see
// is that the refused updates changed nothing.
TEST(Products, ERR_NOSIDE_RefusedVariantUpdatesChangeNothing) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    bool all_refused = true;
    for (const json& body : {json{{"id", s.variant_id}, {"status", 4}}, json{{"id", s.variant_id}, {"status", 0}},
                             json{{"id", s.variant_id}, {"reviews_pending", {5}}}, json{{"id", s.variant_id}, {"reviews_pending", {-1}}},
                             json{{"name", "no id"}}})
        all_refused = refused(send(update_variants(s.id, body))) && all_refused;
    if (!all_refused)
        DOCKSIDE_SKIP("the target accepted an invalid batch variant update (PRD-VARIANTS-UPDATE's checks judge that)");
    expect_variants_unchanged(s.id, before, "an out-of-range batch variant update");
}

// ---------------------------------------------------------------- patch

TEST(Products, PRD_PATCH_MERGE_OnlySuppliedFieldsChange) {
    SCRATCH_OR_SKIP(s);
    auto before = listed_product(s.id);
    if (!before || before->is_null()) return;
    const std::string name = unique("Dockside patched");
    Exchange named = send(patch_product(s.id, json{{"name", name}}));
    if (!needs_success(named)) return;
    const json p1 = named.json();
    expect_that(p1.value("name", json()) == json(name), named, "PRD-PATCH-MERGE", "the supplied name was not applied");
    for (const char* key : {"taxonomy", "type", "user_id", "created_on"})
        expect_that(p1.value(key, json()) == before->value(key, json()), named, "PRD-PATCH-MERGE",
                    std::string(key) + " changed although the patch supplied only name");
    expect_that(p1.value("variants", json()).size() == before->value("variants", json()).size(), named, "PRD-PATCH-MERGE",
                "a patch without variants changed the number of variants");
    // Now only a variant field: the product name must survive.
    const std::string sku = unique("DS-PATCHED");
    Exchange varied = send(patch_product(s.id, json{{"variants", {{{"id", s.variant_id}, {"sku", sku}}}}}));
    if (!needs_success(varied)) return;
    const json p2 = varied.json();
    expect_that(p2.value("name", json()) == json(name), varied, "PRD-PATCH-MERGE",
                "a patch that did not supply name changed it to " + p2.value("name", json()).dump());
    const json v_before = variant_of(p1, s.variant_id), v_after = variant_of(p2, s.variant_id);
    expect_that(v_after.value("sku", json()) == json(sku), varied, "PRD-PATCH-MERGE", "the variant's supplied sku was not applied");
    for (const char* key : {"name", "weight", "dimension", "customs", "is_digital"})
        expect_that(v_after.value(key, json()) == v_before.value(key, json()), varied, "PRD-PATCH-MERGE",
                    std::string("variant ") + key + " changed although only sku was supplied");
    auto listed = listed_product(s.id);
    if (listed && !listed->is_null())
        expect_that(listed->value("name", json()) == json(name), varied, "PRD-PATCH-MERGE", "GET /product does not show the patched name");
}

TEST(Products, ERR_4XX_InvalidPatchRejectedWithoutEffect) {
    SCRATCH_OR_SKIP(s);
    auto before = listed_product(s.id);
    const auto variants_before = list_variants(s.id);
    for (const json& body : {json{{"name", 5}}, json{{"variants", "all"}}, json{{"taxonomy_id", "x"}},
                             json{{"variants", {{{"id", s.variant_id}, {"weight", "heavy"}}}}}})
        expect_rejected(send(patch_product(s.id, body)), "ERR-4XX");
    auto after = listed_product(s.id);
    if (before && after && *before != *after) expect_no_side_effect(false, "patchProduct", "a rejected patch changed the product");
    expect_variants_unchanged(s.id, variants_before, "an invalid product patch");
}

// ---------------------------------------------------------------- merge

TEST(Products, PRD_MERGE_AnswersTheProduct) {
    SCRATCH_OR_SKIP(s);
    const json other = add_variant(s, unique("DS-MERGE"));
    if (other.is_null()) return;
    Exchange ex = send(merge_variants(s.variant_id, json::array({{{"id", other}}})));
    if (!needs_success(ex)) return;
    expect_that(!variant_of(ex.json(), s.variant_id).is_null(), ex, "PRD-MERGE", "the answered Product lacks the merge target variant");
}

TEST(Products, ERR_4XX_InvalidMergeRejectedWithoutEffect) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    for (const json& body : {json{{"id", 1}}, json::array({{{"id", "x"}}}), json::array({json::array()})})
        expect_rejected(send(merge_variants(s.variant_id, body)), "ERR-4XX");
    expect_variants_unchanged(s.id, before, "an invalid merge");
}

// ---------------------------------------------------------------- channel metadata

TEST(Products, PRD_META_ADD_AndDelete_RecordAppearsThenIsGone) {
    SCRATCH_OR_SKIP(s);
    const std::string seller = unique("DS-SELLER");
    Exchange added = send(add_metadata(s.variant_id, metadata_request(seller)));
    if (!needs_success(added)) return;
    json record;
    for (const auto& m : variant_of(added.json(), s.variant_id).value("channel_metadata", json::array()))
        if (m.value("seller_sku", json()) == json(seller)) record = m;
    if (!expect_that(!record.is_null(), added, "PRD-META-ADD", "the answered Product lacks the new channel metadata record")) return;
    expect_that(record.value("channel_id", json()) == json(std::stoll(write_channel())) &&
                    record.value("platform", json()) == json("Dockside"),
                added, "PRD-META-ADD", "the new record does not carry the channel_id and platform sent: " + record.dump());
    const json id = record.value("id", json());
    if (!expect_that(id.is_number_integer(), added, "PRD-META-ADD", "the new record has no integer id")) return;

    Exchange deleted = send(delete_metadata(s.variant_id, id));
    if (!needs_success(deleted)) return;
    bool gone = true;
    for (const auto& m : deleted.json().value("channel_metadata", json::array()))
        gone = expect_that(m.value("id", json()) != id, deleted, "PRD-META-DELETE", "the answered Variant still holds record " + id.dump()) && gone;
    if (auto listed = list_variants(s.id))
        for (const auto& v : *listed)
            for (const auto& m : v.value("channel_metadata", json::array()))
                if (m.value("id", json()) == id) {
                    record_failure("PRD-META-DELETE", "listVariants", "deleted channel metadata " + id.dump() + " is still listed");
                    gone = false;
                }
    // Deleting it again is refused, once it is gone; a record that stayed says nothing about that.
    if (gone) expect_rejected(send(delete_metadata(s.variant_id, id)), "ERR-4XX", kMissing);
}

TEST(Products, ERR_4XX_InvalidChannelMetadataRejectedWithoutEffect) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    json bad_channel = metadata_request(unique("DS-BADMETA")), bad_price = bad_channel;
    bad_channel["channel_id"] = "abc";
    bad_price["price"] = "cheap";
    for (const json& body : {bad_channel, bad_price, json::array()})
        expect_rejected(send(add_metadata(s.variant_id, body)), "ERR-4XX");
    expect_variants_unchanged(s.id, before, "an invalid channel metadata add");
}

// ---------------------------------------------------------------- delete

TEST(Products, PRD_DELETE_DeletedProductGoneFromListAndGet) {
    SCRATCH_OR_SKIP(s);
    Exchange ex = send(delete_product(s.id));
    if (!needs_success(ex)) return;
    auto listed = listed_product(s.id);
    if (listed) expect_that(listed->is_null(), ex, "PRD-DELETE", "deleted product " + s.id.dump() + " is still in GET /product");
    expect_rejected(send(Call{.operation = "listVariants", .path = {{"productId", s.id.dump()}}}), "PRD-DELETE", kMissing);
    expect_rejected(send(delete_product(s.id)), "PRD-DELETE", kMissing);
}

// ---------------------------------------------------------------- auth

/// Every write of this area, aimed at the scratch product, with a body that would succeed.
std::vector<Call> writes_of(const Scratch& s) {
    return {patch_product(s.id, json{{"name", "refused"}}),
            create_variants(s.id, json::array({variant_request(unique("DS-REFUSED"))})),
            update_variants(s.id, json{{"id", s.variant_id}, {"name", "refused"}}),
            merge_variants(s.variant_id, json::array({{{"id", s.variant_id}}})),
            add_metadata(s.variant_id, metadata_request(unique("DS-REFUSED"))),
            delete_metadata(s.variant_id, json(1)),
            delete_product(s.id)};
}

TEST(Products, AUTH_BEARER_WritesWithoutValidTokenAre401WithoutEffect) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    for (Call call : writes_of(s))
        for (Auth auth : {Auth::None, Auth::Bad}) {
            call.auth = auth;
            expect_status(send(call), 401, "AUTH-BEARER");
        }
    expect_variants_unchanged(s.id, before, "a write without a valid token");
}

TEST(Products, AUTH_CHANNEL_WritesWithoutWriteChannelRejectedWithoutEffect) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    for (Call call : writes_of(s)) {
        call.channel = "";
        expect_rejected(send(call), "AUTH-CHANNEL");
        if (auto ro = read_only_channel()) {
            call.channel = *ro;
            expect_rejected(send(call), "AUTH-CHANNEL", kForbidden);
        }
    }
    expect_variants_unchanged(s.id, before, "a write without a write channel");
}

TEST(Products, AUTH_FORBID_WritesWithReadOnlyTokenAre403) {
    SCRATCH_OR_SKIP(s);
    const auto before = list_variants(s.id);
    for (Call call : writes_of(s)) {
        call.auth = Auth::ReadOnly;
        if (auto ro = read_only_channel()) call.channel = *ro;
        expect_status(send(call), 403, "AUTH-FORBID");
    }
    expect_variants_unchanged(s.id, before, "a write with the read-only token");
}

TEST(Products, AUTH_BEARER_ReadsWithoutValidTokenAre401) {
    for (Auth auth : {Auth::None, Auth::Bad}) {
        expect_status(send(Call{.operation = "listProducts", .auth = auth}), 401, "AUTH-BEARER");
        expect_status(send(Call{.operation = "listVariants", .path = {{"productId", "1"}}, .auth = auth}), 401, "AUTH-BEARER");
    }
}

}  // namespace
}  // namespace dockside::suites
