#pragma once
/// Why a typed accessor of the spec found nothing: the kind of thing asked for, the key as given, and
/// the nearest names that do exist. A misspelt field is an error value, never a silent default.

#include <string>
#include <string_view>
#include <vector>

namespace dockside::spec {

struct LookupError {
    std::string kind;     ///< "field", "parameter", "operation", "state machine", "limit", …
    std::string key;      ///< what was asked for, as given ("OrderCreate.gift_message")
    std::string message;  ///< what is wrong ("no schema OrderCreate")
    std::vector<std::string> suggestions;  ///< existing names close to `key`, best first (may be empty)

    /// "field OrderCreate.gift_message: no schema OrderCreate (did you mean OrderCreateRequest.gift_message?)"
    std::string to_string() const;
};

/// Up to `limit` of `candidates` closest to `wanted` (case-insensitive edit distance, then shared prefix);
/// only names within a plausible distance are returned.
std::vector<std::string> closest_names(std::string_view wanted, const std::vector<std::string>& candidates,
                                       std::size_t limit = 3);

}  // namespace dockside::spec
