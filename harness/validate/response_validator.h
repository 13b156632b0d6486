#pragma once
/// Judges a response against the operation's declared responses: status, content type, JSON, schema
/// (valijson, draft 7) and the formats Dockside checks itself. One validator may be shared by suites and
/// the load driver's threads: compiled schemas are cached once per (operation, status) under a lock.

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/http/message.h"
#include "harness/validate/violation.h"
#include "specs/loader/spec.h"

namespace dockside::validate {

/// Rule id used when the harness itself cannot judge (a schema that does not compile). It is never a
/// pass: the finding says the spec, not the server, needs fixing.
inline constexpr const char* kSpecSchemaRule = "SPEC-SCHEMA";

class ResponseValidator {
public:
    /// Keeps a reference: `spec` must outlive the validator.
    explicit ResponseValidator(const spec::Spec& spec);
    ~ResponseValidator();
    ResponseValidator(const ResponseValidator&) = delete;
    ResponseValidator& operator=(const ResponseValidator&) = delete;

    /// Every violation of the response: the rules data's server-error rule (Spec::server_error_rule,
    /// ERR-NO5XX) for any 5xx; ERR-CODES for an undeclared status
    /// (exact code, then NXX, then default); CONV-JSON for a wrong Content-Type or a body that is not
    /// JSON where JSON is declared; then schema violations with exact instance pointers, attributed to
    /// the nearest x-rule, else CONV-FIELDS (missing field) or CONV-TYPES (type, null, format, width,
    /// value). A response marked x-unspecified is only checked to be JSON.
    std::vector<Violation> validate(const spec::Operation& operation, const http::Response& response) const;

    /// Schema violations of a request body (for generators' self-checks); none when the request shape
    /// is unspecified or absent.
    std::vector<Violation> validate_request_body(const spec::Operation& operation,
                                                 const nlohmann::json& body) const;

    /// Schema violations of an already-parsed body against one declared response ("200", "4XX").
    std::vector<Violation> validate_body(const spec::Operation& operation, const std::string& status_key,
                                         const nlohmann::json& body) const;

    /// Compiles every schema now; returns one message per schema that does not compile (a
    /// configuration error to report at start rather than on the first response).
    std::vector<std::string> compile_all() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace dockside::validate
