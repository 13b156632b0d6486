#include "refserver/faults/answer_delay.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "specs/loader/edit_distance.h"

namespace dockside::refserver {

std::optional<std::chrono::microseconds> parse_delay_amount(std::string_view text) {
    struct Unit {
        std::string_view suffix;
        double micros;
    };
    // Longest suffixes first: "ms" and "us" before "s".
    static constexpr Unit units[] = {{"ms", 1e3}, {"us", 1.0}, {"\xC2\xB5s", 1.0}, {"s", 1e6}};
    for (const auto& unit : units) {
        if (text.size() <= unit.suffix.size() || text.substr(text.size() - unit.suffix.size()) != unit.suffix)
            continue;
        const std::string_view number = text.substr(0, text.size() - unit.suffix.size());
        double value = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (ec != std::errc{} || end != number.data() + number.size() || !std::isfinite(value) || value < 0)
            return std::nullopt;
        return std::chrono::microseconds(static_cast<std::int64_t>(std::llround(value * unit.micros)));
    }
    return std::nullopt;
}

std::string format_delay(std::chrono::microseconds delay) {
    const auto us = delay.count();
    char text[48];
    if (us % 1'000'000 == 0) std::snprintf(text, sizeof text, "+%llds", static_cast<long long>(us / 1'000'000));
    else if (us % 1000 == 0) std::snprintf(text, sizeof text, "+%lldms", static_cast<long long>(us / 1000));
    else if (us >= 1000) std::snprintf(text, sizeof text, "+%.3fms", static_cast<double>(us) / 1000);
    else std::snprintf(text, sizeof text, "+%lldus", static_cast<long long>(us));
    return text;
}

namespace {

/// "--delay: unknown operation 'getOrdr'; did you mean getOrder?", or nothing when `name` is known.
std::optional<std::string> unknown_operation(const std::string& name, const std::vector<std::string>& operation_ids) {
    std::string nearest;
    std::size_t best = 4;  // further than 3 edits is not a typo
    for (const auto& id : operation_ids) {
        if (id == name) return std::nullopt;
        if (const auto d = spec::edit_distance(name, id); d < best) {
            best = d;
            nearest = id;
        }
    }
    return "--delay: unknown operation '" + name + "'" +
           (nearest.empty() ? " (operation ids as in the contract, e.g. getOrder)" : "; did you mean " + nearest + "?");
}

}  // namespace

Result<AnswerDelays, std::vector<std::string>> AnswerDelays::parse(const std::vector<std::string>& texts,
                                                                   const std::vector<std::string>& operation_ids) {
    AnswerDelays delays;
    std::vector<std::string> problems;
    for (const auto& text : texts) {
        const auto where = "--delay '" + text + "'";
        const auto colon = text.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
            problems.push_back(where + ": expected OPERATION:+DELAY, e.g. 'getOrder:+2ms' or '*:+1ms'");
            continue;
        }
        const std::string operation = text.substr(0, colon);
        std::string_view amount(text);
        amount.remove_prefix(colon + 1);
        if (!amount.empty() && amount.front() == '+') amount.remove_prefix(1);
        if (!amount.empty() && amount.back() == '%') {
            problems.push_back(where + ": relative delays are not supported; give an absolute one such as +2ms "
                                       "(a share of the server's own microseconds is not what a client sees)");
            continue;
        }
        const auto delay = parse_delay_amount(amount);
        if (!delay) {
            problems.push_back(where + ": '" + std::string(amount) + "' is not a duration (use us, ms or s: +2ms, +250us)");
            continue;
        }
        if (*delay > kMaxAnswerDelay) {
            problems.push_back(where + ": at most " + format_delay(kMaxAnswerDelay) + " per answer");
            continue;
        }
        if (operation != "*" && !operation_ids.empty())
            if (auto unknown = unknown_operation(operation, operation_ids)) {
                problems.push_back(*unknown);
                continue;
            }
        const bool repeated = operation == "*" ? delays.all_.has_value() : delays.per_operation_.count(operation) > 0;
        if (repeated) {
            problems.push_back(where + ": " + operation + " already has a delay; give each operation one");
            continue;
        }
        if (operation == "*") delays.all_ = *delay;
        else delays.per_operation_.emplace(operation, *delay);
    }
    if (!problems.empty()) return fail(std::move(problems));
    return delays;
}

std::chrono::microseconds AnswerDelays::for_operation(std::string_view operation_id) const {
    if (auto it = per_operation_.find(operation_id); it != per_operation_.end()) return it->second;
    return all_.value_or(std::chrono::microseconds{0});
}

std::string AnswerDelays::describe() const {
    std::string out;
    for (const auto& [name, delay] : per_operation_) out += (out.empty() ? "" : ", ") + name + " " + format_delay(delay);
    if (all_) out += (out.empty() ? "" : ", ") + std::string("* ") + format_delay(*all_);
    return out;
}

}  // namespace dockside::refserver
