#pragma once
/// The reference server's whole request path as one function of bytes, for libFuzzer and for the
/// regression test that replays every input the fuzzer ever crashed on: the transport's parser (limits,
/// Host rules), routing, authentication and scopes, and every handler's body and query readers.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace dockside::refserver {
class ReferenceServer;
}

namespace dockside::fuzz {

/// The PAT the target's server accepts; the seed corpus sends it, so the fuzzer starts authenticated.
inline constexpr const char* kFuzzToken = "fuzz-token";

class RequestPathTarget {
public:
    /// A server with the built-in seed, kFuzzToken as its PAT, simulation control on, webhook delivery
    /// off and a small record budget (so a long run's memory stays bounded).
    RequestPathTarget();
    ~RequestPathTarget();

    /// Parses `bytes` as one HTTP request the way a session would and, unless the transport refuses it,
    /// answers it. Returns what is wrong with the outcome (a 500, a status out of range, a JSON
    /// Content-Type over a body that is not JSON), or nullopt. Crashes are the fuzzer's to see.
    std::optional<std::string> run(std::string_view bytes);

private:
    std::unique_ptr<refserver::ReferenceServer> server_;
};

}  // namespace dockside::fuzz
