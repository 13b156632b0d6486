#pragma once
/// Fixed-point decimal text as HdrHistogram's Java and JavaScript implementations print it, so that
/// Dockside's .hgrm and .hlog agree with theirs digit for digit.

#include <string>

namespace dockside::histogram {

/// `value` with exactly `decimals` digits after the point, rounded half-up from the shortest decimal
/// that reads back as the same double (Java's Formatter and JavaScript's Intl.NumberFormat both round
/// that way: 1.005 gives "1.01", where printf gives "1.00"). Infinity is "Infinity", NaN is "NaN".
std::string fixed_decimal(double value, int decimals);

/// `text` right-aligned in `width` characters (never truncated).
std::string pad_left(std::string text, std::size_t width);

}  // namespace dockside::histogram
