#include "harness/load/request_writer.h"

namespace dockside::load {

RequestVariant write_request(const RequestShape& shape, const TargetAccess& access) {
    RequestVariant v;
    std::string& out = v.bytes;
    out = shape.method + " " + access.base.base_path;
    for (const auto& piece : shape.path) {
        if (piece.pool < 0) {
            out += piece.literal;
            continue;
        }
        v.slots.push_back({static_cast<std::uint32_t>(out.size()),
                           piece.take ? SlotKind::take_pool : SlotKind::read_pool,
                           static_cast<std::uint16_t>(piece.pool), 0});
    }
    if (!shape.query.empty()) out += "?" + shape.query;
    if (shape.query_id_pool >= 0) {
        out += (shape.query.empty() ? "?" : "&") + shape.query_id_name + "=";
        v.slots.push_back({static_cast<std::uint32_t>(out.size()), SlotKind::read_pool,
                           static_cast<std::uint16_t>(shape.query_id_pool), 0});
    }
    out += " HTTP/1.1\r\nHost: " + access.base.host_header() + "\r\n";
    out += "User-Agent: " + access.client.user_agent + "\r\n";
    out += "Accept: application/json\r\n";
    if (access.token_refreshes) {
        out += "Authorization: Bearer ";
        v.slots.push_back({static_cast<std::uint32_t>(out.size()), SlotKind::credential, 0, 0});
        out += "\r\n";
    } else if (!access.token.empty()) {
        out += "Authorization: Bearer " + access.token + "\r\n";
    }
    if (shape.channel_header) out += access.channel_header + ": " + std::to_string(access.channel) + "\r\n";
    const bool sends_body = shape.body.has_value();
    if (sends_body) out += "Content-Type: application/json\r\n";
    if (sends_body || shape.method == "POST" || shape.method == "PUT" || shape.method == "PATCH")
        out += "Content-Length: " + std::to_string(sends_body ? shape.body->size() : 0) + "\r\n";
    out += "\r\n";
    if (!sends_body) return v;
    if (shape.sequence_at == std::string::npos) {
        out += *shape.body;
        return v;
    }
    // The body holds `sequence_width` placeholder characters at sequence_at; the slot writes as many digits.
    const auto width = static_cast<std::size_t>(shape.sequence_width);
    out += shape.body->substr(0, shape.sequence_at);
    v.slots.push_back({static_cast<std::uint32_t>(out.size()), SlotKind::sequence, 0,
                       static_cast<std::uint8_t>(width)});
    out += shape.body->substr(shape.sequence_at + width);
    return v;
}

}  // namespace dockside::load
