#include "harness/http/retry_after.h"

#include <gtest/gtest.h>

namespace dockside::http {
namespace {

Response with_retry_after(const std::string& value) {
    Response r;
    r.status = 429;
    r.headers.set("Retry-After", value);
    return r;
}

TEST(RetryAfter, ReadsSecondsAndHttpDates) {
    EXPECT_EQ(retry_after(with_retry_after("3")), std::chrono::milliseconds(3000));
    EXPECT_EQ(retry_after(with_retry_after(" 0 ")), std::chrono::milliseconds(0));
    const auto now = std::chrono::system_clock::from_time_t(784111777);  // Sun, 06 Nov 1994 08:49:37 GMT
    EXPECT_EQ(retry_after(with_retry_after("Sun, 06 Nov 1994 08:49:47 GMT"), now), std::chrono::milliseconds(10000));
    EXPECT_EQ(retry_after(with_retry_after("Sun, 06 Nov 1994 08:49:00 GMT"), now), std::chrono::milliseconds(0));
}

TEST(RetryAfter, NothingReadableIsNoAnswer) {
    EXPECT_FALSE(retry_after(Response{}));
    EXPECT_FALSE(retry_after(with_retry_after("soon")));
    EXPECT_FALSE(retry_after(with_retry_after("-1")));
    EXPECT_FALSE(retry_after(with_retry_after("1.5")));
}

TEST(RetryAfter, BackoffDoublesUpToHalfAMinuteWithJitter) {
    for (std::uint64_t jitter : {0ULL, 1ULL, 42ULL, 0xffffffffffffffffULL}) {
        const auto first = backoff_wait(0, jitter).count(), third = backoff_wait(2, jitter).count();
        EXPECT_GE(first, 800);
        EXPECT_LE(first, 1200);
        EXPECT_GE(third, 3200);
        EXPECT_LE(third, 4800);
        EXPECT_LE(backoff_wait(30, jitter).count(), 36000);
    }
    EXPECT_NE(backoff_wait(0, 1), backoff_wait(0, 2)) << "jitter spreads clients refused together";
}

}  // namespace
}  // namespace dockside::http
