#pragma once
/// Page sizes the suites ask for when they read a whole list through a parameter whose range the document
/// does not give (NS-LIST-DEFAULTS): harness choices, not contract values, so each is named here once.
/// Where the document gives a range (GET /order Limit, the billing page sizes) the suites read it from the
/// session's spec instead (orders_support::max_orders_per_page, billing_suite's page_sizes).

namespace dockside::suites::undocumented_page_sizes {

/// RecordsPerPage of GET /channel and GET /webhook, Limit of GET /return and GET /receiving.
inline constexpr int kRecords = 250;
/// PageSize of GET /inventory and GET /product.
inline constexpr int kCatalogue = 1000;

}  // namespace dockside::suites::undocumented_page_sizes
