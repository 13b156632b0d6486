#include "harness/histogram/codec.h"

#include <bit>
#include <cstdio>
#include <cstring>

#include <zlib.h>

#include "core/base64.h"

namespace dockside::histogram {

namespace {

constexpr std::size_t kHeaderBytes = 40;
constexpr int kMaxLeb128Bytes = 9;

std::string hex(std::uint32_t value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", value);
    return text;
}

void put_big_endian(std::string& out, std::uint64_t value, int bytes) {
    for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) out += static_cast<char>((value >> shift) & 0xff);
}

std::uint64_t get_big_endian(std::string_view in, std::size_t at, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value = (value << 8) | static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)]);
    return value;
}

// ZigZag, then LEB128 in which the ninth byte carries eight bits (HdrHistogram's "LEB128-64b9B").
void put_zigzag(std::string& out, std::int64_t value) {
    auto bits = (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
    for (int i = 0; i < kMaxLeb128Bytes - 1; ++i) {
        if (bits < 0x80) {
            out += static_cast<char>(bits);
            return;
        }
        out += static_cast<char>((bits & 0x7f) | 0x80);
        bits >>= 7;
    }
    out += static_cast<char>(bits);
}

Result<std::int64_t, std::string> get_zigzag(std::string_view in, std::size_t& at, std::size_t end) {
    std::uint64_t bits = 0;
    for (int i = 0; i < kMaxLeb128Bytes; ++i) {
        if (at >= end) return fail("histogram encoding: value at byte " + std::to_string(at) + " is cut short");
        const auto byte = static_cast<unsigned char>(in[at++]);
        if (i == kMaxLeb128Bytes - 1) {
            bits |= static_cast<std::uint64_t>(byte) << 56;
            break;
        }
        bits |= static_cast<std::uint64_t>(byte & 0x7f) << (7 * i);
        if ((byte & 0x80) == 0) break;
    }
    return static_cast<std::int64_t>(bits >> 1) ^ -static_cast<std::int64_t>(bits & 1);
}

std::size_t encoded_counts_limit(const Histogram& h) {
    return h.total_count() == 0 ? 1 : h.index_of(h.lowest_equivalent_value(h.max())) + 1;
}

Result<bool, std::string> decode_counts(std::string_view in, std::size_t at, std::size_t end, Histogram& h) {
    std::size_t index = 0;
    while (at < end) {
        const auto value = get_zigzag(in, at, end);
        if (!value) return fail(value.error());
        if (value.value() < 0) {
            index += static_cast<std::size_t>(-value.value());
            continue;
        }
        if (value.value() > 0 && index >= h.counts_length())
            return fail("histogram encoding: a count at index " + std::to_string(index) + " is beyond the " +
                        std::to_string(h.counts_length()) + " counters its settings give");
        h.add_count_at_index(index++, value.value());
    }
    return true;
}

/// The settings and payload of a V2 encoding, checked.
struct Encoded {
    std::int32_t digits;
    std::int64_t lowest, highest;
    std::size_t payload_end;
};

Result<Encoded, std::string> read_header(std::string_view bytes) {
    if (bytes.size() < kHeaderBytes)
        return fail("histogram encoding: " + std::to_string(bytes.size()) + " bytes, shorter than the " +
                    std::to_string(kHeaderBytes) + "-byte V2 header");
    const auto cookie = static_cast<std::uint32_t>(get_big_endian(bytes, 0, 4));
    if ((cookie & ~0xf0u) != (v2_encoding_cookie & ~0xf0u))
        return fail("histogram encoding: cookie " + hex(cookie) + " is not HdrHistogram's V2 encoding (" +
                    hex(v2_encoding_cookie) + ")");
    const auto payload_length = get_big_endian(bytes, 4, 4);
    if (payload_length > bytes.size() - kHeaderBytes)
        return fail("histogram encoding: payload of " + std::to_string(payload_length) + " bytes, but only " +
                    std::to_string(bytes.size() - kHeaderBytes) + " follow the header");
    return Encoded{static_cast<std::int32_t>(get_big_endian(bytes, 12, 4)), static_cast<std::int64_t>(get_big_endian(bytes, 16, 8)),
                   static_cast<std::int64_t>(get_big_endian(bytes, 24, 8)), kHeaderBytes + payload_length};
}

}  // namespace

std::string encode(const Histogram& h) {
    std::string payload;
    const std::size_t limit = encoded_counts_limit(h);
    // The zeros below the smallest recorded value make one run, written as the loop below would write it.
    const std::size_t first = h.recorded_indexes().begin;
    if (first > 0) put_zigzag(payload, first > 1 ? -static_cast<std::int64_t>(first) : 0);
    for (std::size_t i = first; i < limit;) {
        const std::int64_t count = h.count_at_index(i++);
        std::int64_t zeros = count == 0 ? 1 : 0;
        while (count == 0 && i < limit && h.count_at_index(i) == 0) {
            ++zeros;
            ++i;
        }
        put_zigzag(payload, zeros > 1 ? -zeros : count);
    }
    std::string out;
    put_big_endian(out, v2_encoding_cookie, 4);
    put_big_endian(out, payload.size(), 4);
    put_big_endian(out, 0, 4);  // normalizing index offset
    put_big_endian(out, static_cast<std::uint64_t>(h.significant_digits()), 4);
    put_big_endian(out, static_cast<std::uint64_t>(h.lowest_discernible()), 8);
    put_big_endian(out, static_cast<std::uint64_t>(h.highest_trackable()), 8);
    put_big_endian(out, std::bit_cast<std::uint64_t>(1.0), 8);  // integer-to-double conversion ratio
    return out + payload;
}

