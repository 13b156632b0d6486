#pragma once
/// What every suite includes: the harness's suite API (harness/conform/suite_api.h: send, Exchange, the
/// expect_* findings), its names usable unqualified in the suites' namespace.

#include "harness/conform/suite_api.h"

namespace dockside::suites {
using namespace conform;
}  // namespace dockside::suites
