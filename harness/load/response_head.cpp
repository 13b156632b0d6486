#include "harness/load/response_head.h"

#include <array>
#include <bit>
#include <cstring>

#include "core/text.h"

namespace dockside::load {
namespace {

/// Byte classes of the head's grammar, looked up once per byte.
enum : unsigned char { kToken = 2 };

constexpr std::array<unsigned char, 256> make_classes() {
    std::array<unsigned char, 256> t{};
    for (int c = 0; c < 256; ++c) {
        // tchar (RFC 9110 5.6.2)
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        bool special = false;
        for (char x : std::string_view("!#$%&'*+-.^_`|~")) special = special || c == static_cast<unsigned char>(x);
        if (alnum || special) t[static_cast<std::size_t>(c)] |= kToken;
    }
    return t;
}
constexpr std::array<unsigned char, 256> kClasses = make_classes();

bool is_tchar(char c) { return (kClasses[static_cast<unsigned char>(c)] & kToken) != 0; }

/// Position of the first byte at or after `from` that is a control character other than HTAB (CR, LF,
/// NUL, DEL, …), or text.size(). Eight bytes at a time: (x − 0x20…20) & ~x & 0x80…80 flags the bytes
/// below 0x20 (and the same on x ^ 0x7f…7f flags DEL); the lowest flag is exact, so its byte is the
/// first candidate, and only a HTAB there sends the scan on.
std::size_t find_control(std::string_view text, std::size_t from) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin + from;
    while (p + 8 <= end) {
        std::uint64_t x;
        std::memcpy(&x, p, 8);
        const std::uint64_t del = x ^ (ones * 0x7f);
        const std::uint64_t flags = (((x - ones * 0x20) & ~x) | ((del - ones) & ~del)) & highs;
        if (flags == 0) {
            p += 8;
            continue;
        }
        p += std::countr_zero(flags) / 8;  // little-endian: the lowest flag is the first byte
        if (*p != '\t') return static_cast<std::size_t>(p - begin);
        ++p;
    }
    for (; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if ((c < 0x20 && c != '\t') || c == 0x7f) return static_cast<std::size_t>(p - begin);
    }
    return text.size();
}

/// ASCII case-insensitive equality with a lower-case literal (header names are ASCII tokens).
bool iequals(std::string_view a, std::string_view lower) {
    if (a.size() != lower.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        // Setting 0x20 lower-cases letters; for the literal's '-' the name must hold '-' itself.
        const auto c = static_cast<unsigned char>(a[i]);
        const auto l = static_cast<unsigned char>(lower[i]);
        if ((l == '-' ? c : (c | 0x20)) != l) return false;
    }
    return true;
}

/// Connection: close / keep-alive tokens; false for anything else (upgrade, a list with other options).
bool read_connection(std::string_view value, bool& close, bool& keep_alive) {
    while (!value.empty()) {
        const auto comma = value.find(',');
        const std::string_view token = trim(value.substr(0, comma), kBlanks);
        if (iequals(token, "close")) close = true;
        else if (iequals(token, "keep-alive")) keep_alive = true;
        else if (!token.empty()) return false;
        if (comma == std::string_view::npos) break;
        value.remove_prefix(comma + 1);
    }
    return true;
}

}  // namespace

HeadScan scan_response_head(std::string_view text, ResponseHead& head) {
    head = ResponseHead{};
    // "HTTP/1.x SP 3DIGIT SP"
    if (text.size() < 13) {
        const std::string_view prefix = "HTTP/1.";
        return prefix.substr(0, text.size()) == text.substr(0, prefix.size()) ? HeadScan::need_more
                                                                                : HeadScan::unsupported;
    }
    if (text.substr(0, 7) != "HTTP/1." || (text[7] != '1' && text[7] != '0') || text[8] != ' ' || text[12] != ' ')
        return HeadScan::unsupported;
    const bool http10 = text[7] == '0';
    bool close = false;
    bool keep_alive = false;
    for (int i = 9; i < 12; ++i)
        if (text[i] < '0' || text[i] > '9') return HeadScan::unsupported;
    head.status = (text[9] - '0') * 100 + (text[10] - '0') * 10 + (text[11] - '0');
    if (head.status < 200) return HeadScan::unsupported;  // 1xx interim answers: Beast's business
    std::size_t at = find_control(text, 13);  // the reason phrase ends at its CR
    if (at + 1 >= text.size()) return HeadScan::need_more;
    if (text[at] != '\r' || text[at + 1] != '\n') return HeadScan::unsupported;
    at += 2;
    bool have_length = false;
    for (;;) {
        if (at + 1 >= text.size()) return HeadScan::need_more;
        if (text[at] == '\r') {
            if (text[at + 1] != '\n') return HeadScan::unsupported;
            at += 2;
            break;
        }
        const std::size_t eol = find_control(text, at);  // the whole line first: then no bounds checks
        if (eol + 1 >= text.size()) return HeadScan::need_more;
        if (text[eol] != '\r' || text[eol + 1] != '\n') return HeadScan::unsupported;
        const std::size_t name_start = at;
        while (is_tchar(text[at])) ++at;  // stops at ':' or, at the latest, at the line's CR
        if (at == name_start || text[at] != ':') return HeadScan::unsupported;  // obs-fold, space before ':'
        const std::string_view name = text.substr(name_start, at - name_start);
        const std::size_t value_start = at + 1;
        const std::size_t value_end = eol;
        at = eol + 2;
        // Only five names matter; their lengths rule out the rest without comparing.
        const std::size_t n = name.size();
        if (n != 14 && n != 10 && n != 12 && n != 17 && n != 7) continue;
        const std::string_view value = trim(text.substr(value_start, value_end - value_start), kBlanks);
        if (iequals(name, "content-length")) {
            if (have_length || value.empty() || value.size() > 18) return HeadScan::unsupported;
            std::uint64_t length = 0;
            for (char c : value) {
                if (c < '0' || c > '9') return HeadScan::unsupported;
                length = length * 10 + static_cast<std::uint64_t>(c - '0');
            }
            head.content_length = length;
            have_length = true;
        } else if (iequals(name, "connection")) {
            if (!read_connection(value, close, keep_alive)) return HeadScan::unsupported;
        } else if (iequals(name, "content-type")) {
            head.content_type = value;
        } else if (iequals(name, "transfer-encoding") || iequals(name, "upgrade")) {
            return HeadScan::unsupported;
        }
    }
    // Without a length only 204 and 304 have a known (empty) body; the rest end at EOF or are chunked.
    if (!have_length && head.status != 204 && head.status != 304) return HeadScan::unsupported;
    if (head.status == 204 || head.status == 304) head.content_length = 0;
    // As Beast decides: HTTP/1.1 keeps the connection unless told "close"; HTTP/1.0 only when told
    // "keep-alive".
    head.keep_alive = http10 ? keep_alive : !close;
    head.length = at;
    return HeadScan::complete;
}

}  // namespace dockside::load
