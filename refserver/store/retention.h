#pragma once
/// Retention: how a long-lived server stays within `--max-records` without refusing writes. Past the
/// budget, the oldest finished records are forgotten (an order whose state and every shipment's state
/// the contract's lifecycles leave no way out of, with those shipments; a finished return; a finished
/// receiving order), so a mock left running for days keeps a bounded memory. A forgotten record answers
/// 404 like any unknown id. Nothing a client could still change is ever forgotten: when only such records
/// are left, the write is refused with 507 as before (NS-RECORD-LIMIT).

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace dockside::refserver {

struct Store;

/// What happens once the store holds --max-records records (`dockside serve --retention`).
enum class Retention {
    Evict,   ///< forget the oldest finished records (the default)
    Refuse,  ///< refuse writes that add records with 507, keep everything
};

/// "evict" / "refuse"; nullopt-like empty string parse failure is reported by the caller.
const char* to_string(Retention retention);

/// Records forgotten so far, by kind (GET /_sim/status shows them under "evicted").
struct EvictedCounts {
    std::size_t orders = 0, shipments = 0, returns = 0, receiving_orders = 0;

    std::size_t total() const { return orders + shipments + returns + receiving_orders; }
    std::vector<std::pair<std::string, std::size_t>> by_kind() const;
};

/// Forgets the oldest finished records until the store holds at most `target` records (or nothing
/// finished is left), oldest first within each kind and kinds taken in turn; adds them to
/// `store.evicted`. Returns how many were forgotten. Call under the store's exclusive lock.
std::size_t evict_finished(Store& store, std::size_t target);

}  // namespace dockside::refserver
