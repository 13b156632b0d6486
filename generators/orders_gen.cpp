#include "generators/orders_gen.h"

#include <memory>

#include "generators/paging_gen.h"
#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

const std::vector<std::string> kCities = {"Chicago", "Austin", "Portland", "Toronto", "München", "São Paulo",
                                          "Zürich", "東京", "Lyon", "Denver"};
const std::vector<std::string> kCountries = {"US", "US", "US", "CA", "DE", "BR", "CH", "JP", "FR", "GB"};
const std::vector<std::string> kFirstNames = {"Ana", "Jon", "Mei", "José", "Zoë", "Björn", "Priya", "Sam"};
const std::vector<std::string> kLastNames = {"Smith", "Müller", "García", "O'Neil", "Tanaka", "Nguyen", "Kowalski"};
const std::vector<std::string> kShippingMethods = {"Standard", "Expedited", "2-Day", "Overnight", "Ground"};

// OrderCreateRequest fields; every documented limit on them is read from the run's spec.
std::string field(const char* name) { return std::string("OrderCreateRequest.") + name; }

// A text of exactly `count` characters that starts with the run's prefix (for reference ids).
std::string prefixed_exactly(const std::string& prefix, std::size_t count, TextReading reading) {
    if (prefix.size() >= count) return *gen_text_exactly(count, reading);
    return prefix + *gen_text_exactly(count - prefix.size(), reading);
}

std::size_t max_len(const char* name) { return static_cast<std::size_t>(max_length_of(field(name))); }

rc::Gen<json> gen_realistic_order(const OrderInputs& inputs);

// Every optional field present, text drawn from the whole alphabet within the documented limits.
rc::Gen<json> gen_full_order(const OrderInputs& inputs) {
    return rc::gen::exec([inputs] {
        json body = *gen_realistic_order(inputs);
        for (const char* name : {"gift_message", "order_number", "origin_platform_program", "sales_channel"})
            body[name] = *gen_text(0, max_len(name));
        const auto method_min = static_cast<std::size_t>(min_length_of(field("shipping_method")));
        body["shipping_method"] = *gen_text(method_min, method_min + 39);
        body["purchase_date"] = *gen_date_time();
        body["tags"] = json::array({{{"name", *gen_text(1, 20)}, {"value", *gen_text(0, 40)}}});
        body["financials"] = {{"total_price", static_cast<double>(*gen_int_in(0, 10000000)) / 100.0}};
        body["shipping_terms"] = {{"carrier_type", *gen_words(1, 2)}, {"payment_term", *gen_words(1, 2)}};
        body["retailer_program_data"] = {{"purchase_order_number", *gen_identifier("PO-")},
                                         {"shipByDate", *gen_date_time()},
                                         {"doNotShipBeforeDate", *gen_date_time()},
                                         {"addresses", json::array({*gen_address()})}};
        return body;
    });
}

rc::Gen<json> gen_realistic_order(const OrderInputs& inputs) {
    return rc::gen::exec([inputs] {
        json body = {{"recipient", *gen_recipient()}, {"reference_id", *gen_identifier(inputs.reference_prefix)}};
        auto lines = *gen_int_in(1, 3);
        body["products"] = json::array();
        for (std::int64_t i = 0; i < lines; ++i) body["products"].push_back(*gen_order_line(inputs));
        if (*rc::gen::element(false, true)) body["order_number"] = "#" + std::to_string(*gen_int_in(1000, 999999));
        if (*rc::gen::element(false, true)) body["shipping_method"] = *rc::gen::elementOf(kShippingMethods);
        if (*rc::gen::element(false, true)) body["type"] = *rc::gen::elementOf(enum_strings_of(field("type")));
        if (*rc::gen::element(false, false, true)) body["gift_message"] = "Happy birthday, " + *rc::gen::elementOf(kFirstNames) + "!";
        if (*rc::gen::element(false, true)) body["purchase_date"] = *gen_date_time();
        return body;
    });
}

// Sets (or replaces) one member of the body.
Change set_field(std::string name, json value) {
    return [name = std::move(name), value = std::move(value)](json& body) { body[name] = value; };
}

}  // namespace

