#pragma once
/// The store's record budget (specs/rules.yaml NS-RECORD-LIMIT, `dockside serve --max-records`): what
/// counts as a record, and which operations add to it. The reference server keeps everything in
/// memory and forever, so this budget is what bounds its memory; the figures per record are in
/// refserver/README.md ("Limits").

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dockside::refserver {

struct Store;

/// A write counts one more record per whole kRecordBodyUnit bytes of its body, or per whole
/// kRecordValueUnit JSON values in it when that counts more, so that a record's memory is bounded by
/// the unit and not by the body limit (a 1 MiB body of tiny values parses into a tree of ~9 MiB).
inline constexpr std::size_t kRecordBodyUnit = 16 * 1024;
inline constexpr std::size_t kRecordValueUnit = 128;

/// Records the store holds: orders, shipments, products, inventory items (one per variant), returns,
/// receiving orders, webhook subscriptions, issued access and refresh tokens and authorization codes,
/// plus the extra units written so far (Store::extra_record_units). Seeded records count too.
/// Cost: a handful of container sizes; call under the store lock.
std::size_t stored_records(Store& store);

/// The same records by kind ("orders", "shipments", "products", …, "extra_units"), in the order above; their
/// sum is stored_records(). GET /_sim/status shows them, so a test can see what a run left behind.
std::vector<std::pair<std::string, std::size_t>> stored_records_by_kind(Store& store);

/// True for the operations that can add records (creates, PATCH /product, channel metadata, token
/// and code issuance, store-order-json); these are refused with 507 once the budget is spent.
/// Reads, cancels, updates and deletes never are.
bool adds_records(std::string_view operation_id);

/// Records a successful write of `operation_id` with this request body adds beyond what
/// stored_records() sees in the containers: the body's units (above), and one for a channel metadata
/// record (kept inside its variant).
std::size_t extra_record_units(std::string_view operation_id, std::string_view body);

}  // namespace dockside::refserver
