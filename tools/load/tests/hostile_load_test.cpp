// dockside load against targets that misbehave: for every hostile mode the run ends
// within its timeouts, counts each error under its kind, keeps the good answers, exits with the
// documented code, and leaks neither file descriptors nor memory. This executable counts live C++
// allocations (operator new minus operator delete) to measure the memory; descriptors come from
// /proc/self/fd.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <new>

#include "core/exit_codes.h"
#include "harness/tests/http/test_server.h"
#include "harness/tests/load/hostile_server.h"
#include "harness/tls/self_signed.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace {

std::atomic<long> g_live{0};

}  // namespace

// Under AddressSanitizer a replacement would fight ASan's own operator new (and LeakSanitizer reports
// leaks itself), so the counting replacement is left out there.
#if !defined(__SANITIZE_ADDRESS__)
namespace {

void* counted_new(std::size_t n) {
    void* p = std::malloc(n == 0 ? 1 : n);
    if (!p) throw std::bad_alloc();
    g_live.fetch_add(1, std::memory_order_relaxed);
    return p;
}

void counted_delete(void* p) noexcept {
    if (!p) return;
    g_live.fetch_sub(1, std::memory_order_relaxed);
    std::free(p);
}

}  // namespace

void* operator new(std::size_t n) { return counted_new(n); }
void* operator new[](std::size_t n) { return counted_new(n); }
void operator delete(void* p) noexcept { counted_delete(p); }
void operator delete[](void* p) noexcept { counted_delete(p); }
void operator delete(void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_delete(p); }
#define DOCKSIDE_COUNTING_NEW 1
#endif

