#include "refserver/auth/token_store.h"

namespace dockside::refserver {

std::shared_ptr<const Principal> TokenStore::authenticate(const std::string& token, TimePoint now, bool ignore_expiry) const {
    const TokenRecord* found = tokens.find(token);
    if (!found) return nullptr;
    const auto& rec = *found;
    // An access token is valid strictly before its expiry instant.
    if (rec.expires_at && !ignore_expiry && now >= *rec.expires_at) return nullptr;
    return rec.principal;
}

}  // namespace dockside::refserver
