#include "harness/report/markdown_budget.h"

#include <string>

#include "core/utf8.h"

namespace dockside::report {
namespace {

/// `text` on one line: line breaks, tabs and other control characters become spaces, then it is cut at
/// `max_chars` characters (never inside a UTF-8 sequence) and made valid UTF-8.
std::string one_line(std::string_view text, std::size_t max_chars) {
    // No more than the bytes `max_chars` characters can take (4 each in UTF-8), and one more to tell a cut:
    // a target's megabyte answer costs nothing more than its first line.
    std::string flat(text.substr(0, max_chars * 4 + 1));
    for (char& c : flat)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return excerpt(flat, max_chars);
}

}  // namespace

std::string md_text(std::string_view text, std::size_t max_chars) {
    // Backslash escapes every ASCII punctuation in CommonMark; these are the ones that open markup,
    // a table cell's end, an HTML tag or an entity.
    static constexpr std::string_view kMarkup = "\\`*_[]<>|~&#!";
    std::string out;
    for (char c : one_line(text, max_chars)) {
        if (kMarkup.find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

std::string md_code(std::string_view text, std::size_t max_chars, bool table_cell) {
    std::string code = one_line(text, max_chars);
    for (char& c : code)
        if (c == '`') c = '\'';
    std::string out = "`";
    for (char c : code) out += table_cell && c == '|' ? std::string("\\|") : std::string(1, c);
    return out + "`";
}

std::string md_count(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<std::size_t>(at), ",");
    return (n < 0 ? "-" : "") + digits;
}

void BoundedMarkdown::line(std::string_view text) {
    if (text_.size() + text.size() + 1 > limit_) return;
    text_.append(text);
    text_ += '\n';
}

void BoundedMarkdown::items(const std::vector<std::string>& lines, std::string_view what, std::string_view where,
                            std::size_t reserve) {
    const std::size_t room = limit_ > reserve + kMarkdownPartReserve ? limit_ - reserve - kMarkdownPartReserve : 0;
    std::size_t shown = 0;
    for (const auto& item : lines) {
        if (text_.size() + item.size() + 1 > room) break;
        text_ += item;
        text_ += '\n';
        ++shown;
    }
    if (shown == lines.size()) return;
    line("… " + md_count(static_cast<long long>(lines.size() - shown)) + " more " + std::string(what) + ": " +
         std::string(where));
}

void BoundedMarkdown::sections(const std::vector<MarkdownSection>& parts, std::string_view where, std::size_t reserve) {
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].lines.empty()) continue;
        line("");
        line("### " + parts[i].heading + " (" + md_count(static_cast<long long>(parts[i].lines.size())) + ")");
        items(parts[i].lines, "entries", where, reserve + (parts.size() - i) * kMarkdownPartReserve);
    }
}

}  // namespace dockside::report
