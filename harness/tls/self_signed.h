#pragma once
/// Self-signed certificates made in memory, so tests and Dockside's own HTTPS webhook receiver can
/// serve TLS without certificate files on disk.

#include <string>

#include "core/result.h"

namespace dockside::tls {

enum class KeyType { ec_p256, rsa_2048 };

/// A certificate and its private key, both PEM.
struct CertificatePair {
    std::string certificate_pem;
    std::string private_key_pem;  ///< PKCS#8, unencrypted
};

struct SelfSignedOptions {
    KeyType key_type = KeyType::ec_p256;
    std::string common_name = "localhost";
    int valid_days = 30;
};

/// Generates a key and a self-signed X.509 v3 certificate (CN=common_name, SAN DNS:localhost and
/// IP:127.0.0.1, serverAuth, SHA-256), valid from one hour ago for `valid_days`. Errors carry the
/// failing step and OpenSSL's message.
Result<CertificatePair, std::string> make_self_signed(const SelfSignedOptions& options = {});

}  // namespace dockside::tls
