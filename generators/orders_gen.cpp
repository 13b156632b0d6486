#include "generators/orders_gen.h"

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

}  // namespace dockside::generators
