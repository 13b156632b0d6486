#include "refserver/auth/jwt.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/base64.h"
#include "refserver/core/errors.h"
#include "refserver/core/text.h"

namespace dockside::refserver {
namespace {

std::string hmac_sha256(const std::string& key, const std::string& data) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
         data.size(), out, &len);
    return std::string(reinterpret_cast<const char*>(out), len);
}

}  // namespace

std::string sign_jwt(const nlohmann::json& payload, const std::string& key) {
    std::string signing_input = base64_encode(dump_json({{"alg", "HS256"}, {"typ", "JWT"}}), Base64::Url) + "." +
                                base64_encode(dump_json(payload), Base64::Url);
    return signing_input + "." + base64_encode(hmac_sha256(key, signing_input), Base64::Url);
}

std::optional<nlohmann::json> verify_jwt(const std::string& token, const std::string& key) {
    auto first = token.find('.');
    auto second = token.find('.', first == std::string::npos ? first : first + 1);
    if (first == std::string::npos || second == std::string::npos) return std::nullopt;
    std::string expected = base64_encode(hmac_sha256(key, token.substr(0, second)), Base64::Url);
    std::string given = token.substr(second + 1);
    if (expected.size() != given.size() || CRYPTO_memcmp(expected.data(), given.data(), given.size()) != 0)
        return std::nullopt;
    auto payload = base64_decode(token.substr(first + 1, second - first - 1), Base64::Url);
    if (!payload) return std::nullopt;
    auto parsed = nlohmann::json::parse(*payload, nullptr, false);
    if (parsed.is_discarded()) return std::nullopt;
    return parsed;
}

}  // namespace dockside::refserver
