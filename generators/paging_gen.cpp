#include "generators/paging_gen.h"

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

// What a harness sends where the document gives no range (NS-LIST-DEFAULTS: explicit values only):
// small pages that any server serves.
constexpr std::int64_t kUndocumentedPageSize = 100;

Case query_case(json query, std::string rule, std::string what, std::string schema_rule) {
    return Case{std::move(query), std::move(rule), std::move(what), TextReading::AnyReading, std::move(schema_rule)};
}

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

std::string param_name(const std::string& reference) { return reference.substr(reference.find('.') + 1); }

}  // namespace

std::vector<BoundaryCase> int_param_boundaries(const std::string& reference) {
    const std::string name = param_name(reference);
    const std::string rule = rule_of(reference);
    const auto low = minimum_of(reference);
    const auto high = maximum_of(reference);
    return {query_case({{name, low}}, rule, name + " " + std::to_string(low) + " (minimum)", ""),
            query_case({{name, high}}, rule, name + " " + std::to_string(high) + " (maximum)", "")};
}

std::vector<InvalidCase> int_param_invalid_cases(const std::string& reference) {
    const std::string name = param_name(reference);
    const std::string rule = rule_of(reference);
    const auto low = minimum_of(reference);
    const auto high = maximum_of(reference);
    return {query_case({{name, low - 1}}, rule, name + " " + std::to_string(low - 1) + " (one below " + std::to_string(low) + ")", rule),
            query_case({{name, high + 1}}, rule, name + " " + std::to_string(high + 1) + " (one above " + std::to_string(high) + ")", rule),
            query_case({{name, "ten"}}, rule, name + " not an integer", rule)};
}

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

std::vector<BoundaryCase> order_page_boundaries() {
    auto out = int_param_boundaries("listOrders.Limit");
    for (auto& c : int_param_boundaries("listOrders.Page")) out.push_back(std::move(c));
    return out;
}

std::vector<InvalidCase> order_page_invalid_cases() {
    auto out = int_param_invalid_cases("listOrders.Limit");
    auto page = int_param_invalid_cases("listOrders.Page");
    out.insert(out.end(), page.begin(), page.end() - 1);  // "not an integer" once is enough
    if (minimum_of("listOrders.Page") > -1)
        out.push_back(query_case({{"Page", -1}}, rule_of("listOrders.Page"), "Page -1", rule_of("listOrders.Page")));
    return out;
}

rc::Gen<InvalidCase> gen_order_page_query_invalid() { return rc::gen::elementOf(order_page_invalid_cases()); }

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

std::vector<BoundaryCase> return_page_boundaries() { return int_param_boundaries("listReturns.Cursor"); }

std::vector<InvalidCase> return_page_invalid_cases() {
    auto out = int_param_invalid_cases("listReturns.Cursor");
    out.back().value = {{"Cursor", "first"}};
    return out;
}

rc::Gen<InvalidCase> gen_return_page_query_invalid() { return rc::gen::elementOf(return_page_invalid_cases()); }

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
