#pragma once
/// JWT-shaped id_tokens: base64url(header).base64url(payload).base64url(HMAC-SHA256 signature).

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace dockside::refserver {

/// Signs `payload` with HS256 under `key`.
std::string sign_jwt(const nlohmann::json& payload, const std::string& key);
/// The payload of a token signed with `key`; nullopt when the shape or the signature is wrong.
std::optional<nlohmann::json> verify_jwt(const std::string& token, const std::string& key);

}  // namespace dockside::refserver
