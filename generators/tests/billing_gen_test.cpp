// Billing: query bodies validate against TransactionQuery; page_size and PageSize cases sit at and
// one past 1..1000.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/billing_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
using testing::case_named;

RC_GTEST_PROP(BillingGen, QueryBodiesValidate, ()) {
    auto body = *gen_transaction_query();
    RC_ASSERT(testing::body_violations("queryTransactions", body).empty());
    if (body.contains("from_date")) RC_ASSERT(body["from_date"] <= body["to_date"]);
}

TEST(BillingGen, BoundaryAndInvalidCasesHold) {
    testing::expect_body_cases("queryTransactions", transaction_query_boundary_cases(), true);
    testing::expect_body_cases("queryTransactions", transaction_query_invalid_cases(), false);
    EXPECT_EQ(case_named(transaction_query_boundary_cases(), "page_size 1 (minimum)").value["page_size"], 1);
    EXPECT_EQ(case_named(transaction_query_boundary_cases(), "page_size 1000 (maximum)").value["page_size"], 1000);
    EXPECT_EQ(case_named(transaction_query_invalid_cases(), "page_size 0 (below the minimum)").value["page_size"], 0);
    EXPECT_EQ(case_named(transaction_query_invalid_cases(), "page_size 1001 (above the maximum)").value["page_size"], 1001);
}

RC_GTEST_PROP(BillingGen, InvoiceQueriesValidate, ()) {
    RC_ASSERT(testing::query_violations("listInvoiceTransactions", *gen_invoice_transactions_query()).empty());
}

TEST(BillingGen, InvoiceQueryCasesHold) {
    testing::expect_query_cases("listInvoiceTransactions", invoice_transactions_boundaries(), true);
    testing::expect_query_cases("listInvoiceTransactions", invoice_transactions_invalid_cases(), false);
}

}  // namespace
}  // namespace dockside::generators