Result<Histogram, std::string> decode(std::string_view bytes) {
    auto header = read_header(bytes);
    if (!header) return fail(header.error());
    auto h = Histogram::make(header->lowest, header->highest, header->digits);
    if (!h) return fail("histogram encoding: " + h.error());
    auto counts = decode_counts(bytes, kHeaderBytes, header->payload_end, h.value());
    if (!counts) return fail(counts.error());
    return h;
}

std::string encode_compressed(const Histogram& h) {
    const std::string plain = encode(h);
    uLongf length = compressBound(static_cast<uLong>(plain.size()));
    std::string deflated(length, '\0');
    compress(reinterpret_cast<Bytef*>(deflated.data()), &length, reinterpret_cast<const Bytef*>(plain.data()),
             static_cast<uLong>(plain.size()));
    deflated.resize(length);
    std::string out;
    put_big_endian(out, v2_compressed_encoding_cookie, 4);
    put_big_endian(out, deflated.size(), 4);
    return out + deflated;
}

namespace {

// Inflates at most `limit` bytes: a counts array has a bounded size, and a hostile payload must not
// make us allocate without bound.
Result<std::string, std::string> inflate_bounded(std::string_view deflated, std::size_t limit) {
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK) return fail(std::string("histogram encoding: zlib could not start"));
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(deflated.data()));
    stream.avail_in = static_cast<uInt>(deflated.size());
    std::string out;
    int status = Z_OK;
    while (status == Z_OK) {
        if (out.size() >= limit) break;
        char chunk[16384];
        stream.next_out = reinterpret_cast<Bytef*>(chunk);
        stream.avail_out = sizeof chunk;
        status = inflate(&stream, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - stream.avail_out);
    }
    const std::string message = stream.msg ? stream.msg : "";
    inflateEnd(&stream);
    if (status == Z_STREAM_END) return out;
    if (out.size() >= limit)
        return fail("histogram encoding: inflates past " + std::to_string(limit) + " bytes, more than any histogram");
    return fail("histogram encoding: zlib data is damaged or cut short" + (message.empty() ? "" : " (" + message + ")"));
}

/// The V2 encoding a compressed one holds.
Result<std::string, std::string> inflated(std::string_view bytes) {
    if (bytes.size() < 8)
        return fail("histogram encoding: " + std::to_string(bytes.size()) + " bytes, too short for a compressed histogram");
    const auto cookie = static_cast<std::uint32_t>(get_big_endian(bytes, 0, 4));
    if ((cookie & ~0xf0u) != (v2_compressed_encoding_cookie & ~0xf0u))
        return fail("histogram encoding: cookie " + hex(cookie) + " is not HdrHistogram's compressed V2 encoding (" +
                    hex(v2_compressed_encoding_cookie) + ")");
    const auto length = get_big_endian(bytes, 4, 4);
    if (length > bytes.size() - 8)
        return fail("histogram encoding: compressed length " + std::to_string(length) + " but only " +
                    std::to_string(bytes.size() - 8) + " bytes follow");
    return inflate_bounded(bytes.substr(8, length), kHeaderBytes + Histogram::max_counts_length * kMaxLeb128Bytes);
}

}  // namespace

Result<Histogram, std::string> decode_compressed(std::string_view bytes) {
    auto plain = inflated(bytes);
    if (!plain) return fail(plain.error());
    return decode(plain.value());
}

std::string encode_compressed_base64(const Histogram& h) { return base64_encode(encode_compressed(h)); }

Result<Histogram, std::string> decode_compressed_base64(std::string_view text) {
    auto bytes = base64_decode(text);
    if (!bytes) return fail("histogram encoding: " + bytes.error());
    return decode_compressed(bytes.value());
}

Result<std::int64_t, std::string> add_compressed_base64(Histogram& into, std::string_view text) {
    auto bytes = base64_decode(text);
    if (!bytes) return fail("histogram encoding: " + bytes.error());
    auto plain = inflated(bytes.value());
    if (!plain) return fail(plain.error());
    auto header = read_header(plain.value());
    if (!header) return fail(header.error());
    if (header->lowest != into.lowest_discernible() || header->highest != into.highest_trackable() ||
        header->digits != into.significant_digits()) {
        auto other = decode(plain.value());
        if (!other) return fail(other.error());
        return into.add(other.value());
    }
    auto counts = decode_counts(plain.value(), kHeaderBytes, header->payload_end, into);
    if (!counts) return fail(counts.error());
    return std::int64_t{0};
}

}  // namespace dockside::histogram
