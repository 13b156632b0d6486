// The returns area: POST /return (RET-REQ, RET-DUP-ID, RET-NO-DIGITAL-BUNDLE, RET-ONE-ACTION,
// RET-DEFAULT-ACTION, RET-CREATED), GET /return (returns_list.cpp) and POST /return/{id}:cancel
// (RET-CANCEL, RET-FROZEN, RET-NOT-AWAITING).
// Stances (rules.yaml not_shown): requested_action 1 Restock, 2 Quarantine, 3 Dispose, anything else 400;
// duplicate or digital/bundle lines 400 naming the line; cancel outside AwaitingArrival 409 invalid_state;
// cancel answers 200 with the return in list shape; unknown inventory ids 400; quantity defaults to 1;
// an omitted fulfillment_center means the first seeded one; return_type of API-created returns is Regular;
// invoice_amount is 2.50 per returned unit.

#include <set>

#include "refserver/api/returns_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/json_body.h"

namespace dockside::refserver {
namespace {

inline constexpr double kFeePerUnit = 2.5;

/// Reads one create line; checks existence, digital/bundle and duplicates. Errors go to `r`.
std::optional<ReturnLine> read_line(BodyReader& r, const nlohmann::json& item, std::size_t i, const RequestContext& ctx,
                                    std::set<std::int64_t>& seen, std::set<std::int64_t>& with_action) {
    const std::string where = "inventory[" + std::to_string(i) + "]";
    if (!item.is_object()) {
        r.fail(validation_error(where, "each inventory line must be an object", "RET-REQ"));
        return std::nullopt;
    }
    BodyReader line_reader = r.nested(item, "inventory[" + std::to_string(i) + "]");
    ReturnLine line;
    // A line without an id names nothing to return; refused, and not judged (NS-RETURN-CREATE-OPTIONAL-FIELDS).
    auto id = line_reader.int64("id", Need::Required);
    line.quantity = line_reader.int32("quantity", Need::Optional, 1, INT32_MAX).value_or(1);
    // The codes are the server's own (NS-RET-REQUESTED-ACTION-VALUES): 1-based positions in kReturnActions.
    auto action = line_reader.int32("requested_action", Need::Optional, 1, static_cast<std::int64_t>(kReturnActions.size()),
                                    "RET-ONE-ACTION");
    line.lot_number = line_reader.string("lot_number", Need::Optional);
    line.lot_date = line_reader.datetime("lot_date", Need::Optional);
    if (r.error() || !id) return std::nullopt;
    const nlohmann::json* inv = ctx.store.catalog.inventory_item(*id);
    if (!inv) {
        r.fail(validation_error(where + ".id", "no inventory item with id " + std::to_string(*id), "RET-REQ"));
        return std::nullopt;
    }
    // RET-ONE-ACTION fault: a repeated id passes when one of its lines names an action of its own.
    const bool second_action = ctx.faults.on(Fault::ReturnSecondActionAccepted) && (action || with_action.count(*id));
    if (action) with_action.insert(*id);
    if (!seen.insert(*id).second && !ctx.faults.on(Fault::ReturnDuplicateIdsAccepted) && !second_action) {
        r.fail(validation_error(where + ".id", "inventory id " + std::to_string(*id) + " appears more than once",
                                "RET-DUP-ID"));
        return std::nullopt;
    }
    const auto variant = inv->value("variant", nlohmann::json::object());
    if (variant.value("is_digital", false) && !ctx.faults.on(Fault::ReturnDigitalAccepted)) {
        r.fail(validation_error(where + ".id", "digital inventory items cannot be returned", "RET-NO-DIGITAL-BUNDLE"));
        return std::nullopt;
    }
    if (variant.value("is_bundle", false) && !ctx.faults.on(Fault::ReturnBundleAccepted)) {
        r.fail(validation_error(where + ".id", "bundle inventory items cannot be returned", "RET-NO-DIGITAL-BUNDLE"));
        return std::nullopt;
    }
    line.inventory_id = *id;
    line.name = inv->value("name", "");
    line.sku = inv->value("sku", "");
    line.action_defaulted = !action;
    line.action = action.value_or(returns_state(ctx.store).default_action(*id));
    return line;
}

std::optional<std::int64_t> read_fulfillment_center(BodyReader& r, const RequestContext& ctx) {
    std::optional<std::int64_t> id;
    if (const nlohmann::json* fc = r.object("fulfillment_center", Need::Optional)) {
        BodyReader fr = r.nested(*fc, "fulfillment_center");
        id = fr.int64("id", Need::Optional);  // not marked required (NS-RETURN-CREATE-OPTIONAL-FIELDS)
        fr.string("name", Need::Optional);
        if (r.error()) return std::nullopt;
    }
    if (!id) {  // none named: the account's first
        const auto& all = ctx.store.catalog.fulfillment_centers;
        if (all.empty()) r.fail(validation_error("fulfillment_center", "no fulfillment center is known", "RET-REQ"));
        return all.empty() ? std::nullopt : std::optional<std::int64_t>(all[0]["id"].get<std::int64_t>());
    }
    if (!ctx.store.catalog.fulfillment_center(*id)) {
        r.fail(validation_error("fulfillment_center.id", "no fulfillment center with id " + std::to_string(*id)));
        return std::nullopt;
    }
    return id;
}

}  // namespace

ReturnsState& returns_state(Store& store) { return store.areas.get<ReturnsState>(); }

void link_original_shipment(ReturnRecord& r, const Store& store) {
    if (!r.original_shipment_id) return;
    const ShipmentRecord* s = store.orders.find_shipment(*r.original_shipment_id);
    if (!s) return;
    const auto tracking = s->tracking.value();
    auto tn = tracking.find("tracking_number");
    if (tn != tracking.end() && tn->is_string()) r.shipment_tracking_number = *tn;
    if (const OrderRecord* o = store.orders.find(s->order_id)) {
        r.store_order_id = o->reference_id ? *o->reference_id : std::to_string(o->id);
        const auto echoed = o->echoed.value();
        const auto recipient = echoed.find("recipient");
        if (recipient != echoed.end()) {
            auto name = recipient->find("name");
            if (name != recipient->end() && name->is_string()) r.customer_name = name->get<std::string>();
        }
    }
}


Reply create_return(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (!body->is_object()) return fail(validation_error("", "the body must be a JSON object", "RET-REQ"));
    BodyReader r(*body, "", "RET-REQ");
    ReturnRecord rec;
    auto fc = read_fulfillment_center(r, ctx);
    rec.reference_id = r.string("reference_id", Need::Optional);
    rec.tracking_number =
        r.string("tracking_number", ctx.faults.on(Fault::ReturnTrackingRequired) ? Need::Required : Need::Optional);
    rec.original_shipment_id = r.int32("original_shipment_id", Need::Optional);
    // Not marked required, nor said to be non-empty: no lines is an empty return (NS-RETURN-CREATE-OPTIONAL-FIELDS).
    const nlohmann::json* inventory = r.array("inventory", Need::Optional, 0, "RET-REQ");
    std::set<std::int64_t> seen, with_action;
    for (std::size_t i = 0; inventory && i < inventory->size() && !r.error(); ++i)
        if (auto line = read_line(r, (*inventory)[i], i, ctx, seen, with_action)) rec.lines.push_back(std::move(*line));
    if (r.error()) return fail(*r.error());

    ReturnsState& state = returns_state(ctx.store);
    const TimePoint now = ctx.clock.now();
    rec.id = state.next_id++;
    rec.channel_id = ctx.channel_id.value_or(0);
    rec.fulfillment_center_id = fc.value_or(0);
    rec.insert_date = now;
    rec.enter(ctx.store.states.returns.initial(), now);
    for (const auto& l : rec.lines) rec.invoice_amount += kFeePerUnit * l.quantity;
    link_original_shipment(rec, ctx.store);
    auto& stored = state.insert(std::move(rec));
    return json_response(ctx.faults.on(Fault::ReturnCreate201) ? 201 : 200, return_created_json(stored, ctx.store, ctx.faults));
}

Reply cancel_return(RequestContext& ctx) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("id"));
    ReturnsState& held = returns_state(ctx.store);
    ReturnRecord* r = held.find(id);
    if (!r) return fail(not_found("no return with id " + std::to_string(id), "id"));
    const Lifecycle& life = ctx.store.states.returns;
    const auto cancel = life.cancel_in(r->status);
    // The faults accept the cancel where the document refuses it: in a frozen state the warehouse has not
    // finished (RET-FROZEN), and in the state arrival leads to (RET-NOT-AWAITING).
    const bool frozen_lie = life.frozen(r->status) && r->status != life.done() && ctx.faults.on(Fault::ReturnCancelInProcessing);
    const bool arrived_lie = r->status == life.next(life.initial()) && ctx.faults.on(Fault::ReturnCancelArrivedSucceeds);
    if (!(cancel && cancel->outcome == "accepted") && !frozen_lie && !arrived_lie) {
        return fail(ApiError{409, "invalid_state",
                             "return " + std::to_string(id) + " is " + r->status + "; only a return in " + life.initial() +
                                 " can be cancelled",
                             "id", cancel && !cancel->rule.empty() ? cancel->rule : "RET-NOT-AWAITING", {}});
    }
    if (!ctx.faults.on(Fault::ReturnCancelStatusUnchanged)) held.enter(*r, life.cancelled(), ctx.clock.now());
    return json_response(200, return_list_json(*r, ctx.store, ctx.faults));
}

namespace {

void bind_returns(HandlerTable& table, const FaultSet&) {
    table.bind_reads({{"listReturns", list_returns}});
    table.bind_writes({{"createReturn", create_return}, {"cancelReturn", cancel_return}});
}

}  // namespace

Area returns_area() { return {"returns", bind_returns, load_returns_seed}; }

}  // namespace dockside::refserver
