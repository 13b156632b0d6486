#pragma once
/// Which scope and which channel rule every operation has: one table, mirroring the `security` of
/// the OpenAPI file (the document itself does not show it; see refserver/README.md for the stance).

#include <string>
#include <string_view>
#include <vector>

namespace dockside::refserver {

/// How an operation treats the channel header (service_channel_id).
enum class ChannelRule {
    NotUsed,   ///< ignored (webhook create, the authorization server)
    Optional,  ///< may be sent; when sent it must name a channel the token owns
    Required,  ///< must be sent and name an owned channel with _write scopes (AUTH-CHANNEL)
};

struct OperationAccess {
    std::string operation_id;
    std::string scope;  ///< empty: no bearer token (the authorization server's own endpoints)
    ChannelRule channel;
    bool mutates;       ///< runs under the store's exclusive lock
};

/// Every operation of the 2025-07 API plus the two authorization-server endpoints.
const std::vector<OperationAccess>& operation_access_table();
/// The row of an operation, or nullptr for an id the table lacks.
const OperationAccess* find_access(std::string_view operation_id);
/// The 21 scope names of the document (AUTH-SCOPES).
const std::vector<std::string>& all_scopes();

}  // namespace dockside::refserver
