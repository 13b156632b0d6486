#include "refserver/api/products_paging.h"

#include <algorithm>

#include "core/text.h"
#include "core/url_escapes.h"

namespace dockside::refserver {
namespace {

bool is_cursor(const std::string& name) {
    return ascii_lower(name) == "cursor";
}

nlohmann::json link(const RequestContext& ctx, const std::string& path, std::size_t offset) {
    std::string url = ctx.base_url + path + "?";
    for (const auto& [name, value] : ctx.query.items())
        if (!is_cursor(name)) url += percent_encode(name) + "=" + percent_encode(value) + "&";
    return url + "Cursor=" + std::to_string(offset + 1);
}

}  // namespace

PageRequest read_page_request(QueryReader& q, const std::string& rule) {
    PageRequest page;
    page.size = static_cast<std::size_t>(q.int32("PageSize", 1, kListMaxPageSize, rule).value_or(kListDefaultSize));
    page.offset = static_cast<std::size_t>(q.int32("Cursor", 1, INT32_MAX, rule).value_or(1) - 1);
    return page;
}

nlohmann::json page_links(const RequestContext& ctx, std::size_t total, const PageRequest& page) {
    const std::string path(ctx.request.path());
    nlohmann::json links = {{"first", nullptr}, {"last", nullptr}, {"next", nullptr}, {"prev", nullptr}};
    if (total == 0) return links;
    links["first"] = link(ctx, path, 0);
    links["last"] = link(ctx, path, (total - 1) / page.size * page.size);
    if (page.offset + page.size < total) links["next"] = link(ctx, path, page.offset + page.size);
    if (page.offset > 0) links["prev"] = link(ctx, path, page.offset > page.size ? page.offset - page.size : 0);
    return links;
}

}  // namespace dockside::refserver
