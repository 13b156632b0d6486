#pragma once
/// Standard Webhooks signing (NS-WH-SIGNATURE): webhook-signature = "v1," + base64(HMAC-SHA256(secret,
/// webhook-id + "." + webhook-timestamp + "." + body)). The secret's bytes are the key as given.

#include <cstdint>
#include <string>
#include <string_view>

namespace dockside::refserver {

/// The webhook-signature header value for one delivery attempt.
std::string standard_webhook_signature(std::string_view secret, std::string_view webhook_id, std::int64_t timestamp,
                                       std::string_view body);

}  // namespace dockside::refserver
