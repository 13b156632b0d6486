#pragma once
/// What every hostile-input test needs: the reference server on a real socket, a prober that keeps
/// asking it something cheap from another connection while the hostile input is handled (that is what
/// "the server keeps answering others" means in numbers), and the rows of docs/hostile-inputs.md, which
/// this suite writes from what it observed (see hostile_main.cpp).

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "harness/http/client.h"
#include "refserver/embedded/embedded_server.h"

namespace dockside::hostile {

using namespace std::chrono_literals;

/// The slowest a probe may be answered while a hostile input is handled. Generous because the
/// machines that run the tests are shared and the suite also runs under sanitizers; the figures
/// actually observed are printed by each test.
#if defined(__SANITIZE_THREAD__)
// ThreadSanitizer slows every memory access 5-15 times; under it the tests look for races, and the bound
// only keeps "answered at all, not after the attack" (4 writers of 100 variants each took 3.3 s once).
inline constexpr std::chrono::milliseconds kProbeBound = 10000ms;
#else
inline constexpr std::chrono::milliseconds kProbeBound = 2000ms;
#endif

/// The reference server on 127.0.0.1:0.
class Live {
public:
    explicit Live(refserver::EmbeddedOptions options = {});
    refserver::EmbeddedServer& server() { return *server_; }
    const refserver::EmbeddedServer& server() const { return *server_; }
    std::uint16_t port() const { return server_->port(); }
    http::Url url() const;
    const std::string& token() const { return server_->api().pat(); }

    /// A request with the PAT, the write channel and (for a body) Content-Type application/json.
    http::Request request(const std::string& method, const std::string& target, const std::string& body = {}) const;
    /// request() sent on a fresh connection; the transport error as text when there is no response.
    Result<http::Response, std::string> send(const std::string& method, const std::string& target,
                                             const std::string& body = {},
                                             std::chrono::milliseconds timeout = 10000ms) const;

private:
    std::unique_ptr<refserver::EmbeddedServer> server_;
};

/// A valid order create body (product 3001 of the built-in seed) with this reference_id.
std::string order_body(const std::string& reference);

/// "400 validation_failed (NS-REQUEST-LIMITS)", or the transport error.
std::string describe(const Result<http::Response, std::string>& response);
/// The error code of a JSON error body ("" when the body is not one).
std::string error_code_of(const http::Response& response);
std::string error_rule_of(const http::Response& response);

/// Sends GET /2025-07/channel (a read under the store's shared lock) from its own connection every
/// 20 ms until finish().
class Prober {
public:
    explicit Prober(const Live& live);
    ~Prober();

    struct Report {
        int sent = 0;
        int answered = 0;  ///< with 200
        std::chrono::milliseconds slowest{0};
        std::string first_failure;

        bool held(std::chrono::milliseconds bound = kProbeBound) const {
            return sent > 0 && answered == sent && slowest <= bound;
        }
        /// "others answered: every probe within 2000 ms" or what went wrong (for the table).
        std::string outcome(std::chrono::milliseconds bound = kProbeBound) const;
        /// With the figures (for the test log): "12 probes, slowest 31 ms".
        std::string figures() const;
    };
    /// Stops probing (after at least one probe was sent) and reports.
    Report finish();

private:
    void run(http::Url url, std::string token);

    std::atomic<bool> stop_{false};
    std::atomic<int> sent_{0};
    Report report_;
    std::thread thread_;
};

/// Adds a row to the table of docs/hostile-inputs.md: the hostile input, how it was sent, and what the
/// test observed (deterministic text: outcomes and bounds, never raw timings).
void record(const std::string& input, const std::string& mode, const std::string& outcome);

/// The status line of a raw reply ("HTTP/1.1 400 Bad Request"), or "no reply". Raw exchanges use
/// dockside::testing::raw_exchange (harness/tests/http/test_server.h).
std::string status_line(const std::string& reply);

/// `n` copies of `unit`.
std::string repeat(const std::string& unit, std::size_t n);

}  // namespace dockside::hostile
