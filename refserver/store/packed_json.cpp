#include "refserver/store/packed_json.h"

#include <array>
#include <atomic>
#include <cstring>
#include <mutex>
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

/// `value` with each member name in its stored form (KeyTable::encode), for nlohmann's own MessagePack writer.
/// Member order does not matter: a decoded object is sorted by the names given back.
nlohmann::json coded(const nlohmann::json& value) {
    if (value.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (auto member = value.begin(); member != value.end(); ++member)
            out[key_table().encode(member.key())] = coded(member.value());
        return out;
    }
    if (!value.is_array()) return value;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& item : value) out.push_back(coded(item));
    return out;
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
    const std::vector<std::uint8_t> packed = nlohmann::json::to_msgpack(coded(value));
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
