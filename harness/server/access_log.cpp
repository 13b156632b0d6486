#include "harness/server/access_log.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <ctime>

#include "core/utc_time.h"

namespace dockside::server {
namespace {

// Query parameters whose values are credentials somewhere in OAuth 2.0 or common APIs.
constexpr std::array<std::string_view, 10> kSecretParams = {
    "client_secret", "code", "refresh_token", "access_token", "id_token",
    "token",         "password", "secret",    "api_key",      "assertion"};

bool is_secret_param(std::string_view name) {
    for (auto secret : kSecretParams) {
        if (name.size() != secret.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size() && same; ++i)
            same = std::tolower(static_cast<unsigned char>(name[i])) == secret[i];
        if (same) return true;
    }
    return false;
}

// A log line is split on spaces by its readers; a target with raw control bytes or spaces (which a
// parser that accepted it would still pass on) is escaped so one request stays one line.
std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (unsigned char c : text) {
        if (c > 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out.empty() ? "-" : out;
}

}  // namespace

std::string redact_target(std::string_view target) {
    const auto question = target.find('?');
    if (question == std::string_view::npos) return std::string(target);
    std::string out(target.substr(0, question + 1));
    std::string_view query = target.substr(question + 1);
    bool first = true;
    while (true) {
        const auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        if (!first) out += '&';
        first = false;
        if (eq != std::string_view::npos && is_secret_param(pair.substr(0, eq)))
            out += std::string(pair.substr(0, eq)) + "=REDACTED";
        else
            out += pair;
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return out;
}

std::string format_access_line(const AccessRecord& r) {
    char duration[32];
    std::snprintf(duration, sizeof duration, "%.3fms", static_cast<double>(r.duration.count()) / 1000.0);
    return utc_time_ms(r.time) + " " + printable(r.peer) + " " + printable(r.method) + " " +
           printable(redact_target(r.target)) + " " + std::to_string(r.status) + " " + std::to_string(r.body_bytes) +
           " " + duration;
}

Result<std::unique_ptr<AccessLog>, std::string> AccessLog::open(const std::string& path) {
    if (path == "-") return std::unique_ptr<AccessLog>(new AccessLog(stdout, false));
    std::FILE* file = std::fopen(path.c_str(), "a");
    if (!file) return fail("cannot open access log " + path + ": " + std::strerror(errno));
    return std::unique_ptr<AccessLog>(new AccessLog(file, true));
}

AccessLog::~AccessLog() {
    if (owned_) std::fclose(file_);
    else std::fflush(file_);
}

void AccessLog::write(const AccessRecord& record) {
    const std::string line = format_access_line(record) + "\n";
    std::lock_guard lock(mutex_);
    std::fwrite(line.data(), 1, line.size(), file_);
    std::fflush(file_);
}

}  // namespace dockside::server
