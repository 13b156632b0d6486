#pragma once
/// Billing: the transactions:query body (TransactionQuery) and the invoice transactions query.

#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

/// A valid query body: a date range in order, page_size 1..1000, filters from the documented enums.
rc::Gen<nlohmann::json> gen_transaction_query();
/// page_size 1 and 1000; every filter null (BIL-FILTERS "null both").
std::vector<rc::Gen<BoundaryCase>> transaction_query_boundary_cases();
/// page_size 0, 1001 and a string; unknown sort_order, transaction type and reference type; a
/// from_date that is not a date-time.
std::vector<rc::Gen<InvalidCase>> transaction_query_invalid_cases();
rc::Gen<InvalidCase> gen_transaction_query_invalid();

/// {PageSize?, SortOrder?} for GET /invoices/{invoiceId}/transactions.
rc::Gen<nlohmann::json> gen_invoice_transactions_query();
/// PageSize 1 and 1000.
std::vector<BoundaryCase> invoice_transactions_boundaries();
/// PageSize 0 and 1001, SortOrder outside Ascending/Descending.
std::vector<InvalidCase> invoice_transactions_invalid_cases();

}  // namespace dockside::generators
