// POST /2025-07/transactions:query (BIL-CURSOR-OVERRIDES, BIL-PAGE-SIZE, BIL-DEFAULT-RANGE, BIL-FILTERS,
// BIL-ENUMS) and GET /2025-07/invoices/{invoiceId}/transactions (BIL-INVOICE-TX).
// Cursors are opaque: "t" + hex of the whole query state (resolved dates, filters, page size, order,
// offset), so a Cursor alone answers any page and overrides every other input.
// Stances: transactions sort by charge_date then transaction_id; transactions:query defaults to
// Ascending; charge_date is a date, compared as midnight UTC against from_date/to_date (inclusive);
// from_date after to_date is a 400; an unknown invoice is a 404.

#include <algorithm>
#include <chrono>

#include "refserver/api/billing_model.h"
#include "refserver/core/context.h"
#include "refserver/core/json_body.h"
#include "refserver/core/query.h"

namespace dockside::refserver {
namespace {

using Strings = std::optional<std::vector<std::string>>;

/// Everything that selects one page; what a cursor carries.
struct TxQuery {
    std::int64_t from = 0, to = 0;  ///< Unix seconds, inclusive
    Strings invoice_ids, reference_ids, reference_types, fees, types;
    std::optional<bool> invoiced;
    std::int64_t page_size = 0;     ///< set from the request or the documented default
    bool ascending = true;
    std::int64_t offset = 0;
    std::int64_t invoice = 0;  ///< the invoice endpoint's invoiceId; 0 for transactions:query

