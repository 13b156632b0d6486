#include "harness/conform/conform_run.h"

#include <random>

#include "harness/conform/log_lines.h"
#include "harness/conform/schema_coverage.h"

namespace dockside::conform {
namespace {

RunMetadata run_metadata(const SessionInfo& info, const RunScope& scope, const RunOptions& run, const spec::Spec& spec) {
    RunMetadata meta;
    meta.target = info.embedded ? "embedded: " + info.base_url : info.base_url;
    meta.embedded = info.embedded;
    meta.profile = info.profile;
    meta.seed = info.seed;
    meta.cases = info.cases;
    meta.areas = scope.areas;
    meta.faults = scope.faults;
    meta.started_at = utc_timestamp(false);
    meta.test_budget_seconds = static_cast<double>(run.test_budget.count());
    meta.spec_version = spec.document().value(nlohmann::json::json_pointer("/info/version"), "");
    return meta;
}

}  // namespace

std::uint64_t choose_seed(std::uint64_t given) {
    if (given != 0) return given;
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 20 | device()) % 1000000000ULL + 1;
}

Result<RunResults, RunRefused> run_conformance(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                                const PreparedTarget& prepared, const http::ClientOptions& client,
                                                const RunOptions& run, const RunScope& scope) {
    const SessionInfo& info = prepared.info;
    auto session = Session::create(spec, validator, info, client);
    if (!session) return fail(RunRefused{RunRefused::Kind::NoSession, session.error()});
    RunResults results{run_metadata(info, scope, run, spec), prepared.preflight};
    if (prepared.runnable) {
        if (!run.capture_path.empty()) mark_tests_in_log();
        auto ran_or = run_suites(**session, run, results.meta);
        if (!ran_or) return fail(RunRefused{RunRefused::Kind::NoRunLog, ran_or.error()});
        auto& ran = *ran_or;
        if (ran.meta.selected == 0)
            return fail(RunRefused{RunRefused::Kind::NothingSelected, "no test matches the selection"});
        results.meta = ran.meta;
        results.tests.insert(results.tests.end(), ran.tests.begin(), ran.tests.end());
        report_each_defect_once(results.tests);
        for (const auto& test : results.tests)
            if (test.coverage) results.schema_phase.push_back(*test.coverage);
        std::sort(results.schema_phase.begin(), results.schema_phase.end(),
                  [](const OperationCoverage& a, const OperationCoverage& b) { return a.operation < b.operation; });
    }
    // The preparation's findings are tests of the run like any other.
    results.meta.selected += static_cast<int>(prepared.preflight.size());
    return results;
}

}  // namespace dockside::conform
