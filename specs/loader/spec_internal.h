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

/// "Schema.a.b" → {"Schema", "a", "b"}; "products[]" and "products[0]" both become "products".
inline std::vector<std::string> split_reference(std::string_view reference) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= reference.size()) {
        size_t dot = reference.find('.', start);
        std::string token(reference.substr(start, dot == std::string_view::npos ? std::string_view::npos
                                                                                : dot - start));
        // "products[]" and "products[0]" both mean "step into the items".
        if (auto bracket = token.find('['); bracket != std::string::npos) token.erase(bracket);
        out.push_back(std::move(token));
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return out;
}

/// "origin:line:column" of a pointer of the rules document, or the origin alone when unknown.
inline std::string position_text(const std::string& origin, const PositionMap& positions, const std::string& pointer) {
    auto it = positions.find(pointer);
    if (it == positions.end()) return origin;
    return origin + ":" + std::to_string(it->second.line) + ":" + std::to_string(it->second.column);
}

/// The x-names of the document's components schemas; each malformed one (a record field that does not
/// exist, a rule the loaded rules data lacks, a member missing) goes to `problems` when given, not to the result.
std::vector<RecordReference> read_record_references(const Spec& spec, std::vector<SpecProblem>* problems);

}  // namespace dockside::spec::detail
