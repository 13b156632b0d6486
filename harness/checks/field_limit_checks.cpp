// Planners for the limits of one field or parameter: max_length, length_range, min_length, int_range,
// min_items and enum. Each probes both sides of every stated end: the end itself is accepted, one past
// it is rejected.
#include "harness/checks/planners.h"

#include <algorithm>

#include "harness/checks/plan_support.h"

namespace dockside::checks::detail {

using nlohmann::json;

namespace {

/// Unique values with fewer characters than this cannot be kept apart from what earlier runs left on a
/// target (ORD-REF-UNIQUE would reject a repeat), so such a boundary-valid value is not probed.
constexpr std::int64_t kShortestUniqueText = 16;

std::string chars(std::int64_t n) { return std::to_string(n) + (n == 1 ? " character" : " characters"); }

/// The stance of the limit's unit ("characters" → NS-TEXT-LENGTH-UNIT): multi-byte probes run only
/// where that stance's `probe_multibyte` is on.
std::string unit_stance(const spec::Spec& spec, const spec::CheckEntry& check) {
    const std::string unit = check.params.value("unit", "");
    const json& units = spec.rules_document().is_object() ? spec.rules_document().value("units", json::object()) : json();
    if (unit.empty() || !units.is_object() || !units.contains(unit) || !units[unit].is_object()) return "";
    return units[unit].value("stance", "");
}

void length_probes(const spec::Spec& spec, const spec::CheckEntry& check, const Target& t, std::optional<std::int64_t> min,
                   std::optional<std::int64_t> max, Plan& plan) {
    const bool unique = t.place == Place::Body && is_unique_field(spec, t.reference);
    const std::string stance = unit_stance(spec, check);
    auto add = [&](std::int64_t n, bool multibyte, Expect expect) {
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
                if (!multibyte)
                    plan.omitted.push_back(t.label + " of " + chars(*min) + " is accepted: " + t.reference +
                                           " must be unique, and so short a value cannot be kept apart from earlier runs");
            } else {
                add(*min, multibyte, Expect::Accepted);
            }
        }
    }
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
        const std::string range = "[" + std::to_string(*min) + ", " + std::to_string(*max) + "]";
        plan.probes.push_back(probe_at(check, t, any, Expect::Accepted, t.label + " anywhere in " + range + " is accepted"));
        for (auto [value, expect] : {std::pair{*min, Expect::Accepted}, {*max, Expect::Accepted},
                                     {*min - 1, Expect::Rejected}, {*max + 1, Expect::Rejected}})
            plan.probes.push_back(probe_at(check, t, integer(value), expect,
                                           t.label + " " + std::to_string(value) +
                                               (expect == Expect::Accepted ? " is accepted" : " is rejected")));
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
        if (!closed) {
            plan.omitted.push_back(t.label + " outside the list: the enum is open, another value is not judged");
            continue;
        }
        ProbeValue outside = of_kind(ProbeValue::Kind::Literal);
        outside.as_array_item = array;
        if (values.front().is_number_integer()) {
            std::int64_t high = values.front().get<std::int64_t>();
            for (const auto& v : values) high = std::max(high, v.is_number_integer() ? v.get<std::int64_t>() : high);
            outside.literal = high + 1;
        } else {
            std::string text = "DocksideNotListed";
            while (std::find(values.begin(), values.end(), json(text)) != values.end()) text += "X";
            outside.literal = text;
        }
        plan.probes.push_back(probe_at(check, t, outside, Expect::Rejected,
                                       t.label + " " + outside.literal.dump() + " (not listed) is rejected"));
    }
    return plan;
}

}  // namespace dockside::checks::detail
