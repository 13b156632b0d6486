// Tests against the project's real contract files (specs/*.yaml), not fixtures.
#include "specs/loader/spec.h"
#include "specs/loader/servers.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <set>

#include <gtest/gtest.h>

namespace dockside::spec {
namespace {

const std::string kOpenApi = DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml";
const std::string kRules = DOCKSIDE_SPECS_DIR "/rules.yaml";

const Spec* real_spec() {
    static const std::optional<Spec> spec = []() -> std::optional<Spec> {
        auto loaded = Spec::load(kOpenApi, kRules);
        if (!loaded) {
            ADD_FAILURE() << "the real spec does not load: " << loaded.error().to_string();
            return std::nullopt;
        }
        return std::move(loaded).value();
    }();
    return spec ? &*spec : nullptr;
}

struct Expected {
    const char* id;
    const char* method;
    const char* path;
};

// The 45 operations of the 2025-07 contract, exactly as the project's fixed names list them.
const Expected kOperations[] = {
    {"listChannels", "GET", "/2025-07/channel"},
    {"createOrder", "POST", "/2025-07/order"},
    {"listOrders", "GET", "/2025-07/order"},
    {"getOrder", "GET", "/2025-07/order/{orderId}"},
    {"cancelOrder", "POST", "/2025-07/order/{orderId}:cancel"},
    {"estimateOrder", "POST", "/2025-07/order:estimate"},
    {"getOrderShipment", "GET", "/2025-07/order/{orderId}/shipment/{shipmentId}"},
    {"patchProduct", "PATCH", "/2025-07/product/{productId}"},
    {"createVariants", "POST", "/2025-07/product/{productId}/variants"},
    {"updateVariants", "PATCH", "/2025-07/product/{productId}/variants"},
    {"mergeVariants", "POST", "/2025-07/variant/{variantId}:merge"},
    {"addChannelMetadata", "POST", "/2025-07/variant/{variantId}/channel-metadata"},
    {"deleteChannelMetadata", "DELETE", "/2025-07/variant/{variantId}/channel-metadata/{channelMetadataId}"},
    {"createReturn", "POST", "/2025-07/return"},
    {"listReturns", "GET", "/2025-07/return"},
    {"listReceiving", "GET", "/2025-07/receiving"},
    {"getReceiving", "GET", "/2025-07/receiving/{id}"},
    {"listLocations", "GET", "/2025-07/location"},
    {"listInventory", "GET", "/2025-07/inventory"},
    {"queryTransactions", "POST", "/2025-07/transactions:query"},
    {"listInvoiceTransactions", "GET", "/2025-07/invoices/{invoiceId}/transactions"},
    {"createWebhook", "POST", "/2025-07/webhook"},
    {"deleteWebhook", "DELETE", "/2025-07/webhook/{id}"},
    {"listInvoices", "GET", "/2025-07/invoices"},
    {"listTransactionFees", "GET", "/2025-07/transaction-fees"},
    {"listProducts", "GET", "/2025-07/product"},
    {"listVariants", "GET", "/2025-07/product/{productId}/variants"},
    {"deleteProduct", "DELETE", "/2025-07/product/{productId}"},
    {"moveVariants", "POST", "/2025-07/product:moveVariants"},
    {"mergeIntoProduct", "POST", "/2025-07/product/{productId}:moveVariants"},
    {"convertToBundle", "POST", "/2025-07/variant/{variantId}:convertToBundle"},
    {"setReceivingExternalSync", "POST", "/2025-07/receiving:setExternalSync"},
    {"cancelReceiving", "POST", "/2025-07/receiving/{id}:cancel"},
    {"cancelReturn", "POST", "/2025-07/return/{id}:cancel"},
    {"cancelOrderShipment", "POST", "/2025-07/order/{orderId}/shipment/{shipmentId}:cancel"},
    {"cancelShipment", "POST", "/2025-07/shipment/{shipmentId}:cancel"},
    {"batchCancelShipments", "POST", "/2025-07/shipment:batchCancel"},
    {"batchUpdateTrackingUpload", "POST", "/2025-07/shipment:batchUpdateTrackingUpload"},
    {"getStoreOrderJson", "GET", "/2025-07/order/{orderId}/store-order-json"},
    {"postStoreOrderJson", "POST", "/2025-07/order/{orderId}/store-order-json"},
    {"listShippingMethods", "GET", "/2025-07/shipping-method"},
    {"listFulfillmentCenters", "GET", "/2025-07/fulfillment-center"},
    {"listWebhooks", "GET", "/2025-07/webhook"},
    {"authorize", "GET", "/connect/authorize"},
    {"token", "POST", "/connect/token"},
};

TEST(SpecOperations, AllFortyFiveOperationsPresent) {
    const Spec* spec = real_spec();
    ASSERT_NE(spec, nullptr);
    static_assert(std::size(kOperations) == 45);
    std::vector<std::string> missing;
    for (const auto& e : kOperations) {
        const Operation* op = spec->find(e.id);
        if (!op || op->method != e.method || op->path_template != e.path)
            missing.push_back(std::string(e.id) + " " + e.method + " " + e.path +
                              (op ? " (found as " + op->method + " " + op->path_template + ")" : ""));
    }
    for (const auto& m : missing) ADD_FAILURE() << "missing: " << m;
    EXPECT_EQ(spec->operations().size(), 45u) << "the OpenAPI file has operations beyond the 45";
}

TEST(SpecOperations, EveryOperationMatchesItsOwnConcretePath) {
    const Spec* spec = real_spec();
    ASSERT_NE(spec, nullptr);
    for (const auto& e : kOperations) {
        // Fill every {param} with a number, which is what a client sends.
        std::string concrete;
        for (const char* c = e.path; *c; ++c) {
            if (*c == '{') {
                while (*c && *c != '}') ++c;
                concrete += "12";
            } else {
                concrete += *c;
            }
        }
        auto m = spec->match(e.method, concrete);
        ASSERT_TRUE(m) << concrete;
        EXPECT_EQ(m->operation->id, e.id) << e.method << " " << concrete;
    }
}

TEST(SpecOperations, EveryOperationHasSectionAreaAndSuccessResponse) {
    const Spec* spec = real_spec();
    ASSERT_NE(spec, nullptr);
    for (const auto& op : spec->operations()) {
        EXPECT_FALSE(op.section.empty()) << op.id;
        EXPECT_FALSE(op.area.empty()) << op.id;
        bool success = false;
        for (const auto& [status, r] : op.responses) success |= !status.empty() && status[0] == '2';
        EXPECT_TRUE(success) << op.id << " declares no 2xx response";
    }
    EXPECT_EQ(spec->find("createOrder")->channel_header, ChannelHeader::Required);
    EXPECT_EQ(spec->find("createWebhook")->channel_header, ChannelHeader::NotUsed);
    EXPECT_NE(spec->find("createOrder")->response_for(201), nullptr);
    EXPECT_NE(spec->find("deleteWebhook")->response_for(204), nullptr);
    EXPECT_EQ(spec->find("deleteWebhook")->response_for(404), nullptr);  // WH-DELETE: no 404 defined
}

TEST(SpecOperations, RulesReferenceOnlyKnownOperationsAndFields) {
    const Spec* spec = real_spec();
    ASSERT_NE(spec, nullptr);
    EXPECT_FALSE(spec->rules().empty());
    for (const auto& problem : spec->check()) ADD_FAILURE() << problem.to_string();
}

// The OAuth endpoints live on the authorization server (--auth-url), every other operation at the base URL.
TEST(SpecOperations, OnlyTheOAuthEndpointsNameTheAuthorizationServer) {
    const Spec* spec = real_spec();
    ASSERT_NE(spec, nullptr);
    for (const auto& op : spec->operations()) {
        const bool oauth = op.id == "authorize" || op.id == "token";
        EXPECT_EQ(own_server(*spec, op), oauth ? kAuthServer : "") << op.id;
    }
}

/// This thread's CPU time: the work of loading, which neighbours on a shared machine do not add to (at load
/// average 10 on two cores the wall time of this load was 404 ms, ten times the work).
std::chrono::nanoseconds thread_cpu_time() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

TEST(SpecOperations, LoadsFast) {
    const auto start = thread_cpu_time();
    auto loaded = Spec::load(kOpenApi, kRules);
    const auto elapsed = thread_cpu_time() - start;
    ASSERT_TRUE(loaded.ok());
#ifdef NDEBUG
    constexpr long kBudgetMs = 200;  // the brief's budget, for optimised builds (~40 ms measured)
#else
    constexpr long kBudgetMs = 2000;  // unoptimised / sanitizer builds run yaml-cpp several times slower
#endif
    EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), kBudgetMs);
}

}  // namespace
}  // namespace dockside::spec

