// Billing suite: POST /2025-07/transactions:query (BIL-CURSOR-OVERRIDES, BIL-PAGE-SIZE, BIL-DEFAULT-RANGE,
// BIL-FILTERS, BIL-ENUMS) and GET /2025-07/invoices/{invoiceId}/transactions (BIL-INVOICE-TX). The two
// lists whose shapes are not shown (invoices, transaction fees: NS-INVOICE-FIELDS,
// NS-TRANSACTION-FEE-FIELDS) are judged by the rules data alone: 200 (ERR-CODES) and JSON (CONV-JSON).
// Filters are compared with a "wide" query (ten years back to tomorrow, one page of the largest
// documented page_size) of the same target: a filtered query answers exactly the wide items that match.
// The documented ranges and value sets of the request (page_size, PageSize, sort_order, SortOrder,
// transaction_types) are checks of the rules data, run by harness/conform/probe_runner.cpp.

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/run_spec.h"
#include "generators/subset_gen.h"
#include "suites/billing_times.h"
#include "suites/suite.h"
#include "harness/conform/run_apart.h"

namespace dockside::suites {
namespace {

DOCKSIDE_RUNS_ALONE("Billing.BIL_DEFAULT_RANGE_OmittedDatesMeanLastSevenDays", "moves the target's clock to read it, and judges a window that a clock moved meanwhile would shift");

using json = nlohmann::json;
using namespace std::chrono_literals;

constexpr int kMaxBillingPages = 200;  ///< bound on cursor walks
/// The documented transaction types (BIL-ENUMS) and reference types (the reference_types filter's values),
/// read from the session's spec.
std::vector<std::string> transaction_types() { return generators::enum_strings_of("Transaction.transaction_type"); }
std::vector<std::string> reference_types() { return generators::enum_strings_of("TransactionQuery.reference_types"); }

/// The documented page sizes (BIL-PAGE-SIZE), read from the session's spec.
struct PageSizes {
    std::int64_t min = 0;
    std::int64_t max = 0;
    std::int64_t fallback = 0;  ///< the default when none is given
};

/// Of transactions:query's page_size ("TransactionQuery.page_size") or invoice transactions' PageSize
/// ("listInvoiceTransactions.PageSize").
PageSizes page_sizes(const char* reference) {
    return {generators::minimum_of(reference), generators::maximum_of(reference), generators::default_integer_of(reference)};
}

PageSizes query_sizes() { return page_sizes("TransactionQuery.page_size"); }
PageSizes invoice_sizes() { return page_sizes("listInvoiceTransactions.PageSize"); }

Exchange query_tx(std::optional<json> body, http::QueryParams query = {}) {
    return send(Call{.operation = "queryTransactions", .query = std::move(query), .body = std::move(body)});
}

/// A query body over ten years up to tomorrow, one page of the largest documented size, plus `extra` fields.
json wide_body(const json& extra = json::object()) {
    const auto now = times::now();
    json body = {{"from_date", times::iso(now - 3650 * 24h)}, {"to_date", times::iso(now + 24h)}, {"page_size", query_sizes().max}};
    for (const auto& [k, v] : extra.items()) body[k] = v;
    return body;
}

std::vector<json> items_of(const Exchange& ex) {
    const json body = ex.json();
    if (!body.is_object() || !body.value("items", json()).is_array()) return {};
    return body["items"].get<std::vector<json>>();
}

std::vector<std::string> ids_in_order(const std::vector<json>& items) {
    std::vector<std::string> out;
    for (const auto& t : items) out.push_back(t.value("transaction_id", json()).dump());
    return out;
}

std::string show(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ",") + id;
    return "[" + out + "]";
}

/// The wide answer (every transaction of the last ten years), once per check.
std::optional<std::vector<json>> wide(const json& extra = json::object()) {
    Exchange ex = query_tx(wide_body(extra));
    if (!needs_success(ex)) return std::nullopt;
    return items_of(ex);
}

/// `ex` holds exactly the items of `all` for which `matches` holds (by transaction_id).
bool expect_selects(const Exchange& ex, const std::vector<json>& all, const std::string& filter,
                    const std::function<bool(const json&)>& matches) {
    std::set<std::string> got, want;
    for (const auto& t : items_of(ex)) got.insert(t.value("transaction_id", json()).dump());
    for (const auto& t : all)
        if (matches(t)) want.insert(t.value("transaction_id", json()).dump());
    bool ok = true;
    for (const auto& t : items_of(ex))
        ok &= expect_that(matches(t), ex, "BIL-FILTERS", filter + " returned transaction " + t.value("transaction_id", json()).dump() +
                                                             ", which does not match");
    for (const auto& id : want)
        ok &= expect_that(got.count(id) == 1, ex, "BIL-FILTERS", filter + " left out transaction " + id + ", which matches");
    return ok;
}

/// Follows `next` cursors from the first page `first`; nullopt when a page failed (recorded).
std::optional<std::vector<std::vector<json>>> walk(Exchange first, const std::function<Exchange(const std::string&)>& by_cursor) {
    std::vector<std::vector<json>> pages;
    Exchange page = std::move(first);
    for (int n = 0; n < kMaxBillingPages; ++n) {
        if (!needs_success(page)) return std::nullopt;
        pages.push_back(items_of(page));
        const json next = page.json().value("next", json());
        if (next.is_null()) return pages;
        if (!expect_that(next.is_string(), page, "BIL-PAGE-SIZE", "next is a cursor string or null")) return std::nullopt;
        page = by_cursor(next.get<std::string>());
    }
    record_failure("BIL-PAGE-SIZE", "queryTransactions", "next cursors did not end within " + std::to_string(kMaxBillingPages) + " pages");
    return std::nullopt;
}

/// Pages disjoint, each at most `size`, together exactly `all` (by transaction_id).
void expect_pages(const std::vector<std::vector<json>>& pages, const std::vector<json>& all, std::size_t size,
                  const std::string& rule, const std::string& operation) {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (pages[i].size() > size)
            record_failure(rule, operation, "page " + std::to_string(i + 1) + " has " + std::to_string(pages[i].size()) +
                                                " items; the page size was " + std::to_string(size));
        for (const auto& id : ids_in_order(pages[i]))
            if (!seen.insert(id).second) record_failure(rule, operation, "transaction " + id + " appears on two pages");
    }
    for (const auto& id : ids_in_order(all))
        if (!seen.count(id)) record_failure(rule, operation, "the pages never returned transaction " + id);
    if (seen.size() > all.size()) record_failure(rule, operation, "the pages returned transactions the one-page answer lacks");
}

