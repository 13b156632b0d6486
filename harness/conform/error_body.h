#pragma once
/// A refusal's body where the document does not show it (NS-ERROR-BODY): the members it holds, as `dockside
/// learn` notes them, and the check of a profile that holds every refusal to the members a known-good server
/// always gave (`members:` of the stance, which `learn` writes).

#include <string>
#include <string_view>
#include <vector>

#include "harness/conform/suite_api.h"

namespace dockside::conform {

/// The members of a JSON object body as dotted paths through its objects ("error", "error.code"), sorted;
/// empty when the body is not a JSON object. Arrays are not entered: their items vary with the refusal.
std::vector<std::string> body_members(std::string_view body);

/// Whether `ex`'s body holds every member the profile in force lists under NS-ERROR-BODY `members` (on the
/// stance's `operations` only, when it lists them: a learnt shape holds where it was seen); when it lacks
/// some, a finding under `rule` names them and the stance (the profile's words, never the contract's).
bool expect_error_body(const Exchange& ex, const std::string& rule);

}  // namespace dockside::conform
