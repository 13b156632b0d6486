#pragma once
/// Paging parameters of the list operations, as JSON query objects (see query.h), within the documented
/// ranges (GET /order Limit and Page, GET /return Cursor — read from the run's spec). The ends of the
/// ranges and the values past them are the schema phase's (edges and broken bounds of the OpenAPI file).

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

/// {Page?, Limit?} for GET /order: realistic small pages, sometimes the extremes.
rc::Gen<nlohmann::json> gen_order_page_query();
/// {Cursor?, Limit?} for GET /return (RET-LIST; no Page in this version, VER-CURSOR).
rc::Gen<nlohmann::json> gen_return_page_query();
/// {RecordsPerPage?} for GET /channel (CH-LIST) and GET /webhook (WH-LIST); no documented range beyond
/// a default, so only small positive counts are generated. No Cursor: only the server issues one.
rc::Gen<nlohmann::json> gen_records_page_query();

}  // namespace dockside::generators
