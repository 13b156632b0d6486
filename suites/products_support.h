#pragma once
/// Helpers of the products suite: scratch products to change and delete, and reading the lists whose
/// shapes the document does not show (GET /product, GET /product/{id}/variants: NS-OTHER-OPS-SHAPES).
/// Header-only because suites/CMakeLists.txt compiles only `*_suite.cpp`.
///
/// The API has no product create. A scratch product is made from documented pieces where possible: a
/// variant is created on an existing product (POST /product/{id}/variants) and moved out into a product
/// of its own with POST /product:moveVariants, whose body is not shown; the reference server's
/// {variant_ids, name} is used, and a target that refuses it makes the dependent tests skip, with that
/// reason. Seeded products are thus never changed or deleted, so the other suites keep their data.

#include <atomic>
#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suites/suite.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites::products {

using json = nlohmann::json;

/// A text unique to this run and call, for names and SKUs ("DS-NEW-A" → "DS-NEW-A-<run>-<n>").
inline std::string unique(const std::string& prefix) {
    const std::string tag = prefix.rfind("DS-", 0) == 0 ? prefix.substr(3) : prefix;
    return suites::unique_ref(tag);
}

/// Objects that look like products ({id, variants[]}) anywhere in the top two levels of a list answer.
inline std::vector<json> products_in(const json& answer) {
    std::vector<json> out;
    auto take = [&](const json& v) {
        if (v.is_object() && v.contains("id") && v.value("variants", json()).is_array()) out.push_back(v);
    };
    if (answer.is_array())
        for (const auto& v : answer) take(v);
    if (answer.is_object())
        for (const auto& [k, v] : answer.items())
            if (v.is_array())
                for (const auto& x : v) take(x);
    return out;
}

/// Variants ({id, …}) of a listVariants answer: an array, or an object holding one.
inline std::vector<json> variants_in(const json& answer) {
    std::vector<json> out;
    const json* list = answer.is_array() ? &answer : nullptr;
    if (answer.is_object())
        for (const char* key : {"items", "variants"})
            if (answer.value(key, json()).is_array()) list = &answer[key];
    if (list)
        for (const auto& v : *list)
            if (v.is_object() && v.contains("id")) out.push_back(v);
    return out;
}

/// The variant with this id in a Product answer, or null.
inline json variant_of(const json& product, const json& variant_id) {
    if (!product.is_object() || !product.value("variants", json()).is_array()) return nullptr;
    for (const auto& v : product["variants"])
        if (v.value("id", json()) == variant_id) return v;
    return nullptr;
}

/// The variant with this sku in a Product answer, or null.
inline json variant_with_sku(const json& product, const std::string& sku) {
    if (!product.is_object() || !product.value("variants", json()).is_array()) return nullptr;
    for (const auto& v : product["variants"])
        if (v.value("sku", json()) == json(sku)) return v;
    return nullptr;
}

/// Products of GET /product, following next links for at most `max_pages` pages and 20 s; `whole` tells
/// whether the list ended within them (a next link already followed ends it too).
inline std::optional<std::vector<json>> list_products(int max_pages = 50, bool* whole = nullptr) {
    std::vector<json> out;
    http::QueryParams query = {{"PageSize", std::to_string(undocumented_page_sizes::kCatalogue)}};
    std::set<std::string> followed;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    if (whole) *whole = false;
    for (int page = 0; page < max_pages && std::chrono::steady_clock::now() < deadline; ++page) {
        Exchange ex = send(Call{.operation = "listProducts", .query = query});
        if (!needs_success(ex)) return std::nullopt;
        for (auto& p : products_in(ex.json())) out.push_back(p);
        const json next = ex.json().is_object() ? ex.json().value("next", json()) : json();
        if (!next.is_string() || !followed.insert(next.get<std::string>()).second) {
            if (whole) *whole = !next.is_string();
            return out;
        }
        const std::string link = next.get<std::string>();
        const auto q = link.find('?');
        auto parsed = http::parse_query(q == std::string::npos ? "" : std::string_view(link).substr(q + 1));
        if (!parsed) return out;
        query = *parsed;
    }
    return out;
}

