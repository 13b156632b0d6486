#pragma once
/// Strings that match a regular expression of the subset the contract uses: anchors, literals,
/// escapes, character classes with ranges, `.`, groups, alternation and the quantifiers `* + ? {n}
/// {n,} {n,m}`. Back-references, look-arounds and lazy quantifiers are refused, as values.

#include <string>
#include <string_view>

#include <rapidcheck.h>

#include "core/result.h"

namespace dockside::generators {

/// A generator for one pattern.
struct PatternGen {
    rc::Gen<std::string> gen;
    /// The pattern has no trailing `$`: any suffix still matches (`^https://`), so callers may
    /// append text that satisfies their other constraints (a URI's host and path).
    bool open_end = false;
};

/// Parses `pattern` once; the error names the pattern and the position it could not handle.
Result<PatternGen, std::string> gen_matching(std::string_view pattern);

}  // namespace dockside::generators
