#include "generators/paging_gen.h"

#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

Case query_case(json query, const char* rule, std::string what, const char* schema_rule) {
    return Case{std::move(query), rule, std::move(what), TextReading::AnyReading, schema_rule};
}

// An optional member: absent half of the time, so the service's defaults are exercised too.
void maybe_set(json& query, const char* name, std::optional<std::int64_t> value) {
    if (value) query[name] = *value;
}

rc::Gen<std::optional<std::int64_t>> gen_optional(rc::Gen<std::int64_t> gen) {
    return rc::gen::weightedOneOf<std::optional<std::int64_t>>(
        {{1, rc::gen::just(std::optional<std::int64_t>())}, {2, rc::gen::cast<std::optional<std::int64_t>>(gen)}});
}

}  // namespace

rc::Gen<json> gen_order_page_query() {
    auto page = rc::gen::weightedOneOf<std::int64_t>({{8, gen_int_in(1, 20)}, {1, gen_int_in(1, kMaxInt32)}});
    return rc::gen::apply(
        [](std::optional<std::int64_t> p, std::optional<std::int64_t> limit) {
            json query = json::object();
            maybe_set(query, "Page", p);
            maybe_set(query, "Limit", limit);
            return query;
        },
        gen_optional(page), gen_optional(gen_int_in(1, 250)));
}

std::vector<BoundaryCase> order_page_boundaries() {
    return {query_case({{"Limit", 1}}, "ORD-LIST-LIMIT", "Limit 1 (minimum)", ""),
            query_case({{"Limit", 250}}, "ORD-LIST-LIMIT", "Limit 250 (maximum)", ""),
            query_case({{"Page", 1}}, "ORD-LIST-LIMIT", "Page 1 (minimum)", ""),
            query_case({{"Page", kMaxInt32}}, "ORD-LIST-LIMIT", "Page 2147483647 (maximum)", "")};
}

std::vector<InvalidCase> order_page_invalid_cases() {
    return {query_case({{"Limit", 0}}, "ORD-LIST-LIMIT", "Limit 0 (one below 1)", "ORD-LIST-LIMIT"),
            query_case({{"Limit", 251}}, "ORD-LIST-LIMIT", "Limit 251 (one above 250)", "ORD-LIST-LIMIT"),
            query_case({{"Limit", "ten"}}, "ORD-LIST-LIMIT", "Limit not an integer", "ORD-LIST-LIMIT"),
            query_case({{"Page", 0}}, "ORD-LIST-LIMIT", "Page 0 (one below 1)", "ORD-LIST-LIMIT"),
            query_case({{"Page", kMaxInt32 + 1}}, "ORD-LIST-LIMIT", "Page 2147483648 (one above int32)",
                       "ORD-LIST-LIMIT"),
            query_case({{"Page", -1}}, "ORD-LIST-LIMIT", "Page -1", "ORD-LIST-LIMIT")};
}

rc::Gen<InvalidCase> gen_order_page_query_invalid() { return rc::gen::elementOf(order_page_invalid_cases()); }

rc::Gen<json> gen_return_page_query() {
    auto cursor = rc::gen::weightedOneOf<std::int64_t>({{8, gen_int_in(1, 20)}, {1, gen_int_in(1, kMaxInt32)}});
    return rc::gen::apply(
        [](std::optional<std::int64_t> c, std::optional<std::int64_t> limit) {
            json query = json::object();
            maybe_set(query, "Cursor", c);
            maybe_set(query, "Limit", limit);
            return query;
        },
        gen_optional(cursor), gen_optional(gen_int_in(1, 100)));
}

std::vector<BoundaryCase> return_page_boundaries() {
    return {query_case({{"Cursor", 1}}, "RET-LIST", "Cursor 1 (minimum)", ""),
            query_case({{"Cursor", kMaxInt32}}, "RET-LIST", "Cursor 2147483647 (maximum)", "")};
}

std::vector<InvalidCase> return_page_invalid_cases() {
    return {query_case({{"Cursor", 0}}, "RET-LIST", "Cursor 0 (one below 1)", "RET-LIST"),
            query_case({{"Cursor", kMaxInt32 + 1}}, "RET-LIST", "Cursor 2147483648 (one above 2147483647)",
                       "RET-LIST"),
            query_case({{"Cursor", "first"}}, "RET-LIST", "Cursor not an integer", "RET-LIST")};
}

rc::Gen<InvalidCase> gen_return_page_query_invalid() { return rc::gen::elementOf(return_page_invalid_cases()); }

rc::Gen<json> gen_records_page_query() {
    auto cursor = rc::gen::weightedOneOf<std::optional<std::string>>(
        {{2, rc::gen::just(std::optional<std::string>())},
         {1, rc::gen::cast<std::optional<std::string>>(gen_identifier(""))}});
    return rc::gen::apply(
        [](std::optional<std::int64_t> records, std::optional<std::string> c) {
            json query = json::object();
            maybe_set(query, "RecordsPerPage", records);
            if (c) query["Cursor"] = *c;
            return query;
        },
        gen_optional(gen_int_in(1, 100)), cursor);
}

}  // namespace dockside::generators
