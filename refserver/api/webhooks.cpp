// The webhooks area: POST /webhook (WH-CREATE, WH-HTTPS, WH-TOPICS, VER-WEBHOOK-SHAPE), GET /webhook
// (WH-LIST) and DELETE /webhook/{id} (WH-DELETE, WH-DELETE-GONE). Deliveries: webhooks/events.h.
// Stances: exactly the contract's topics (WebhookCreateRequest.topics, at least its minItems), anything
// else 400 (NS-WH-TOPIC-LIST); url must be an absolute https URL of at most kMaxWebhookUrlChars
// (NS-REQUEST-LIMITS); ids are decimal strings; secret is "" in the response when none was given
// (deliveries are then unsigned); the list pages as {items, next, prev} with RecordsPerPage
// 1..kListMaxSize (default kListDefaultSize, NS-LIST-DEFAULTS) and opaque "c<offset>" cursors, oldest first; delete is idempotent (204, NS-WH-DELETE-MISSING);
// subscriptions belong to the account, so the channel header is not used on create or delete.

#include "harness/http/url.h"
#include "refserver/api/order_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/json_body.h"
#include "refserver/core/limits.h"
#include "refserver/store/webhooks_store.h"
#include "refserver/webhooks/events.h"

namespace dockside::refserver {
namespace {

nlohmann::json subscription_json(const WebhookSubscriptionRecord& s, const FaultSet& faults) {
    return {{"id", faults.on(Fault::WebhookIdAsInteger) ? nlohmann::json(s.id) : nlohmann::json(std::to_string(s.id))},
            {"url", s.url},
            {"topics", s.topics},
            {"description", s.description ? nlohmann::json(*s.description) : nlohmann::json(nullptr)},
            {"secret", s.secret},
            {"created_at", time_json(s.created_at, faults)}};
}

/// "a, b and c"
std::string listed(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

std::vector<std::string> read_topics(BodyReader& r, const WebhookLimits& documented, bool refuse_on_hold) {
    std::vector<std::string> topics;
    const auto& known = documented.topics;
    const nlohmann::json* list = r.array("topics", Need::Required, static_cast<std::size_t>(documented.min_topics), "WH-CREATE");
    for (std::size_t i = 0; list && i < list->size(); ++i) {
        const auto& t = (*list)[i];
        const std::string field = "topics[" + std::to_string(i) + "]";
        const bool on_hold_refused = refuse_on_hold && t == kOnHoldTopic;
        if (!t.is_string() || on_hold_refused || std::find(known.begin(), known.end(), t.get<std::string>()) == known.end())
            r.fail(validation_error(field, "unknown topic " + describe_value(t) + "; topics are " + listed(known), "WH-TOPICS"));
        else if (std::find(topics.begin(), topics.end(), t.get<std::string>()) == topics.end())
            topics.push_back(t.get<std::string>());
    }
    return topics;
}

void check_url(BodyReader& r, const std::string& url, const FaultSet& faults) {
    auto parsed = http::parse_url(std::string_view(url).substr(0, url.find('?')));
    if (!parsed || parsed->host.empty()) {
        r.fail(validation_error("url", "url must be an absolute URL", "WH-CREATE"));
        return;
    }
    if (parsed->scheme != "https" && !faults.on(Fault::WebhookAcceptsHttp))
        r.fail(validation_error("url", "url must use https", "WH-HTTPS"));
}

Reply create_webhook(RequestContext& ctx) {
    const std::string& header = ctx.store.auth.channel_header;
    if (ctx.faults.on(Fault::WebhookCreateChannelRequired) && !ctx.request.headers.has(header))
        return fail(validation_error(header, "the " + header + " header is required", "WH-CREATE"));
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (!body->is_object()) return fail(validation_error("", "the body must be a JSON object", "WH-CREATE"));
    BodyReader r(*body, "", "WH-CREATE");
    WebhookSubscriptionRecord sub;
    sub.topics = read_topics(r, ctx.store.limits.webhooks, ctx.faults.on(Fault::WebhookOnHoldTopicRejected));
    auto url = r.string("url", Need::Required, {1, kMaxWebhookUrlChars, "NS-REQUEST-LIMITS"});
    if (url && !r.error()) check_url(r, *url, ctx.faults);
    sub.description = r.string("description", Need::Optional);
    sub.secret = r.string("secret", Need::Optional).value_or("");
    if (r.error()) return fail(*r.error());

    auto& state = ctx.store.areas.get<WebhookState>();
    sub.id = state.next_id++;
    sub.url = *url;
    sub.created_at = ctx.clock.now();
    auto& stored = state.subscriptions[sub.id] = std::move(sub);
    return json_response(200, subscription_json(stored, ctx.faults));
}

std::string page_url(const RequestContext& ctx, std::int32_t per_page, std::size_t offset) {
    return ctx.base_url + std::string(ctx.request.path()) + "?RecordsPerPage=" + std::to_string(per_page) + "&Cursor=c" + std::to_string(offset);
}

Reply list_webhooks(RequestContext& ctx) {
    QueryReader q(ctx.query);
    const std::int32_t per_page = q.int32("RecordsPerPage", 1, kListMaxSize, "WH-LIST").value_or(kListDefaultSize);
    auto cursor = q.string("Cursor");
    if (q.error()) return fail(*q.error());
    std::size_t offset = 0;
    if (cursor && !cursor->empty()) {
        auto n = cursor->size() > 1 && (*cursor)[0] == 'c' ? parse_int64(std::string_view(*cursor).substr(1)) : std::nullopt;
        if (!n || *n < 0) return fail(validation_error("Cursor", "Cursor is not a cursor this server issued", "WH-LIST"));
        offset = static_cast<std::size_t>(*n);
    }
    const auto& subs = ctx.store.areas.get<WebhookState>().subscriptions;
    nlohmann::json items = nlohmann::json::array();
    std::size_t i = 0;
    // WH-LIST fault: one page of everything, whatever RecordsPerPage says.
    const std::size_t per = ctx.faults.on(Fault::WebhookListRecordsPerPageIgnored) ? SIZE_MAX / 2 : static_cast<std::size_t>(per_page);
    for (const auto& [id, s] : subs) {
        if (i >= offset && i < offset + per) items.push_back(subscription_json(s, ctx.faults));
        ++i;
    }
    const nlohmann::json null;
    return json_response(200, {{"items", items},
                               {"next", offset + per < subs.size() ? nlohmann::json(page_url(ctx, per_page, offset + per)) : null},
                               {"prev", offset > 0 ? nlohmann::json(page_url(ctx, per_page, offset > per ? offset - per : 0)) : null}});
}

Reply delete_webhook(RequestContext& ctx) {
    auto& state = ctx.store.areas.get<WebhookState>();
    auto id = parse_int64(ctx.path.text("id"));
    auto it = id ? state.subscriptions.find(*id) : state.subscriptions.end();
    if (it == state.subscriptions.end()) {
        if (ctx.faults.on(Fault::WebhookDelete404)) return fail(not_found("no webhook subscription " + ctx.path.text("id"), "id"));
    } else if (!ctx.faults.on(Fault::WebhookDeleteKept)) {
        state.subscriptions.erase(it);
    }
    return http::Response{204, {}, ""};
}

void bind_webhooks(HandlerTable& table, const FaultSet&) {
    table.bind_reads({{"listWebhooks", list_webhooks}});
    table.bind_writes({{"createWebhook", create_webhook}, {"deleteWebhook", delete_webhook}});
}

}  // namespace

Area webhooks_area() { return {"webhooks", bind_webhooks, nullptr}; }

}  // namespace dockside::refserver
