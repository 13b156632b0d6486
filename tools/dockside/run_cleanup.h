#pragma once
/// Undoing what a conformance run created, from the run's record of it (created.jsonl in the run folder,
/// harness/conform/created_records.h): cancel its orders, returns and receiving orders, delete its webhook
/// subscriptions and products. Used at the end of `dockside conform` (unless --keep) and by
/// `dockside cleanup --run DIR`. Each undo that succeeds is added to the record, so a second cleanup only
/// tries what is left.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/conform/session.h"
#include "harness/http/client.h"
#include "specs/loader/spec.h"

namespace dockside::cli {

/// Where to send the undos and with what.
struct CleanupTarget {
    std::string base_url;
    std::string token;
    std::int64_t write_channel = 0;
    std::string channel_header;  ///< empty: the spec's
    http::ClientOptions client;
    /// Undos in flight at once, each on its own connection (the run's --workers): 500 undos one after
    /// another take 25 s against a target 50 ms away.
    int connections = 1;
};

/// One created record and what became of it.
struct CleanupOutcome {
    std::string kind;    ///< "order", "webhook subscription", …
    std::string id;
    std::string test;    ///< the test that created it
    enum class State { Undone, AlreadyUndone, Failed } state = State::Failed;
    std::string detail;  ///< for Failed: why ("cancelOrder answered 422: …"); else what was done
};

struct CleanupReport {
    std::vector<CleanupOutcome> outcomes;
    std::string error;  ///< the record could not be read; nothing was tried
    std::map<std::string, std::string> remains_by_kind;  ///< kind -> what its undo leaves (rules data)
    std::vector<std::string> nothing_undoes;              ///< what no undo removes (rules data)
    int refused_before = 0;  ///< records of the log whose undo an earlier cleanup was refused, not asked again

    int count(CleanupOutcome::State state) const;
    /// cleanup.json: the counts, every record that could not be undone with its reason, and what stays on
    /// the target even after a complete cleanup (nothing in the contract removes it).
    nlohmann::json to_json() const;
    /// For the console: the counts, and each failure with its reason.
    std::string render() const;
};

/// The record of created things in run folder `run_dir`.
std::string created_log_of(const std::string& run_dir);

/// Rewrites `log_path` with only its records neither undone nor refused, as they were written: a run folder
/// that every run reuses keeps a log of what is left, not of every run it has seen (each run's cleanup reads it
/// whole). Nothing is lost: an undone or refused record is one the log would never ask about again.
void keep_only_pending(const std::string& log_path, const spec::Spec& spec);

/// Undoes every record of `log_path` neither undone nor refused yet, in reverse order of creation (a return before the
/// order it returns). A 429 is waited out as Retry-After says.
CleanupReport undo_created(const std::string& log_path, const CleanupTarget& target, const spec::Spec& spec);

/// Writes `report` as cleanup.json in `run_dir`; false when it cannot.
bool write_cleanup_report(const CleanupReport& report, const std::string& run_dir);

/// The end of a conform run against a remote target: undoes what `info.created_log` notes (writing
/// cleanup.json in `run_dir` and printing the counts and every failure), or with `keep` says how to do it
/// later. Nothing when the run noted nothing. The run's verdict does not depend on it. `connections`: undos
/// in flight at once (the run's --workers).
void undo_or_keep(const conform::SessionInfo& info, const http::ClientOptions& client, int connections, bool keep, bool quiet,
                  const spec::Spec& spec, const std::string& run_dir);

}  // namespace dockside::cli
