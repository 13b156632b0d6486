#include "core/utf8.h"

#include <algorithm>
#include <cstdint>

namespace dockside {
namespace {

/// Length of the well-formed sequence starting at `i`, or 0.
std::size_t sequence_length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return 1;
    std::size_t n;
    std::uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) { n = 1; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 2; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 3; cp = c & 0x07; }
    else return 0;
    if (i + n >= s.size()) return 0;
    for (std::size_t k = 1; k <= n; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (cc & 0x3F);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n + 1;
}

}  // namespace

std::string to_valid_utf8(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        if (const std::size_t n = sequence_length(bytes, i)) {
            out.append(bytes.substr(i, n));
            i += n;
        } else {
            out += "\xEF\xBF\xBD";  // U+FFFD
            ++i;
        }
    }
    return out;
}

std::string excerpt(std::string_view bytes, std::size_t max_chars) {
    // Counts code points, not bytes, so a multi-byte character is never cut in half.
    std::size_t chars = 0;
    std::size_t i = 0;
    while (i < bytes.size()) {
        if (chars == max_chars) return to_valid_utf8(bytes.substr(0, i)) + "…";
        const auto lead = static_cast<unsigned char>(bytes[i]);
        const std::size_t width = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
        i += std::min(width, bytes.size() - i);
        ++chars;
    }
    return to_valid_utf8(bytes);
}

}  // namespace dockside