rc::Gen<json> gen_address() {
    return rc::gen::apply(
        [](std::int64_t number, const std::string& street, const std::string& city, const std::string& country,
           std::int64_t zip, const std::string& company) {
            json address = {{"address1", std::to_string(number) + " " + street + " Street"},
                            {"city", city},
                            {"country", country},
                            {"state", country == "US" ? "IL" : "ON"},
                            {"zip_code", std::to_string(zip)}};
            if (!company.empty()) address["company_name"] = company;
            if (number % 3 == 0) address["address2"] = "Suite " + std::to_string(number % 400 + 1);
            return address;
        },
        gen_int_in(1, 9999), gen_words(1, 2), rc::gen::elementOf(kCities), rc::gen::elementOf(kCountries),
        gen_int_in(10000, 99999),
        rc::gen::weightedOneOf<std::string>({{2, rc::gen::just(std::string())}, {1, gen_words(1, 3)}}));
}

rc::Gen<json> gen_recipient() {
    return rc::gen::apply(
        [](const std::string& first, const std::string& last, const std::string& email, std::int64_t phone,
           const json& address) {
            return json{{"name", first + " " + last},
                        {"email", email},
                        {"phone_number", "+1 555 " + std::to_string(phone)},
                        {"address", address}};
        },
        rc::gen::elementOf(kFirstNames), rc::gen::elementOf(kLastNames), gen_email(), gen_int_in(1000000, 9999999),
        gen_address());
}

rc::Gen<json> gen_order_line(const OrderInputs& inputs) {
    if (inputs.product_ids.empty())
        return rc::gen::apply(
            [](const std::string& ref, const std::string& name, std::int64_t quantity) {
                return json{{"reference_id", ref}, {"name", name}, {"quantity", quantity}};
            },
            gen_identifier("SKU-"), gen_words(1, 3), gen_int_in(1, 5));
    return rc::gen::apply(
        [](std::int64_t id, std::int64_t quantity) { return json{{"id", id}, {"quantity", quantity}}; },
        rc::gen::elementOf(inputs.product_ids), gen_int_in(1, 5));
}

rc::Gen<json> gen_order_create(const OrderInputs& inputs) {
    return rc::gen::weightedOneOf<json>({{4, gen_realistic_order(inputs)}, {1, gen_full_order(inputs)}});
}

namespace {

std::string characters(std::int64_t count, TextReading reading) {
    if (count == 0) return "0 characters";
    const char* kind = reading == TextReading::CodePoints ? " multi-byte character" : " ASCII character";
    return std::to_string(count) + kind + (count == 1 ? "" : "s");
}

/// The cases at (or, with `step` 1 / -1, one past) the length limits of one text field: at max (and at
/// min when it is above 0), each in ASCII and, when `multibyte`, in multi-byte text.
void add_length_cases(std::vector<rc::Gen<Case>>& out, const rc::Gen<json>& base, const char* name, int step,
                      bool multibyte, const std::string& prefix = "") {
    const auto limits = limits_of(field(name));
    const std::string rule = rule_of(field(name));
    const std::string schema_rule = step == 0 ? "" : rule;
    std::vector<std::int64_t> counts;
    if (limits.length.max) counts.push_back(*limits.length.max + step);
    if (limits.length.min && *limits.length.min > 0) counts.push_back(*limits.length.min - step);
    for (const auto count : counts) {
        if (count < 0) continue;
        for (auto reading : {TextReading::AnyReading, TextReading::CodePoints}) {
            if (reading == TextReading::CodePoints && (!multibyte || count == 0)) continue;
            // A unique field keeps the run's prefix so reruns against one target do not collide.
            const bool keep_prefix = !prefix.empty() && static_cast<std::size_t>(count) > prefix.size();
            std::string what = std::string(name) + " of " + characters(count, reading) + (keep_prefix ? " (run prefix included)" : "");
            out.push_back(make_case(base, case_meta(rule, what, schema_rule, reading), [=](json& body) {
                body[name] = keep_prefix ? prefixed_exactly(prefix, static_cast<std::size_t>(count), reading)
                                         : *gen_text_exactly(static_cast<std::size_t>(count), reading);
            }));
        }
    }
}

}  // namespace

