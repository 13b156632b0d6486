#include "refserver/auth/authenticator.h"

#include "refserver/core/query.h"

namespace dockside::refserver {
namespace {

std::optional<std::string> bearer_token(const http::Request& request) {
    auto h = request.headers.get("Authorization");
    if (!h) return std::nullopt;
    std::string_view v = *h;
    if (v.size() < 7 || !http::iequals(v.substr(0, 7), "Bearer ")) return std::nullopt;
    v.remove_prefix(7);
    while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    if (v.empty()) return std::nullopt;
    return std::string(v);
}

Result<std::shared_ptr<const Principal>, ApiError> authenticate(const http::Request& request, const Store& store, TimePoint now,
                                         const FaultSet& faults) {
    auto token = bearer_token(request);
    std::shared_ptr<const Principal> p;
    if (token) p = store.auth.authenticate(*token, now, faults.on(Fault::AuthLifetimeAccessNeverExpires));
    if (p) return p;
    if (faults.on(Fault::AuthBearerNoTokenCheck)) {
        if (auto main = store.auth.authenticate(store.auth.primary_pat, now, true)) return main;
    }
    // A token this server issued that is only past its lifetime: the fault answers it like a scope problem.
    if (token && faults.on(Fault::AuthExpiredAnswers403) && store.auth.authenticate(*token, now, true))
        return fail(forbidden("the bearer token has expired"));
    return fail(unauthorized(token ? "the bearer token is invalid or expired"
                                   : "an Authorization: Bearer <token> header is required"));
}

Result<std::optional<std::int32_t>, ApiError> check_channel(const http::Request& request, ChannelRule rule,
                                                            const Principal& principal, const Store& store,
                                                            const FaultSet& faults) {
    if (rule == ChannelRule::NotUsed) return std::optional<std::int32_t>{};
    auto header = request.headers.get(store.auth.channel_header);
    const bool lax = faults.on(Fault::AuthChannelNoChannelCheck);
    if (!header) {
        if (lax && rule == ChannelRule::Required) {
            const Channel* c = store.default_write_channel();
            return std::optional<std::int32_t>{c ? c->id : 0};
        }
        if (rule == ChannelRule::Required)
            return fail(validation_error(store.auth.channel_header,
                                         "the " + store.auth.channel_header + " header is required on this operation", "AUTH-CHANNEL"));
        return std::optional<std::int32_t>{};
    }
    auto id = parse_int64(*header);
    if (!id || *id < INT32_MIN || *id > INT32_MAX)
        return fail(validation_error(store.auth.channel_header,
                                     "the " + store.auth.channel_header + " header must be an integer channel id", "AUTH-CHANNEL"));
    auto channel_id = static_cast<std::int32_t>(*id);
    if (lax) return std::optional<std::int32_t>{channel_id};
    const Channel* channel = store.channel(channel_id);
    if (!channel || !principal.owns_channel(channel_id))
        return fail(forbidden("channel " + std::to_string(channel_id) + " is not a channel of this token",
                              store.auth.channel_header, "AUTH-CHANNEL"));
    if (rule == ChannelRule::Required && !channel->can_write())
        return fail(forbidden("channel " + std::to_string(channel_id) + " has no _write scopes", store.auth.channel_header,
                              "AUTH-CHANNEL"));
    return std::optional<std::int32_t>{channel_id};
}

}  // namespace

Result<Access, ApiError> check_access(const http::Request& request, const OperationAccess& operation,
                                      const Store& store, TimePoint now, const FaultSet& faults) {
    // An operation without a bearer token (the OAuth endpoints) is called by nobody in particular.
    static const auto nobody = std::make_shared<const Principal>();
    if (!operation.bearer) return Access{nobody, std::nullopt};
    auto principal = authenticate(request, store, now, faults);
    if (!principal) return fail(principal.error());
    for (const auto& scope : operation.scopes)
        if (!(*principal)->has_scope(scope) && !faults.on(Fault::AuthForbidNoScopeCheck))
            return fail(forbidden("the token lacks the " + scope + " scope", "Authorization"));
    // RET-REQ fault: return create alone treats the channel header as optional.
    const bool return_lax = operation.operation_id == "createReturn" && faults.on(Fault::ReturnChannelHeaderOptional) &&
                            !request.headers.get(store.auth.channel_header);
    auto channel = check_channel(request, return_lax ? ChannelRule::Optional : operation.channel, **principal, store, faults);
    if (!channel) return fail(channel.error());
    return Access{std::move(*principal), *channel};
}

}  // namespace dockside::refserver
