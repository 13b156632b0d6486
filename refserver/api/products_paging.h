#pragma once
/// Cursor paging shared by GET /product and GET /inventory (NS-CURSOR-FORMAT, NS-LIST-DEFAULTS):
/// PageSize 1..kListMaxPageSize (default kListDefaultSize, both the server's own: the document gives
/// neither); Cursor is the 1-based position of a page's first item; the links
/// are absolute URLs repeating the request's other query parameters.

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "refserver/core/context.h"
#include "refserver/core/limits.h"
#include "refserver/core/query.h"

namespace dockside::refserver {

/// Which slice of a list one request asks for.
struct PageRequest {
    std::size_t offset = 0;
    std::size_t size = kListDefaultSize;
};

/// Reads PageSize and Cursor; problems are recorded in `q` (the caller checks q.error()).
PageRequest read_page_request(QueryReader& q, const std::string& rule);

/// {first, last, next, prev} for a list of `total` items at the path the request came to (a list has no
/// path parameters, so that is the operation's path); links are null where there is no such page (first
/// and last are null only when the list is empty).
nlohmann::json page_links(const RequestContext& ctx, std::size_t total, const PageRequest& page);

}  // namespace dockside::refserver
