#include "harness/histogram/codec.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "core/base64.h"

namespace dockside::histogram {
namespace {

Histogram sample() {
    Histogram h;
    for (std::int64_t v = 1; v <= 1000; ++v) h.record(v);
    h.record_n(123'456, 40);
    h.record(3'000'000'000);
    return h;
}

TEST(Codec, HeaderIsHdrHistogramV2) {
    const auto bytes = encode(sample());
    ASSERT_GE(bytes.size(), 40u);
    EXPECT_EQ(bytes.substr(0, 4), std::string("\x1c\x84\x93\x13", 4));
    EXPECT_EQ(bytes.substr(12, 4), std::string("\0\0\0\x03", 4));
    EXPECT_EQ(bytes.substr(32, 8), std::string("\x3f\xf0\0\0\0\0\0\0", 8));
    EXPECT_EQ(encode_compressed(sample()).substr(0, 4), std::string("\x1c\x84\x93\x14", 4));
    EXPECT_TRUE(encode_compressed_base64(sample()).starts_with("HISTFAAA"));
}

TEST(Codec, RoundTripGivesTheSameHistogram) {
    const auto h = sample();
    const auto back = decode_compressed_base64(encode_compressed_base64(h));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back.value(), h);
    EXPECT_EQ(back->max(), h.max());
    EXPECT_EQ(back->min(), h.min());
    EXPECT_EQ(back->value_at_percentile(99.9), h.value_at_percentile(99.9));
    EXPECT_EQ(back->mean(), h.mean());
}

TEST(Codec, EmptyAndOtherSettingsRoundTrip) {
    EXPECT_EQ(decode(encode(Histogram())).value(), Histogram());
    Histogram coarse(1000, 60'000'000'000, 2);
    coarse.record(5'000'000);
    coarse.record(0);
    EXPECT_EQ(decode_compressed(encode_compressed(coarse)).value(), coarse);
}

TEST(Codec, RunsOfEmptyCountersAreNegativeZigZag) {
    Histogram h;
    h.record(0);
    h.record(5);
    const auto bytes = encode(h);
    // count 1 -> zigzag 2; four empty counters -> -4 -> zigzag 7; count 1 -> 2.
    EXPECT_EQ(bytes.substr(40), std::string("\x02\x07\x02", 3));
}

TEST(Codec, LargeCountsUseLongerLeb128) {
    Histogram h;
    h.record_n(7, std::int64_t{1} << 60);
    EXPECT_EQ(decode(encode(h)).value(), h);
}

TEST(Codec, DecodesWhatHdrHistogramJsEncoded) {
    // hdr-histogram-js 3.0.1: values 1..1000 recorded once each, 1 µs .. 1 h at 3 digits.
    const auto js = decode_compressed_base64("HISTFAAAACt4nJNpmSzMwMD8koGBgZGBgYGZAQJAbIZrk5cwwPlMo2AUjIJhDwBknQwW");
    ASSERT_TRUE(js) << js.error();
    Histogram expected;
    for (std::int64_t v = 1; v <= 1000; ++v) expected.record(v);
    EXPECT_EQ(js.value(), expected);
}

TEST(Codec, DamagedInputIsAnErrorNotACrash) {
    const auto bytes = encode(sample());
    EXPECT_NE(decode(bytes.substr(0, 20)).error().find("shorter than"), std::string::npos);
    EXPECT_NE(decode(bytes.substr(0, bytes.size() - 3)).error().find("payload"), std::string::npos);
    auto wrong_cookie = bytes;
    wrong_cookie[3] = 0x01;
    EXPECT_NE(decode(wrong_cookie).error().find("cookie"), std::string::npos);
    auto bad_digits = bytes;
    bad_digits[15] = 9;
    EXPECT_NE(decode(bad_digits).error().find("digits"), std::string::npos);
    auto compressed = encode_compressed(sample());
    compressed[20] = static_cast<char>(compressed[20] ^ 0x55);
    EXPECT_FALSE(decode_compressed(compressed));
    EXPECT_FALSE(decode_compressed(compressed.substr(0, 12)));
    EXPECT_FALSE(decode_compressed_base64("not base64!"));
    EXPECT_FALSE(decode_compressed(bytes));  // uncompressed cookie where a compressed one belongs
}

TEST(Codec, CountsBeyondTheArrayAreRejected) {
    auto bytes = encode(Histogram(1, 4096, 3));
    // Skip far past the array, then a count of 1.
    bytes.resize(40);
    bytes += std::string("\xff\xff\x03\x02", 4);  // zigzag(-32768) then count 1
    bytes[7] = 4;
    EXPECT_NE(decode(bytes).error().find("beyond"), std::string::npos);
}

TEST(Codec, AddingAnEncodingIsAddingItsHistogram) {
    Histogram into = sample();
    Histogram expected = sample();
    Histogram other;
    for (std::int64_t v = 500; v <= 90'000; v += 3) other.record(v);
    expected.add(other);
    ASSERT_TRUE(add_compressed_base64(into, encode_compressed_base64(other)));
    EXPECT_EQ(into, expected);
    // Other settings: decoded apart and added, value by value.
    Histogram coarse(1, 4096, 1);
    coarse.record_n(1000, 5);
    ASSERT_TRUE(add_compressed_base64(into, encode_compressed_base64(coarse)));
    EXPECT_EQ(into.total_count(), expected.total_count() + 5);
    EXPECT_FALSE(add_compressed_base64(into, "not base64!"));
    EXPECT_FALSE(add_compressed_base64(into, base64_encode(encode(other))));  // not the compressed form
}

RC_GTEST_PROP(CodecProperty, DecodeOfEncodeIsIdentity, ()) {
    const auto values = *rc::gen::container<std::vector<std::int64_t>>(rc::gen::weightedOneOf<std::int64_t>({
        {4, rc::gen::inRange<std::int64_t>(0, 100'000)},
        {1, rc::gen::inRange<std::int64_t>(0, 3'600'000'000)},
    }));
    Histogram h;
    for (auto v : values) h.record_n(v, *rc::gen::inRange<std::int64_t>(1, 1'000'000));
    const auto back = decode_compressed_base64(encode_compressed_base64(h));
    RC_ASSERT(back.ok());
    RC_ASSERT(back.value() == h);
    RC_ASSERT(back->max() == h.max());
}

}  // namespace
}  // namespace dockside::histogram
