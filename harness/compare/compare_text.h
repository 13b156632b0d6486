#pragma once
/// A comparison as the terminal shows it: what was compared and how, the findings that changed or the
/// metrics table, and the verdict with its exit code.

#include <iosfwd>

#include "harness/compare/comparison.h"

namespace dockside::compare {

struct TextOptions {
    bool all_rows = false;  ///< every metric, not only those that are not "same"
    std::size_t list_limit = 40;  ///< findings or metric rows per group before "… N more"
};

void print_comparison(std::ostream& out, const Comparison& comparison, const TextOptions& options = {});

/// "+12.3%" for a ratio of 1.123, "+0.12pp" for an error-rate difference of 0.0012.
std::string change_text(Metric metric, double change);

}  // namespace dockside::compare