bool ordered(const std::vector<json>& items, bool ascending) {
    for (std::size_t i = 1; i < items.size(); ++i) {
        auto a = times::of(items[i - 1].value("charge_date", json())), b = times::of(items[i].value("charge_date", json()));
        if (a && b && (ascending ? *b < *a : *a < *b)) return false;
    }
    return true;
}

// ---------------------------------------------------------------- transactions:query

TEST(Billing, BIL_CURSOR_OVERRIDES_BodyRequiredWithoutCursor) {
    expect_rejected(query_tx(std::nullopt), "BIL-CURSOR-OVERRIDES");
}

TEST(Billing, BIL_CURSOR_OVERRIDES_CursorOverridesBody) {
    auto all = wide();
    if (!all) return;
    if (all->size() < 3) DOCKSIDE_SKIP("fewer than 3 transactions; there is no second page to point a cursor at");
    Exchange first = query_tx(wide_body({{"page_size", 2}}));
    if (!needs_success(first)) return;
    const json next = first.json().value("next", json());
    if (!expect_that(next.is_string(), first, "BIL-PAGE-SIZE", "page_size=2 over " + std::to_string(all->size()) +
                                                                       " transactions answered no next cursor"))
        return;
    const std::string cursor = next.get<std::string>();
    Exchange alone = query_tx(std::nullopt, {{"Cursor", cursor}});
    if (!expect_status(alone, 200, "BIL-CURSOR-OVERRIDES")) return;
    const auto expected = ids_in_order(std::vector<json>(all->begin() + 2, all->begin() + std::min<std::size_t>(4, all->size())));
    expect_that(ids_in_order(items_of(alone)) == expected, alone, "BIL-CURSOR-OVERRIDES",
                "the next cursor answered " + show(ids_in_order(items_of(alone))) + "; the second page of two is " + show(expected));
    // The same cursor with a body asking for something else entirely: the body is ignored.
    const json other = wide_body({{"page_size", query_sizes().max}, {"transaction_types", {"Payment"}}, {"sort_order", "Descending"}});
    Exchange with_body = query_tx(other, {{"Cursor", cursor}});
    if (!expect_status(with_body, 200, "BIL-CURSOR-OVERRIDES")) return;
    expect_that(ids_in_order(items_of(with_body)) == ids_in_order(items_of(alone)), with_body, "BIL-CURSOR-OVERRIDES",
                "with a Cursor the body must be ignored; the answer was " + show(ids_in_order(items_of(with_body))) +
                    " instead of " + show(ids_in_order(items_of(alone))));
}

