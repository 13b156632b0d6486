#pragma once
/// A JSON document a record only echoes back (a recipient, product lines, tracking), kept as MessagePack
/// bytes behind one pointer. A parsed nlohmann tree costs about a hundred bytes a member in map nodes and key
/// strings; packed, the same document costs about a tenth of that, and a mock left running holds a million
/// orders, each with a dozen such documents across it and its shipment. It is unpacked where it is read (a
/// render, a shipment made from its order), which the rendered-body cache keeps off the hot reads.

#include <cstdint>
#include <memory>

#include <nlohmann/json.hpp>

namespace dockside::refserver {

class PackedJson {
public:
    PackedJson() = default;  // null
    /// Implicit: a record's field is assigned a document as it would be assigned the tree.
    PackedJson(const nlohmann::json& value);  // NOLINT(google-explicit-constructor)
    PackedJson(const PackedJson& other);
    PackedJson& operator=(const PackedJson& other);
    PackedJson(PackedJson&&) noexcept = default;
    PackedJson& operator=(PackedJson&&) noexcept = default;

    nlohmann::json value() const;
    /// What json::empty() says of the document: true for null, {} and [].
    bool empty() const;

private:
    std::uint32_t size() const;
    /// Null for the JSON null; otherwise the byte count (4 bytes, native order) and the MessagePack bytes.
    std::unique_ptr<std::uint8_t[]> bytes_;
};

/// Lets a packed field stand in a JSON initializer list, as the tree did: `{"recipient", order.recipient}`.
void to_json(nlohmann::json& out, const PackedJson& packed);

}  // namespace dockside::refserver