    bool matches(const TransactionRecord& t, bool ignore_invoiced) const;
};

std::int64_t seconds(TimePoint t) { return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count(); }

template <class T>
bool in(const Strings& set, const T& value) {
    return !set || std::find(set->begin(), set->end(), value) != set->end();
}

bool TxQuery::matches(const TransactionRecord& t, bool ignore_invoiced) const {
    const auto& b = t.body;
    if (invoice != 0) return t.invoice_id == invoice;
    const auto when = seconds(t.charged);
    if (when < from || when > to) return false;
    if (invoiced && !ignore_invoiced && b["invoiced_status"].get<bool>() != *invoiced) return false;
    return in(invoice_ids, std::to_string(t.invoice_id)) && in(reference_ids, b["reference_id"].get<std::string>()) &&
           in(reference_types, b["reference_type"].get<std::string>()) && in(fees, b["transaction_fee"].get<std::string>()) &&
           in(types, b["transaction_type"].get<std::string>());
}

nlohmann::json strings_json(const Strings& s) { return s ? nlohmann::json(*s) : nlohmann::json(nullptr); }

std::string encode_cursor(const TxQuery& q, std::int64_t offset) {
    nlohmann::json j{{"f", q.from},         {"t", q.to},           {"ii", strings_json(q.invoice_ids)},
                     {"ri", strings_json(q.reference_ids)},      {"rt", strings_json(q.reference_types)},
                     {"fe", strings_json(q.fees)},               {"ty", strings_json(q.types)},
                     {"is", q.invoiced ? nlohmann::json(*q.invoiced) : nlohmann::json(nullptr)},
                     {"ps", q.page_size},  {"a", q.ascending},   {"o", offset},   {"inv", q.invoice}};
    static const char* hex = "0123456789abcdef";
    std::string out = "t";
    for (unsigned char c : j.dump()) {
        out += hex[c >> 4];
        out += hex[c & 15];
    }
    return out;
}

std::optional<TxQuery> decode_cursor(const std::string& cursor) {
    if (cursor.size() < 3 || cursor[0] != 't' || cursor.size() % 2 != 1) return std::nullopt;
    std::string raw;
    for (std::size_t i = 1; i + 1 < cursor.size(); i += 2) {
        auto nib = [](char c) -> int {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            return -1;
        };
        int hi = nib(cursor[i]), lo = nib(cursor[i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        raw += static_cast<char>(hi * 16 + lo);
    }
    auto j = nlohmann::json::parse(raw, nullptr, false);
    if (!j.is_object()) return std::nullopt;
    try {
        TxQuery q;
        auto strings = [&](const char* k) -> Strings {
            return j.at(k).is_null() ? Strings{} : Strings{j.at(k).get<std::vector<std::string>>()};
        };
        q.from = j.at("f").get<std::int64_t>();
        q.to = j.at("t").get<std::int64_t>();
        q.invoice_ids = strings("ii");
        q.reference_ids = strings("ri");
        q.reference_types = strings("rt");
        q.fees = strings("fe");
        q.types = strings("ty");
        if (!j.at("is").is_null()) q.invoiced = j.at("is").get<bool>();
        q.page_size = j.at("ps").get<std::int64_t>();
        q.ascending = j.at("a").get<bool>();
        q.offset = j.at("o").get<std::int64_t>();
        q.invoice = j.at("inv").get<std::int64_t>();
        if (q.page_size < 1 || q.offset < 0) return std::nullopt;
        return q;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

/// A string array field (null or absent = no filter); `allowed` restricts values when not empty.
Strings read_strings(BodyReader& r, const char* key, const std::vector<std::string>& allowed, const char* rule) {
    const nlohmann::json* a = r.array(key, Need::Optional);
    if (!a) return std::nullopt;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const auto& v = (*a)[i];
        const std::string field = r.field(key) + "[" + std::to_string(i) + "]";
        if (v.is_number_integer()) out.push_back(std::to_string(v.get<std::int64_t>()));
        else if (!v.is_string()) r.fail(validation_error(field, "must be a string", "CONV-TYPES"));
        else if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), v.get<std::string>()) == allowed.end())
            r.fail(validation_error(field, quoted_excerpt(v.get<std::string>()) + " is not an allowed value", rule));
        else out.push_back(v.get<std::string>());
    }
    return out;
}

Result<TxQuery, ApiError> read_body_query(const RequestContext& ctx) {
    if (ctx.request.body.empty())
        return fail(validation_error("", "a TransactionQuery body is required when Cursor is absent", "BIL-CURSOR-OVERRIDES"));
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (!body->is_object()) return fail(validation_error("", "the body must be a JSON object", "BIL-CURSOR-OVERRIDES"));
    BodyReader r(*body, "", "BIL-FILTERS");
    const TimePoint now = ctx.clock.now();
    TxQuery q;
    const auto default_span = std::chrono::days(ctx.faults.on(Fault::BillingDefaultRangeThirtyDays) ? 30 : 7);
    q.from = seconds(r.datetime("from_date", Need::Optional).value_or(now - default_span));
    q.to = seconds(r.datetime("to_date", Need::Optional).value_or(now));
    q.invoice_ids = read_strings(r, "invoice_ids", {}, "BIL-FILTERS");
    q.invoiced = r.boolean("invoiced_status", Need::Optional);
    const PageSize& size = ctx.store.limits.billing.query;
    const std::int64_t max = size.bounds.max + (ctx.faults.on(Fault::BillingPageSize1001) ? 1 : 0);
    q.page_size = r.int32("page_size", Need::Optional, size.bounds.min, max, "BIL-PAGE-SIZE").value_or(size.default_size);
    q.reference_ids = read_strings(r, "reference_ids", {}, "BIL-FILTERS");
    q.reference_types = read_strings(r, "reference_types", kReferenceTypes, "BIL-REF-TYPES");
    q.ascending = r.enumeration("sort_order", Need::Optional, {"Ascending", "Descending"}, "BIL-ENUMS").value_or("Ascending") ==
                  "Ascending";
    if (ctx.faults.on(Fault::BillingSortOrderIgnored)) q.ascending = true;
    q.fees = read_strings(r, "transaction_fees", {}, "BIL-FILTERS");
    q.types = read_strings(r, "transaction_types", kTransactionTypes, "BIL-ENUMS");
    if (r.error()) return fail(*r.error());
    if (q.from > q.to) return fail(validation_error("to_date", "to_date is before from_date", "BIL-FILTERS"));
    return q;
}

/// One page of the query, with first/last/next/prev cursors (null when there is no such page).
nlohmann::json run_query(BillingState& billing, const TxQuery& q, const FaultSet& faults) {
    std::vector<const TransactionRecord*> hits;
    for (const auto& t : billing.transactions)
        if (q.matches(t, faults.on(Fault::BillingInvoicedStatusIgnored))) hits.push_back(&t);
    std::stable_sort(hits.begin(), hits.end(), [&](const TransactionRecord* a, const TransactionRecord* b) {
        auto key = [](const TransactionRecord* t) { return std::make_pair(t->charged, t->body["transaction_id"].get<std::string>()); };
        return q.ascending ? key(a) < key(b) : key(b) < key(a);
    });
    const auto total = static_cast<std::int64_t>(hits.size());
    nlohmann::json items = nlohmann::json::array();
    for (auto i = q.offset; i < total && i < q.offset + q.page_size; ++i) {
        items.push_back(hits[static_cast<std::size_t>(i)]->body);
        if (faults.on(Fault::BillingReferenceTypeOutsideSet) && items.back().value("reference_type", "") == "Shipment")
            items.back()["reference_type"] = "Order";
    }
    const nlohmann::json null;
    return {{"items", items},
            {"first", total ? nlohmann::json(encode_cursor(q, 0)) : null},
            {"last", total ? nlohmann::json(encode_cursor(q, (total - 1) / q.page_size * q.page_size)) : null},
            {"next", q.offset + q.page_size < total ? nlohmann::json(encode_cursor(q, q.offset + q.page_size)) : null},
            {"prev", q.offset > 0 && total ? nlohmann::json(encode_cursor(q, std::max<std::int64_t>(0, q.offset - q.page_size))) : null}};
}

Result<std::optional<TxQuery>, ApiError> cursor_query(const RequestContext& ctx) {
    auto cursor = ctx.query.get("Cursor");
    if (!cursor) return std::optional<TxQuery>{};
    auto q = decode_cursor(*cursor);
    if (!q) return fail(validation_error("Cursor", "Cursor is not a cursor this server issued", "BIL-CURSOR-OVERRIDES"));
    return q;
}

}  // namespace

Reply query_transactions(RequestContext& ctx) {
    BillingState& billing = billing_state(ctx);
    auto from_cursor = cursor_query(ctx);
    if (!from_cursor) return fail(from_cursor.error());
    const bool body_wins = ctx.faults.on(Fault::BillingBodyWinsOverCursor) && !ctx.request.body.empty();
    if (*from_cursor && !body_wins) {
        if ((*from_cursor)->invoice != 0)
            return fail(validation_error("Cursor", "Cursor belongs to an invoice listing", "BIL-CURSOR-OVERRIDES"));
        return json_response(200, run_query(billing, **from_cursor, ctx.faults));
    }
    auto q = read_body_query(ctx);
    if (!q) return fail(q.error());
    return json_response(200, run_query(billing, *q, ctx.faults));
}

Reply list_invoice_transactions(RequestContext& ctx) {
    BillingState& billing = billing_state(ctx);
    auto from_cursor = cursor_query(ctx);
    if (!from_cursor) return fail(from_cursor.error());
    const auto invoice_id = parse_int64(ctx.path.text("invoiceId"));
    if (!invoice_id || *invoice_id <= 0) return fail(validation_error("invoiceId", "invoiceId must be a positive integer"));
    if (!billing.invoice(*invoice_id)) return fail(not_found("no invoice with id " + std::to_string(*invoice_id), "invoiceId"));
    if (*from_cursor) {
        if ((*from_cursor)->invoice != *invoice_id)
            return fail(validation_error("Cursor", "Cursor belongs to another listing", "BIL-INVOICE-TX"));
        return json_response(200, run_query(billing, **from_cursor, ctx.faults));
    }
    QueryReader r(ctx.query);
    const PageSize& size = ctx.store.limits.billing.invoice_transactions;
    const std::int64_t max = size.bounds.max + (ctx.faults.on(Fault::BillingPageSize1001) ? 1 : 0);
    TxQuery q;
    q.invoice = *invoice_id;
    q.page_size = r.int32("PageSize", size.bounds.min, max, "BIL-PAGE-SIZE").value_or(size.default_size);
    q.ascending = r.one_of("SortOrder", {"Ascending", "Descending"}, "BIL-INVOICE-TX").value_or(ctx.faults.on(Fault::BillingInvoiceTxDefaultAscending) ? "Ascending" : "Descending") == "Ascending";
    if (r.error()) return fail(*r.error());
    return json_response(200, run_query(billing, q, ctx.faults));
}

}  // namespace dockside::refserver