TEST(Billing, BIL_PAGE_SIZE_NextCursorsPageDisjointAndComplete) {
    auto all = wide();
    if (!all) return;
    if (all->size() < 3) DOCKSIDE_SKIP("fewer than 3 transactions; paging cannot be observed");
    auto pages = walk(query_tx(wide_body({{"page_size", 2}})),
                      [](const std::string& c) { return query_tx(std::nullopt, {{"Cursor", c}}); });
    if (pages) expect_pages(*pages, *all, 2, "BIL-PAGE-SIZE", "queryTransactions");
}

TEST(Billing, BIL_PAGE_SIZE_FirstPrevAndLastCursorsLeadWhereTheySay) {
    auto all = wide();
    if (!all) return;
    if (all->size() < 3) DOCKSIDE_SKIP("fewer than 3 transactions; there is no second page");
    Exchange first = query_tx(wide_body({{"page_size", 2}}));
    if (!needs_success(first) || !first.json().value("next", json()).is_string()) return;
    Exchange second = query_tx(std::nullopt, {{"Cursor", first.json()["next"].get<std::string>()}});
    if (!needs_success(second)) return;
    for (const char* key : {"prev", "first"}) {
        const json link = second.json().value(key, json());
        if (!expect_that(link.is_string(), second, "BIL-PAGE-SIZE", std::string("the second page has no ") + key + " cursor")) continue;
        Exchange back = query_tx(std::nullopt, {{"Cursor", link.get<std::string>()}});
        if (needs_success(back))
            expect_that(ids_in_order(items_of(back)) == ids_in_order(items_of(first)), back, "BIL-PAGE-SIZE",
                        std::string(key) + " of the second page does not lead to the first page");
    }
    const json last = second.json().value("last", json());
    if (!expect_that(last.is_string(), second, "BIL-PAGE-SIZE", "a non-empty result has a last cursor")) return;
    Exchange end = query_tx(std::nullopt, {{"Cursor", last.get<std::string>()}});
    if (needs_success(end)) {
        expect_that(end.json().value("next", json()).is_null(), end, "BIL-PAGE-SIZE", "the last page has a next cursor");
        const auto tail = ids_in_order(items_of(end));
        expect_that(!tail.empty() && tail.back() == ids_in_order(*all).back(), end, "BIL-PAGE-SIZE",
                    "the last page does not end with the last transaction " + ids_in_order(*all).back());
    }
}

// Which page_size and PageSize values are accepted or refused is the schema phase's (the OpenAPI file's
// minimum and maximum, x-rule BIL-PAGE-SIZE, broken and sent at their edges). What it cannot say: a page holds at most that
// many transactions, and an omitted page_size means the documented default.
TEST(Billing, BIL_PAGE_SIZE_OmittedPageSizeGivesAtMostTheDefault) {
    const PageSizes sizes = query_sizes();
    json body = wide_body();
    body.erase("page_size");
    Exchange ex = query_tx(body);
    if (expect_status(ex, 200, "BIL-PAGE-SIZE"))
        expect_that(items_of(ex).size() <= static_cast<std::size_t>(sizes.fallback), ex, "BIL-PAGE-SIZE",
                    "without page_size (default " + std::to_string(sizes.fallback) + ") the page has " +
                        std::to_string(items_of(ex).size()) + " items");
}

RC_GTEST_PROP(Billing, BIL_PAGE_SIZE_AnySizeInRangeRespected, ()) {
    const PageSizes sizes = query_sizes();
    const std::int64_t size = *rc::gen::weightedOneOf<std::int64_t>(
        {{3, rc::gen::inRange<std::int64_t>(sizes.min, std::min(sizes.min + 11, sizes.max + 1))},
         {1, rc::gen::inRange<std::int64_t>(sizes.min, sizes.max + 1)}});
    Exchange ex = query_tx(wide_body({{"page_size", size}}));
    if (ex.status() < 200 || ex.status() >= 300) return;  // a refused page_size in range is the schema phase's finding
    RC_ASSERT(expect_that(items_of(ex).size() <= static_cast<std::size_t>(size), ex, "BIL-PAGE-SIZE",
                          "page_size=" + std::to_string(size) + " answered " + std::to_string(items_of(ex).size()) + " items"));
}

