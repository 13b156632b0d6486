// GET /2025-07/channel (CH-LIST, VER-CURSOR): the caller's channels, RecordsPerPage per page (the
// contract's default when absent; 1..kListMaxSize is the server's own bound, the spec states none), Cursor
// paging with next/prev URLs or null. Cursors are opaque "c<offset>" strings.

#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

nlohmann::json page_url(const RequestContext& ctx, std::int32_t per_page, std::size_t offset) {
    return ctx.base_url + std::string(ctx.request.path()) + "?RecordsPerPage=" + std::to_string(per_page) + "&Cursor=c" +
           std::to_string(offset);
}

/// The channel's scope names; the AUTH-SCOPES fault adds one that is not among the 21 documented.
nlohmann::json scopes_json(const std::vector<std::string>& scopes, const FaultSet& faults) {
    nlohmann::json out = scopes;
    if (faults.on(Fault::AuthScopesUndocumentedName)) out.push_back("orders_admin");
    return out;
}

Reply list_channels(RequestContext& ctx) {
    QueryReader q(ctx.query);
    const auto documented_default = static_cast<std::int32_t>(ctx.store.limits.channels.default_records_per_page);
    std::int32_t per_page = q.int32("RecordsPerPage", 1, kListMaxSize, "CH-LIST").value_or(documented_default);
    auto cursor = q.string("Cursor");
    if (q.error()) return fail(*q.error());
    std::size_t offset = 0;
    if (cursor && !cursor->empty()) {
        auto n = cursor->size() > 1 && (*cursor)[0] == 'c' ? parse_int64(std::string_view(*cursor).substr(1)) : std::nullopt;
        if (!n || *n < 0) return fail(validation_error("Cursor", "Cursor is not a cursor this server issued", "CH-LIST"));
        offset = static_cast<std::size_t>(*n);
    }
    std::vector<const Channel*> visible;
    for (auto id : ctx.principal.channel_ids)
        if (const Channel* c = ctx.store.channel(id)) visible.push_back(c);
    if (ctx.faults.on(Fault::ChannelListRecordsPerPageIgnored)) {
        per_page = static_cast<std::int32_t>(std::max<std::size_t>(visible.size(), 1));
        offset = 0;
    }
    nlohmann::json items = nlohmann::json::array();
    for (std::size_t i = offset; i < visible.size() && i < offset + static_cast<std::size_t>(per_page); ++i)
        items.push_back({{"id", visible[i]->id},
                         {"name", visible[i]->name},
                         {"application_name", visible[i]->application_name},
                         {"scopes", scopes_json(visible[i]->scopes, ctx.faults)}});
    const std::size_t end = offset + static_cast<std::size_t>(per_page);
    nlohmann::json next = end < visible.size() ? page_url(ctx, per_page, end) : nlohmann::json(nullptr);
    nlohmann::json prev = offset > 0 ? page_url(ctx, per_page, offset > static_cast<std::size_t>(per_page) ? offset - per_page : 0)
                                     : nlohmann::json(nullptr);
    return json_response(200, {{"items", items}, {"next", next}, {"prev", prev}});
}

void bind_channels(HandlerTable& table, const FaultSet&) { table.bind("listChannels", list_channels, StoreLock::Shared); }

}  // namespace

Area channels_area() { return {"channels", bind_channels, nullptr}; }

}  // namespace dockside::refserver
