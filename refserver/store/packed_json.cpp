#include "refserver/store/packed_json.h"

#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace dockside::refserver {

namespace {

constexpr std::size_t kSizeBytes = sizeof(std::uint32_t);

/// The member names packed documents share, each stored once for the process. Every order repeats the same
/// few dozen names (quantity_unit_of_measure_code, external_line_id, …), which were about half of its packed
/// bytes; a document keeps a one- or two-byte code instead. Bounded, so that documents of made-up names
/// (a store order JSON) cannot grow it without end: past kMaxKeys, or for a long name, the name is kept.
class KeyTable {
public:
    /// The stored form of `key`: [c] for code c - 1 (c in 1..255), [b, c] for code 255 + (b - 1) * 256 + c,
    /// and the name itself behind a zero byte when it has no code.
    std::string encode(const std::string& key) {
        std::lock_guard lock(mutex_);
        auto it = codes_.find(key);
        std::size_t code = 0;
        if (it != codes_.end()) {
            code = it->second;
        } else if (size_.load(std::memory_order_relaxed) < kMaxKeys && key.size() <= kMaxKeyBytes) {
            code = size_.load(std::memory_order_relaxed);
            keys_[code] = key;
            codes_.emplace(key, code);
            size_.store(code + 1, std::memory_order_release);  // the name is written before its code is seen
        } else {
            return std::string(1, '\0') + key;
        }
        if (code < 255) return std::string(1, static_cast<char>(code + 1));
        code -= 255;
        return {static_cast<char>(code / 256 + 1), static_cast<char>(code % 256)};
    }

    /// The name a stored form stands for. Lock-free: a code in a document was published before the document.
    std::string decode(const std::string& stored) const {
        const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(stored[i]); };
        if (stored.empty() || byte(0) == 0) return stored.empty() ? stored : stored.substr(1);
        const std::size_t code = stored.size() == 1 ? byte(0) - 1 : 255 + (byte(0) - 1) * 256 + byte(1);
        return code < size_.load(std::memory_order_acquire) ? keys_[code] : stored;
    }

private:
    static constexpr std::size_t kMaxKeys = 4096;
    static constexpr std::size_t kMaxKeyBytes = 64;
    std::mutex mutex_;  // writers only: readers see names through size_
    std::unordered_map<std::string, std::size_t> codes_;
    std::array<std::string, kMaxKeys> keys_;
    std::atomic<std::size_t> size_{0};
};

KeyTable& key_table() {
    static KeyTable table;
    return table;
}

