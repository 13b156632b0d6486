#include "core/base64.h"

#include <algorithm>
#include <cstdint>

#include "core/text.h"

namespace dockside {
namespace {

std::string_view alphabet(Base64 kind) {
    return kind == Base64::Url ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                               : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}

}  // namespace

std::string base64_encode(std::string_view bytes, Base64 kind) {
    const std::string_view letters = alphabet(kind);
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
        std::uint32_t group = 0;
        for (std::size_t k = 0; k < 3; ++k) group = (group << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (std::size_t k = 0; k <= n; ++k) out += letters[(group >> (18 - 6 * k)) & 0x3f];
        if (kind == Base64::Standard) out.append(3 - n, '=');
    }
    return out;
}

Result<std::string, std::string> base64_decode(std::string_view text, Base64 kind) {
    const std::string_view letters = alphabet(kind);
    text = trim(text);
    std::size_t end = text.size();
    if (kind == Base64::Standard) {
        if (end % 4 != 0) return fail("base64: length " + std::to_string(end) + " is not a multiple of 4");
        for (int k = 0; k < 2 && end > 0 && text[end - 1] == '='; ++k) --end;
    } else if (end % 4 == 1) {
        return fail("base64url: length " + std::to_string(end) + " leaves a lone character");
    }
    std::string out;
    out.reserve(end / 4 * 3 + 2);
    std::uint32_t bits = 0;
    int held = 0;
    for (std::size_t i = 0; i < end; ++i) {
        const auto sextet = letters.find(text[i]);
        if (sextet == std::string_view::npos)
            return fail("base64: invalid character '" + std::string(1, text[i]) + "' at position " + std::to_string(i));
        bits = (bits << 6) | static_cast<std::uint32_t>(sextet);
        held += 6;
        if (held >= 8) {
            held -= 8;
            out += static_cast<char>((bits >> held) & 0xff);
        }
    }
    return out;
}

}  // namespace dockside
