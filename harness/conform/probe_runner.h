#pragma once
/// The rule checks' runner (probe_runner.cpp): the tests "RuleChecks.<check type>_<area>" that plan, send
/// and judge every registered check of the session's rules data. It knows no API: the requests come from
/// the provider the suites set, which reads what the target has (ids of its records) when it is made.

#include <functional>
#include <memory>

#include "harness/checks/provider.h"

namespace dockside::conform {

/// Makes the request provider of one rule-check test.
using ProbeProviderMaker = std::function<std::unique_ptr<checks::RequestProvider>()>;

/// For a static initialiser of the suites: `const bool kSet = set_probe_provider(...)`. Without one, each
/// rule-check test fails saying so.
bool set_probe_provider(ProbeProviderMaker maker);

}  // namespace dockside::conform
