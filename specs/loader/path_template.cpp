#include "specs/loader/path_template.h"

#include "core/url_escapes.h"

namespace dockside::spec {

namespace {

std::vector<std::string_view> split_segments(std::string_view path) {
    std::vector<std::string_view> out;
    if (!path.empty() && path.front() == '/') path.remove_prefix(1);
    size_t start = 0;
    while (true) {
        size_t slash = path.find('/', start);
        out.push_back(path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    return out;
}

}  // namespace

std::vector<TemplatePiece> template_pieces(std::string_view path_template) {
    std::vector<TemplatePiece> pieces;
    for (size_t i = 0; i < path_template.size();) {
        const size_t open = path_template.find('{', i);
        const size_t close = open == std::string_view::npos ? open : path_template.find('}', open);
        if (close == std::string_view::npos) {
            pieces.push_back({false, std::string(path_template.substr(i))});
            break;
        }
        if (open > i) pieces.push_back({false, std::string(path_template.substr(i, open - i))});
        pieces.push_back({true, std::string(path_template.substr(open + 1, close - open - 1))});
        i = close + 1;
    }
    return pieces;
}

std::optional<std::string> fill_path(std::string_view path_template,
                                     const std::function<std::optional<std::string>(const std::string& name)>& value,
                                     std::string* missing) {
    std::string out;
    for (const auto& piece : template_pieces(path_template)) {
        const auto filled = piece.parameter ? value(piece.text) : piece.text;
        if (!filled) {
            if (missing) *missing = piece.text;
            return std::nullopt;
        }
        out += *filled;
    }
    return out;
}

PathTemplate::PathTemplate(std::string_view text) : text_(text) {
    for (std::string_view raw : split_segments(text)) {
        Segment segment;
        size_t i = 0;
        while (i < raw.size()) {
            size_t open = raw.find('{', i);
            if (open == std::string_view::npos) {
                segment.push_back({false, std::string(raw.substr(i))});
                break;
            }
            size_t close = raw.find('}', open);
            if (close == std::string_view::npos) {  // unbalanced brace: treat the rest as literal
                segment.push_back({false, std::string(raw.substr(i))});
                break;
            }
            if (open > i) segment.push_back({false, std::string(raw.substr(i, open - i))});
            segment.push_back({true, std::string(raw.substr(open + 1, close - open - 1))});
            i = close + 1;
        }
        segments_.push_back(std::move(segment));
    }
}

std::vector<std::string> PathTemplate::parameter_names() const {
    std::vector<std::string> out;
    for (const auto& segment : segments_)
        for (const auto& part : segment)
            if (part.parameter) out.push_back(part.text);
    return out;
}

namespace {

/// Matches parts[index...] against value; parameters take one or more characters, trying every split so
/// `{a}-{b}` works with dashes inside values.
bool match_parts(const std::vector<std::pair<bool, std::string>>& parts, size_t index, std::string_view value,
                 std::map<std::string, std::string>& out) {
    if (index == parts.size()) return value.empty();
    const auto& [parameter, text] = parts[index];
    if (!parameter) {
        if (value.substr(0, text.size()) != text) return false;
        return match_parts(parts, index + 1, value.substr(text.size()), out);
    }
    if (value.empty()) return false;
    bool last = index + 1 == parts.size();
    // The last part takes everything left; earlier parameters try every length that leaves one character.
    size_t first_len = last ? value.size() : 1;
    size_t max_len = last ? value.size() : value.size() - 1;
    for (size_t len = first_len; len <= max_len; ++len) {
        // A malformed escape is kept as sent: the value is still a value, and a check may judge it.
        out[text] = percent_decode(value.substr(0, len), false).value_or(std::string(value.substr(0, len)));
        if (match_parts(parts, index + 1, value.substr(len), out)) return true;
    }
    out.erase(text);
    return false;
}

}  // namespace

bool PathTemplate::match_segment(const Segment& segment, std::string_view value,
                                 std::map<std::string, std::string>& out) {
    std::vector<std::pair<bool, std::string>> parts;
    parts.reserve(segment.size());
    for (const auto& part : segment) parts.emplace_back(part.parameter, part.text);
    return match_parts(parts, 0, value, out);
}

std::optional<std::map<std::string, std::string>> PathTemplate::match(std::string_view concrete_path,
                                                                      Score* score) const {
    auto values = split_segments(concrete_path);
    if (values.size() != segments_.size()) return std::nullopt;
    std::map<std::string, std::string> params;
    Score local;
    for (size_t i = 0; i < values.size(); ++i) {
        if (!match_segment(segments_[i], values[i], params)) return std::nullopt;
        for (const auto& part : segments_[i]) {
            if (part.parameter) ++local.parameters;
            else local.literal_chars += static_cast<int>(part.text.size());
        }
    }
    if (score) *score = local;
    return params;
}

}  // namespace dockside::spec
