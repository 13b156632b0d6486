#pragma once
/// Markdown that never grows past a size limit, for a CI job summary or a pull-request comment (GitHub
/// refuses a step summary over 1 MiB and a comment over 64 KiB): the lines that say the verdict are always
/// there, and a list adds items while they fit, then says how many were left out and where they all are.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dockside::report {

/// What a summary is allowed to weigh, in bytes.
inline constexpr std::size_t kSummaryMarkdownLimit = 64 * 1024;

/// Room kept for each part of a summary still to come when a list is cut: its heading, the "… N more"
/// line and the footer that points at the record all fit in this.
inline constexpr std::size_t kMarkdownPartReserve = 1024;

/// One line of a target's or a user's text made safe in Markdown: on one line, at most `max_chars`
/// characters (cut with "…"), and every character that would start markup or HTML escaped, so that what
/// a server answered can neither format nor hide the summary around it.
std::string md_text(std::string_view text, std::size_t max_chars = 200);

/// `text` as inline code (a test name, a command, a path): on one line, at most `max_chars` characters,
/// backticks in it replaced so the span cannot end early. In a table cell ('|' ends a cell even inside a
/// code span there, GFM) `table_cell` escapes '|', which shows as '|' in a table and as "\|" elsewhere.
std::string md_code(std::string_view text, std::size_t max_chars = 300, bool table_cell = false);

/// 12345 → "12,345".
std::string md_count(long long n);

/// A titled list of a summary: "### heading (N)" and one line per entry.
struct MarkdownSection {
    std::string heading;
    std::vector<std::string> lines;
};

class BoundedMarkdown {
public:
    explicit BoundedMarkdown(std::size_t limit = kSummaryMarkdownLimit) : limit_(limit) {}

    /// A line that belongs to the summary's frame (a verdict, a heading); dropped only when even it would
    /// not fit, which the short lines of a summary never come near.
    void line(std::string_view text);

    /// Lines, in order, while the text stays `reserve` bytes under the limit (room for the parts still to
    /// come); then one line "… N more <what>: <where>".
    void items(const std::vector<std::string>& lines, std::string_view what, std::string_view where,
               std::size_t reserve);

    /// Each section that has lines, after a blank line, as items() adds them, each keeping room for the
    /// sections after it (and `reserve` bytes more), so a long list cannot push out what follows.
    void sections(const std::vector<MarkdownSection>& parts, std::string_view where, std::size_t reserve = 0);

    const std::string& text() const { return text_; }

private:
    std::size_t limit_;
    std::string text_;
};

}  // namespace dockside::report
