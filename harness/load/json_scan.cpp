#include "harness/load/json_scan.h"

#include <charconv>

namespace dockside::load {
namespace {

class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    bool done() const { return at_ >= text_.size(); }
    char peek() const { return done() ? '\0' : text_[at_]; }
    void skip_space() {
        while (!done() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) ++at_;
    }
    bool eat(char c) {
        skip_space();
        if (peek() != c) return false;
        ++at_;
        return true;
    }
    /// A string starting at '"'; its raw content (escapes kept) in `out`.
    bool string(std::string_view& out) {
        if (peek() != '"') return false;
        const std::size_t start = ++at_;
        while (!done()) {
            const char c = text_[at_];
            if (c == '\\') {
                at_ += 2;
                continue;
            }
            if (c == '"') {
                out = text_.substr(start, at_ - start);
                ++at_;
                return true;
            }
            ++at_;
        }
        return false;
    }
    /// Skips any value; nested containers are tracked with a depth count, strings with their escapes.
    bool skip_value() {
        skip_space();
        int depth = 0;
        while (!done()) {
            const char c = text_[at_];
            if (c == '"') {
                std::string_view ignored;
                if (!string(ignored)) return false;
            } else if (c == '{' || c == '[') {
                ++depth;
                ++at_;
            } else if (c == '}' || c == ']') {
                if (depth == 0) return true;  // the end of the enclosing object
                --depth;
                ++at_;
            } else if (c == ',' && depth == 0) {
                return true;
            } else {
                ++at_;
            }
            if (depth == 0 && (c == '"' || c == '}' || c == ']')) return true;
        }
        return depth == 0;
    }
    std::optional<std::int64_t> integer() {
        skip_space();
        const char* begin = text_.data() + at_;
        const char* end = text_.data() + text_.size();
        std::int64_t value = 0;
        auto [ptr, ec] = std::from_chars(begin, end, value);
        if (ec != std::errc{} || ptr == begin) return std::nullopt;
        // 12.5 or 1e3 is a number, not an integer.
        if (ptr != end && (*ptr == '.' || *ptr == 'e' || *ptr == 'E')) return std::nullopt;
        return value;
    }

private:
    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace

std::optional<std::int64_t> find_top_level_integer(std::string_view text, std::string_view key) {
    Scanner s(text);
    if (!s.eat('{')) return std::nullopt;
    if (s.eat('}')) return std::nullopt;
    for (;;) {
        s.skip_space();
        std::string_view name;
        if (!s.string(name) || !s.eat(':')) return std::nullopt;
        if (name == key) return s.integer();
        if (!s.skip_value()) return std::nullopt;
        if (s.eat(',')) continue;
        return std::nullopt;  // '}' (key absent) or malformed
    }
}

}  // namespace dockside::load
