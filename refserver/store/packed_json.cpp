#include "refserver/store/packed_json.h"

#include <cstring>
#include <vector>

namespace dockside::refserver {

namespace {

constexpr std::size_t kSizeBytes = sizeof(std::uint32_t);

std::unique_ptr<std::uint8_t[]> copy_of(const std::uint8_t* bytes, std::uint32_t size) {
    auto out = std::make_unique_for_overwrite<std::uint8_t[]>(kSizeBytes + size);
    std::memcpy(out.get(), bytes, kSizeBytes + size);
    return out;
}

}  // namespace

PackedJson::PackedJson(const nlohmann::json& value) {
    if (value.is_null()) return;
    const std::vector<std::uint8_t> packed = nlohmann::json::to_msgpack(value);
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
    return nlohmann::json::from_msgpack(begin, begin + size());
}

bool PackedJson::empty() const {
    if (!bytes_) return true;
    // MessagePack's one-byte forms of the empty map and the empty array.
    return size() == 1 && (bytes_[kSizeBytes] == 0x80 || bytes_[kSizeBytes] == 0x90);
}

void to_json(nlohmann::json& out, const PackedJson& packed) { out = packed.value(); }

}  // namespace dockside::refserver
