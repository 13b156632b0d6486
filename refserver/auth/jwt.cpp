#include "refserver/auth/jwt.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

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

std::optional<std::string> base64url_decode(const std::string& in) {
    std::string out;
    std::uint32_t buf = 0;
    int bits = 0;
    for (char c : in) {
        int v;
        if (c >= 'A' && c <= 'Z') v = c - 'A';
        else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
        else if (c >= '0' && c <= '9') v = c - '0' + 52;
        else if (c == '-') v = 62;
        else if (c == '_') v = 63;
        else return std::nullopt;
        buf = (buf << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((buf >> bits) & 0xFF));
        }
    }
    return out;
}

}  // namespace

std::string sign_jwt(const nlohmann::json& payload, const std::string& key) {
    std::string signing_input = base64url(dump_json({{"alg", "HS256"}, {"typ", "JWT"}})) + "." +
                                base64url(dump_json(payload));
    return signing_input + "." + base64url(hmac_sha256(key, signing_input));
}

std::optional<nlohmann::json> verify_jwt(const std::string& token, const std::string& key) {
    auto first = token.find('.');
    auto second = token.find('.', first == std::string::npos ? first : first + 1);
    if (first == std::string::npos || second == std::string::npos) return std::nullopt;
    std::string expected = base64url(hmac_sha256(key, token.substr(0, second)));
    std::string given = token.substr(second + 1);
    if (expected.size() != given.size() || CRYPTO_memcmp(expected.data(), given.data(), given.size()) != 0)
        return std::nullopt;
    auto payload = base64url_decode(token.substr(first + 1, second - first - 1));
    if (!payload) return std::nullopt;
    auto parsed = nlohmann::json::parse(*payload, nullptr, false);
    if (parsed.is_discarded()) return std::nullopt;
    return parsed;
}

}  // namespace dockside::refserver
