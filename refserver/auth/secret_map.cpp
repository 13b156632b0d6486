#include "refserver/auth/secret_map.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

namespace dockside::refserver {

std::string keyed_digest(std::string_view key, std::string_view secret) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(secret.data()),
         secret.size(), out, &length);
    return std::string(reinterpret_cast<const char*>(out), length);
}

bool secrets_equal(std::string_view a, std::string_view b) {
    unsigned char da[SHA256_DIGEST_LENGTH], db[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char*>(a.data()), a.size(), da);
    SHA256(reinterpret_cast<const unsigned char*>(b.data()), b.size(), db);
    return CRYPTO_memcmp(da, db, sizeof da) == 0;
}

std::string random_key() {
    std::string key(32, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(key.data()), static_cast<int>(key.size())) != 1) return {};
    return key;
}

}  // namespace dockside::refserver
