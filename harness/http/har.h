#pragma once
/// HTTP exchanges as HAR 1.2, the HTTP Archive format that browsers' DevTools and most HTTP tools open:
/// one exchange as an entry, entries as one document. Secrets are replaced by a marker as the entry is
/// made, so no file ever holds them: credential headers, query and form values and JSON members whose
/// name says secret, token, password or code, and any literal the caller names (the run's tokens).

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/http/message.h"

namespace dockside::http {

inline constexpr std::string_view kHarSecretMarker = "[secret removed by dockside]";
/// A body longer than this is cut, and the entry's comment says how long it was.
inline constexpr std::size_t kHarBodyCap = 64 * 1024;

struct HarSecrets {
    std::vector<std::string> literals;  ///< values replaced wherever they stand (shorter than 6: ignored)
    bool keep = false;                  ///< keep everything as sent (never for production)
};

struct HarExchange {
    std::string url;  ///< absolute, query included
    const Request* request = nullptr;
    const Response* response = nullptr;  ///< nullptr when there was none: `transport_error` says why
    std::string transport_error;
    std::chrono::system_clock::time_point started;
    std::string operation;  ///< the operation id it was sent for ("" when none): the recording's to keep
};

/// One exchange as a HAR entry (request, response, timings: send, wait, receive), secrets removed.
nlohmann::json har_entry(const HarExchange& exchange, const HarSecrets& secrets);
/// The HAR document of these entries (in order), its creator named with `version`.
nlohmann::json har_document(nlohmann::json entries, const std::string& version);

}  // namespace dockside::http
