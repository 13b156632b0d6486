#pragma once
/// The access log of a server: one line per answered request, written as the response completes.
///
///   2025-07-01T12:00:00.123Z 127.0.0.1:53412 GET /2025-07/order?Limit=5 200 1234 3.207ms
///
/// Fields: UTC time the request head arrived, peer, method, target, status, response body bytes,
/// duration until the response was written. Headers and bodies are never logged, and the values of
/// query parameters that carry credentials (client_secret, code, refresh_token, access_token, ...)
/// are written as REDACTED, so no token or secret reaches the log.

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "core/result.h"
#include "harness/server/http_server.h"

namespace dockside::server {

class AccessLog {
public:
    /// Appends to `path`, or writes to standard output for "-". The error names the file.
    static Result<std::unique_ptr<AccessLog>, std::string> open(const std::string& path);
    ~AccessLog();
    AccessLog(const AccessLog&) = delete;
    AccessLog& operator=(const AccessLog&) = delete;

    /// Writes and flushes one line. Thread-safe.
    void write(const AccessRecord& record);

private:
    AccessLog(std::FILE* file, bool owned) : file_(file), owned_(owned) {}

    std::mutex mutex_;
    std::FILE* file_;
    bool owned_;
};

/// The line for one record, without the newline.
std::string format_access_line(const AccessRecord& record);

/// `target` with the values of credential-carrying query parameters replaced by REDACTED.
std::string redact_target(std::string_view target);

}  // namespace dockside::server
