#include "generators/billing_gen.h"

#include <algorithm>

#include "generators/paging_gen.h"
#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

// TransactionQuery fields; their limits and enums are read from the run's spec.
const char* kPageSize = "TransactionQuery.page_size";
const char* kSortOrder = "TransactionQuery.sort_order";
const char* kTransactionTypes = "TransactionQuery.transaction_types";
const char* kReferenceTypes = "TransactionQuery.reference_types";
const char* kInvoicePageSize = "listInvoiceTransactions.PageSize";
const char* kInvoiceSortOrder = "listInvoiceTransactions.SortOrder";

json some_of(const char* reference) {
    const auto values = enum_strings_of(reference);
    json out = json::array();
    for (const auto& v : values)
        if (*rc::gen::element(false, true)) out.push_back(v);
    if (out.empty()) out.push_back(*rc::gen::elementOf(values));
    return out;
}

}  // namespace

rc::Gen<json> gen_transaction_query() {
    return rc::gen::exec([] {
        const auto low = minimum_of(kPageSize), high = maximum_of(kPageSize);
        json body = {{"page_size", *rc::gen::weightedOneOf<std::int64_t>(
                                       {{3, gen_int_in(low, std::min(high, low + 99))}, {1, gen_int_in(low, high)}})}};
        if (*rc::gen::element(false, true)) {
            std::string day = *gen_date();
            body["from_date"] = day + "T00:00:00Z";
            body["to_date"] = day + "T23:59:59Z";
        }
        if (*rc::gen::element(false, true)) body["sort_order"] = *rc::gen::elementOf(enum_strings_of(kSortOrder));
        if (*rc::gen::element(false, true)) body["transaction_types"] = some_of(kTransactionTypes);
        if (*rc::gen::element(false, true)) body["reference_types"] = some_of(kReferenceTypes);
        switch (*rc::gen::inRange(0, 4)) {
            case 0: body["invoiced_status"] = true; break;
            case 1: body["invoiced_status"] = false; break;
            case 2: body["invoiced_status"] = nullptr; break;
            default: break;
        }
        return body;
    });
}

rc::Gen<json> gen_invoice_transactions_query() {
    return rc::gen::exec([] {
        json query = json::object();
        if (*rc::gen::element(false, true))
            query["PageSize"] = *gen_int_in(minimum_of(kInvoicePageSize), maximum_of(kInvoicePageSize));
        if (*rc::gen::element(false, true)) query["SortOrder"] = *rc::gen::elementOf(enum_strings_of(kInvoiceSortOrder));
        return query;
    });
}

}  // namespace dockside::generators
