// Planners for the limits of one field or parameter: max_length, length_range, min_length, int_range,
// min_items and enum. Each probes both sides of every stated end: the end itself is accepted, one past
// it is rejected; lengths and integers are also drawn inside the range (accepted) and further past it
// (rejected), and every listed value of an enum is sent once.
#include "harness/checks/planners.h"

#include <algorithm>

#include "harness/checks/plan_support.h"

namespace dockside::checks::detail {

using nlohmann::json;

namespace {

/// Unique values with fewer characters than this cannot be kept apart from what earlier runs left on a
/// target (ORD-REF-UNIQUE would reject a repeat): the provider's run stamp needs the room. Such a
/// boundary-valid value is not probed, and drawn lengths of a unique field start here.
constexpr std::int64_t kShortestUniqueText = 24;

/// How far past a maximum the drawn rejected lengths reach: near enough that a server off by a few is
/// found; a failure shrinks toward the maximum + 1.
constexpr std::int64_t kLengthsPastReach = 100;

/// How far outside an integer range the drawn rejected values reach (below the minimum, above the maximum).
constexpr std::int64_t kIntegersOutsideReach = 100000;

std::string chars(std::int64_t n) { return std::to_string(n) + (n == 1 ? " character" : " characters"); }

std::string range(std::int64_t low, std::int64_t high) { return "[" + std::to_string(low) + ", " + std::to_string(high) + "]"; }

/// The stance of the limit's unit ("characters" → NS-TEXT-LENGTH-UNIT): multi-byte probes run only
/// where that stance's `probe_multibyte` is on.
std::string unit_stance(const spec::Spec& spec, const spec::CheckEntry& check) {
    const std::string unit = check.params.value("unit", "");
    const json& units = spec.rules_document().is_object() ? spec.rules_document().value("units", json::object()) : json();
    if (unit.empty() || !units.is_object() || !units.contains(unit) || !units[unit].is_object()) return "";
    return units[unit].value("stance", "");
}

/// Text of any length in [low, high], drawn from `at_limit` (one of the two) outward.
ProbeValue text_in(std::int64_t low, std::int64_t high, std::int64_t at_limit, bool unique) {
    ProbeValue v = of_kind(ProbeValue::Kind::TextIn);
    v.low = low;
    v.high = high;
    v.count = at_limit;
    v.unique = unique;
    return v;
}

/// Any length between the ends is accepted and any length a little past the maximum rejected: properties
/// over the lengths, so a server that counts wrong somewhere inside the range is found too. Each starts at
/// the limit, so a limit moved by one fails the first case and is reported with exactly that length.
void drawn_length_probes(const spec::CheckEntry& check, const Target& t, std::optional<std::int64_t> min,
                         std::int64_t max, bool unique, bool accepts, Plan& plan) {
    const std::int64_t lowest = std::max(min.value_or(0), unique ? kShortestUniqueText : 0);
    if (accepts && lowest <= max)
        plan.probes.push_back(probe_at(check, t, text_in(lowest, max, max, unique), Expect::Accepted,
                                       t.label + " of any length in " + range(lowest, max) + " is accepted"));
    plan.probes.push_back(probe_at(check, t, text_in(max + 1, max + kLengthsPastReach, max + 1, false), Expect::Rejected,
                                   t.label + " of any length in " + range(max + 1, max + kLengthsPastReach) + " is rejected"));
}

void length_probes(const spec::Spec& spec, const spec::CheckEntry& check, const Target& t, std::optional<std::int64_t> min,
                   std::optional<std::int64_t> max, Plan& plan) {
    const bool unique = t.place == Place::Body && is_unique_field(spec, t.reference);
    const std::string stance = unit_stance(spec, check);
    // `match:` — a value within the limit must also name something of the target's (a sales channel of the
    // merchant, matched case-insensitively), which the harness cannot know: only refusals are judged.
    const bool accepts = !check.params.contains("match");
    if (!accepts)
        plan.omitted.push_back(t.label + " within its limits is accepted: it must also name something the target holds (match: " +
                               check.params["match"].dump() + "), which no generated value is known to do");
    auto add = [&](std::int64_t n, bool multibyte, Expect expect) {
        if (expect == Expect::Accepted && !accepts) return;
        Probe p = probe_at(check, t, text(n, unique, multibyte), expect,
                           t.label + " of " + chars(n) + (multibyte ? " (multi-byte)" : "") +
                               (expect == Expect::Accepted ? " is accepted" : " is rejected"));
        if (multibyte) {
            p.stance = stance;
            p.stance_key = "probe_multibyte";
        }
        plan.probes.push_back(std::move(p));
    };
    for (bool multibyte : {false, true}) {
        if (multibyte && stance.empty()) continue;
        if (max) {
            add(*max, multibyte, Expect::Accepted);
            add(*max + 1, multibyte, Expect::Rejected);
        }
        if (min && *min > 0) {
            if (!multibyte) add(*min - 1, false, Expect::Rejected);
            if (unique && *min < kShortestUniqueText) {
                if (!multibyte && accepts)
                    plan.omitted.push_back(t.label + " of " + chars(*min) + " is accepted: " + t.reference +
                                           " must be unique, and so short a value cannot be kept apart from earlier runs");
            } else {
                add(*min, multibyte, Expect::Accepted);
            }
        }
    }
    if (max) drawn_length_probes(check, t, min, *max, unique, accepts, plan);
}

Result<Plan, std::string> plan_length(const spec::Spec& spec, const spec::CheckEntry& check,
                                      std::optional<std::int64_t> min, std::optional<std::int64_t> max) {
    Plan plan;
    auto targets = request_targets(spec, check, plan);
    if (!targets) return fail(targets.error());
    for (const auto& t : *targets) length_probes(spec, check, t, min, max, plan);
    return plan;
}

}  // namespace

Result<Plan, std::string> plan_max_length(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto max = int_param(check, "max");
    if (!max) return fail(max.error());
    return plan_length(spec, check, std::nullopt, *max);
}

Result<Plan, std::string> plan_length_range(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto min = int_param(check, "min");
    auto max = int_param(check, "max");
    if (!min) return fail(min.error());
    if (!max) return fail(max.error());
    return plan_length(spec, check, *min, *max);
}

Result<Plan, std::string> plan_min_length(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto min = int_param(check, "min");
    if (!min) return fail(min.error());
    return plan_length(spec, check, *min, std::nullopt);
}

Result<Plan, std::string> plan_int_range(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto min = int_param(check, "min");
    auto max = int_param(check, "max");
    if (!min) return fail(min.error());
    if (!max) return fail(max.error());
    Plan plan;
    auto targets = request_targets(spec, check, plan);
    if (!targets) return fail(targets.error());
    for (const auto& t : *targets) {
        ProbeValue any = of_kind(ProbeValue::Kind::IntegerIn);
        any.low = *min;
        any.high = *max;
        plan.probes.push_back(probe_at(check, t, any, Expect::Accepted, t.label + " anywhere in " + range(*min, *max) + " is accepted"));
        for (auto [value, expect] : {std::pair{*min, Expect::Accepted}, {*max, Expect::Accepted},
                                     {*min - 1, Expect::Rejected}, {*max + 1, Expect::Rejected}})
            plan.probes.push_back(probe_at(check, t, integer(value), expect,
                                           t.label + " " + std::to_string(value) +
                                               (expect == Expect::Accepted ? " is accepted" : " is rejected")));
        // Further out on both sides, drawn: a server that checks only the value next to an end is found.
        for (auto [low, high] : {std::pair{*min - kIntegersOutsideReach, *min - 1}, {*max + 1, *max + kIntegersOutsideReach}}) {
            ProbeValue outside = of_kind(ProbeValue::Kind::IntegerIn);
            outside.low = low;
            outside.high = high;
            plan.probes.push_back(probe_at(check, t, outside, Expect::Rejected, t.label + " anywhere in " + range(low, high) + " is rejected"));
        }
        // A value that is no integer at all is outside the range too (a word in a query, a string in a body).
        ProbeValue word = of_kind(ProbeValue::Kind::Literal);
        word.literal = "ten";
        plan.probes.push_back(probe_at(check, t, word, Expect::Rejected, t.label + " \"ten\" (not an integer) is rejected"));
    }
    return plan;
}

Result<Plan, std::string> plan_min_items(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto min = int_param(check, "min");
    if (!min) return fail(min.error());
    Plan plan;
    auto targets = request_targets(spec, check, plan);
    if (!targets) return fail(targets.error());
    auto items = [](std::int64_t n) {
        ProbeValue v = of_kind(ProbeValue::Kind::Items);
        v.count = n;
        return v;
    };
    for (const auto& t : *targets) {
        plan.probes.push_back(probe_at(check, t, items(*min), Expect::Accepted,
                                       t.label + " with " + std::to_string(*min) + (*min == 1 ? " item" : " items") + " is accepted"));
        if (*min > 0)
            plan.probes.push_back(probe_at(check, t, items(*min - 1), Expect::Rejected,
                                           t.label + " with " + std::to_string(*min - 1) + (*min - 1 == 1 ? " item" : " items") + " is rejected"));
    }
    return plan;
}

Result<Plan, std::string> plan_enum(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto list = check.params.find("values");
    if (list == check.params.end() || !list->is_array() || list->empty())
        return fail("rule " + check.rule_id + " (" + check.location + "): check enum needs a non-empty `values` list");
    const std::vector<json> values(list->begin(), list->end());
    const bool closed = check.params.value("closed", true);
    Plan plan;
    auto targets = request_targets(spec, check, plan);
    if (!targets) return fail(targets.error());
    for (const auto& t : *targets) {
        auto limits = spec.limits().field(t.reference);
        const bool array = limits && limits->is("array");
        ProbeValue member = of_kind(ProbeValue::Kind::OneOf);
        member.values = values;
        member.as_array_item = array;
        plan.probes.push_back(probe_at(check, t, member, Expect::Accepted, t.label + " of each listed value is accepted"));
        // Each listed value once as well: the drawn property above may never reach a value in a short run.
        for (const auto& value : values) {
            ProbeValue listed = of_kind(ProbeValue::Kind::Literal);
            listed.literal = value;
            listed.as_array_item = array;
            Probe p = probe_at(check, t, listed, Expect::Accepted, t.label + " " + value.dump() + " is accepted");
            p.varies = false;
            plan.probes.push_back(std::move(p));
        }
        if (!closed) {
            plan.omitted.push_back(t.label + " outside the list: the enum is open, another value is not judged");
            continue;
        }
        // Values outside the list: for integers, one past each end (a server checking only one side is
        // found); for text, a word the list lacks.
        std::vector<json> outside;
        if (values.front().is_number_integer()) {
            std::int64_t low = values.front().get<std::int64_t>(), high = low;
            for (const auto& v : values)
                if (v.is_number_integer()) {
                    low = std::min(low, v.get<std::int64_t>());
                    high = std::max(high, v.get<std::int64_t>());
                }
            outside = {json(high + 1), json(low - 1)};
        } else {
            std::string text = "DocksideNotListed";
            while (std::find(values.begin(), values.end(), json(text)) != values.end()) text += "X";
            outside = {json(text)};
        }
        for (const auto& value : outside) {
            ProbeValue refused = of_kind(ProbeValue::Kind::Literal);
            refused.as_array_item = array;
            refused.literal = value;
            plan.probes.push_back(probe_at(check, t, refused, Expect::Rejected, t.label + " " + value.dump() + " (not listed) is rejected"));
        }
        // In an array, one unlisted item among listed ones: every item is checked, not the first alone.
        if (array) {
            ProbeValue mixed = of_kind(ProbeValue::Kind::Literal);
            mixed.literal = json::array({values.front(), outside.front()});
            plan.probes.push_back(probe_at(check, t, mixed, Expect::Rejected,
                                           t.label + " " + mixed.literal.dump() + " (one item not listed) is rejected"));
        }
    }
    return plan;
}

}  // namespace dockside::checks::detail
