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

Change set(const char* name, json value) {
    return [name, value](json& b) { b[name] = value; };
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

std::vector<rc::Gen<BoundaryCase>> transaction_query_boundary_cases() {
    auto base = gen_transaction_query();
    const std::string rule = rule_of(kPageSize);
    const auto low = minimum_of(kPageSize), high = maximum_of(kPageSize);
    return {make_case(base, case_meta(rule, "page_size " + std::to_string(low) + " (minimum)"), set("page_size", low)),
            make_case(base, case_meta(rule, "page_size " + std::to_string(high) + " (maximum)"), set("page_size", high)),
            make_case(base, case_meta("BIL-FILTERS", "every filter null"), [](json& b) {
                for (const char* name : {"from_date", "to_date", "invoice_ids", "invoiced_status", "reference_ids",
                                         "reference_types", "transaction_fees", "transaction_types"})
                    b[name] = nullptr;
            })};
}

std::vector<rc::Gen<InvalidCase>> transaction_query_invalid_cases() {
    auto base = gen_transaction_query();
    const std::string size_rule = rule_of(kPageSize);
    const auto below = minimum_of(kPageSize) - 1, above = maximum_of(kPageSize) + 1;
    return {
        make_case(base, case_meta(size_rule, "page_size " + std::to_string(below) + " (below the minimum)", size_rule),
                  set("page_size", below)),
        make_case(base, case_meta(size_rule, "page_size " + std::to_string(above) + " (above the maximum)", size_rule),
                  set("page_size", above)),
        make_case(base, case_meta(size_rule, "page_size a string", size_rule), set("page_size", "twelve")),
        make_case(base, case_meta("BIL-ENUMS", "sort_order outside the enum", "BIL-ENUMS"),
                  set("sort_order", outside_enum_of(kSortOrder, "Newest"))),
        make_case(base, case_meta("BIL-ENUMS", "unknown transaction type", "BIL-ENUMS"),
                  set("transaction_types", json::array({outside_enum_of(kTransactionTypes, "Chargeback")}))),
        make_case(base, case_meta("BIL-FILTERS", "unknown reference type", "BIL-FILTERS"),
                  set("reference_types", json::array({outside_enum_of(kReferenceTypes, "Order")}))),
        make_case(base, case_meta("BIL-DEFAULT-RANGE", "from_date not a date-time", "BIL-DEFAULT-RANGE"),
                  set("from_date", "last week")),
    };
}

rc::Gen<InvalidCase> gen_transaction_query_invalid() { return gen_one_of(transaction_query_invalid_cases()); }

rc::Gen<json> gen_invoice_transactions_query() {
    return rc::gen::exec([] {
        json query = json::object();
        if (*rc::gen::element(false, true))
            query["PageSize"] = *gen_int_in(minimum_of(kInvoicePageSize), maximum_of(kInvoicePageSize));
        if (*rc::gen::element(false, true)) query["SortOrder"] = *rc::gen::elementOf(enum_strings_of(kInvoiceSortOrder));
        return query;
    });
}

std::vector<BoundaryCase> invoice_transactions_boundaries() { return int_param_boundaries(kInvoicePageSize); }

std::vector<InvalidCase> invoice_transactions_invalid_cases() {
    auto out = int_param_invalid_cases(kInvoicePageSize);
    out.pop_back();  // "not an integer" is the transactions:query body's case already
    const std::string sort_rule = rule_of(kInvoiceSortOrder);
    out.push_back(Case{{{"SortOrder", outside_enum_of(kInvoiceSortOrder, "Newest")}}, sort_rule,
                       "SortOrder outside the enum", TextReading::AnyReading, sort_rule});
    return out;
}

}  // namespace dockside::generators
