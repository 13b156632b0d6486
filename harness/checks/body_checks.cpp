// The planner of the shape rule of request bodies that OpenAPI cannot state: forbidden_field. Its refusal
// probe has an acceptance probe beside it, so a target that refuses everything is not mistaken for one
// that enforces the rule.
#include "harness/checks/plan_support.h"
#include "harness/checks/planners.h"

namespace dockside::checks::detail {

using nlohmann::json;

namespace {

Probe valid_base(const spec::CheckEntry& check, const Target& t) {
    return probe_at(check, {t.operation, Place::None, {}, "", ""}, of_kind(ProbeValue::Kind::Unchanged), Expect::Accepted,
                    "the valid " + t.operation + " request is accepted");
}

}  // namespace

Result<Plan, std::string> plan_forbidden_field(const spec::Spec& spec, const spec::CheckEntry& check) {
    Plan plan;
    auto targets = request_targets(spec, check, plan);
    if (!targets) return fail(targets.error());
    for (const auto& t : *targets) {
        // A plausible value of the field's own type, so only its presence can be the reason to refuse it.
        auto limits = spec.limits().field(t.reference);
        ProbeValue present = of_kind(ProbeValue::Kind::Present);
        present.literal = limits && limits->is("integer") ? json(424242)
                          : limits && limits->is("boolean") ? json(true)
                                                            : json("dockside-present");
        plan.probes.push_back(valid_base(check, t));
        plan.probes.push_back(probe_at(check, t, present, Expect::Rejected, t.label + " present is rejected"));
    }
    return plan;
}

}  // namespace dockside::checks::detail
