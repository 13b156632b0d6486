#pragma once
/// Which tests must not run beside which, when `dockside conform --workers N` runs several at once. Tests
/// hold against a server that other clients use at the same time, with the exceptions a suite declares
/// next to its tests, for the whole suite ("Webhooks") or one test ("Auth.AUTH_LIFETIME_X"):
///  - a test that changes what every test sees (the target's simulated clock) runs alone;
///  - a test that walks a whole collection (every webhook subscription) never overlaps one that writes it
///    (two walkers may overlap, and so may two writers);
///  - a test known to run long starts first, so the run does not wait for it at the end.
/// A serial run ignores all of this.

#include <map>
#include <set>
#include <string>

namespace dockside::conform {

struct RunApart {
    bool alone = false;              ///< nothing else runs beside it
    bool long_running = false;       ///< started before the others
    std::set<std::string> walks;     ///< collections it reads whole
    std::set<std::string> writes;    ///< collections it adds to or removes from
    std::string why;                 ///< the suite's own words
};

/// What applies to one test: its suite's declarations and its own, together.
RunApart run_apart_of(const std::string& test);

/// Whether two tests ("Suite.Test") may run at the same time.
bool may_overlap(const std::string& test_a, const std::string& test_b);

/// For the macros below; each returns true (for a static initialiser).
bool declare_runs_alone(const char* who, const char* why);
bool declare_runs_long(const char* who, const char* why);
bool declare_walks(const char* who, const char* collection, const char* why);
bool declare_writes(const char* who, const char* collection, const char* why);

}  // namespace dockside::conform

#define DOCKSIDE_RUN_APART_JOIN2(a, b) a##b
#define DOCKSIDE_RUN_APART_JOIN(a, b) DOCKSIDE_RUN_APART_JOIN2(a, b)
// __COUNTER__, not __LINE__: files compiled together in one unity batch may declare on the same line.
#define DOCKSIDE_RUN_APART_NAME DOCKSIDE_RUN_APART_JOIN(dockside_run_apart_, __COUNTER__)

/// In a suite file, at namespace scope: `DOCKSIDE_RUNS_ALONE("Auth.AUTH_LIFETIME_X", "moves the clock");`
#define DOCKSIDE_RUNS_ALONE(who, why) \
    [[maybe_unused]] static const bool DOCKSIDE_RUN_APART_NAME = ::dockside::conform::declare_runs_alone(who, why)
/// `DOCKSIDE_RUNS_LONG("RuleChecks", "probes every rule of the data");`
#define DOCKSIDE_RUNS_LONG(who, why) \
    [[maybe_unused]] static const bool DOCKSIDE_RUN_APART_NAME = ::dockside::conform::declare_runs_long(who, why)
/// `DOCKSIDE_WALKS("Webhooks", "webhooks", "walks every subscription");`
#define DOCKSIDE_WALKS(who, collection, why) \
    [[maybe_unused]] static const bool DOCKSIDE_RUN_APART_NAME = ::dockside::conform::declare_walks(who, collection, why)
/// `DOCKSIDE_WRITES("RuleChecks", "webhooks", "probes create subscriptions");`
#define DOCKSIDE_WRITES(who, collection, why) \
    [[maybe_unused]] static const bool DOCKSIDE_RUN_APART_NAME = ::dockside::conform::declare_writes(who, collection, why)