/// The server's clock: the simulation control reports it (a one-second step); otherwise this machine's.
times::Seconds server_now() {
    if (sim_available()) {
        Exchange ex = sim("simAdvanceClock", {}, {{"seconds", 1}});
        if (auto t = times::of(ex.json().value("now", json()))) return *t;
    }
    return times::now();
}

TEST(Billing, BIL_DEFAULT_RANGE_OmittedDatesMeanLastSevenDays) {
    auto all = wide();
    if (!all) return;
    const auto now = server_now();
    Exchange ex = query_tx(json{{"page_size", query_sizes().max}});
    if (!expect_status(ex, 200, "BIL-DEFAULT-RANGE")) return;
    std::set<std::string> got;
    for (const auto& id : ids_in_order(items_of(ex))) got.insert(id);
    std::size_t inside = 0, outside = 0;
    for (const auto& t : *all) {
        auto day = times::of(t.value("charge_date", json()));
        if (!day) continue;
        const std::string id = t.value("transaction_id", json()).dump();
        // A day of slack on both edges: charge_date is a date, "now minus 7 days" a moment.
        if (*day >= now - 7 * 24h + 24h && *day <= now - 24h) {
            ++inside;
            expect_that(got.count(id) == 1, ex, "BIL-DEFAULT-RANGE",
                        "transaction " + id + " charged " + t.value("charge_date", json()).dump() + " is within the default 7 days but missing");
        } else if (*day < now - 8 * 24h || *day > now + 24h) {
            ++outside;
            expect_that(got.count(id) == 0, ex, "BIL-DEFAULT-RANGE",
                        "transaction " + id + " charged " + t.value("charge_date", json()).dump() + " is outside the default 7 days but listed");
        }
    }
    if (inside == 0 || outside == 0)
        DOCKSIDE_SKIP("the target has no transactions on both sides of the default 7-day window");
}

TEST(Billing, BIL_FILTERS_InvoicedStatusSelectsExactly) {
    auto all = wide();
    if (!all) return;
    std::size_t billed = 0;
    for (const auto& t : *all) billed += t.value("invoiced_status", false) ? 1 : 0;
    for (const json& value : {json(true), json(false), json(nullptr)}) {
        Exchange ex = query_tx(wide_body({{"invoiced_status", value}}));
        if (!needs_success(ex)) continue;
        expect_selects(ex, *all, "invoiced_status=" + value.dump(), [&](const json& t) {
            return value.is_null() || t.value("invoiced_status", json()) == value;
        });
    }
    if (billed == 0 || billed == all->size())
        DOCKSIDE_SKIP("every transaction has the same invoiced_status; the filter cannot be shown to exclude anything");
}

/// One randomly chosen body filter with values drawn from the data (and sometimes one that matches nothing).
struct FilterCase {
    std::string field;
    json values;
    std::function<bool(const json&)> matches;
};

FilterCase gen_filter_case(const std::vector<json>& all) {
    auto values_of = [&](const char* key, bool as_string) {
        std::vector<std::string> out;
        for (const auto& t : all) {
            const json v = t.value(key, json());
            std::string s = v.is_string() ? v.get<std::string>() : v.dump();
            if (as_string && key == std::string("invoice_id") && s == "0") continue;  // not invoiced
            if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
        }
        return out;
    };
    struct Source {
        const char* field;
        const char* key;
        std::vector<std::string> pool;
    };
    const std::vector<Source> sources = {
        {"transaction_types", "transaction_type", transaction_types()},
        {"reference_types", "reference_type", reference_types()},
        {"invoice_ids", "invoice_id", values_of("invoice_id", true)},
        {"reference_ids", "reference_id", values_of("reference_id", false)},
        {"transaction_fees", "transaction_fee", values_of("transaction_fee", false)},
    };
    const Source& src = *rc::gen::elementOf(sources);
    RC_PRE(!src.pool.empty());
    const auto chosen = *generators::gen_subset(src.pool);
    const std::set<std::string> wanted(chosen.begin(), chosen.end());
    const std::string key = src.key;
    return {src.field, json(chosen), [wanted, key](const json& t) {
                const json v = t.value(key, json());
                return wanted.count(v.is_string() ? v.get<std::string>() : v.dump()) == 1;
            }};
}