std::vector<rc::Gen<BoundaryCase>> order_create_boundary_cases(const OrderInputs& inputs) {
    auto base = gen_realistic_order(inputs);
    std::vector<rc::Gen<BoundaryCase>> cases;
    add_length_cases(cases, base, "gift_message", 0, true);
    add_length_cases(cases, base, "order_number", 0, true);
    add_length_cases(cases, base, "reference_id", 0, true, inputs.reference_prefix);
    add_length_cases(cases, base, "origin_platform_program", 0, false);
    add_length_cases(cases, base, "sales_channel", 0, false);
    add_length_cases(cases, base, "shipping_method", 0, false);
    const auto min_products = static_cast<std::size_t>(min_items_of(field("products")));
    cases.push_back(make_case(base, case_meta(rule_of(field("products")), "exactly " + std::to_string(min_products) + " product(s)"),
                              [min_products](json& body) {
                                  auto& lines = body["products"];
                                  while (lines.size() < min_products) lines.push_back(lines[0]);
                                  lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(min_products), lines.end());
                              }));
    return cases;
}

rc::Gen<BoundaryCase> gen_order_create_boundary(const OrderInputs& inputs) {
    return gen_one_of(order_create_boundary_cases(inputs));
}

std::vector<rc::Gen<InvalidCase>> order_create_invalid_cases(const OrderInputs& inputs) {
    auto base = gen_realistic_order(inputs);
    std::vector<rc::Gen<InvalidCase>> cases;
    // max+1 code points are over the limit under every reading; the multi-byte case still catches a
    // target that counts something else on the other side of the limit.
    add_length_cases(cases, base, "gift_message", 1, true);
    add_length_cases(cases, base, "order_number", 1, false);
    add_length_cases(cases, base, "reference_id", 1, false, inputs.reference_prefix);
    add_length_cases(cases, base, "origin_platform_program", 1, false);
    add_length_cases(cases, base, "sales_channel", 1, false);
    add_length_cases(cases, base, "shipping_method", 1, false);
    const std::string gift_rule = rule_of(field("gift_message"));
    const std::string req = rule_of(field("products"));
    const auto min_products = static_cast<std::size_t>(min_items_of(field("products")));
    const std::string type_rule = rule_of(field("type"));
    const std::string location = field("location_id");
    const auto past_location = format_maximum_of(location) + 1;
    auto with = [&](std::vector<rc::Gen<InvalidCase>> more) { cases.insert(cases.end(), more.begin(), more.end()); };
    with({
        make_case(base, case_meta(gift_rule, "gift_message not a string", gift_rule), set_field("gift_message", 7)),
        make_case(base, case_meta(req, "products with " + std::to_string(min_products - 1) + " items (below minItems)", req),
                  [min_products](json& body) {
                      auto& lines = body["products"];
                      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(std::min(lines.size(), min_products - 1)), lines.end());
                  }),
        make_case(base, case_meta(req, "products missing", req), [](json& body) { body.erase("products"); }),
        make_case(base, case_meta(req, "recipient missing", req), [](json& body) { body.erase("recipient"); }),
        make_case(base, case_meta(req, "products not an array", req), [](json& body) { body["products"] = body["products"][0]; }),
        make_case(base, case_meta(type_rule, "type outside the enum", type_rule),
                  set_field("type", outside_enum_of(field("type"), "Retail"))),
        make_case(base, case_meta("ORD-PRODUCT-NAME", "line by unknown reference_id without name"),
                  [](json& body) {
                      body["products"] = json::array(
                          {{{"reference_id", *gen_identifier("DS-MISSING-")}, {"quantity", *gen_int_in(1, 3)}}});
                  }),
        make_case(base, case_meta("CONV-TYPES", "location_id " + std::to_string(past_location) + " (past its format)", req),
                  set_field("location_id", past_location)),
        make_case(base, case_meta("CONV-TYPES", "purchase_date not a date-time", req), set_field("purchase_date", "yesterday")),
    });
    return cases;
}

