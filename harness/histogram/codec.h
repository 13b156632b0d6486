#pragma once
/// HdrHistogram's V2 encoding, the form every HdrHistogram implementation reads and writes.
///
/// Encoded (big-endian): cookie 0x1c849313, payload length, normalizing index offset (0), significant
/// digits, lowest discernible value (int64), highest trackable value (int64), integer-to-double ratio
/// (double 1.0), then the counts up to the largest non-empty one as ZigZag LEB128 (at most 9 bytes a
/// value), a run of N > 1 empty counters written as -N. Compressed: cookie 0x1c849314, length, and the
/// encoded form deflated by zlib. Interval logs hold the compressed form in base64.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "harness/histogram/histogram.h"

namespace dockside::histogram {

inline constexpr std::uint32_t v2_encoding_cookie = 0x1c849313;
inline constexpr std::uint32_t v2_compressed_encoding_cookie = 0x1c849314;

/// The V2 encoding of `h` (bytes).
std::string encode(const Histogram& h);
/// A histogram from its V2 encoding; errors say what is wrong and where.
Result<Histogram, std::string> decode(std::string_view bytes);

/// The compressed V2 encoding of `h` (bytes).
std::string encode_compressed(const Histogram& h);
/// A histogram from its compressed V2 encoding.
Result<Histogram, std::string> decode_compressed(std::string_view bytes);

/// The compressed V2 encoding in base64, as an interval log line carries it ("HISTFAAA…").
std::string encode_compressed_base64(const Histogram& h);
/// A histogram from base64 of its compressed V2 encoding.
Result<Histogram, std::string> decode_compressed_base64(std::string_view text);
/// Adds the histogram `text` holds (base64 of the compressed V2 encoding) into `into`: with the same
/// settings its counts go straight into `into`'s counters, so adding many costs what their encodings
/// hold rather than a full counts array each; otherwise it is decoded and added. Returns the count
/// clamped, as Histogram::add does. Time stamps and tag of `into` are left as they are; after an error
/// `into` may hold part of the counts (a caller that goes on discards it).
Result<std::int64_t, std::string> add_compressed_base64(Histogram& into, std::string_view text);

}  // namespace dockside::histogram
