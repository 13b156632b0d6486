#include "harness/load/response_head.h"

namespace dockside::load {
namespace {

/// RFC 9110 tchar.
bool is_tchar(unsigned char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    switch (c) {
        case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+': case '-': case '.':
        case '^': case '_': case '`': case '|': case '~': return true;
        default: return false;
    }
}

/// A field-value or reason-phrase byte: HTAB, SP, VCHAR or obs-text.
bool is_text(unsigned char c) { return c == '\t' || (c >= 0x20 && c != 0x7f); }

bool iequals(std::string_view a, std::string_view lower) {
    if (a.size() != lower.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(a[i]);
        if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c + 32);
        if (c != static_cast<unsigned char>(lower[i])) return false;
    }
    return true;
}

std::string_view trim(std::string_view v) {
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    return v;
}

/// Connection: close / keep-alive tokens; false for anything else (upgrade, a list with other options).
bool read_connection(std::string_view value, bool& close, bool& keep_alive) {
    while (!value.empty()) {
        const auto comma = value.find(',');
        const std::string_view token = trim(value.substr(0, comma));
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
    std::size_t at = 13;
    for (;; ++at) {  // reason phrase
        if (at + 1 >= text.size()) return HeadScan::need_more;
        if (text[at] == '\r') break;
        if (!is_text(static_cast<unsigned char>(text[at]))) return HeadScan::unsupported;
    }
    if (text[at + 1] != '\n') return HeadScan::unsupported;
    at += 2;
    bool have_length = false;
    for (;;) {
        if (at + 1 >= text.size()) return HeadScan::need_more;
        if (text[at] == '\r') {
            if (text[at + 1] != '\n') return HeadScan::unsupported;
            at += 2;
            break;
        }
        const std::size_t name_start = at;
        while (at < text.size() && is_tchar(static_cast<unsigned char>(text[at]))) ++at;
        if (at >= text.size()) return HeadScan::need_more;
        if (at == name_start || text[at] != ':') return HeadScan::unsupported;  // obs-fold, space before ':'
        const std::string_view name = text.substr(name_start, at - name_start);
        const std::size_t value_start = ++at;
        for (;; ++at) {
            if (at + 1 >= text.size()) return HeadScan::need_more;
            if (text[at] == '\r') break;
            if (!is_text(static_cast<unsigned char>(text[at]))) return HeadScan::unsupported;
        }
        if (text[at + 1] != '\n') return HeadScan::unsupported;
        const std::string_view value = trim(text.substr(value_start, at - value_start));
        at += 2;
        if (iequals(name, "content-length")) {
            if (have_length || value.empty() || value.size() > 18) return HeadScan::unsupported;
            std::uint64_t n = 0;
            for (char c : value) {
                if (c < '0' || c > '9') return HeadScan::unsupported;
                n = n * 10 + static_cast<std::uint64_t>(c - '0');
            }
            head.content_length = n;
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