RC_GTEST_PROP(Billing, BIL_FILTERS_ArrayFiltersSelectExactly, ()) {
    static std::optional<std::vector<json>> all;
    if (!all) all = wide();
    const bool any = all.has_value() && !all->empty();  // not inside RC_PRE: its captured && evaluates both sides
    RC_PRE(any);
    const FilterCase c = gen_filter_case(*all);
    Exchange ex = query_tx(wide_body({{c.field, c.values}}));
    if (!needs_success(ex)) RC_SUCCEED("nothing to judge: the answer was not a 2xx");
    RC_ASSERT(expect_selects(ex, *all, c.field + "=" + c.values.dump(), c.matches));
}

TEST(Billing, BIL_FILTERS_DateRangeSelectsExactly) {
    auto all = wide();
    if (!all) return;
    std::vector<times::Seconds> days;
    for (const auto& t : *all)
        if (auto d = times::of(t.value("charge_date", json()))) days.push_back(*d);
    std::sort(days.begin(), days.end());
    days.erase(std::unique(days.begin(), days.end()), days.end());
    if (days.size() < 3) DOCKSIDE_SKIP("fewer than 3 distinct charge dates; a range cannot exclude on both sides");
    // Noon of days inside the data: no charge date sits on a bound, so inclusive and exclusive agree.
    const auto from = days[1] - 12h, to = days[days.size() - 2] + 12h;
    Exchange ex = query_tx(wide_body({{"from_date", times::iso(from)}, {"to_date", times::iso(to)}}));
    if (!needs_success(ex)) return;
    expect_selects(ex, *all, "from_date=" + times::iso(from) + "&to_date=" + times::iso(to), [&](const json& t) {
        auto d = times::of(t.value("charge_date", json()));
        return d && *d >= from && *d <= to;
    });
}

TEST(Billing, BIL_ENUMS_SortOrderSorts) {
    // Which sort_order and transaction_types values are accepted is the schema phase's (OpenAPI enums), and the
    // transaction_type a transaction shows is the response validator's; what neither can say is that a
    // sort_order sorts.
    for (const char* order : {"Ascending", "Descending"}) {
        Exchange sorted = query_tx(wide_body({{"sort_order", order}}));
        if (sorted.status() == 200)
            expect_that(ordered(items_of(sorted), order == std::string("Ascending")), sorted, "BIL-ENUMS",
                        std::string("sort_order=") + order + " is not in " + order + " charge_date order");
    }
}


TEST(Billing, ERR_4XX_MalformedQueryBodyRejected) {
    for (const json& extra : {json{{"from_date", "last tuesday"}}, json{{"invoiced_status", "yes"}},
                              json{{"transaction_types", "Charge"}}})
        expect_rejected(query_tx(wide_body(extra)), "ERR-4XX");
}

// ---------------------------------------------------------------- invoices

Exchange invoice_tx(const std::string& invoice, http::QueryParams query = {}) {
    return send(Call{.operation = "listInvoiceTransactions", .path = {{"invoiceId", invoice}}, .query = std::move(query)});
}

/// Invoice ids that invoiced transactions name, at most `max`.
std::vector<std::string> invoice_ids(const std::vector<json>& all, std::size_t max = 5) {
    std::vector<std::string> out;
    for (const auto& t : all) {
        if (!t.value("invoiced_status", false)) continue;
        const std::string id = t.value("invoice_id", json()).dump();
        if (std::find(out.begin(), out.end(), id) == out.end() && out.size() < max) out.push_back(id);
    }
    return out;
}

