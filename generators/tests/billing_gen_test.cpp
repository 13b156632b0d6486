// Billing: query bodies validate against TransactionQuery, invoice transaction queries against their
// parameters.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/billing_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
RC_GTEST_PROP(BillingGen, QueryBodiesValidate, ()) {
    auto body = *gen_transaction_query();
    RC_ASSERT(testing::body_violations("queryTransactions", body).empty());
    if (body.contains("from_date")) RC_ASSERT(body["from_date"] <= body["to_date"]);
}

RC_GTEST_PROP(BillingGen, InvoiceQueriesValidate, ()) {
    RC_ASSERT(testing::query_violations("listInvoiceTransactions", *gen_invoice_transactions_query()).empty());
}

}  // namespace
}  // namespace dockside::generators