namespace dockside::loadtool {
namespace {

using namespace testing;
using load::testing::HostileServer;
using load::testing::Hostility;
using Clock = std::chrono::steady_clock;

int open_fds() {
    int n = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++n;
    return n;
}

LoadTarget hostile_target(std::uint16_t port, const std::string& scheme = "http") {
    LoadTarget t;
    t.base_url = scheme + "://127.0.0.1:" + std::to_string(port);
    t.token = "hostile-test-token";
    t.channel = 1;
    t.timeout_s = 0.5;
    return t;
}

LoadSettings hostile_settings(const std::string& out) {
    RawLoadOptions raw;
    raw.rate = "150";
    raw.duration = "600ms";
    raw.connections = "6";
    raw.threads = "2";
    raw.mix = "GET /2025-07/location";
    raw.validate = "1";
    raw.thresholds = {"errors<1%"};
    raw.out = out;
    return settings(raw);
}

/// The error kind each mode must produce (non_json produces contract violations instead).
std::string expected_kind(Hostility mode) {
    switch (mode) {
        case Hostility::reset: return "read";
        case Hostility::hang: return "timeout";
        case Hostility::drip: return "timeout";
        case Hostility::bad_http: return "protocol";
        case Hostility::bad_chunking: return "protocol";
        case Hostility::content_length_long: return "timeout";
        case Hostility::content_length_short: return "protocol";
        case Hostility::non_json: return "";
        case Hostility::close_each: return "read";
    }
    return "";
}

class HostileLoad : public ::testing::TestWithParam<Hostility> {};

TEST_P(HostileLoad, FinishesClassifiesKeepsGoodAnswersAndLeaksNothing) {
    const Hostility mode = GetParam();
    const int fds_before = open_fds();
    long live_after_first = 0;
    {
        HostileServer server(mode, 3);  // every third request is hostile
        for (int round = 0; round < 2; ++round) {
            ScratchDir dir;
            const auto started = Clock::now();
            const auto r = run(hostile_settings(dir.path()), hostile_target(server.port()));
            const double took = std::chrono::duration<double>(Clock::now() - started).count();
            // 0.6 s of schedule, then at most one 0.5 s timeout to drain, plus setup and the final writes.
            EXPECT_LT(took, 2.5) << to_string(mode);
            EXPECT_EQ(r.code, cli::kExitViolations) << to_string(mode) << "\n" << r.out << r.err;
            const auto summary = read_json(dir.sub("summary.json"));
            ASSERT_FALSE(summary.is_discarded()) << to_string(mode);
            EXPECT_EQ(schema_violations(summary), "") << to_string(mode);
            const auto& op = summary["operations"][0];
            // The good answers are kept (modes that hold a connection for the whole timeout leave fewer).
            EXPECT_GT(op["status"].value("200", 0), 10) << to_string(mode) << op["status"].dump();
            if (const auto kind = expected_kind(mode); !kind.empty()) {
                EXPECT_GT(op["error_kinds"][kind].get<int>(), 0) << to_string(mode) << op["error_kinds"].dump();
            } else {
                EXPECT_GT(op["validation"]["failed"].get<int>(), 0) << op["validation"].dump();
                EXPECT_EQ(op["validation"]["violations"][0]["rule"], "CONV-JSON") << op["validation"].dump();
            }
            if (mode == Hostility::hang) {
                // What the callers of the hung requests saw is in the latency: each, at the 0.5 s timeout.
                const int timeouts = op["error_kinds"]["timeout"].get<int>();
                EXPECT_EQ(op["latency_ms"]["count"].get<int>(), op["status"].value("200", 0) + timeouts) << op.dump();
                EXPECT_GE(op["latency_ms"]["max"].get<double>(), 499.0) << op["latency_ms"].dump();
                EXPECT_EQ(summary["timeouts_in_latency"]["requests"], timeouts);
                EXPECT_EQ(summary["timeouts_in_latency"]["request_timeout_s"], 0.5);
                EXPECT_NE(r.out.find("that timed out, each counted when it was given up (--timeout 500ms"),
                          std::string::npos)
                    << r.out;
            }
            // Good answers conform, so every sampled failure is a hostile one.
            EXPECT_LT(op["validation"]["failed"].get<int>(), op["validation"]["validated"].get<int>());
            if (round == 0) live_after_first = g_live.load();
        }
        // The second run allocated and freed the same way as the first: nothing it made is still held.
#if defined(DOCKSIDE_COUNTING_NEW)
        EXPECT_LE(g_live.load() - live_after_first, 0) << to_string(mode) << ": live allocations grew";
#else
        (void)live_after_first;
#endif
    }
    EXPECT_EQ(open_fds(), fds_before) << to_string(mode) << ": file descriptors leaked";
}

INSTANTIATE_TEST_SUITE_P(Modes, HostileLoad, ::testing::ValuesIn(load::testing::all_hostilities()),
                         [](const auto& info) { return std::string(load::testing::to_string(info.param)); });

TEST(HostileLoad, UntrustedCertificateIsATlsErrorAndExitTwo) {
    const int fds_before = open_fds();
    {
        auto pair = tls::make_self_signed().value();
        server::ServerOptions options;
        options.tls = server::TlsIdentity{pair.certificate_pem, pair.private_key_pem};
        dockside::testing::TestServer server(
            [](const http::Request&) {
                http::Response r;
                r.status = 200;
                r.body = "[]";
                return r;
            },
            options);
        ScratchDir dir;
        const auto r = run(hostile_settings(dir.path()), hostile_target(server.port(), "https"));
        EXPECT_EQ(r.code, cli::kExitCannotRun) << r.out << r.err;
        const auto summary = read_json(dir.sub("summary.json"));
        EXPECT_EQ(schema_violations(summary), "");
        EXPECT_GT(summary["operations"][0]["error_kinds"]["tls"].get<int>(), 0) << summary["operations"][0].dump();
        EXPECT_NE(r.out.find("answered no request at all"), std::string::npos);
    }
    EXPECT_EQ(open_fds(), fds_before);
}

}  // namespace
}  // namespace dockside::loadtool
