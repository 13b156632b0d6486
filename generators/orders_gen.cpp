#include "generators/orders_gen.h"

#include <memory>

#include "generators/paging_gen.h"
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

// A text of exactly `count` characters that starts with the run's prefix (for reference ids).
std::string prefixed_exactly(const std::string& prefix, std::size_t count, TextReading reading) {
    if (prefix.size() >= count) return *gen_text_exactly(count, reading);
    return prefix + *gen_text_exactly(count - prefix.size(), reading);
}

rc::Gen<json> gen_realistic_order(const OrderInputs& inputs);

// Every optional field present, text drawn from the whole alphabet within the documented limits.
rc::Gen<json> gen_full_order(const OrderInputs& inputs) {
    return rc::gen::exec([inputs] {
        json body = *gen_realistic_order(inputs);
        body["gift_message"] = *gen_text(0, 500);
        body["order_number"] = *gen_text(0, 400);
        body["origin_platform_program"] = *gen_text(0, 100);
        body["sales_channel"] = *gen_text(0, 100);
        body["shipping_method"] = *gen_text(1, 40);
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
        if (*rc::gen::element(false, true)) body["type"] = *rc::gen::element<std::string>("DTC", "DropShip", "B2B");
        if (*rc::gen::element(false, false, true)) body["gift_message"] = "Happy birthday, " + *rc::gen::elementOf(kFirstNames) + "!";
        if (*rc::gen::element(false, true)) body["purchase_date"] = *gen_date_time();
        return body;
    });
}

// Sets (or replaces) one member of the body.
Change set_field(std::string name, json value) {
    return [name = std::move(name), value = std::move(value)](json& body) { body[name] = value; };
}

Change set_text(std::string name, std::size_t count, TextReading reading) {
    return [name = std::move(name), count, reading](json& body) { body[name] = *gen_text_exactly(count, reading); };
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

std::vector<rc::Gen<BoundaryCase>> order_create_boundary_cases(const OrderInputs& inputs) {
    auto base = gen_realistic_order(inputs);
    auto cp = TextReading::CodePoints;
    auto prefix = inputs.reference_prefix;
    auto reference = [prefix](std::size_t count, TextReading reading) -> Change {
        return [prefix, count, reading](json& body) { body["reference_id"] = prefixed_exactly(prefix, count, reading); };
    };
    return {
        make_case(base, case_meta("ORD-GIFT-500", "gift_message of 500 ASCII characters"), set_text("gift_message", 500, TextReading::AnyReading)),
        make_case(base, case_meta("ORD-GIFT-500", "gift_message of 500 multi-byte characters", "", cp),
                  set_text("gift_message", 500, cp)),
        make_case(base, case_meta("ORD-NUMBER-400", "order_number of 400 ASCII characters"), set_text("order_number", 400, TextReading::AnyReading)),
        make_case(base, case_meta("ORD-NUMBER-400", "order_number of 400 multi-byte characters", "", cp),
                  set_text("order_number", 400, cp)),
        make_case(base, case_meta("ORD-REF-1-300", "reference_id of 1 character"), set_text("reference_id", 1, TextReading::AnyReading)),
        make_case(base, case_meta("ORD-REF-1-300", "reference_id of 300 ASCII characters"), reference(300, TextReading::AnyReading)),
        make_case(base, case_meta("ORD-REF-1-300", "reference_id of 300 characters, multi-byte after the prefix", "", cp),
                  reference(300, cp)),
        make_case(base, case_meta("ORD-ORIGIN-100", "origin_platform_program of 100 characters"),
                  set_text("origin_platform_program", 100, TextReading::AnyReading)),
        make_case(base, case_meta("ORD-SALES-100", "sales_channel of 100 characters"), set_text("sales_channel", 100, TextReading::AnyReading)),
        make_case(base, case_meta("ORD-REQ", "exactly one product"),
                  [](json& body) { body["products"] = json::array({body["products"][0]}); }),
        make_case(base, case_meta("ORD-SHIPMETHOD", "shipping_method of 1 character"), set_text("shipping_method", 1, TextReading::AnyReading)),
    };
}

rc::Gen<BoundaryCase> gen_order_create_boundary(const OrderInputs& inputs) {
    return gen_one_of(order_create_boundary_cases(inputs));
}

std::vector<rc::Gen<InvalidCase>> order_create_invalid_cases(const OrderInputs& inputs) {
    auto base = gen_realistic_order(inputs);
    auto any = TextReading::AnyReading;
    auto cp = TextReading::CodePoints;
    auto prefix = inputs.reference_prefix;
    return {
        make_case(base, case_meta("ORD-GIFT-500", "gift_message of 501 ASCII characters", "ORD-GIFT-500"),
                  set_text("gift_message", 501, any)),
        // 501 code points are over the limit under every reading; the case still uses multi-byte
        // text so a target that counts something else is caught on the other side of the limit.
        make_case(base, case_meta("ORD-GIFT-500", "gift_message of 501 multi-byte characters", "ORD-GIFT-500"),
                  set_text("gift_message", 501, cp)),
        make_case(base, case_meta("ORD-GIFT-500", "gift_message not a string", "ORD-GIFT-500"), set_field("gift_message", 500)),
        make_case(base, case_meta("ORD-NUMBER-400", "order_number of 401 characters", "ORD-NUMBER-400"),
                  set_text("order_number", 401, any)),
        make_case(base, case_meta("ORD-REF-1-300", "reference_id of 0 characters", "ORD-REF-1-300"),
                  set_field("reference_id", "")),
        make_case(base, case_meta("ORD-REF-1-300", "reference_id of 301 characters", "ORD-REF-1-300"),
                  [prefix](json& body) { body["reference_id"] = prefixed_exactly(prefix, 301, TextReading::AnyReading); }),
        make_case(base, case_meta("ORD-ORIGIN-100", "origin_platform_program of 101 characters", "ORD-ORIGIN-100"),
                  set_text("origin_platform_program", 101, any)),
        make_case(base, case_meta("ORD-SALES-100", "sales_channel of 101 characters", "ORD-SALES-100"),
                  set_text("sales_channel", 101, any)),
        make_case(base, case_meta("ORD-REQ", "products empty", "ORD-REQ"), set_field("products", json::array())),
        make_case(base, case_meta("ORD-REQ", "products missing", "ORD-REQ"), [](json& body) { body.erase("products"); }),
        make_case(base, case_meta("ORD-REQ", "recipient missing", "ORD-REQ"), [](json& body) { body.erase("recipient"); }),
        make_case(base, case_meta("ORD-REQ", "products not an array", "ORD-REQ"),
                  [](json& body) { body["products"] = body["products"][0]; }),
        make_case(base, case_meta("ORD-TYPE", "type outside DTC, DropShip, B2B", "ORD-TYPE"), set_field("type", "Retail")),
        make_case(base, case_meta("ORD-SHIPMETHOD", "shipping_method of 0 characters", "ORD-SHIPMETHOD"),
                  set_field("shipping_method", "")),
        make_case(base, case_meta("ORD-PRODUCT-NAME", "line by unknown reference_id without name"),
                  [](json& body) {
                      body["products"] = json::array(
                          {{{"reference_id", *gen_identifier("DS-MISSING-")}, {"quantity", *gen_int_in(1, 3)}}});
                  }),
        make_case(base, case_meta("CONV-TYPES", "location_id 2147483648 (past int32)", "ORD-REQ"),
                  set_field("location_id", kMaxInt32 + 1)),
        make_case(base, case_meta("CONV-TYPES", "purchase_date not a date-time", "ORD-REQ"),
                  set_field("purchase_date", "yesterday")),
    };
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
