#include "harness/histogram/decimal_text.h"

#include <charconv>
#include <cmath>

namespace dockside::histogram {

namespace {

// Adds one unit in the last place of a string of decimal digits (carrying leftwards).
void increment_digits(std::string& digits) {
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        if (*it != '9') {
            ++*it;
            return;
        }
        *it = '0';
    }
    digits.insert(digits.begin(), '1');
}

}  // namespace

std::string fixed_decimal(double value, int decimals) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value < 0 ? "-Infinity" : "Infinity";
    const bool negative = std::signbit(value) && value != 0.0;
    char buffer[512];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(value), std::chars_format::fixed).ptr;
    const std::string shortest(buffer, end);

    const auto point = shortest.find('.');
    std::string integer = shortest.substr(0, point);
    std::string fraction = point == std::string::npos ? "" : shortest.substr(point + 1);
    fraction.resize(static_cast<std::size_t>(decimals) + 1, '0');
    const bool round_up = fraction.back() >= '5';
    fraction.pop_back();

    std::string digits = integer + fraction;
    if (round_up) increment_digits(digits);
    const auto integer_length = digits.size() - fraction.size();
    std::string out = negative ? "-" : "";
    out += digits.substr(0, integer_length);
    if (decimals > 0) out += "." + digits.substr(integer_length);
    return out;
}

std::string pad_left(std::string text, std::size_t width) {
    if (text.size() < width) text.insert(0, width - text.size(), ' ');
    return text;
}

}  // namespace dockside::histogram
