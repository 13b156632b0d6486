#pragma once
/// What a conform run would send, learnt by rehearsing it: the same selection, seed and cases run against
/// the embedded reference server, every request each test sends recorded. `--dry-run` prints this plan and
/// sends nothing to the target; against a production environment without --allow-production-writes it
/// decides which tests can run (those that sent no write) and says what the others would have written.

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/target_config.h"
#include "harness/conform/session.h"
#include "core/result.h"
#include "harness/http/message.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"
#include "tools/dockside/conform_target.h"

namespace dockside::cli {

/// Whether a request changes something on the target: any method but GET, HEAD and OPTIONS.
bool is_write(const std::string& method);

/// One test's requests in the rehearsal, each named by its operation ("createOrder") or, outside the
/// contract, by method and path ("POST /_sim/reset").
struct PlannedTest {
    std::string name;
    std::map<std::string, int> reads;
    std::map<std::string, int> writes;

    int write_count() const;
};

struct ConformPlan {
    std::vector<PlannedTest> tests;  ///< in the order they first sent (tests that sent nothing are not listed)

    const PlannedTest* find(const std::string& test) const;
    /// Writes of every test together, per operation.
    std::map<std::string, int> all_writes() const;
};

/// A RunOptions::on_request hook that appends one line per request ("test\tMETHOD\ttarget") to `path`;
/// the children that run the tests share the file (each line one append). `next` is called too.
std::function<void(const std::string&, const http::Request&)> request_recorder(
    std::string path, std::function<void(const std::string&, const http::Request&)> next);

/// The plan out of a recorder's file; requests are named by the operation `spec` routes them to.
ConformPlan read_plan(const std::string& path, const spec::Spec& spec);

/// A rehearsal's plan and the tests the filter selects, in the order they are registered.
struct Rehearsal {
    ConformPlan plan;
    std::vector<std::string> selected;
};

/// What a rehearsal runs as the real run would: the selection, the property cases and seed, the profile,
/// the workers and each test's budget.
struct RehearsalOptions {
    std::string filter;
    conform::SessionInfo like;  ///< profile, profile_json, cases, seed and only are taken from it
    int workers = 1;
    std::chrono::seconds test_budget{120};
};

/// Runs the selection against an embedded reference server of its own, in a folder of its own that is
/// removed after, and returns what each test sent. Nothing reaches any other target. The error says why
/// the reference server could not start.
Result<Rehearsal, std::string> rehearse(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                        const RehearsalOptions& options);

/// What guard_writes needs to know of the run.
struct WritePlanRequest {
    const config::TargetConfig& target;
    WriteSafety safety;
    RehearsalOptions rehearsal;
    double max_rps = 0;
    bool quiet = false;
};

/// A dry run, or a production target without consent to write: the selection is rehearsed first. A dry run
/// prints the plan and ends: the exit code is returned. A production run narrows `filter` to the tests that
/// only read and says on standard error what the others would have written (nullopt: go on); when every
/// selected test writes, the run is refused (exit 2).
std::optional<int> guard_writes(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                const WritePlanRequest& request, std::string& filter);

/// The tests of `selected` that sent no write in the rehearsal, as a GoogleTest filter ("-*" when none).
std::string read_only_filter(const ConformPlan& plan, const std::vector<std::string>& selected);

/// The plan for the console: every test with its requests (writes marked), the totals, and the pace.
std::string render_plan(const ConformPlan& plan, const std::vector<std::string>& selected, double max_rps, int workers);

/// "createOrder ×120, cancelOrder ×30": operations and counts, most first.
std::string render_counts(const std::map<std::string, int>& counts);

}  // namespace dockside::cli
