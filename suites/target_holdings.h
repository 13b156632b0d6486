#pragma once
/// What the session's target holds (generators::TargetHoldings), for every suite: the schema phase's
/// values, the rule checks' inputs, the returns suite's items. Each list is read once per worker, on the
/// first ask, through the worker's client; the records this run made (those carrying its tag) are left
/// out, so a value never names a record another test is changing, and one seed draws the same values
/// in a serial run as with --workers.

#include "generators/known_values.h"

namespace dockside::suites {

/// The running session's holdings; a logic_error outside a conform run (no session scope).
generators::TargetHoldings& target_holdings();

}  // namespace dockside::suites