void put_big_endian(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

/// A string, array or map header: the one-byte form up to `fix_max` items, else the smallest of the 8-bit form
/// (strings only, the type byte before `sized16`), the 16-bit form (`sized16`) and the 32-bit form (the next).
void put_header(std::vector<std::uint8_t>& out, std::size_t count, std::uint8_t fix, std::size_t fix_max,
                std::uint8_t sized16, bool has_8_bit) {
    if (count <= fix_max) {
        out.push_back(static_cast<std::uint8_t>(fix | count));
    } else if (has_8_bit && count <= 0xFF) {
        out.push_back(static_cast<std::uint8_t>(sized16 - 1));
        put_big_endian(out, count, 1);
    } else if (count <= 0xFFFF) {
        out.push_back(sized16);
        put_big_endian(out, count, 2);
    } else {
        out.push_back(static_cast<std::uint8_t>(sized16 + 1));
        put_big_endian(out, count, 4);
    }
}

void put_string(std::vector<std::uint8_t>& out, const std::string& text) {
    put_header(out, text.size(), 0xA0, 31, 0xDA, true);
    out.insert(out.end(), text.begin(), text.end());
}

void put_unsigned(std::vector<std::uint8_t>& out, std::uint64_t n) {
    if (n < 0x80) return out.push_back(static_cast<std::uint8_t>(n));
    const int bytes = n <= 0xFF ? 1 : n <= 0xFFFF ? 2 : n <= 0xFFFFFFFF ? 4 : 8;
    out.push_back(bytes == 1 ? 0xCC : bytes == 2 ? 0xCD : bytes == 4 ? 0xCE : 0xCF);
    put_big_endian(out, n, bytes);
}

/// MessagePack as nlohmann::json::to_msgpack writes it (the smallest form of each number, a float where it is
/// exact), except that member names are in their stored form; written straight from the tree, so a large
/// document is never copied to rename its members.
void put_value(std::vector<std::uint8_t>& out, const nlohmann::json& value) {
    using Type = nlohmann::json::value_t;
    switch (value.type()) {
        case Type::null: return out.push_back(0xC0);
        case Type::boolean: return out.push_back(value.get<bool>() ? 0xC3 : 0xC2);
        case Type::number_unsigned: return put_unsigned(out, value.get<std::uint64_t>());
        case Type::number_integer: {
            const auto n = value.get<std::int64_t>();
            if (n >= 0) return put_unsigned(out, static_cast<std::uint64_t>(n));
            if (n >= -32) return out.push_back(static_cast<std::uint8_t>(n));
            const int bytes = n >= INT8_MIN ? 1 : n >= INT16_MIN ? 2 : n >= INT32_MIN ? 4 : 8;
            out.push_back(bytes == 1 ? 0xD0 : bytes == 2 ? 0xD1 : bytes == 4 ? 0xD2 : 0xD3);
            return put_big_endian(out, static_cast<std::uint64_t>(n), bytes);  // two's complement, cut to `bytes`
        }
        case Type::number_float: {
            const auto n = value.get<double>();
            const bool fits = n >= std::numeric_limits<float>::lowest() && n <= std::numeric_limits<float>::max();
            if (fits && static_cast<double>(static_cast<float>(n)) == n) {
                out.push_back(0xCA);
                return put_big_endian(out, std::bit_cast<std::uint32_t>(static_cast<float>(n)), 4);
            }
            out.push_back(0xCB);
            return put_big_endian(out, std::bit_cast<std::uint64_t>(n), 8);
        }
        case Type::string: return put_string(out, value.get_ref<const std::string&>());
        case Type::array:
            put_header(out, value.size(), 0x90, 15, 0xDC, false);
            for (const auto& item : value) put_value(out, item);
            return;
        case Type::object:
            put_header(out, value.size(), 0x80, 15, 0xDE, false);
            for (auto member = value.begin(); member != value.end(); ++member) {
                put_string(out, key_table().encode(member.key()));
                put_value(out, member.value());
            }
            return;
        default:  // binary and discarded values: never in a document read from JSON text
            throw std::invalid_argument("PackedJson: not a JSON value");
    }
}

/// Builds the tree as nlohmann's own DOM parser does, giving each member its name back as it is read.
class DecodingParser : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
public:
    using json_sax_dom_parser::json_sax_dom_parser;
    bool key(std::string& stored) {
        std::string name = key_table().decode(stored);
        return json_sax_dom_parser::key(name);
    }
};

std::unique_ptr<std::uint8_t[]> copy_of(const std::uint8_t* bytes, std::uint32_t size) {
    auto out = std::make_unique_for_overwrite<std::uint8_t[]>(kSizeBytes + size);
    std::memcpy(out.get(), bytes, kSizeBytes + size);
    return out;
}

}  // namespace

PackedJson::PackedJson(const nlohmann::json& value) {
    if (value.is_null()) return;
    std::vector<std::uint8_t> packed;
    put_value(packed, value);
    const auto size = static_cast<std::uint32_t>(packed.size());
    bytes_ = std::make_unique_for_overwrite<std::uint8_t[]>(kSizeBytes + size);
    std::memcpy(bytes_.get(), &size, kSizeBytes);
    std::memcpy(bytes_.get() + kSizeBytes, packed.data(), size);
}

PackedJson::PackedJson(const PackedJson& other) : bytes_(other.bytes_ ? copy_of(other.bytes_.get(), other.size()) : nullptr) {}

PackedJson& PackedJson::operator=(const PackedJson& other) {
    if (this != &other) bytes_ = other.bytes_ ? copy_of(other.bytes_.get(), other.size()) : nullptr;
    return *this;
}

std::uint32_t PackedJson::size() const {
    std::uint32_t size = 0;
    std::memcpy(&size, bytes_.get(), kSizeBytes);
    return size;
}

nlohmann::json PackedJson::value() const {
    if (!bytes_) return nullptr;
    const std::uint8_t* begin = bytes_.get() + kSizeBytes;
    nlohmann::json out;
    DecodingParser parser(out);
    nlohmann::json::sax_parse(begin, begin + size(), &parser, nlohmann::json::input_format_t::msgpack);
    return out;
}

bool PackedJson::empty() const {
    if (!bytes_) return true;
    // MessagePack's one-byte forms of the empty map and the empty array.
    return size() == 1 && (bytes_[kSizeBytes] == 0x80 || bytes_[kSizeBytes] == 0x90);
}

void to_json(nlohmann::json& out, const PackedJson& packed) { out = packed.value(); }

}  // namespace dockside::refserver
