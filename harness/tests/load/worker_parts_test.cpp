// The parts of a load worker's state that hold logic of their own, without sockets: the open-loop share of
// a schedule (warm-up, then measured; every stride-th request; how many are waiting), the closed loop's
// batches, and the ring of free connections, first free first out with since when.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <vector>

#include "harness/load/closed_loop_batching.h"
#include "harness/load/idle_ring.h"
#include "harness/load/open_loop_schedule.h"

namespace dockside::load::detail {
namespace {

using std::chrono::seconds;

constexpr std::int64_t kSecond = 1'000'000'000;

TEST(OpenLoopScheduleShare, TheWarmUpThenTheMeasuredScheduleEveryStridethRequest) {
    const auto warmup = Schedule::constant(4, seconds(1)).value();     // 4 requests, 250 ms apart
    const auto measured = Schedule::constant(10, seconds(1)).value();  // 10 requests, 100 ms apart
    OpenLoopSchedule share;
    ASSERT_TRUE(share.start(&warmup, 1000, measured, 1000 + kSecond, 1, 2));  // requests 1, 3, 5, …
    std::vector<std::uint64_t> indexes;
    std::vector<std::int64_t> due;
    std::vector<bool> recorded;
    do {
        indexes.push_back(share.next_index());
        due.push_back(share.next_due());
        recorded.push_back(share.next_recorded());
    } while (share.advance());
    EXPECT_EQ(share.next_due(), kNever);
    ASSERT_EQ(indexes.size(), 7u);  // 2 of the warm-up's 4, 5 of the measured 10
    EXPECT_EQ(indexes[0], kWarmupIndexBase + 1);
    EXPECT_EQ(indexes[1], kWarmupIndexBase + 3);
    EXPECT_EQ(indexes[2], 1u);
    EXPECT_EQ(indexes[6], 9u);
    EXPECT_EQ(recorded, (std::vector<bool>{false, false, true, true, true, true, true}));
    EXPECT_EQ(due[0], 1000 + *warmup.time_of(1));
    EXPECT_EQ(due[2], 1000 + kSecond + *measured.time_of(1));
}

TEST(OpenLoopScheduleShare, WaitingCountsThisThreadsDueRequestsFromOne) {
    const auto measured = Schedule::constant(10, seconds(1)).value();
    OpenLoopSchedule share;
    ASSERT_TRUE(share.start(nullptr, 0, measured, 0, 0, 1));
    EXPECT_EQ(share.waiting(share.next_due() - 1), 0);  // nothing due yet
    EXPECT_EQ(share.waiting(share.next_due()), 1);
    EXPECT_EQ(share.waiting(*measured.time_of(4) + 1000), 5);  // requests 0 to 4 are due, none sent
}

TEST(ClosedLoopBatchingParts, TheFirstAnswerOfABatchAsksForTheFlushAndTheBatchIsSentWhole) {
    ClosedLoopBatching batching(4, NapPolicy(false));
    int a = 0, b = 0, c = 0;  // stand-ins: the batch only keeps the pointers
    auto& first = reinterpret_cast<Connection&>(a);
    auto& second = reinterpret_cast<Connection&>(b);
    EXPECT_TRUE(batching.answered(first));
    EXPECT_FALSE(batching.answered(second));
    const auto& batch = batching.take_batch();
    EXPECT_EQ(batch, (std::vector<Connection*>{&first, &second}));
    EXPECT_TRUE(batching.answered(reinterpret_cast<Connection&>(c)));  // the next batch, while this one is sent
    batching.batch_sent();
    EXPECT_EQ(batching.take_batch().size(), 1u);
    EXPECT_EQ(batching.next_number(), 0u);
    EXPECT_EQ(batching.next_number(), 1u);
}

TEST(IdleRingOrder, TheConnectionFreeLongestGoesFirstWithSinceWhen) {
    IdleRing ring(3);
    int a = 0, b = 0, c = 0;
    auto* first = reinterpret_cast<Connection*>(&a);
    auto* second = reinterpret_cast<Connection*>(&b);
    auto* third = reinterpret_cast<Connection*>(&c);
    ring.push(*first, 10);
    ring.push(*second, 20);
    std::int64_t ready = 0;
    EXPECT_EQ(ring.pop(&ready), first);
    EXPECT_EQ(ready, 10);
    ring.push(*third, 30);
    ring.push(*first, 40);  // wraps around the ring
    EXPECT_EQ(ring.size(), 3u);
    EXPECT_EQ(ring.pop(&ready), second);
    EXPECT_EQ(ring.pop(&ready), third);
    EXPECT_EQ(ready, 30);
    EXPECT_EQ(ring.pop(&ready), first);
    EXPECT_EQ(ready, 40);
    EXPECT_EQ(ring.pop(), nullptr);
}

}  // namespace
}  // namespace dockside::load::detail
