// The route table is the spec's: every operation is served at its method and path with the spec's scopes
// and channel rule; an operation without a handler or a handler without an operation stops the start; a
// scope moved in a copy of the spec moves the server's answer.
#include <gtest/gtest.h>

#include "refserver/core/area.h"
#include "refserver/core/operation_routes.h"
#include "refserver/tests/oauth_flow.h"
#include "refserver/tests/test_support.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver::testing {
namespace {

struct RouteDocuments {
    nlohmann::json openapi = *spec::load_document(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml");
    nlohmann::json rules = *spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");

    spec::Spec load() { return std::move(spec::Spec::from_documents(openapi, rules, "test copy")).value(); }
};

const spec::Spec& contract() { return *spec::default_spec().value(); }

/// The handlers every area binds with no fault on.
HandlerTable all_handlers(const FaultSet& faults = {}) {
    HandlerTable table;
    for (const auto& area : all_areas()) area.bind_handlers(table, faults);
    return table;
}

/// `path_template` with every {parameter} replaced by 1.
std::string concrete(const std::string& path_template) {
    std::string out;
    bool in_param = false;
    for (char c : path_template) {
        if (c == '{') out += '1';
        if (c == '{' || c == '}') in_param = c == '{';
        else if (!in_param) out += c;
    }
    return out;
}

TEST(OperationRoutes, EveryOperationOfTheSpecIsServedWithItsSecurity) {
    auto routes = build_routes(contract(), nullptr, all_handlers());
    ASSERT_TRUE(routes.ok()) << (routes.ok() ? "" : routes.error().front());
    for (const auto& op : contract().operations()) {
        auto match = routes->match(op.method, concrete(op.path_template));
        ASSERT_TRUE(match.ok()) << op.id << " " << op.method << " " << concrete(op.path_template);
        const OperationAccess& access = match->route->access;
        EXPECT_EQ(access.operation_id, op.id);
        const auto security = contract().security(op.id).value();
        EXPECT_EQ(access.scopes, security.scopes) << op.id;
        EXPECT_EQ(access.bearer, security.bearer) << op.id;
        const ChannelRule want = security.channel_header == spec::ChannelHeader::Required   ? ChannelRule::Required
                                 : security.channel_header == spec::ChannelHeader::Optional ? ChannelRule::Optional
                                                                                            : ChannelRule::NotUsed;
        EXPECT_EQ(access.channel, want) << op.id;
    }
}

TEST(OperationRoutes, PathParameterTypesComeFromTheSpec) {
    auto routes = build_routes(contract(), nullptr, all_handlers()).value();
    // orderId is an int32 in the spec, productId an int64, invoiceId a string.
    EXPECT_EQ(routes.match("GET", "/2025-07/order/2147483648").error().field, "orderId");
    EXPECT_EQ(routes.match("GET", "/2025-07/product/2147483648/variants")->route->access.operation_id, "listVariants");
    EXPECT_EQ(routes.match("GET", "/2025-07/invoices/INV-1/transactions")->route->access.operation_id, "listInvoiceTransactions");
}

TEST(OperationRoutes, TheSimulationControlIsServedAtThePathsOfItsOwnFile) {
    const spec::Spec& control = *spec::simulation_spec().value();
    auto routes = build_routes(contract(), &control, all_handlers()).value();
    EXPECT_EQ(routes.match("POST", "/_sim/shipment/12:ship")->route->access.operation_id, "simShipShipment");
    EXPECT_EQ(routes.match("GET", "/_sim/status")->route->access.operation_id, "simStatus");
    EXPECT_FALSE(routes.match("POST", "/_sim/shipment/12:ship")->route->access.bearer);  // the handler guards itself
    // A control operation the server has no handler for stops the start, as a contract operation does.
    nlohmann::json copy = control.document();
    copy["paths"]["/_sim/order/{id}:lose"]["post"] = copy["paths"]["/_sim/wro/{id}:advance"]["post"];
    copy["paths"]["/_sim/order/{id}:lose"]["post"]["operationId"] = "simLoseOrder";
    const auto grown = spec::Spec::from_documents(copy, nlohmann::json(), "control copy").value();
    const auto problems = build_routes(contract(), &grown, all_handlers()).error();
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems.front().find("simLoseOrder (POST /_sim/order/{id}:lose) has no handler"), std::string::npos);
}

TEST(OperationRoutes, AnOperationWithoutAHandlerStopsTheStart) {
    RouteDocuments d;
    nlohmann::json op = d.openapi["paths"]["/2025-07/location"]["get"];
    op["operationId"] = "listLocationsAgain";
    d.openapi["paths"]["/2025-07/location-again"]["get"] = op;
    const std::string problems = start_problems(d.load());
    EXPECT_NE(problems.find("operation listLocationsAgain (GET /2025-07/location-again) of the spec has no handler"),
              std::string::npos)
        << problems;
}

TEST(OperationRoutes, AHandlerForAnOperationTheSpecLacksStopsTheStart) {
    RouteDocuments d;
    d.openapi["paths"].erase("/2025-07/location");
    const std::string problems = start_problems(d.load());
    EXPECT_NE(problems.find("a handler is bound to operation listLocations, which the spec does not have"), std::string::npos)
        << problems;
}

TEST(OperationRoutes, TheRealSpecStartsWithoutProblems) { EXPECT_EQ(start_problems(contract()), ""); }

/// An access token granted exactly `scope` (plus openid), on a server of `copy`.
std::string token_with(Harness& h, const std::string& scope) {
    OAuthFlow flow{h};
    return body_of(flow.exchange(flow.code(scope)))["access_token"].get<std::string>();
}

TEST(OperationRoutes, MovingAScopeInTheSpecMovesTheAnswer) {
    RouteDocuments d;
    for (auto& requirement : d.openapi["paths"]["/2025-07/location"]["get"]["security"])
        for (auto& [scheme, scopes] : requirement.items())
            if (scopes == nlohmann::json::array({"locations_read"})) scopes = nlohmann::json::array({"inventory_read"});
    const spec::Spec moved = d.load();
    ASSERT_EQ(moved.security("listLocations")->scopes, std::vector<std::string>{"inventory_read"});

    Harness as_documented;
    EXPECT_EQ(as_documented.send("GET", "/2025-07/location", "", token_with(as_documented, "locations_read")).status, 200);
    EXPECT_EQ(as_documented.send("GET", "/2025-07/location", "", token_with(as_documented, "inventory_read")).status, 403);

    Harness on_the_copy({}, std::nullopt, &moved);
    auto refused = on_the_copy.send("GET", "/2025-07/location", "", token_with(on_the_copy, "locations_read"));
    EXPECT_EQ(refused.status, 403);
    EXPECT_NE(body_of(refused)["error"]["message"].get<std::string>().find("inventory_read"), std::string::npos) << refused.body;
    EXPECT_EQ(on_the_copy.send("GET", "/2025-07/location", "", token_with(on_the_copy, "inventory_read")).status, 200);
}

TEST(OperationRoutes, MovingAChannelRuleInTheSpecMovesTheAnswer) {
    RouteDocuments d;
    d.openapi["paths"]["/2025-07/location"]["get"]["x-channel-header"] = "not-used";
    const spec::Spec moved = d.load();
    Harness as_documented;
    Harness on_the_copy({}, std::nullopt, &moved);
    // A foreign channel is refused where the header is read, and ignored where it is not used.
    EXPECT_EQ(as_documented.send("GET", "/2025-07/location", "", std::nullopt, std::string("900")).status, 403);
    EXPECT_EQ(on_the_copy.send("GET", "/2025-07/location", "", std::nullopt, std::string("900")).status, 200);
}

TEST(OperationRoutes, FaultsMoveOrDropRoutesOfTheSpec) {
    Harness unversioned({"CONV-PATH.list-orders-unversioned"});
    EXPECT_EQ(unversioned.get("/order").status, 200);
    EXPECT_EQ(unversioned.get("/2025-07/order").status, 405) << "the versioned path keeps createOrder's POST";
    Harness renamed({"VER-RENAMED.serves-2.0-paths"});
    EXPECT_EQ(renamed.get("/2025-07/shippingmethod").status, 200);
    EXPECT_EQ(renamed.send("POST", "/2025-07/return/8001/cancel").status, 200);
    Harness plain;
    EXPECT_EQ(plain.get("/2025-07/shippingmethod").status, 404);
}

}  // namespace
}  // namespace dockside::refserver::testing
