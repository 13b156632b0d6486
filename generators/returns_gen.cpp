#include "generators/returns_gen.h"

#include <algorithm>

#include "generators/paging_gen.h"
#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

json line(std::int64_t id, const std::vector<std::int64_t>& accepted_actions) {
    json out = {{"id", id}, {"quantity", *gen_int_in(1, 5)}};
    // The allowed values are not shown (NS-RET-REQUESTED-ACTION-VALUES): only values the target accepted.
    if (!accepted_actions.empty() && *rc::gen::element(false, true))
        out["requested_action"] = *rc::gen::elementOf(accepted_actions);
    if (*rc::gen::weightedElement<bool>({{4, false}, {1, true}})) {
        out["lot_number"] = *gen_identifier("LOT-");
        out["lot_date"] = *gen_date_time();
    }
    return out;
}

// A subset of the pool in a drawn order: each id at most once (RET-DUP-ID).
std::vector<std::int64_t> draw_distinct(std::vector<std::int64_t> pool, std::size_t max_count) {
    std::vector<std::int64_t> out;
    auto count = static_cast<std::size_t>(*gen_int_in(1, static_cast<std::int64_t>(std::min(pool.size(), max_count))));
    while (out.size() < count) {
        auto index = *rc::gen::inRange<std::size_t>(0, pool.size());
        out.push_back(pool[index]);
        pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(index));
    }
    return out;
}

}  // namespace

rc::Gen<json> gen_return_create(const ReturnInputs& inputs) {
    return rc::gen::exec([inputs] {
        if (inputs.inventory_ids.empty()) throw rc::GenerationFailure("ReturnInputs.inventory_ids is empty");
        json body = {{"inventory", json::array()}};
        for (auto id : draw_distinct(inputs.inventory_ids, 4)) body["inventory"].push_back(line(id, inputs.accepted_actions));
        if (inputs.fulfillment_center_id != 0)
            body["fulfillment_center"] = {{"id", inputs.fulfillment_center_id}, {"name", inputs.fulfillment_center_name}};
        if (*rc::gen::weightedElement<bool>({{3, true}, {1, false}}))
            body["tracking_number"] = "1Z" + *gen_identifier("") + *gen_identifier("");
        if (*rc::gen::element(false, true)) body["reference_id"] = *gen_identifier("RMA-");
        if (*rc::gen::weightedElement<bool>({{3, false}, {1, true}})) body["original_shipment_id"] = nullptr;
        return body;
    });
}

std::vector<rc::Gen<BoundaryCase>> return_create_boundary_cases(const ReturnInputs& inputs) {
    return {make_case(gen_return_create(inputs), case_meta("RET-DUP-ID", "exactly one inventory line"),
                      [](json& body) { body["inventory"] = json::array({body["inventory"][0]}); })};
}

std::vector<rc::Gen<InvalidCase>> return_create_invalid_cases(const ReturnInputs& inputs) {
    auto base = gen_return_create(inputs);
    std::vector<rc::Gen<InvalidCase>> cases = {
        make_case(base, case_meta("RET-DUP-ID", "one inventory id listed twice"),
                  [](json& body) {
                      json copy = body["inventory"][*rc::gen::inRange<std::size_t>(0, body["inventory"].size())];
                      copy["quantity"] = *gen_int_in(1, 5);
                      auto& lines = body["inventory"];
                      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(*rc::gen::inRange<std::size_t>(0, lines.size() + 1)), copy);
                  }),
        make_case(base, case_meta("RET-ONE-ACTION", "two requested actions for one item", "RET-ONE-ACTION"),
                  [](json& body) { body["inventory"][0]["requested_action"] = json::array({1, 2}); }),
        make_case(base, case_meta("RET-DUP-ID", "inventory not an array", "RET-DUP-ID"),
                  [](json& body) { body["inventory"] = body["inventory"][0]; }),
        make_case(base, case_meta("RET-DUP-ID", "inventory id not an integer", "RET-DUP-ID"),
                  [](json& body) { body["inventory"][0]["id"] = std::to_string(body["inventory"][0]["id"].get<std::int64_t>()); }),
    };
    auto refused = [&](const std::vector<std::int64_t>& ids, const char* what) {
        if (ids.empty()) return;
        cases.push_back(make_case(base, case_meta("RET-NO-DIGITAL-BUNDLE", what), [ids](json& body) {
            json extra = {{"id", *rc::gen::elementOf(ids)}, {"quantity", 1}};
            body["inventory"].push_back(extra);
        }));
    };
    refused(inputs.digital_ids, "a digital inventory item among returnable ones");
    refused(inputs.bundle_ids, "a bundle inventory item among returnable ones");
    return cases;
}

rc::Gen<InvalidCase> gen_return_create_invalid(const ReturnInputs& inputs) {
    return gen_one_of(return_create_invalid_cases(inputs));
}

rc::Gen<json> gen_list_returns_query() {
    return rc::gen::exec([] {
        json query = *gen_return_page_query();
        if (*rc::gen::element(false, true)) {
            const auto statuses = states_of("return");
            std::vector<std::string> picked;
            for (const auto& s : statuses)
                if (*rc::gen::element(false, true)) picked.push_back(s);
            if (picked.empty()) picked.push_back(*rc::gen::elementOf(statuses));
            std::string joined;
            for (const auto& s : picked) joined += (joined.empty() ? "" : ",") + s;
            query["Status"] = joined;
        }
        if (*rc::gen::element(false, true)) {
            std::string day = *gen_date();
            query["StartDate"] = day + "T00:00:00Z";
            query["EndDate"] = day + "T23:59:59Z";
        }
        if (*rc::gen::element(false, true)) query["ReturnTypes"] = *rc::gen::elementOf(filter_values_of("listReturns", "ReturnTypes"));
        if (*rc::gen::element(false, true))
            query["ReturnActions"] = *rc::gen::elementOf(filter_values_of("listReturns", "ReturnActions"));
        return query;
    });
}

rc::Gen<InvalidCase> gen_list_returns_query_invalid() {
    auto filters = std::vector<InvalidCase>{
        Case{{{"Status", "Lost"}}, "RET-STATUS", "Status outside the return states", TextReading::AnyReading, "RET-STATUS"},
        Case{{{"Status", "Arrived,"}}, "RET-STATUS", "Status list with an empty member", TextReading::AnyReading,
             "RET-STATUS"},
        Case{{{"StartDate", "2025-13-01T00:00:00Z"}}, "RET-LIST", "StartDate in month 13", TextReading::AnyReading,
             "RET-LIST"}};
    return rc::gen::weightedOneOf<InvalidCase>({{2, gen_return_page_query_invalid()}, {1, rc::gen::elementOf(filters)}});
}

}  // namespace dockside::generators
