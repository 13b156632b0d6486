#pragma once
/// The billing area split over files: transaction queries (billing.cpp) and the invoice and fee
/// lists with the seed (billing_lists.cpp).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/errors.h"
#include "refserver/store/billing_store.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

struct RequestContext;

/// The billing state with its seeded dates fixed against the server clock.
BillingState& billing_state(RequestContext& ctx);

Reply query_transactions(RequestContext& ctx);
Reply list_invoice_transactions(RequestContext& ctx);
Reply list_invoices(RequestContext& ctx);
Reply list_transaction_fees(RequestContext& ctx);

std::vector<std::string> load_billing_seed(const nlohmann::json& seed, Store& store);

}  // namespace dockside::refserver
