#pragma once
/// Who is calling: the token that authenticated the request and what it may do.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "refserver/core/clock.h"

namespace dockside::refserver {

enum class TokenKind { None, Pat, OAuthAccess };

/// The authenticated caller. Anonymous (kind None) for the authorization-server endpoints.
struct Principal {
    TokenKind kind = TokenKind::None;
    std::set<std::string> scopes;
    std::vector<std::int32_t> channel_ids;  ///< channels this token may name in the channel header

    bool has_scope(const std::string& scope) const { return scopes.count(scope) > 0; }
    bool owns_channel(std::int32_t id) const {
        return std::find(channel_ids.begin(), channel_ids.end(), id) != channel_ids.end();
    }
};

/// An issued bearer token. PATs never expire; OAuth access tokens carry their expiry.
struct TokenRecord {
    /// Shared with every request that presents the token: checking one copies no scope.
    std::shared_ptr<const Principal> principal;
    std::optional<TimePoint> expires_at;
};

}  // namespace dockside::refserver
