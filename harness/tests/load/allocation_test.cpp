// "No allocation per request in steady state", measured: this executable counts every operator new made
// on the engine's worker threads, and compares the count between the second and the last second of a run
// with the requests answered meanwhile.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <new>
#include <thread>

#include "harness/load/engine.h"
#include "harness/tests/http/test_server.h"
#include "harness/tests/load/load_test_support.h"

namespace {

thread_local bool tl_counting = false;
std::atomic<long> g_allocations{0};

}  // namespace

// Under AddressSanitizer a replacement would fight ASan's own operator new (and LeakSanitizer reports
// leaks itself), so the counting replacement is left out there.
#if !defined(__SANITIZE_ADDRESS__)
namespace {

void* counted_new(std::size_t n) {
    if (tl_counting) g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t n) { return counted_new(n); }
void* operator new[](std::size_t n) { return counted_new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#define DOCKSIDE_COUNTING_NEW 1
#endif

namespace dockside::load {
namespace {

using namespace std::chrono_literals;

/// Records (allocations so far, requests so far) at the end of every second.
class AllocationObserver : public RunObserver {
public:
    void on_interval(const StatsSet& interval, const LiveStatus&) override {
        requests_ += interval.total_counters().requests();
        points.emplace_back(g_allocations.load(), requests_);
    }
    std::vector<std::pair<long, std::int64_t>> points;

private:
    std::int64_t requests_ = 0;
};

http::Response created(const http::Request& request) {
    static std::atomic<int> next{1};
    http::Response r;
    r.status = request.method == "POST" ? 201 : 200;
    r.body = R"({"name":"thing","tags":["a","b"],"id":)" + std::to_string(next++) + "}";
    return r;
}

/// A create that captures ids and a get that reads them from a pool and carries a renewed token: the
/// slot-filling path.
RequestPlan plan_with_slots() {
    RequestPlan plan;
    plan.pools.push_back({"things", {1, 2, 3}, 256});
    OperationPlan create;
    create.name = "create";
    create.variants.push_back({"POST /thing HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\n{\"ref\":\"\"}", {}});
    create.variants[0].slots.push_back({static_cast<std::uint32_t>(create.variants[0].bytes.size() - 2), SlotKind::sequence, 0, 4});
    create.capture_key = "id";
    create.capture_pools = {0};
    OperationPlan get;
    get.name = "get";
    const std::string head = "GET /thing/";
    const std::string before_token = head + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ";
    get.variants.push_back({before_token + "\r\n\r\n",
                            {{static_cast<std::uint32_t>(head.size()), SlotKind::read_pool, 0, 0},
                             {static_cast<std::uint32_t>(before_token.size()), SlotKind::credential, 0, 0}}});
    get.idempotent = true;
    plan.operations = {create, get};
    plan.weights = {1, 4};
    return plan;
}

double allocations_per_request(EngineOptions options, RequestPlan plan) {
    options.on_worker_start = [] { tl_counting = true; };
    auto engine = Engine::create(options, std::move(plan));
    EXPECT_TRUE(engine);
    AllocationObserver observer;
    (*engine)->run(observer);
    EXPECT_GE(observer.points.size(), 3u);
    // From the end of the first second (connections open, buffers grown) to the end of the run.
    const auto& from = observer.points[0];
    const auto& to = observer.points.back();
    const auto requests = to.second - from.second;
    EXPECT_GT(requests, 100);
    std::printf("allocations on worker threads: %ld for %lld requests in steady state\n", to.first - from.first,
                static_cast<long long>(requests));
    return static_cast<double>(to.first - from.first) / static_cast<double>(requests);
}

TEST(Allocation, ClosedLoopAllocatesNothingPerRequest) {
#if !defined(DOCKSIDE_COUNTING_NEW)
    GTEST_SKIP() << "allocations are not counted under AddressSanitizer";
#endif
    dockside::testing::TestServer server(created);
    auto options = testing::closed_loop(testing::options_for(server.url(), 4, 2), 3000ms);
    EXPECT_LT(allocations_per_request(options, testing::simple_plan({{"get", testing::get_request("/x")}})), 0.001);
}

TEST(Allocation, OpenLoopWithSlotsAndCapturesAllocatesNothingPerRequest) {
#if !defined(DOCKSIDE_COUNTING_NEW)
    GTEST_SKIP() << "allocations are not counted under AddressSanitizer";
#endif
    dockside::testing::TestServer server(created);
    auto options = testing::open_loop(testing::options_for(server.url(), 4, 2), 2000, 3000ms);
    auto credential = std::make_shared<Credential>(std::string(64, 'a'));
    options.credential = credential;
    // A token renewed mid-run (same length, as a server's tokens are) is taken at a tick, not per request.
    std::thread renew([credential] {
        std::this_thread::sleep_for(1500ms);
        credential->publish(std::string(64, 'b'));
    });
    EXPECT_LT(allocations_per_request(options, plan_with_slots()), 0.001);
    renew.join();
}

}  // namespace
}  // namespace dockside::load
