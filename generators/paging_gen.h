#pragma once
/// Paging parameters of the list operations, as JSON query objects (see query.h): the documented
/// ranges (Limit 1..250 and Page 1..2147483647 on GET /order, Cursor 1..2147483647 on GET /return),
/// their boundaries, and the values one step past them.

#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

inline constexpr std::int64_t kMaxInt32 = 2147483647;

/// {Page?, Limit?} for GET /order: realistic small pages, sometimes the extremes.
rc::Gen<nlohmann::json> gen_order_page_query();
/// Limit 1 and 250, Page 1 and 2147483647 (ORD-LIST-LIMIT).
std::vector<BoundaryCase> order_page_boundaries();
/// Limit 0, 251 and a word; Page 0, 2147483648 and -1 (ORD-LIST-LIMIT).
std::vector<InvalidCase> order_page_invalid_cases();
rc::Gen<InvalidCase> gen_order_page_query_invalid();

/// {Cursor?, Limit?} for GET /return (RET-LIST; no Page in this version, VER-CURSOR).
rc::Gen<nlohmann::json> gen_return_page_query();
/// Cursor 1 and 2147483647.
std::vector<BoundaryCase> return_page_boundaries();
/// Cursor 0, 2147483648 and a word.
std::vector<InvalidCase> return_page_invalid_cases();
rc::Gen<InvalidCase> gen_return_page_query_invalid();

/// {RecordsPerPage?, Cursor?} for GET /channel (CH-LIST) and GET /webhook (WH-LIST); no documented
/// range beyond "default 50", so only positive counts are generated.
rc::Gen<nlohmann::json> gen_records_page_query();

}  // namespace dockside::generators
