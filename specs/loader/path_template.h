#pragma once
/// OpenAPI path templates with colon-style actions (`/2025-07/order/{orderId}:cancel`,
/// `/2025-07/order:estimate`): a segment may mix literal text and parameters.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dockside::spec {

/// One parsed template. Matching is per '/'-separated segment; within a segment literal text must match
/// exactly and each parameter takes a non-empty run of characters.
class PathTemplate {
public:
    /// How specific a successful match was: more literal characters win, then fewer parameters, so
    /// `/order/{orderId}:cancel` beats `/order/{orderId}` for "/order/12:cancel".
    struct Score {
        int literal_chars = 0;
        int parameters = 0;
        bool operator>(const Score& other) const {
            if (literal_chars != other.literal_chars) return literal_chars > other.literal_chars;
            return parameters < other.parameters;
        }
    };

    explicit PathTemplate(std::string_view text);

    /// The path parameters of `concrete_path` (already without query string; percent-decoded values),
    /// or nothing when it does not fit the template.
    std::optional<std::map<std::string, std::string>> match(std::string_view concrete_path,
                                                            Score* score = nullptr) const;

    /// Parameter names in order of appearance.
    std::vector<std::string> parameter_names() const;
    const std::string& text() const { return text_; }

private:
    struct Part {
        bool parameter = false;
        std::string text;  ///< literal text, or the parameter name
    };
    using Segment = std::vector<Part>;

    static bool match_segment(const Segment& segment, std::string_view value,
                              std::map<std::string, std::string>& out);

    std::string text_;
    std::vector<Segment> segments_;
};

/// Literal text and {parameter} names of a template, in order (an unclosed brace is literal text, as
/// PathTemplate reads it): the one scan that fill_path and the load generator's request writer build on.
struct TemplatePiece {
    bool parameter = false;
    std::string text;  ///< literal text, or the parameter's name
};
std::vector<TemplatePiece> template_pieces(std::string_view path_template);

/// `path_template` with each {name} replaced by `value(name)`; nullopt when `value` has none for a name
/// (its name then in `missing`). An unclosed brace is literal text, as PathTemplate reads it. The one fill
/// of a template: the suites, the probes and the fuzzers' seeds all fill paths through it.
std::optional<std::string> fill_path(std::string_view path_template,
                                     const std::function<std::optional<std::string>(const std::string& name)>& value,
                                     std::string* missing = nullptr);

}  // namespace dockside::spec
