// `dockside spec check`: load the contract, count what it holds, and list every problem of the two files:
// references to operations, fields or parameters the OpenAPI file does not have, and every place the
// OpenAPI file and rules.yaml disagree (limits, channel headers, paging, state machines, units, topics).

#include <iostream>
#include <map>

#include "core/exit_codes.h"
#include "tools/dockside/command.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

size_t count_of(const nlohmann::json& doc, const char* key) {
    auto it = doc.find(key);
    // Sections are lists or maps keyed by name; both count their entries.
    return it != doc.end() && (it->is_array() || it->is_object()) ? it->size() : 0;
}

void print_summary(const spec::Spec& spec, std::ostream& out) {
    std::map<std::string, int> per_area;
    int unspecified = 0;
    for (const auto& op : spec.operations()) {
        ++per_area[op.area.empty() ? "(no area)" : op.area];
        if (op.request_unspecified || op.response_unspecified) ++unspecified;
    }
    out << spec.operations().size() << " operations";
    out << " (" << unspecified << " with shapes the document does not show)\n";
    for (const auto& [area, n] : per_area) out << "  " << area << ": " << n << "\n";
    const auto& rules_doc = spec.rules_document();
    out << spec.rules().size() << " rules, " << count_of(rules_doc, "not_shown")
        << " not-shown points with stances, " << count_of(rules_doc, "state_machines")
        << " state machines\n";
}

int run_spec_check(const GlobalOptions& global) {
    auto loaded = load_spec(global.spec_dir);
    if (!loaded) {
        std::cerr << "dockside spec check: cannot load the spec: " << loaded.error().to_string() << "\n";
        return kExitCannotRun;
    }
    const auto& spec = loaded.value();
    print_summary(spec, std::cout);
    const auto problems = spec.check();
    for (const auto& problem : problems) std::cout << "problem: " << problem.to_string() << "\n";
    if (!problems.empty()) {
        std::cout << problems.size() << " problem(s) in the contract files\n";
        return kExitViolations;
    }
    std::cout << "no problems\n";
    return kExitOk;
}

}  // namespace

void register_spec_command(CLI::App& app, CommandContext& context) {
    auto* spec = app.add_subcommand("spec", "Inspect the contract data in the spec folder");
    spec->require_subcommand(1);
    auto* check = spec->add_subcommand(
        "check", "Load the OpenAPI file and rules; print the operation count and every rule that "
                 "references an unknown operation or field (exit 1 if any)");
    check->callback([&context] { context.action = [&context] { return run_spec_check(context.global); }; });
}

}  // namespace dockside::cli