/// The product with this id in GET /product, null when the whole list lacks it; nullopt when the list
/// could not be read or did not end within the walk's bounds (not observed).
inline std::optional<json> listed_product(const json& id) {
    bool whole = false;
    auto all = list_products(50, &whole);
    if (!all) return std::nullopt;
    for (const auto& p : *all)
        if (p.value("id", json()) == id) return p;
    if (!whole) return std::nullopt;
    return json(nullptr);
}

/// The variants GET /product/{id}/variants answers (nullopt when it did not answer 200).
inline std::optional<std::vector<json>> list_variants(const json& product_id) {
    Exchange ex = send(Call{.operation = "listVariants", .path = {{"productId", product_id.dump()}}});
    if (!needs_success(ex)) return std::nullopt;
    return variants_in(ex.json());
}

/// A request-shape variant (PRD-SHAPES: weight a number, dimension without is_locked, status_id).
inline json variant_request(const std::string& sku) {
    return {{"name", "Dockside " + sku},
            {"sku", sku},
            {"is_digital", false},
            {"weight", 5.5},
            {"dimension", {{"height", 1.5}, {"length", 4.0}, {"width", 2.5}}},
            {"status_id", 1},
            {"customs", {{"country_code_of_origin", "US"}, {"description", "test goods"}, {"value", 3.25}}}};
}

/// A product of this test's own, or the reason there is none (the caller skips with it).
struct Scratch {
    json id;
    json variant_id;
    std::string reason;  ///< non-empty when no scratch product could be made
};

inline Scratch make_scratch_product() {
    SetupStep setup("making a scratch product of the test's own");
    auto all = list_products(1);  // any product will do as a host: the first page is enough
    if (!all || all->empty()) return {nullptr, nullptr, "GET /product lists no product to create a variant on"};
    const json host = all->front().value("id", json());
    const std::string sku = unique("DS-SCRATCH");
    Exchange created = send(Call{.operation = "createVariants", .path = {{"productId", host.dump()}},
                                 .body = json::array({variant_request(sku)})});
    if (created.status() < 200 || created.status() > 299)
        return {nullptr, nullptr, "creating a variant on product " + host.dump() + " answered " + std::to_string(created.status())};
    const json variant = variant_with_sku(created.json(), sku);
    // The 201 answer is the Product with the new variants (PRD-VARIANTS-CREATE): one without it is a finding
    // that blocks the test, not a target whose shapes are unknown.
    if (!expect_that(!variant.is_null(), created, "PRD-VARIANTS-CREATE", "the createVariants answer holds the created variant " + sku))
        return {nullptr, nullptr, "the created variant " + sku + " is not in the createVariants answer"};
    Exchange moved = send(Call{.operation = "moveVariants",
                               .body = json{{"variant_ids", {variant["id"]}}, {"name", "Dockside scratch " + sku}}});
    if (moved.status() < 200 || moved.status() > 299 || !moved.json().is_object() || !moved.json().contains("id"))
        return {nullptr, nullptr, "POST /product:moveVariants {variant_ids, name} answered " + std::to_string(moved.status()) +
                                      "; its shapes are not shown, so no product of the test's own can be made"};
    return {moved.json()["id"], variant["id"], ""};
}

/// Deletes the test's scratch product when the test ends, so the catalog does not grow run after run.
struct ScratchCleanup {
    const Scratch& scratch;
    ~ScratchCleanup() {
        if (scratch.reason.empty() && !scratch.id.is_null())
            send(Call{.operation = "deleteProduct", .path = {{"productId", scratch.id.dump()}}});
    }
};

}  // namespace dockside::suites::products
