#include "harness/tls/self_signed.h"

#include <memory>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace dockside::tls {
namespace {

template <class T, void (*Free)(T*)>
struct Deleter {
    void operator()(T* p) const { Free(p); }
};
using KeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using CertPtr = std::unique_ptr<X509, Deleter<X509, X509_free>>;
using BioPtr = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;
using BnPtr = std::unique_ptr<BIGNUM, Deleter<BIGNUM, BN_free>>;
using ExtPtr = std::unique_ptr<X509_EXTENSION, Deleter<X509_EXTENSION, X509_EXTENSION_free>>;

// The step that failed plus whatever OpenSSL queued, so the message says why and not only where.
Failure<std::string> openssl_error(const std::string& step) {
    std::string message = "self-signed certificate: " + step + " failed";
    while (unsigned long code = ERR_get_error()) {
        char buffer[256];
        ERR_error_string_n(code, buffer, sizeof buffer);
        message += "; ";
        message += buffer;
    }
    return fail(message);
}

KeyPtr generate_key(KeyType type) {
    if (type == KeyType::rsa_2048) return KeyPtr(EVP_RSA_gen(2048));
    return KeyPtr(EVP_EC_gen("P-256"));
}

bool add_extension(X509* cert, int nid, const char* value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    ExtPtr ext(X509V3_EXT_conf_nid(nullptr, &ctx, nid, value));
    return ext && X509_add_ext(cert, ext.get(), -1) == 1;
}

bool set_random_serial(X509* cert) {
    BnPtr serial(BN_new());
    // 127 bits keeps the DER integer positive while staying unique per call.
    if (!serial || BN_rand(serial.get(), 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) != 1) return false;
    return BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert)) != nullptr;
}

Result<std::string, std::string> to_pem(const std::string& what, auto&& write) {
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (!bio || write(bio.get()) != 1) return openssl_error("writing the " + what + " as PEM");
    char* data = nullptr;
    long size = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(size));
}

}  // namespace

Result<CertificatePair, std::string> make_self_signed(const SelfSignedOptions& options) {
    ERR_clear_error();
    KeyPtr key = generate_key(options.key_type);
    if (!key) return openssl_error("key generation");
    CertPtr cert(X509_new());
    if (!cert || X509_set_version(cert.get(), 2) != 1 || !set_random_serial(cert.get()))
        return openssl_error("certificate setup");
    if (!X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600) ||
        !X509_time_adj_ex(X509_getm_notAfter(cert.get()), options.valid_days, 0, nullptr))
        return openssl_error("validity period");
    X509_NAME* name = X509_get_subject_name(cert.get());
    const auto* cn = reinterpret_cast<const unsigned char*>(options.common_name.c_str());
    if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, cn, -1, -1, 0) != 1 ||
        X509_set_issuer_name(cert.get(), name) != 1 || X509_set_pubkey(cert.get(), key.get()) != 1)
        return openssl_error("subject and public key");
    if (!add_extension(cert.get(), NID_basic_constraints, "critical,CA:FALSE") ||
        !add_extension(cert.get(), NID_key_usage, "critical,digitalSignature,keyEncipherment") ||
        !add_extension(cert.get(), NID_ext_key_usage, "serverAuth") ||
        !add_extension(cert.get(), NID_subject_key_identifier, "hash") ||
        !add_extension(cert.get(), NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1"))
        return openssl_error("extensions");
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) <= 0) return openssl_error("signing");

    auto cert_pem = to_pem("certificate", [&](BIO* bio) { return PEM_write_bio_X509(bio, cert.get()); });
    if (!cert_pem) return fail(cert_pem.error());
    auto key_pem = to_pem("private key", [&](BIO* bio) {
        return PEM_write_bio_PrivateKey(bio, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    });
    if (!key_pem) return fail(key_pem.error());
    return CertificatePair{std::move(*cert_pem), std::move(*key_pem)};
}

}  // namespace dockside::tls
