#include "harness/conform/session_token.h"

#include <map>

#include "harness/conform/session.h"

namespace dockside::conform {
namespace {

auth::SharedToken* g_source = nullptr;

/// This process's copy of the newest token, and every token of the run it has seen with its generation
/// (a request built before a renewal may still carry an older one).
struct Seen {
    std::uint64_t generation = 0;
    std::string token;
    std::map<std::string, std::uint64_t> generations;
};

Seen& seen() {
    static Seen s;
    return s;
}

/// Takes the newest token from the source when its generation moved on; a lock only then.
const Seen& refreshed() {
    Seen& s = seen();
    if (g_source && g_source->generation() != s.generation) {
        auto current = g_source->current();
        s.generation = current.generation;
        s.token = current.token;
        s.generations[current.token] = current.generation;
    }
    return s;
}

std::optional<std::string> bearer_of(const http::Request& request) {
    const auto value = request.headers.get("Authorization");
    constexpr std::string_view kScheme = "Bearer ";
    if (!value || value->substr(0, kScheme.size()) != kScheme) return std::nullopt;
    return std::string(value->substr(kScheme.size()));
}

}  // namespace

void use_token_source(auth::SharedToken* source) {
    g_source = source;
    seen() = Seen{};
    // The session's own token is the first the source published.
    if (const auto* session = conform::current_session_or_null(); session && source)
        seen().generations[session->info().token] = 1;
}

std::string session_token() {
    if (!g_source) return conform::current_session().info().token;
    return refreshed().token;
}

std::optional<std::string> renewed_after_refusal(const http::Request& request, std::chrono::milliseconds limit) {
    if (!g_source) return std::nullopt;
    const auto bearer = bearer_of(request);
    if (!bearer) return std::nullopt;
    const Seen& s = refreshed();
    const auto it = s.generations.find(*bearer);
    if (it == s.generations.end()) return std::nullopt;
    const std::uint64_t sent = it->second;
    // The newest token refused: ask for a renewal. An older one: the newer one is already here.
    if (sent >= s.generation) {
        g_source->reject(sent);
        if (!g_source->wait_newer(sent, limit)) {
            g_source->count_unrenewed();
            return std::nullopt;
        }
    }
    return refreshed().token;
}

void count_renewed_retry() {
    if (g_source) g_source->count_retry();
}

}  // namespace dockside::conform