namespace dockside::spec {
namespace {

TEST(SpecServing, ScopeNamesAreTheSecuritySchemesScopes) {
    const auto scopes = real_spec()->scope_names();
    EXPECT_EQ(scopes.size(), 21u);
    EXPECT_TRUE(std::is_sorted(scopes.begin(), scopes.end()));
    for (const auto& op : real_spec()->operations())
        for (const auto& scope : op.scopes) EXPECT_TRUE(std::binary_search(scopes.begin(), scopes.end(), scope)) << op.id;
}

TEST(SpecServing, RemovedPathsNameTheirReplacements) {
    const auto removed = real_spec()->removed_paths();
    ASSERT_FALSE(removed.empty());
    std::size_t renamed = 0;
    for (const auto& r : removed) {
        EXPECT_FALSE(r.method.empty());
        if (r.replacement.empty()) continue;
        ++renamed;
        EXPECT_NE(real_spec()->find(r.replacement), nullptr) << r.path;
        EXPECT_FALSE(real_spec()->match(r.method, r.path).has_value()) << r.path << " is still served";
    }
    EXPECT_GT(renamed, 0u);
}

TEST(SpecServing, StateMachineCarriesTheStanceDateFields) {
    const auto machine = real_spec()->state_machine("return").value();
    EXPECT_EQ(machine.date_fields.at(machine.initial), "awaiting_arrival_date");
}

}  // namespace
}  // namespace dockside::spec
