#pragma once
/// The reference server's own limits, where the API document states none. Every value is typed here
/// once; specs/rules.yaml states them in words (not_shown: NS-REQUEST-LIMITS, NS-RECORD-LIMIT,
/// NS-CONNECTION-LIMIT) and refserver/tests/limits_test.cpp checks that the two say the same. The
/// reference server does not read rules.yaml at run time, so the numbers live in code, in this file.

#include <cstddef>
#include <cstdint>

namespace dockside::refserver {

/// Request bodies above this many bytes are refused with 413 before any handler runs.
inline constexpr std::size_t kMaxBodyBytes = 1024 * 1024;

/// Arrays and objects of a JSON request body nest at most this deep (`[[1]]` is depth 2); deeper
/// bodies are refused with 400 at parse time, before anything renders or walks them recursively.
inline constexpr std::size_t kMaxJsonDepth = 64;

/// No array anywhere in a JSON request body holds more items than this (400 at parse time).
inline constexpr std::size_t kMaxArrayItems = 1000;

/// Records one write may add or change through a list (variants of PATCH /product/{id}, the variant
/// batch endpoints, variant id lists, the shipment ids of the shipment batch operations, the ids of
/// POST /receiving:setExternalSync): 1 to this many.
inline constexpr std::size_t kMaxItemsPerWrite = 100;

/// Names the document gives no length for (an order recipient's name, the new product's name of
/// POST /product:moveVariants) are 1 to this many characters.
inline constexpr std::size_t kMaxNameChars = 500;

/// A webhook subscription's url is 1 to this many characters (the document gives no length).
inline constexpr std::size_t kMaxWebhookUrlChars = 2048;

/// Page sizes where the document gives no default or no range (NS-LIST-DEFAULTS): the default of Limit
/// on GET /order, GET /return and GET /receiving, of RecordsPerPage on GET /webhook and of PageSize on
/// GET /product and GET /inventory; where the document states a value (GET /order's Limit range, GET
/// /channel's RecordsPerPage default) the contract's value is used instead (refserver/core/contract_limits.h).
inline constexpr std::int32_t kListDefaultSize = 50;
/// The top of the Limit and RecordsPerPage ranges the document does not give (1 to this).
inline constexpr std::int32_t kListMaxSize = 250;
/// The top of the PageSize range on GET /product and GET /inventory (1 to this).
inline constexpr std::int32_t kListMaxPageSize = 1000;

/// Default of `--max-records`: client-created records (orders, shipments, returns, receiving orders,
/// products, variants, webhook subscriptions, issued tokens and codes) the store holds before creating
/// requests are refused with 507.
inline constexpr std::size_t kDefaultMaxRecords = 100000;

/// Default cap on open client connections of `dockside serve`; one more is answered 503 and closed.
inline constexpr std::size_t kDefaultMaxConnections = 512;

/// Client text quoted in an error message is cut to this many characters.
inline constexpr std::size_t kMaxEchoChars = 64;

}  // namespace dockside::refserver
