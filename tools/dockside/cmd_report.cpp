// `dockside report RUN [RUN…]`: one self-contained HTML file (default report.html in the first run's folder,
// or --out) that a person reads: conformance, load, capacity and comparison runs, each with its verdict,
// tables and charts, every number taken from the run's own records. Exit 0 written, 2 could not (a folder
// that holds no run, an unwritable --out).

#include <fstream>
#include <iostream>

#include "core/exit_codes.h"
#include "harness/conform/results.h"
#include "harness/report/html_page.h"
#include "harness/report/report_data.h"
#include "tools/dockside/command.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

struct ReportOptions {
    std::vector<std::string> runs;
    std::string out;
};

int run_report(const GlobalOptions& global, const ReportOptions& o) {
    std::vector<std::string> problems;
    std::vector<compare::RunFolder> runs;
    for (const auto& path : o.runs) {
        auto run = compare::read_run_folder(path);
        if (run) runs.push_back(std::move(run.value()));
        else problems.push_back(run.error());
    }
    report::ReportContext context;
    context.generated_at = conform::utc_timestamp(false);
    // The rules name the operations a test is about (the area × operation matrix); without the contract the
    // matrix places such tests under "(no single operation)", so an unreadable spec is not fatal.
    if (auto spec = load_spec(global.spec_dir))
        for (const auto& rule : spec->rules()) context.rule_operations[rule.id] = rule.operations;
    else
        std::cerr << "dockside report: warning: " << spec.error().to_string() << "\n";
    if (!problems.empty()) {
        for (const auto& p : problems) std::cerr << "dockside report: " << p << "\n";
        return kExitCannotRun;
    }
    const std::string out = o.out.empty() ? o.runs.front() + "/report.html" : o.out;
    std::string title = "Dockside report";
    for (const auto& run : runs) title += std::string(" · ") + compare::to_string(run.kind);
    std::ofstream file(out, std::ios::trunc | std::ios::binary);
    file << report::render_page(report::report_data(runs, context), title);
    if (!file) {
        std::cerr << "dockside report: cannot write " << out << "\n";
        return kExitCannotRun;
    }
    std::cout << "report: " << out << "\n";
    return kExitOk;
}

}  // namespace

void register_report_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<ReportOptions>();
    auto* cmd = app.add_subcommand("report", "Write one self-contained HTML report of conform, load, capacity, compare and diff runs");
    cmd->add_option("runs", options->runs, "Run folders (conform, load, merge, capacity search, compare)")->required();
    cmd->add_option("--out", options->out, "The HTML file (default: report.html in the first run's folder)");
    cmd->callback([&context, options] { context.action = [&context, options] { return run_report(context.global, *options); }; });
}

}  // namespace dockside::cli
