#include "refserver/core/text.h"

#include <openssl/rand.h>

#include <vector>

namespace dockside::refserver {

std::optional<std::size_t> utf8_length(std::string_view s) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.size(); ++count) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t n;
        std::uint32_t cp;
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c <= 0xDF) { n = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { n = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 3; cp = c & 0x07; }
        else return std::nullopt;
        if (i + n >= s.size()) return std::nullopt;  // sequence cut off by the end of the text
        for (std::size_t k = 1; k <= n; ++k) {
            auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return std::nullopt;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return std::nullopt;
        i += n + 1;
    }
    return count;
}

std::string random_hex(std::size_t bytes) {
    std::vector<unsigned char> buf(bytes);
    // RAND_bytes only fails when the CSPRNG cannot be seeded; a predictable token would be worse
    // than an empty one, so the caller sees an empty string and refuses to use it.
    if (RAND_bytes(buf.data(), static_cast<int>(buf.size())) != 1) return {};
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(bytes * 2);
    for (unsigned char b : buf) {
        out.push_back(hex[b >> 4]);
        out.push_back(hex[b & 0xF]);
    }
    return out;
}

}  // namespace dockside::refserver
