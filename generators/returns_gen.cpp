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

}  // namespace dockside::generators
