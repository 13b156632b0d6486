#pragma once
/// Where the contract's data lives. Every part of a process that reads the contract without being handed
/// one (the reference server's limits, the generators' documented values, `dockside`'s default
/// --spec-dir) asks here, so an installed or moved binary reads the files installed beside it and one
/// --spec-dir reaches them all.

#include <string>

#include "core/result.h"
#include "specs/loader/spec.h"

namespace dockside::spec {

/// The files of one API version inside a spec folder.
struct SpecFiles {
    std::string openapi;       ///< <dir>/fulfillment-2025-07.openapi.yaml
    std::string rules;         ///< <dir>/rules.yaml
    std::string profiles_dir;  ///< <dir>/profiles
    std::string mixes_dir;     ///< <dir>/mixes
    /// <dir>/simulation-control.openapi.yaml: the reference server's /_sim/ control, Dockside's own API.
    std::string simulation;
};

SpecFiles spec_files(const std::string& spec_dir);

/// The spec folder of an installation, relative to the folder of the binary (<prefix>/bin/dockside reads
/// <prefix>/share/dockside/specs). The install rule (specs/CMakeLists.txt) puts it there.
inline constexpr const char* kInstalledSpecDirFromBinary = "../share/dockside/specs";

/// The folder to read when none is named: the one given to use_spec_dir(); else the installed folder
/// beside the running binary when it exists; else the source tree's specs/ the binary was built from
/// (a binary run from its build tree) when that exists; else the installed folder's path, so that the
/// error of loading from it says where the files were expected.
std::string default_spec_dir();

/// Makes `dir` the process's spec folder (`dockside --spec-dir`), for every later default_spec_dir()
/// and default_spec(). Called before anything reads the contract.
void use_spec_dir(std::string dir);

/// The contract of default_spec_dir(), loaded once per process; the error names the file and problem.
Result<const Spec*, SpecError> default_spec();

/// The simulation control's operations (files.simulation of default_spec_dir(), or of the folder Dockside
/// came with when a chosen folder lacks the file: the control is Dockside's, not the contract's), loaded
/// once per process: the reference server serves them at these paths and the suites call them by id.
Result<const Spec*, SpecError> simulation_spec();

}  // namespace dockside::spec
