#pragma once
/// `dockside learn`'s view of a run: each refusal judged, with the stance of the rules data that says its
/// status and the status the target gave, as one JSON line in the file DOCKSIDE_REFUSAL_LOG names (one
/// write, O_APPEND: whole from every child). Nothing is written without the variable.

#include <string>

#include "harness/conform/suite_api.h"

namespace dockside::conform {

/// Notes a refusal judged under `stance`. expect_rejected notes each of its own; the rule checks and the
/// schema phase note theirs where a profile's code would judge them.
void note_refusal(const Exchange& exchange, const std::string& rule, RefusalStance stance = {});

}  // namespace dockside::conform
