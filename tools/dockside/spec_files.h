#pragma once
/// Where the contract files live inside a spec folder, and loading them with one clear error.

#include <string>
#include <vector>

#include "core/result.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_location.h"

namespace dockside::cli {

using spec::SpecFiles;
using spec::spec_files;

/// Names of the profiles in <dir>/profiles (file stems of *.yaml), sorted.
std::vector<std::string> profile_names(const std::string& spec_dir);

/// The segment the paths of the contract begin with: "/" + the document's info.version ("/2025-07"); "" when
/// no operation's path begins with it.
std::string version_segment(const spec::Spec& spec);

/// Loads the spec of a folder; the error names the file and position.
Result<spec::Spec, spec::SpecError> load_spec(const std::string& spec_dir);

}  // namespace dockside::cli
