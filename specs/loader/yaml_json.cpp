#include "specs/loader/yaml_json.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_set>

#include <yaml-cpp/yaml.h>

#include "core/text_file.h"

namespace dockside::spec {

using nlohmann::json;

std::string YamlError::to_string() const {
    std::ostringstream out;
    out << file;
    if (line > 0) out << ':' << line << ':' << column;
    out << ": " << message;
    return out.str();
}

std::string pointer_append(const std::string& pointer, std::string_view token) {
    std::string out = pointer;
    out.reserve(pointer.size() + token.size() + 1);
    out += '/';
    for (char c : token) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
    if (s.empty()) return false;
    for (char c : s)
        if (!pred(c)) return false;
    return true;
}
bool is_dec(char c) { return c >= '0' && c <= '9'; }
bool is_oct(char c) { return c >= '0' && c <= '7'; }
bool is_hex(char c) { return is_dec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/// An unsigned magnitude as the narrowest JSON number that holds it exactly (or a double if none does).
json integer_value(std::string_view digits, int base, bool negative) {
    errno = 0;
    std::string text(digits);
    unsigned long long magnitude = std::strtoull(text.c_str(), nullptr, base);
    if (errno == ERANGE) {
        double d = std::strtod(text.c_str(), nullptr);  // only base 10 reaches here in practice
        return negative ? -d : d;
    }
    if (!negative) {
        if (magnitude <= static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max()))
            return static_cast<std::int64_t>(magnitude);
        return static_cast<std::uint64_t>(magnitude);
    }
    constexpr auto limit = static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max()) + 1;
    if (magnitude < limit) return -static_cast<std::int64_t>(magnitude);
    if (magnitude == limit) return std::numeric_limits<std::int64_t>::min();
    return -static_cast<double>(magnitude);
}

/// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool is_core_float(std::string_view s) {
    size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    size_t int_digits = 0, frac_digits = 0;
    while (i < s.size() && is_dec(s[i])) ++i, ++int_digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && is_dec(s[i])) ++i, ++frac_digits;
    }
    if (int_digits == 0 && frac_digits == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        size_t exp_digits = 0;
        while (i < s.size() && is_dec(s[i])) ++i, ++exp_digits;
        if (exp_digits == 0) return false;
    }
    return i == s.size();
}

}  // namespace

json type_plain_scalar(const std::string& text) {
    std::string_view s(text);
    if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") return nullptr;
    if (s == "true" || s == "True" || s == "TRUE") return true;
    if (s == "false" || s == "False" || s == "FALSE") return false;
    if (s.size() > 2 && s[0] == '0' && s[1] == 'x' && all_of(s.substr(2), is_hex))
        return integer_value(s.substr(2), 16, false);
    if (s.size() > 2 && s[0] == '0' && s[1] == 'o' && all_of(s.substr(2), is_oct))
        return integer_value(s.substr(2), 8, false);
    {
        bool negative = s[0] == '-';
        std::string_view digits = (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
        if (all_of(digits, is_dec)) return integer_value(digits, 10, negative);
    }
    std::string_view unsigned_part = (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
    if (unsigned_part == ".inf" || unsigned_part == ".Inf" || unsigned_part == ".INF")
        return s[0] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    if (s == ".nan" || s == ".NaN" || s == ".NAN") return std::numeric_limits<double>::quiet_NaN();
    if (is_core_float(s)) return std::strtod(text.c_str(), nullptr);
    return text;
}

namespace {

constexpr int kMaxDepth = 512;  // aliases can nest documents deeply; a bound keeps a hostile file finite

struct Converter {
    std::string origin;
    PositionMap* positions;

    YamlError error_at(const YAML::Mark& mark, std::string message) const {
        return YamlError{origin, mark.line + 1, mark.column + 1, std::move(message)};
    }

    Result<json, YamlError> scalar(const YAML::Node& node) const {
        const std::string& tag = node.Tag();
        const std::string& text = node.Scalar();
        if (tag == "!" || tag == "tag:yaml.org,2002:str") return json(text);
        if (tag == "?" || tag.empty()) return type_plain_scalar(text);
        json typed = type_plain_scalar(text);
        if (tag == "tag:yaml.org,2002:int" && typed.is_number_integer()) return typed;
        if (tag == "tag:yaml.org,2002:float" && typed.is_number()) return json(typed.get<double>());
        if (tag == "tag:yaml.org,2002:bool" && typed.is_boolean()) return typed;
        if (tag == "tag:yaml.org,2002:null" && typed.is_null()) return typed;
        if (tag.rfind("tag:yaml.org,2002:", 0) == 0)
            return fail(error_at(node.Mark(), "value '" + text + "' does not match its tag " + tag));
        return json(text);  // application tags carry no typing we know of
    }

    Result<json, YamlError> convert(const YAML::Node& node, const std::string& pointer, int depth) const {
        if (depth > kMaxDepth) return fail(error_at(node.Mark(), "document nests deeper than 512 levels"));
        if (positions) (*positions)[pointer] = SourcePos{node.Mark().line + 1, node.Mark().column + 1};
        switch (node.Type()) {
            case YAML::NodeType::Undefined:
            case YAML::NodeType::Null:
                return json(nullptr);
            case YAML::NodeType::Scalar:
                return scalar(node);
            case YAML::NodeType::Sequence: {
                json out = json::array();
                size_t index = 0;
                for (const auto& item : node) {
                    auto value = convert(item, pointer_append(pointer, std::to_string(index++)), depth + 1);
                    if (!value) return value;
                    out.push_back(std::move(value).value());
                }
                return out;
            }
            case YAML::NodeType::Map: {
                json out = json::object();
                for (const auto& entry : node) {
                    if (!entry.first.IsScalar())
                        return fail(error_at(entry.first.Mark(), "mapping key is not a scalar"));
                    const std::string& key = entry.first.Scalar();
                    if (out.contains(key))
                        return fail(error_at(entry.first.Mark(), "duplicate mapping key '" + key + "'"));
                    auto value = convert(entry.second, pointer_append(pointer, key), depth + 1);
                    if (!value) return value;
                    out[key] = std::move(value).value();
                }
                return out;
            }
        }
        return json(nullptr);
    }
};

SourcePos position_of_offset(std::string_view text, size_t offset) {
    SourcePos pos{1, 1};
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++pos.line;
            pos.column = 1;
        } else {
            ++pos.column;
        }
    }
    return pos;
}

}  // namespace

Result<json, YamlError> yaml_to_json(std::string_view text, std::string_view origin, PositionMap* positions) {
    YAML::Node root;
    try {
        root = YAML::Load(std::string(text));
    } catch (const YAML::Exception& e) {
        return fail(YamlError{std::string(origin), e.mark.line + 1, e.mark.column + 1, e.msg});
    }
    try {
        return Converter{std::string(origin), positions}.convert(root, "", 0);
    } catch (const YAML::Exception& e) {  // yaml-cpp reports some malformed input only on access
        return fail(YamlError{std::string(origin), e.mark.line + 1, e.mark.column + 1, e.msg});
    }
}

Result<json, YamlError> load_document(const std::string& path, PositionMap* positions) {
    auto read = read_text_file(path);
    if (!read) return fail(YamlError{path, 0, 0, "cannot open file"});
    std::string text = std::move(read.value());

    bool is_json = path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
    if (!is_json) return yaml_to_json(text, path, positions);

    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        SourcePos pos = position_of_offset(text, e.byte > 0 ? e.byte - 1 : 0);
        return fail(YamlError{path, pos.line, pos.column, e.what()});
    }
}

}  // namespace dockside::spec
