#pragma once
/// Who may call an operation and how its handler holds the store. For the contract's operations it is
/// read from the spec (security scopes, x-channel-header) when the routes are built
/// (core/operation_routes.h); the server's own routes make theirs.

#include <string>
#include <vector>

namespace dockside::refserver {

/// How an operation treats the channel header (service_channel_id); the spec's x-channel-header.
enum class ChannelRule {
    NotUsed,   ///< ignored (webhook create and delete, the authorization server)
    Optional,  ///< may be sent; when sent it must name a channel the token owns
    Required,  ///< must be sent and name an owned channel with _write scopes (AUTH-CHANNEL)
};

/// How a handler holds the store: reads share it, writes hold it alone. Not in the spec (a POST may only
/// read, a GET may issue codes), so the handler's binding says it.
enum class StoreLock { Shared, Exclusive };

struct OperationAccess {
    std::string operation_id;
    bool bearer = true;               ///< a valid bearer token is required (the authorization server needs none)
    std::vector<std::string> scopes;  ///< every one must be granted to the token
    ChannelRule channel = ChannelRule::NotUsed;
    StoreLock lock = StoreLock::Shared;
    /// The query parameters the contract names for it, as the document spells them: another spelling of one of
    /// them is refused (NS-QUERY-NAME-CASE), so that no client learns here to rely on a lenient match.
    std::vector<std::string> query_names = {};
};

}  // namespace dockside::refserver
