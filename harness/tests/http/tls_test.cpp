// Self-signed certificates, and HTTPS between HttpClient and HttpServer.

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>

#include <openssl/pem.h>
#include <openssl/x509v3.h>

#include "harness/http/client.h"
#include "harness/tls/self_signed.h"
#include "test_server.h"

namespace dockside::tls {
namespace {

using http::HttpClient;
using http::Request;
using http::TransportError;
using testing::TestServer;

struct X509Free {
    void operator()(X509* cert) const { X509_free(cert); }
};

std::unique_ptr<X509, X509Free> parse_certificate(const std::string& pem) {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())), BIO_free);
    return std::unique_ptr<X509, X509Free>(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
}

server::ServerOptions tls_options(const CertificatePair& pair) {
    server::ServerOptions options;
    options.tls = server::TlsIdentity{pair.certificate_pem, pair.private_key_pem};
    return options;
}

CertificatePair certificate(KeyType type = KeyType::ec_p256) {
    auto pair = make_self_signed({.key_type = type});
    if (!pair) throw std::runtime_error(pair.error());
    return *pair;
}

Request get(std::string target) {
    Request request;
    request.method = "GET";
    request.target = std::move(target);
    return request;
}

class TempFile {
public:
    explicit TempFile(const std::string& content) : path_(::testing::TempDir() + "dockside_ca_" + std::to_string(::getpid()) + ".pem") {
        std::ofstream(path_) << content;
    }
    ~TempFile() { std::remove(path_.c_str()); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

TEST(SelfSigned, CertificateNamesLocalhostAndLoopback) {
    for (KeyType type : {KeyType::ec_p256, KeyType::rsa_2048}) {
        auto pair = make_self_signed({.key_type = type});
        ASSERT_TRUE(pair) << pair.error();
        EXPECT_EQ(pair->certificate_pem.rfind("-----BEGIN CERTIFICATE-----", 0), 0u);
        EXPECT_EQ(pair->private_key_pem.rfind("-----BEGIN PRIVATE KEY-----", 0), 0u);
        auto cert = parse_certificate(pair->certificate_pem);
        ASSERT_TRUE(cert);
        EXPECT_EQ(X509_check_host(cert.get(), "localhost", 0, 0, nullptr), 1);
        EXPECT_EQ(X509_check_ip_asc(cert.get(), "127.0.0.1", 0), 1);
        EXPECT_NE(X509_check_host(cert.get(), "example.com", 0, 0, nullptr), 1);
        char cn[64] = {};
        X509_NAME_get_text_by_NID(X509_get_subject_name(cert.get()), NID_commonName, cn, sizeof cn);
        EXPECT_STREQ(cn, "localhost");
        EXPECT_EQ(X509_cmp_current_time(X509_get0_notBefore(cert.get())), -1);
        EXPECT_EQ(X509_cmp_current_time(X509_get0_notAfter(cert.get())), 1);
        int expected_key = type == KeyType::rsa_2048 ? EVP_PKEY_RSA : EVP_PKEY_EC;
        EXPECT_EQ(EVP_PKEY_base_id(X509_get0_pubkey(cert.get())), expected_key);
    }
}

TEST(SelfSigned, EachCallMakesANewKey) {
    EXPECT_NE(certificate().private_key_pem, certificate().private_key_pem);
}

TEST(Tls, RoundTripWithInsecureClientKeepsOneConnection) {
    for (KeyType type : {KeyType::ec_p256, KeyType::rsa_2048}) {
        TestServer server(testing::echo_handler, tls_options(certificate(type)));
        HttpClient client(server.url(), {.insecure = true});
        for (int i = 0; i < 3; ++i) {
            Request request = get("/2025-07/webhook");
            request.method = "POST";
            request.body = "secret payload " + std::to_string(i);
            auto response = client.send(request);
            ASSERT_TRUE(response) << http::to_string(response.error());
            EXPECT_EQ(response->body, request.body);
        }
        EXPECT_EQ(client.connections_opened(), 1u);
    }
}

TEST(Tls, UntrustedCertificateFailsVerification) {
    TestServer server(testing::echo_handler, tls_options(certificate()));
    HttpClient client(server.url());
    auto response = client.send(get("/"));
    ASSERT_FALSE(response);
    EXPECT_EQ(response.error().kind, TransportError::Kind::tls);
    EXPECT_NE(response.error().detail.find("self-signed certificate"), std::string::npos) << response.error().detail;
}

TEST(Tls, CaFileMakesTheCertificateTrustedForIpAndHostName) {
    auto pair = certificate();
    TestServer server(testing::echo_handler, tls_options(pair));
    TempFile ca(pair.certificate_pem);
    HttpClient by_ip(server.url(), {.ca_file = ca.path()});
    auto response = by_ip.send(get("/ip"));
    ASSERT_TRUE(response) << http::to_string(response.error());
    EXPECT_EQ(response->headers.get("X-Target"), "/ip");

    auto localhost = http::parse_url("https://localhost:" + std::to_string(server.port()));
    ASSERT_TRUE(localhost);
    HttpClient by_name(*localhost, {.ca_file = ca.path()});
    auto named = by_name.send(get("/name"));
    ASSERT_TRUE(named) << http::to_string(named.error());
    EXPECT_EQ(named->headers.get("X-Host"), "localhost:" + std::to_string(server.port()));
}

TEST(Tls, UnreadableCaFileIsATlsErrorNamingTheFile) {
    HttpClient client(*http::parse_url("https://127.0.0.1:9"), {.ca_file = "/nonexistent/ca.pem"});
    auto response = client.send(get("/"));
    ASSERT_FALSE(response);
    EXPECT_EQ(response.error().kind, TransportError::Kind::tls);
    EXPECT_NE(response.error().detail.find("/nonexistent/ca.pem"), std::string::npos);
    EXPECT_EQ(client.connections_opened(), 0u);
}

TEST(Tls, PlainClientAgainstTlsServerIsAProtocolOrReadError) {
    TestServer server(testing::echo_handler, tls_options(certificate()));
    auto url = http::parse_url("http://127.0.0.1:" + std::to_string(server.port()));
    HttpClient client(*url, {.request_timeout = std::chrono::milliseconds(1500)});
    auto response = client.send(get("/"));
    ASSERT_FALSE(response);
    EXPECT_NE(response.error().kind, TransportError::Kind::timeout) << http::to_string(response.error());
}

}  // namespace
}  // namespace dockside::tls
