#include "core/xml_text.h"

#include <cstdio>

#include "core/utf8.h"

namespace dockside {

std::string xml_escape(std::string_view text) {
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
    const std::string valid = to_valid_utf8(text);
    std::string out;
    out.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size(); ++i) {
        const char c = valid[i];
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            case '\t': out += "&#9;"; break;
            case '\n': out += "&#10;"; break;
            case '\r': out += "&#13;"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                    out += kReplacement;
                } else if (valid.compare(i, 3, "\xEF\xBF\xBE") == 0 || valid.compare(i, 3, "\xEF\xBF\xBF") == 0) {
                    out += kReplacement;  // U+FFFE and U+FFFF are no XML characters either
                    i += 2;
                } else {
                    out += c;
                }
        }
    }
    return out;
}

std::string xml_attribute(std::string_view name, std::string_view value) {
    return " " + std::string(name) + "=\"" + xml_escape(value) + "\"";
}

std::string junit_seconds(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
    return buffer;
}

}  // namespace dockside
