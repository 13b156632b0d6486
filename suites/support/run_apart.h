#pragma once
/// Which tests must not run beside which, when `dockside conform --workers N` runs several at once. Tests
/// hold against a server that other clients use at the same time, with two exceptions a suite declares
/// next to its tests: a suite that changes what every test sees (the target's simulated clock) runs
/// alone; suites that walk a whole collection (every webhook subscription) share that collection's name
/// with the suites that write it, and two suites sharing a name never overlap. A serial run ignores this.

#include <map>
#include <set>
#include <string>

namespace dockside::suites {

struct RunApart {
    bool alone = false;             ///< nothing else runs while a test of the suite runs
    std::set<std::string> shares;   ///< collections it walks or writes; suites sharing one never overlap
    std::string why;                ///< the suite's own words, for the plan and the docs
};

/// Every declaration, by GoogleTest suite name.
const std::map<std::string, RunApart>& run_apart_declarations();

/// Declares that the tests of `suite` run alone; returns true (for a static initialiser).
bool declare_runs_alone(const char* suite, const char* why);
/// Declares that the tests of `suite` touch `collection` in a way others sharing it must not overlap.
bool declare_shares(const char* suite, const char* collection, const char* why);

/// Whether two suites' tests may run at the same time.
bool may_overlap(const std::string& suite_a, const std::string& suite_b);

}  // namespace dockside::suites

/// In a suite file, at namespace scope: `DOCKSIDE_RUNS_ALONE(Auth, "moves the target's clock an hour");`
#define DOCKSIDE_RUNS_ALONE(Suite, why) \
    [[maybe_unused]] static const bool dockside_runs_alone_##Suite = ::dockside::suites::declare_runs_alone(#Suite, why)

#define DOCKSIDE_RUN_APART_JOIN2(a, b) a##b
#define DOCKSIDE_RUN_APART_JOIN(a, b) DOCKSIDE_RUN_APART_JOIN2(a, b)

/// In a suite file: `DOCKSIDE_SHARES(Webhooks, "webhooks", "walks every subscription");` (repeatable).
#define DOCKSIDE_SHARES(Suite, collection, why)                                                          \
    [[maybe_unused]] static const bool DOCKSIDE_RUN_APART_JOIN(dockside_shares_##Suite##_, __LINE__) = \
        ::dockside::suites::declare_shares(#Suite, collection, why)
