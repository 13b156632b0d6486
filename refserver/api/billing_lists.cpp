// GET /2025-07/invoices and GET /2025-07/transaction-fees (shapes not shown; stances NS-INVOICE-FIELDS
// and NS-TRANSACTION-FEE-FIELDS): invoices page as {items, next, prev}, newest first, with opaque
// "c<offset>" cursors and PageSize bounded and defaulted as an invoice's transactions are (the server's
// choice: the document states PageSize for GET /invoices/{invoiceId}/transactions, not for this list,
// so the contract's listInvoiceTransactions.PageSize is read); fees answer {fee_list: [string]}.
// Also the area registration and the `billing` seed section:
//   {"transaction_fees": [string], "invoices": [{invoice_id, days_ago, invoice_type, currency_code?}],
//    "transactions": [{transaction_id, transaction_type, transaction_fee, amount, currency_code?, days_ago,
//                      invoice_id? (absent or 0: not invoiced), reference_id, reference_type,
//                      fulfillment_center, comment?, taxes?}]}
// days_ago counts back from the server clock's current day when billing is first read.

#include <algorithm>

#include "refserver/api/billing_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/query.h"

namespace dockside::refserver {
namespace {

std::string invoices_link(const RequestContext& ctx, std::int32_t size, std::size_t offset) {
    return ctx.base_url + std::string(ctx.request.path()) + "?PageSize=" + std::to_string(size) + "&Cursor=c" + std::to_string(offset);
}

std::vector<std::string> check_billing_seed(const nlohmann::json& section) {
    std::vector<std::string> problems;
    for (const char* key : {"transaction_fees", "invoices", "transactions"})
        if (section.contains(key) && !section[key].is_array()) problems.push_back(std::string("billing.") + key + " must be an array");
    if (!problems.empty()) return problems;
    const auto txs = section.value("transactions", nlohmann::json::array());
    for (std::size_t i = 0; i < txs.size(); ++i) {
        const auto& t = txs[i];
        const std::string where = "billing.transactions[" + std::to_string(i) + "]";
        if (!t.is_object() || !t.value("transaction_id", nlohmann::json()).is_string()) {
            problems.push_back(where + " needs a string transaction_id");
            continue;
        }
        const auto type = t.value("transaction_type", "");
        if (std::find(kTransactionTypes.begin(), kTransactionTypes.end(), type) == kTransactionTypes.end())
            problems.push_back(where + ".transaction_type is not a transaction type");
        const auto ref = t.value("reference_type", "");
        if (std::find(kReferenceTypes.begin(), kReferenceTypes.end(), ref) == kReferenceTypes.end())
            problems.push_back(where + ".reference_type is not Shipment, Return, WRO or URO");
    }
    return problems;
}

void bind_billing_lists(HandlerTable& table, const FaultSet& faults) {
    table.bind_reads({{"queryTransactions", query_transactions},
                      {"listInvoiceTransactions", list_invoice_transactions}, {"listInvoices", list_invoices},
                      {"listTransactionFees", list_transaction_fees}});
    if (faults.on(Fault::VersionInvoicesUnserved)) table.leave_unserved("listInvoices");
}

}  // namespace

BillingState& billing_state(RequestContext& ctx) {
    BillingState& state = ctx.store.areas.get<BillingState>();
    state.materialize(ctx.clock.now());
    return state;
}

Reply list_invoices(RequestContext& ctx) {
    BillingState& billing = billing_state(ctx);
    QueryReader q(ctx.query);
    const PageSize& page = ctx.store.limits.billing.invoice_transactions;
    const auto size = q.int32("PageSize", page.bounds.min, page.bounds.max, "BIL-PAGE-SIZE").value_or(static_cast<std::int32_t>(page.default_size));
    auto cursor = q.string("Cursor");
    if (q.error()) return fail(*q.error());
    std::size_t offset = 0;
    if (cursor) {
        auto n = cursor->size() > 1 && (*cursor)[0] == 'c' ? parse_int64(std::string_view(*cursor).substr(1)) : std::nullopt;
        if (!n || *n < 0) return fail(validation_error("Cursor", "Cursor is not a cursor this server issued"));
        offset = static_cast<std::size_t>(*n);
    }
    std::vector<const InvoiceRecord*> all;
    for (const auto& i : billing.invoices) all.push_back(&i);
    std::stable_sort(all.begin(), all.end(), [](auto* a, auto* b) { return a->date != b->date ? a->date > b->date : a->id > b->id; });
    nlohmann::json items = nlohmann::json::array();
    const std::size_t per = static_cast<std::size_t>(size);
    for (std::size_t i = offset; i < all.size() && i < offset + per; ++i)
        items.push_back({{"invoice_id", all[i]->id},
                         {"invoice_date", format_date(all[i]->date)},
                         {"invoice_type", all[i]->type},
                         {"amount", all[i]->amount},
                         {"currency_code", all[i]->currency_code}});
    const nlohmann::json null;
    return json_response(200, {{"items", items},
                               {"next", offset + per < all.size() ? nlohmann::json(invoices_link(ctx, size, offset + per)) : null},
                               {"prev", offset > 0 ? nlohmann::json(invoices_link(ctx, size, offset > per ? offset - per : 0)) : null}});
}

Reply list_transaction_fees(RequestContext& ctx) {
    return json_response(200, {{"fee_list", billing_state(ctx).fees}});
}

std::vector<std::string> load_billing_seed(const nlohmann::json& seed, Store& store) {
    auto section = seed.find("billing");
    if (section == seed.end()) return {};
    if (!section->is_object()) return {"billing must be an object"};
    auto problems = check_billing_seed(*section);
    store.areas.get<BillingState>().seed = *section;
    return problems;
}

Area billing_area() { return {"billing", bind_billing_lists, load_billing_seed}; }

}  // namespace dockside::refserver
