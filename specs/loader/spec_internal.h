#pragma once
// Small helpers shared by the loader's translation units; not part of the public API.

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "specs/loader/spec.h"

namespace dockside::spec::detail {

inline constexpr std::array<std::string_view, 8> kMethods{"get", "put", "post", "delete",
                                                          "patch", "head", "options", "trace"};
inline constexpr int kMaxRefHops = 32;  // a cycle of $refs must not hang the loader

inline std::string upper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

inline std::string string_or(const json& object, const char* key, std::string fallback = {}) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

/// A string or a list of strings as a list; anything else as empty.
inline std::vector<std::string> string_list(const json& value) {
    std::vector<std::string> out;
    if (value.is_string()) out.push_back(value.get<std::string>());
    if (value.is_array())
        for (const auto& item : value)
            if (item.is_string()) out.push_back(item.get<std::string>());
    return out;
}

inline bool is_json_media_type(std::string_view type) {
    return type == "application/json" || (type.size() > 5 && type.substr(type.size() - 5) == "+json");
}

}  // namespace dockside::spec::detail
