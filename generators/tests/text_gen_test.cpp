// Text, dates and integers: counts in code points, formats the validator accepts, exact ends.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/tests/test_support.h"
#include "generators/text_gen.h"
#include "harness/validate/formats.h"

namespace dockside::generators {
namespace {

using testing::sample;

TEST(TextGen, CodePointsCountsCharactersNotBytes) {
    EXPECT_EQ(code_points(""), 0u);
    EXPECT_EQ(code_points("abc"), 3u);
    EXPECT_EQ(code_points("é漢😀"), 3u);
    EXPECT_EQ(std::string("é漢😀").size(), 9u);
}

RC_GTEST_PROP(TextGen, TextStaysWithinItsBounds, ()) {
    auto min = static_cast<std::size_t>(*rc::gen::inRange(0, 50));
    auto max = min + static_cast<std::size_t>(*rc::gen::inRange(0, 50));
    auto text = *gen_text(min, max);
    RC_ASSERT(code_points(text) >= min);
    RC_ASSERT(code_points(text) <= max);
}

TEST(TextGen, TextReachesMultiByteCharacters) {
    bool multibyte = false;
    for (std::uint64_t seed = 1; seed < 50 && !multibyte; ++seed) {
        auto text = sample(gen_text(20, 20), seed);
        multibyte = text.size() > code_points(text);
    }
    EXPECT_TRUE(multibyte);
}

RC_GTEST_PROP(TextGen, DatesAndUrlsHaveTheirFormats, ()) {
    auto dt = *gen_date_time();
    RC_ASSERT(validate::is_date_time(dt));
    RC_ASSERT(validate::is_date(*gen_date()));
    auto url = *gen_https_url();
    RC_ASSERT(validate::is_uri(url));
    RC_ASSERT(url.rfind("https://", 0) == 0);
    auto email = *gen_email();
    RC_ASSERT(email.find('@') != std::string::npos);
}

RC_GTEST_PROP(TextGen, IntInIsInclusive, (std::int32_t a, std::int32_t b)) {
    std::int64_t lo = std::min(a, b), hi = std::max(a, b);
    auto v = *gen_int_in(lo, hi);
    RC_ASSERT(v >= lo);
    RC_ASSERT(v <= hi);
}

TEST(TextGen, IntInReachesBothEnds) {
    std::set<std::int64_t> seen;
    for (std::uint64_t seed = 1; seed < 200; ++seed) seen.insert(sample(gen_int_in(1, 2147483647), seed));
    EXPECT_TRUE(seen.count(1));
    EXPECT_TRUE(seen.count(2147483647));
}

/// The shrunk counterexample of `property` checked with RapidCheck's `seed`; nullopt when it holds.
template <typename Property>
std::optional<std::string> counterexample(Property property, std::uint64_t seed) {
    rc::detail::TestParams params;
    params.seed = seed;
    const auto result = rc::detail::checkTestable(std::move(property), rc::detail::TestMetadata{}, params);
    rc::detail::FailureResult failure;
    if (!result.match(failure)) return std::nullopt;
    return failure.counterExample.empty() ? std::string() : failure.counterExample.front().second;
}

TEST(TextGen, IntInShrinksEveryBranchTowardsItsMinimum) {
    // Whichever branch drew it (the minimum, the maximum or between), a value that fails "x < 100" shrinks
    // to 100 itself.
    for (std::uint64_t seed = 1; seed <= 40; ++seed)
        EXPECT_EQ(counterexample([] { RC_ASSERT(*gen_int_in(100, 900) < 100); }, seed), "100") << "seed " << seed;
}

TEST(TextGen, SameSeedSameValue) {
    EXPECT_EQ(sample(gen_text(0, 40), 42), sample(gen_text(0, 40), 42));
    EXPECT_EQ(sample(gen_date_time(), 7), sample(gen_date_time(), 7));
}

}  // namespace
}  // namespace dockside::generators