rc::Gen<InvalidCase> gen_order_create_invalid(const OrderInputs& inputs) {
    return gen_one_of(order_create_invalid_cases(inputs));
}

rc::Gen<json> gen_estimate_request(const OrderInputs& inputs) {
    return rc::gen::exec([inputs] {
        json body = {{"address", *gen_address()}, {"products", json::array()}};
        auto lines = *gen_int_in(1, 3);
        for (std::int64_t i = 0; i < lines; ++i) {
            json line = {{"quantity", *gen_int_in(1, 10)}};
            bool by_id = !inputs.product_ids.empty() && *rc::gen::weightedElement<bool>({{3, true}, {1, false}});
            if (by_id) line["id"] = *rc::gen::elementOf(inputs.product_ids);
            else line["reference_id"] = *gen_identifier("SKU-");
            body["products"].push_back(line);
        }
        if (*rc::gen::element(false, true)) {
            body["shipping_methods"] = json::array();
            for (std::int64_t i = *gen_int_in(1, 2); i > 0; --i)
                body["shipping_methods"].push_back(*rc::gen::elementOf(kShippingMethods));
        }
        return body;
    });
}

std::vector<rc::Gen<InvalidCase>> estimate_request_invalid_cases(const OrderInputs& inputs) {
    auto base = gen_estimate_request(inputs);
    return {
        make_case(base, case_meta("ORD-ESTIMATE", "product with neither id nor reference_id", "ORD-ESTIMATE"),
                  [](json& body) { body["products"][0] = {{"quantity", 1}}; }),
        make_case(base, case_meta("ORD-ESTIMATE", "address missing", "ORD-ESTIMATE"), [](json& body) { body.erase("address"); }),
        make_case(base, case_meta("ORD-ESTIMATE", "products missing", "ORD-ESTIMATE"),
                  [](json& body) { body.erase("products"); }),
        make_case(base, case_meta("ORD-ESTIMATE-METHODS", "shipping_methods not an array", "ORD-ESTIMATE-METHODS"),
                  set_field("shipping_methods", "Standard")),
    };
}

rc::Gen<InvalidCase> gen_estimate_request_invalid(const OrderInputs& inputs) {
    return gen_one_of(estimate_request_invalid_cases(inputs));
}

rc::Gen<json> gen_list_orders_query() {
    return rc::gen::exec([] {
        json query = *gen_order_page_query();
        if (*rc::gen::element(false, true)) {
            auto first = *gen_int_in(1, 100000);
            query["IDs"] = std::to_string(first) + "," + std::to_string(first + *gen_int_in(1, 50));
        }
        if (*rc::gen::element(false, true)) {
            // Both bounds from one date so StartDate never follows EndDate.
            query["StartDate"] = *gen_date() + "T00:00:00Z";
            query["EndDate"] = query["StartDate"].get<std::string>().substr(0, 10) + "T23:59:59Z";
        }
        if (*rc::gen::element(false, true)) query["HasTracking"] = *rc::gen::element(true, false);
        if (*rc::gen::element(false, true)) query["IsTrackingUploaded"] = *rc::gen::element(true, false);
        return query;
    });
}

rc::Gen<InvalidCase> gen_list_orders_query_invalid() {
    auto filters = std::vector<InvalidCase>{
        Case{{{"StartDate", "last tuesday"}}, "ORD-LIST-FILTERS", "StartDate not a date-time", TextReading::AnyReading,
             "ORD-LIST-FILTERS"},
        Case{{{"HasTracking", "maybe"}}, "ORD-LIST-FILTERS", "HasTracking not a boolean", TextReading::AnyReading,
             "ORD-LIST-FILTERS"}};
    return rc::gen::weightedOneOf<InvalidCase>(
        {{3, gen_order_page_query_invalid()}, {1, rc::gen::elementOf(filters)}});
}

}  // namespace dockside::generators
