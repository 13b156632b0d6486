#include "refserver/webhooks/signature.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/base64.h"

namespace dockside::refserver {

std::string standard_webhook_signature(std::string_view secret, std::string_view webhook_id, std::int64_t timestamp,
                                       std::string_view body) {
    std::string content;
    content.reserve(webhook_id.size() + body.size() + 24);
    content.append(webhook_id).append(".").append(std::to_string(timestamp)).append(".").append(body);
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()), reinterpret_cast<const unsigned char*>(content.data()),
         content.size(), mac, &len);
    return "v1," + base64_encode(std::string_view(reinterpret_cast<const char*>(mac), len));
}

}  // namespace dockside::refserver
