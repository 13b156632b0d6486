#include "generators/paging_gen.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

// What a harness sends where the document gives no range (NS-LIST-DEFAULTS: explicit values only):
// small pages that any server serves.
constexpr std::int64_t kUndocumentedPageSize = 100;

// An optional member: absent half of the time, so the service's defaults are exercised too.
void maybe_set(json& query, const char* name, std::optional<std::int64_t> value) {
    if (value) query[name] = *value;
}

rc::Gen<std::optional<std::int64_t>> gen_optional(rc::Gen<std::int64_t> gen) {
    return rc::gen::weightedOneOf<std::optional<std::int64_t>>(
        {{1, rc::gen::just(std::optional<std::int64_t>())}, {2, rc::gen::cast<std::optional<std::int64_t>>(gen)}});
}

/// Mostly the first pages of a range, sometimes anywhere in it.
rc::Gen<std::int64_t> gen_early_position(const std::string& reference) {
    const auto low = minimum_of(reference);
    const auto high = maximum_of(reference);
    return rc::gen::weightedOneOf<std::int64_t>({{8, gen_int_in(low, std::min(high, low + 19))}, {1, gen_int_in(low, high)}});
}

}  // namespace

rc::Gen<json> gen_order_page_query() {
    return rc::gen::apply(
        [](std::optional<std::int64_t> p, std::optional<std::int64_t> limit) {
            json query = json::object();
            maybe_set(query, "Page", p);
            maybe_set(query, "Limit", limit);
            return query;
        },
        gen_optional(gen_early_position("listOrders.Page")),
        gen_optional(gen_int_in(minimum_of("listOrders.Limit"), maximum_of("listOrders.Limit"))));
}

rc::Gen<json> gen_return_page_query() {
    return rc::gen::apply(
        [](std::optional<std::int64_t> c, std::optional<std::int64_t> limit) {
            json query = json::object();
            maybe_set(query, "Cursor", c);
            maybe_set(query, "Limit", limit);
            return query;
        },
        gen_optional(gen_early_position("listReturns.Cursor")), gen_optional(gen_int_in(1, kUndocumentedPageSize)));
}

rc::Gen<json> gen_records_page_query() {
    // No Cursor: cursors are opaque and only the server issues them (NS-CURSOR-FORMAT); a next link
    // carries one.
    return rc::gen::map(gen_optional(gen_int_in(1, kUndocumentedPageSize)), [](std::optional<std::int64_t> records) {
        json query = json::object();
        maybe_set(query, "RecordsPerPage", records);
        return query;
    });
}

}  // namespace dockside::generators
