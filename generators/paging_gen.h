#pragma once
/// Paging parameters of the list operations, as JSON query objects (see query.h): the documented
/// ranges (GET /order Limit and Page, GET /return Cursor — read from the run's spec), their boundaries,
/// and the values one step past them.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

/// {Page?, Limit?} for GET /order: realistic small pages, sometimes the extremes.
rc::Gen<nlohmann::json> gen_order_page_query();
/// Limit and Page at their documented minimum and maximum (ORD-LIST-LIMIT).
std::vector<BoundaryCase> order_page_boundaries();
/// Limit and Page one below and one above their range, Limit not an integer, a negative Page.
std::vector<InvalidCase> order_page_invalid_cases();
rc::Gen<InvalidCase> gen_order_page_query_invalid();

/// {Cursor?, Limit?} for GET /return (RET-LIST; no Page in this version, VER-CURSOR).
rc::Gen<nlohmann::json> gen_return_page_query();
/// Cursor at its documented minimum and maximum.
std::vector<BoundaryCase> return_page_boundaries();
/// Cursor one below and one above its range, and a word.
std::vector<InvalidCase> return_page_invalid_cases();
rc::Gen<InvalidCase> gen_return_page_query_invalid();

/// {RecordsPerPage?} for GET /channel (CH-LIST) and GET /webhook (WH-LIST); no documented range beyond
/// a default, so only small positive counts are generated. No Cursor: only the server issues one.
rc::Gen<nlohmann::json> gen_records_page_query();

/// For any integer parameter with a documented range ("listOrders.Limit"): the value at each end, and
/// one past each end, as single-parameter query cases whose rule is the range's rule.
std::vector<BoundaryCase> int_param_boundaries(const std::string& reference);
std::vector<InvalidCase> int_param_invalid_cases(const std::string& reference);

}  // namespace dockside::generators
