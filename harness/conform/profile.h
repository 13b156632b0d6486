#pragma once
/// Loading a profile (specs/profiles/<name>.yaml) with its `extends` chain resolved: the stances of the
/// base, overridden by the profile's own.

#include <string>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace dockside::conform {

/// The profile document of `name` in `profiles_dir` (or of the file `name` when it ends in .yaml), `stances`
/// merged over those of the profile it extends (a name in `profiles_dir`, at most 8 levels). The error names
/// the file and the problem.
Result<nlohmann::json, std::string> load_profile(const std::string& profiles_dir, const std::string& name);

}  // namespace dockside::conform
