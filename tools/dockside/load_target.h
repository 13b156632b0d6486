#pragma once
/// `dockside load`'s target made ready, from the resolved target options: the embedded reference server
/// started with the run's faults and delays, or a remote server checked as far as the mix needs it. A mix
/// outside the contract (`METHOD /path` only) needs the target to answer; a mix of reads needs its token
/// accepted; a mix that writes needs a channel to write to, found as `dockside conform` finds it. With OAuth,
/// the run's first token comes from the same flow as conform's, and its grant renews it during the run.

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/config/target_config.h"
#include "refserver/embedded/embedded_server.h"
#include "specs/loader/spec.h"
#include "tools/dockside/conform_target.h"
#include "tools/load/load_run.h"

namespace dockside::cli {

/// What a load run asks of its target beyond the resolved options.
struct LoadTargetRequest {
    RemoteAccess access;
    std::string refresh_token_file;   ///< OAuth: where each rotated refresh token is written
    std::vector<std::string> faults;  ///< embedded only: faults switched on
    std::vector<std::string> delays;  ///< embedded only: latency faults (refserver/faults/answer_delay.h)
};

/// The target ready to load. `embedded` receives the reference server when `target` names it (it must outlive
/// the run); notes about a remote target's preparation (a contract violation seen while discovering it) go to
/// `notes`. The error is a message for the user: the run cannot be done (exit 2).
Result<loadtool::LoadTarget, std::string> prepare_load_target(const config::TargetConfig& target,
                                                               const LoadTargetRequest& request,
                                                               const loadtool::LoadSettings& settings,
                                                               const spec::Spec& spec,
                                                               std::unique_ptr<refserver::EmbeddedServer>& embedded,
                                                               std::ostream& notes);

}  // namespace dockside::cli
