#include "generators/case.h"

#include <memory>

namespace dockside::generators {

std::string_view to_string(TextReading reading) {
    switch (reading) {
        case TextReading::AnyReading: return "any-reading";
        case TextReading::CodePoints: return "code-points";
    }
    return "unknown";
}

std::ostream& operator<<(std::ostream& out, const Case& c) {
    out << c.rule_id << " (" << c.what << ", " << to_string(c.reading);
    if (!c.schema_rule.empty()) out << ", schema: " << c.schema_rule;
    std::string dumped = c.value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // A text at a length limit makes counterexamples unreadable; the `what` already says the length.
    if (dumped.size() > 400) dumped = dumped.substr(0, 400) + "…";
    return out << "): " << dumped;
}

rc::Gen<Case> make_case(rc::Gen<nlohmann::json> base, Case meta, Change change) {
    return rc::gen::exec([base = std::move(base), meta = std::move(meta), change = std::move(change)] {
        Case out = meta;
        out.value = *base;
        change(out.value);
        return out;
    });
}

rc::Gen<Case> gen_one_of(std::vector<rc::Gen<Case>> cases) {
    auto shared = std::make_shared<const std::vector<rc::Gen<Case>>>(std::move(cases));
    return rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, shared->size()),
                           [shared](std::size_t index) { return (*shared)[index]; });
}

Case case_meta(std::string rule, std::string what, std::string schema_rule, TextReading reading) {
    return Case{nlohmann::json(), std::move(rule), std::move(what), reading, std::move(schema_rule)};
}

}  // namespace dockside::generators
