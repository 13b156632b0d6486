#pragma once
/// Billing: the transactions:query body (TransactionQuery) and the invoice transactions query.

#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

/// A valid query body: a date range in order, page_size in its documented range, filters from the
/// documented enums (all read from the run's spec).
rc::Gen<nlohmann::json> gen_transaction_query();
/// page_size at its minimum and maximum; every filter null (BIL-FILTERS "null both").
std::vector<rc::Gen<BoundaryCase>> transaction_query_boundary_cases();
/// page_size one past each end of its range and a string; unknown sort_order, transaction type and
/// reference type; a from_date that is not a date-time.
std::vector<rc::Gen<InvalidCase>> transaction_query_invalid_cases();
rc::Gen<InvalidCase> gen_transaction_query_invalid();

/// {PageSize?, SortOrder?} for GET /invoices/{invoiceId}/transactions.
rc::Gen<nlohmann::json> gen_invoice_transactions_query();
/// PageSize at its minimum and maximum.
std::vector<BoundaryCase> invoice_transactions_boundaries();
/// PageSize one past each end of its range, SortOrder outside its enum.
std::vector<InvalidCase> invoice_transactions_invalid_cases();

}  // namespace dockside::generators
