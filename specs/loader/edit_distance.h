#pragma once
/// Levenshtein distance (insertions, deletions, substitutions), for "did you mean" suggestions: the
/// loader's lookups of fields and operations and the command line's misspelt flags use this one.

#include <cstddef>
#include <string>

namespace dockside::spec {

std::size_t edit_distance(const std::string& a, const std::string& b);

}  // namespace dockside::spec
