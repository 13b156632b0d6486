#pragma once
/// A linear pre-scan of JSON text that bounds its shape before a parser builds a tree from it. Deep
/// nesting is what turns recursive code (rendering, comparison, schema walks) into a stack overflow,
/// and a huge array is what turns per-item work into seconds; both are cheaper to refuse from the raw
/// bytes than to discover in the tree. The scan needs no valid JSON: it tracks strings and brackets
/// only, so on any text it over-estimates nothing a real parser would accept.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dockside::http {

struct JsonBounds {
    std::size_t max_depth;        ///< arrays and objects nested at most this deep (`[[1]]` is 2)
    std::size_t max_array_items;  ///< items of any one array
};

/// Where the text first leaves its bounds.
struct JsonBoundsExceeded {
    enum class Kind { Depth, ArrayItems } kind;
    std::size_t limit;   ///< the bound that was passed
    std::size_t offset;  ///< byte offset of the bracket or comma that passed it

    /// "nests arrays and objects deeper than 64 levels (at byte 64)".
    std::string describe() const;
};

/// nullopt when `text` stays within `bounds`; stops at the first excess, so its cost is at most one
/// pass over the text and memory for `max_depth` counters.
std::optional<JsonBoundsExceeded> check_json_bounds(std::string_view text, const JsonBounds& bounds);

/// How many values `text` holds at most (every array item, object member and container counted once):
/// what a parsed tree of it costs is proportional to this, not to its bytes. One pass, no allocation.
std::size_t count_json_values(std::string_view text);

}  // namespace dockside::http
