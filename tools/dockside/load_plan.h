#pragma once
/// What `dockside load` would send, from its settings alone: the model and pace, the requests each entry of
/// the mix would take, and which of them write. `--dry-run` prints it; against a production environment
/// without --allow-production-writes a mix that may write is refused with the same words.

#include <string>

#include "tools/load/load_settings.h"

namespace dockside::cli {

/// Why this entry may write: it is a write itself ("POST"), or the engine sends its stand-in, a create, while
/// no id is at hand ("sent as createOrder while no id is at hand"); empty when it only reads.
std::string writes_of(const load::ResolvedEntry& entry);

/// The entries that may write, with their share of the mix: "createOrder (25.0%), getOrder (50.0%, sent as
/// createOrder while no id is at hand)"; empty when the mix only reads.
std::string writing_entries(const loadtool::LoadSettings& settings);

/// The whole plan for the console: model, rate or stages, duration, warm-up, connections, the expected
/// requests per entry (open loop), and the writes marked.
std::string render_load_plan(const loadtool::LoadSettings& settings);

}  // namespace dockside::cli
