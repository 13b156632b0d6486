#include "harness/http/json_bounds.h"

#include <vector>

namespace dockside::http {

std::string JsonBoundsExceeded::describe() const {
    const std::string where = " (at byte " + std::to_string(offset) + ")";
    if (kind == Kind::Depth)
        return "nests arrays and objects deeper than " + std::to_string(limit) + " levels" + where;
    return "has an array of more than " + std::to_string(limit) + " items" + where;
}

std::optional<JsonBoundsExceeded> check_json_bounds(std::string_view text, const JsonBounds& bounds) {
    // One counter per open bracket: the commas seen so far in an array; objects are not counted.
    constexpr std::size_t kObject = static_cast<std::size_t>(-1);
    std::vector<std::size_t> open;
    open.reserve(bounds.max_depth < 256 ? bounds.max_depth + 1 : 256);
    bool in_string = false;
    bool escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
            continue;
        }
        switch (c) {
            case '"': in_string = true; break;
            case '[':
            case '{':
                if (open.size() >= bounds.max_depth)
                    return JsonBoundsExceeded{JsonBoundsExceeded::Kind::Depth, bounds.max_depth, i};
                open.push_back(c == '[' ? 0 : kObject);
                break;
            case ']':
            case '}':
                if (!open.empty()) open.pop_back();
                break;
            case ',':
                // n commas separate n + 1 items.
                if (!open.empty() && open.back() != kObject && ++open.back() >= bounds.max_array_items)
                    return JsonBoundsExceeded{JsonBoundsExceeded::Kind::ArrayItems, bounds.max_array_items, i};
                break;
            default: break;
        }
    }
    return std::nullopt;
}

std::size_t count_json_values(std::string_view text) {
    std::size_t values = 1;  // the top-level value
    bool in_string = false;
    bool escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == ',' || c == '[' || c == '{') {
            ++values;  // a separator starts one more item; an opening bracket may start the first
        }
    }
    return values;
}

}  // namespace dockside::http