TEST(Billing, BIL_INVOICE_TX_ListsTheInvoicesTransactionsNewestFirst) {
    auto all = wide();
    if (!all) return;
    const auto invoices = invoice_ids(*all);
    if (invoices.empty()) DOCKSIDE_SKIP("no invoiced transactions, so no invoice id to list");
    for (const auto& invoice : invoices) {
        Exchange ex = invoice_tx(invoice, {{"PageSize", std::to_string(invoice_sizes().max)}});
        if (!needs_success(ex)) continue;
        std::set<std::string> got;
        for (const auto& t : items_of(ex)) {
            got.insert(t.value("transaction_id", json()).dump());
            expect_that(t.value("invoice_id", json()).dump() == invoice, ex, "BIL-INVOICE-TX",
                        "invoice " + invoice + " lists transaction " + t.value("transaction_id", json()).dump() +
                            " of invoice " + t.value("invoice_id", json()).dump());
        }
        for (const auto& t : *all)
            if (t.value("invoiced_status", false) && t.value("invoice_id", json()).dump() == invoice)
                expect_that(got.count(t.value("transaction_id", json()).dump()) == 1, ex, "BIL-INVOICE-TX",
                            "invoice " + invoice + " lacks its transaction " + t.value("transaction_id", json()).dump());
        expect_that(ordered(items_of(ex), false), ex, "BIL-INVOICE-TX", "without SortOrder the default is Descending");
        // Whether SortOrder=Ascending is accepted is the schema phase's (an edge of the OpenAPI enum); that it
        // sorts is this test's.
        Exchange asc = invoice_tx(invoice, {{"PageSize", std::to_string(invoice_sizes().max)}, {"SortOrder", "Ascending"}});
        if (asc.status() == 200)
            expect_that(ordered(items_of(asc), true), asc, "BIL-INVOICE-TX", "SortOrder=Ascending is not ascending by charge_date");
    }
}

TEST(Billing, BIL_INVOICE_TX_CursorOverridesOtherParameters) {
    auto all = wide();
    if (!all) return;
    std::optional<std::string> invoice;
    std::map<std::string, int> count;
    for (const auto& t : *all)
        if (t.value("invoiced_status", false) && ++count[t.value("invoice_id", json()).dump()] >= 2) invoice = t.value("invoice_id", json()).dump();
    if (!invoice) DOCKSIDE_SKIP("no invoice with two transactions; there is no second page");
    Exchange first = invoice_tx(*invoice, {{"PageSize", "1"}});
    if (!needs_success(first)) return;
    const json next = first.json().value("next", json());
    if (!expect_that(next.is_string(), first, "BIL-PAGE-SIZE", "PageSize=1 on a two-transaction invoice gave no next cursor")) return;
    Exchange alone = invoice_tx(*invoice, {{"Cursor", next.get<std::string>()}});
    Exchange with = invoice_tx(*invoice, {{"Cursor", next.get<std::string>()}, {"PageSize", std::to_string(invoice_sizes().max)}, {"SortOrder", "Ascending"}});
    if (!expect_status(alone, 200, "BIL-INVOICE-TX") || !expect_status(with, 200, "BIL-INVOICE-TX")) return;
    expect_that(ids_in_order(items_of(alone)) == ids_in_order(items_of(with)), with, "BIL-INVOICE-TX",
                "with a Cursor, PageSize and SortOrder must be ignored: " + show(ids_in_order(items_of(with))) + " vs " +
                    show(ids_in_order(items_of(alone))));
    auto pages = walk(invoice_tx(*invoice, {{"PageSize", "1"}}),
                      [&](const std::string& c) { return invoice_tx(*invoice, {{"Cursor", c}}); });
    std::vector<json> mine;
    for (const auto& t : *all)
        if (t.value("invoiced_status", false) && t.value("invoice_id", json()).dump() == *invoice) mine.push_back(t);
    if (pages) expect_pages(*pages, mine, 1, "BIL-INVOICE-TX", "listInvoiceTransactions");
}

TEST(Billing, AUTH_BEARER_MissingOrBadTokenIs401) {
    for (Auth auth : {Auth::None, Auth::Bad}) {
        expect_status(send(Call{.operation = "queryTransactions", .body = wide_body(), .auth = auth}), 401, "AUTH-BEARER");
        expect_status(send(Call{.operation = "listInvoiceTransactions", .path = {{"invoiceId", "1"}}, .auth = auth}), 401,
                      "AUTH-BEARER");
        expect_status(send(Call{.operation = "listInvoices", .auth = auth}), 401, "AUTH-BEARER");
        expect_status(send(Call{.operation = "listTransactionFees", .auth = auth}), 401, "AUTH-BEARER");
    }
}

}  // namespace
}  // namespace dockside::suites
