#pragma once
/// `dockside load` after its options are validated and its target is known: list what the mix needs,
/// build the plan, run the engine (once, or step by step for --find-capacity), write the results folder
/// and print the tables. Returns the exit code (core/exit_codes.h).

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "harness/auth/token_renewal.h"
#include "specs/loader/spec.h"
#include "tools/load/load_settings.h"

namespace dockside::loadtool {

/// The server and how to talk to it, already resolved (embedded server started, OAuth done).
struct LoadTarget {
    std::string base_url;
    std::string token;  ///< never written anywhere
    /// OAuth: how to renew `token` before it expires, and at once when a request is refused with it (the
    /// run keeps it fresh, counting renewals in summary.json); none for a personal access token.
    std::optional<auth::OAuthRefresh> oauth;
    /// Where each rotated refresh token is written (--refresh-token-file); empty: kept in memory only.
    std::string refresh_token_file;
    std::string channel_header;  ///< empty: the spec's
    std::int64_t channel = 0;
    bool embedded = false;
    double timeout_s = 30;
    bool insecure = false;
};

struct LoadIo {
    std::ostream& out;
    std::ostream& err;
    bool terminal = false;                          ///< rewrite the progress line in place
    const std::atomic<bool>* interrupt = nullptr;   ///< set by SIGINT
};

/// Prints "dockside load: MESSAGE" on the run's error stream; returns the exit code of a run that could not run.
int cannot_run(LoadIo& io, const std::string& message);

int run_load(const LoadSettings& settings, const LoadTarget& target, const spec::Spec& spec, LoadIo& io);

}  // namespace dockside::loadtool
