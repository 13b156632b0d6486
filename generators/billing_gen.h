#pragma once
/// Billing: the transactions:query body (TransactionQuery) and the invoice transactions query.

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

/// A valid query body: a date range in order, page_size in its documented range, filters from the
/// documented enums (all read from the run's spec).
rc::Gen<nlohmann::json> gen_transaction_query();
/// {PageSize?, SortOrder?} for GET /invoices/{invoiceId}/transactions.
rc::Gen<nlohmann::json> gen_invoice_transactions_query();

}  // namespace dockside::generators
