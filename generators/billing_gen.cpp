#include "generators/billing_gen.h"

#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

const std::vector<std::string> kTransactionTypes = {"Charge", "Refund", "Credit", "Payment", "BalanceAdjustment"};
const std::vector<std::string> kReferenceTypes = {"Shipment", "Return", "WRO", "URO"};

json some_of(const std::vector<std::string>& values) {
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
        json body = {{"page_size", *rc::gen::weightedOneOf<std::int64_t>(
                                       {{3, gen_int_in(1, 100)}, {1, gen_int_in(1, 1000)}})}};
        if (*rc::gen::element(false, true)) {
            std::string day = *gen_date();
            body["from_date"] = day + "T00:00:00Z";
            body["to_date"] = day + "T23:59:59Z";
        }
        if (*rc::gen::element(false, true)) body["sort_order"] = *rc::gen::element<std::string>("Ascending", "Descending");
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
    return {make_case(base, case_meta("BIL-PAGE-SIZE", "page_size 1 (minimum)"), set("page_size", 1)),
            make_case(base, case_meta("BIL-PAGE-SIZE", "page_size 1000 (maximum)"), set("page_size", 1000)),
            make_case(base, case_meta("BIL-FILTERS", "every filter null"), [](json& b) {
                for (const char* name : {"from_date", "to_date", "invoice_ids", "invoiced_status", "reference_ids",
                                         "reference_types", "transaction_fees", "transaction_types"})
                    b[name] = nullptr;
            })};
}

std::vector<rc::Gen<InvalidCase>> transaction_query_invalid_cases() {
    auto base = gen_transaction_query();
    return {
        make_case(base, case_meta("BIL-PAGE-SIZE", "page_size 0 (below 1)", "BIL-PAGE-SIZE"), set("page_size", 0)),
        make_case(base, case_meta("BIL-PAGE-SIZE", "page_size 1001 (above 1000)", "BIL-PAGE-SIZE"), set("page_size", 1001)),
        make_case(base, case_meta("BIL-PAGE-SIZE", "page_size a string", "BIL-PAGE-SIZE"), set("page_size", "100")),
        make_case(base, case_meta("BIL-ENUMS", "sort_order outside Ascending/Descending", "BIL-ENUMS"),
                  set("sort_order", "Newest")),
        make_case(base, case_meta("BIL-ENUMS", "unknown transaction type", "BIL-ENUMS"),
                  set("transaction_types", json::array({"Chargeback"}))),
        make_case(base, case_meta("BIL-FILTERS", "unknown reference type", "BIL-FILTERS"),
                  set("reference_types", json::array({"Order"}))),
        make_case(base, case_meta("BIL-DEFAULT-RANGE", "from_date not a date-time", "BIL-DEFAULT-RANGE"),
                  set("from_date", "last week")),
    };
}

rc::Gen<InvalidCase> gen_transaction_query_invalid() { return gen_one_of(transaction_query_invalid_cases()); }

rc::Gen<json> gen_invoice_transactions_query() {
    return rc::gen::exec([] {
        json query = json::object();
        if (*rc::gen::element(false, true)) query["PageSize"] = *gen_int_in(1, 1000);
        if (*rc::gen::element(false, true)) query["SortOrder"] = *rc::gen::element<std::string>("Ascending", "Descending");
        return query;
    });
}

std::vector<BoundaryCase> invoice_transactions_boundaries() {
    return {Case{{{"PageSize", 1}}, "BIL-PAGE-SIZE", "PageSize 1 (minimum)", TextReading::AnyReading, ""},
            Case{{{"PageSize", 1000}}, "BIL-PAGE-SIZE", "PageSize 1000 (maximum)", TextReading::AnyReading, ""}};
}

std::vector<InvalidCase> invoice_transactions_invalid_cases() {
    return {Case{{{"PageSize", 0}}, "BIL-PAGE-SIZE", "PageSize 0 (below 1)", TextReading::AnyReading, "BIL-PAGE-SIZE"},
            Case{{{"PageSize", 1001}}, "BIL-PAGE-SIZE", "PageSize 1001 (above 1000)", TextReading::AnyReading,
                 "BIL-PAGE-SIZE"},
            Case{{{"SortOrder", "Newest"}}, "BIL-INVOICE-TX", "SortOrder outside Ascending/Descending",
                 TextReading::AnyReading, "BIL-INVOICE-TX"}};
}

}  // namespace dockside::generators
