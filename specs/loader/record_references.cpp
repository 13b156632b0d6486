// The OpenAPI file's x-names: which response fields name another record (spec.h, RecordReference).
#include "specs/loader/spec.h"
#include "specs/loader/spec_internal.h"

namespace dockside::spec {

namespace detail {

std::vector<RecordReference> read_record_references(const Spec& spec, std::vector<SpecProblem>* problems) {
    std::vector<RecordReference> out;
    const json* schemas = spec.resolve("#/components/schemas");
    if (!schemas || !schemas->is_object()) return out;
    for (const auto& [schema, node] : schemas->items()) {
        const auto properties = node.is_object() ? node.find("properties") : node.end();
        if (properties == node.end() || !properties->is_object()) continue;
        for (const auto& [property, member] : properties->items()) {
            const auto names = member.is_object() ? member.find("x-names") : member.end();
            if (names == member.end()) continue;
            RecordReference r{schema, property, string_or(*names, "record"), string_or(*names, "field"), string_or(*names, "rule")};
            std::string why;
            if (r.record.empty() || r.field.empty() || r.rule.empty()) why = "x-names needs {record, field, rule}";
            else if (!spec.field_exists(r.record + "." + r.field)) why = "x-names names " + r.record + "." + r.field + ", no field of a schema";
            else if (!spec.rules_document().is_null() && !spec.rule(r.rule)) why = "x-names names rule " + r.rule + ", which the rules data lacks";
            if (why.empty()) out.push_back(std::move(r));
            else if (problems)
                problems->push_back({r.rule, r.record + "." + r.field, "/components/schemas/" + schema + "/properties/" + property + "/x-names", why});
        }
    }
    return out;
}

}  // namespace detail

std::vector<RecordReference> Spec::record_references() const { return detail::read_record_references(*this, nullptr); }

}  // namespace dockside::spec
