// The typed views of the contract (limits, state machines, security, paging, areas, body locations),
// against the project's real contract files and against edited copies of them.
#include <algorithm>
#include <optional>

#include <gtest/gtest.h>

#include "specs/loader/spec.h"

namespace dockside::spec {
namespace {

const std::string kOpenApiFile = DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml";
const std::string kRulesFile = DOCKSIDE_SPECS_DIR "/rules.yaml";

/// The two real documents, parsed once, for tests that edit a copy.
struct Documents {
    json openapi;
    json rules;
};

const Documents& documents() {
    static const Documents docs = [] {
        auto openapi = load_document(kOpenApiFile);
        auto rules = load_document(kRulesFile);
        if (!openapi || !rules) ADD_FAILURE() << "the real spec does not parse";
        return Documents{openapi ? *openapi : json(), rules ? *rules : json()};
    }();
    return docs;
}

const Spec& real() {
    static const Spec spec = [] {
        auto loaded = Spec::from_documents(documents().openapi, documents().rules, "real");
        if (!loaded) ADD_FAILURE() << loaded.error().to_string();
        return std::move(loaded).value();
    }();
    return spec;
}

/// The rules entry with this id in a rules document.
json& rule_entry(json& rules, const std::string& id) {
    for (auto& entry : rules["rules"])
        if (entry["id"] == id) return entry;
    throw std::runtime_error("no rule " + id);
}

std::optional<SpecProblem> problem_about(const std::vector<SpecProblem>& problems, const std::string& reference) {
    for (const auto& p : problems)
        if (p.reference == reference) return p;
    return std::nullopt;
}

TEST(SpecLimits, FieldLimitsComeFromTheOpenApiFile) {
    auto gift = real().limits().field("OrderCreateRequest.gift_message");
    ASSERT_TRUE(gift.ok()) << gift.error().to_string();
    EXPECT_EQ(*gift->max_length(), 500);
    EXPECT_FALSE(gift->min_length().ok());
    EXPECT_TRUE(gift->nullable);
    EXPECT_TRUE(gift->is("string"));
    EXPECT_NE(std::find(gift->rules.begin(), gift->rules.end(), "ORD-GIFT-500"), gift->rules.end());

    auto ref = real().limits().field("OrderCreateRequest.reference_id");
    ASSERT_TRUE(ref.ok());
    EXPECT_EQ(*ref->min_length(), 1);
    EXPECT_EQ(*ref->max_length(), 300);
    EXPECT_EQ(*real().limits().field("OrderCreateRequest.order_number")->max_length(), 400);
    EXPECT_EQ(*real().limits().field("OrderCreateRequest.products")->min_items(), 1);
    EXPECT_EQ(*real().limits().field("TransactionQuery.page_size")->maximum(), 1000);
}

TEST(SpecLimits, ParametersByOperationAndName) {
    auto limit = real().limits().param("listOrders", "Limit");
    ASSERT_TRUE(limit.ok()) << limit.error().to_string();
    EXPECT_EQ(*limit->minimum(), 1);
    EXPECT_EQ(*limit->maximum(), 250);
    EXPECT_EQ(limit->in, "query");
    EXPECT_EQ(limit->reference, "listOrders.Limit");
    // The same parameter through a dotted reference.
    EXPECT_EQ(*real().limits().field("listInvoiceTransactions.PageSize")->maximum(), 1000);
    auto sort = real().limits().param("listInvoiceTransactions", "SortOrder");
    ASSERT_TRUE(sort.ok());
    EXPECT_EQ(sort->enum_values()->size(), 2u);
}

TEST(SpecLimits, EnumOfAnArrayFieldIsTheItemsEnum) {
    auto reviews = real().limits().field("VariantBatchUpdateRequest.reviews_pending");
    ASSERT_TRUE(reviews.ok());
    ASSERT_TRUE(reviews->element.has_value());
    EXPECT_EQ(reviews->enum_values()->size(), 5u);
    // An open enum the rules data states (WH-TOPICS: the complete list is not shown).
    auto topics = real().limits().field("WebhookCreateRequest.topics");
    ASSERT_TRUE(topics.ok());
    ASSERT_TRUE(topics->element.has_value());
    EXPECT_FALSE(topics->element->values_closed);
    EXPECT_EQ(topics->enum_values()->size(), 5u);
}

TEST(SpecLimits, TyposAreErrorsWithSuggestions) {
    auto schema = real().limits().field("OrderCreate.gift_message");
    ASSERT_FALSE(schema.ok());
    EXPECT_EQ(schema.error().kind, "field");
    EXPECT_NE(schema.error().to_string().find("OrderCreateRequest.gift_message"), std::string::npos)
        << schema.error().to_string();
    auto field = real().limits().field("OrderCreateRequest.gift_mesage");
    ASSERT_FALSE(field.ok());
    EXPECT_NE(field.error().to_string().find("OrderCreateRequest.gift_message"), std::string::npos);
    auto param = real().limits().param("listOrders", "limit");
    ASSERT_FALSE(param.ok());
    EXPECT_NE(param.error().to_string().find("listOrders.Limit"), std::string::npos) << param.error().to_string();
    auto op = real().limits().param("listOrder", "Limit");
    ASSERT_FALSE(op.ok());
    EXPECT_NE(op.error().to_string().find("listOrders"), std::string::npos);
    // A limit the field does not have is an error too, not a default.
    auto none = real().limits().field("OrderCreateRequest.shipping_method")->max_length();
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().to_string().find("maxLength"), std::string::npos);
}

TEST(SpecLimits, RealContractFilesAgree) {
    for (const auto& p : real().check()) ADD_FAILURE() << p.to_string();
}

TEST(SpecRules, TheRuleOfAServerErrorIsReadFromTheRulesData) {
    EXPECT_EQ(real().server_error_rule(), "ERR-NO5XX");
    Documents docs = documents();
    rule_entry(docs.rules, "ERR-NO5XX")["id"] = "ERR-NO-SERVER-ERROR";
    auto renamed = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(renamed.ok());
    EXPECT_EQ(renamed->server_error_rule(), "ERR-NO-SERVER-ERROR");
    rule_entry(docs.rules, "ERR-NO-SERVER-ERROR")["check"]["never"] = json::array({"2xx"});
    auto without = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(without.ok());
    EXPECT_EQ(without->server_error_rule(), "");
}

TEST(SpecLimits, ChangedInTheOpenApiFileTheLimitFollows) {
    Documents docs = documents();
    docs.openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]["maxLength"] = 450;
    auto spec = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(spec.ok());
    EXPECT_TRUE(spec->check().empty());
    EXPECT_EQ(*spec->limits().field("OrderCreateRequest.gift_message")->max_length(), 450);
}

// One owner per constraint: a limit the OpenAPI file states, stated again by the rules data, is refused;
// so is a check whose type declares the OpenAPI keyword its field's schema states, and an unknown type.
TEST(SpecOwners, AConstraintOwnedTwiceIsAProblem) {
    Documents docs = documents();
    rule_entry(docs.rules, "ORD-GIFT-500")["check"] = {{"type", "max_length"}, {"field", "OrderCreateRequest.gift_message"}, {"max", 500}};
    auto limit = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(limit.ok());
    auto twice = problem_about(limit->check(), "max_length");
    ASSERT_TRUE(twice) << "a length restated in the rules data is not refused";
    EXPECT_EQ(twice->rule_id, "ORD-GIFT-500");
    EXPECT_NE(twice->message.find("maxLength"), std::string::npos) << twice->message;

    docs = documents();
    rule_entry(docs.rules, "RET-DUP-ID")["check"] = {{"type", "unique_in_array"}, {"field", "ReturnCreateRequest.inventory"}, {"key", "id"}};
    auto unique = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(unique.ok());
    auto items = problem_about(unique->check(), "unique_in_array");
    ASSERT_TRUE(items) << "unique items stated in both files are not refused";
    EXPECT_NE(items->message.find("x-unique-by"), std::string::npos) << items->message;

    docs = documents();
    rule_entry(docs.rules, "ORD-GIFT-500")["check"] = {{"type", "max_lenght"}, {"field", "OrderCreateRequest.gift_message"}};
    auto unknown = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(unknown.ok());
    EXPECT_TRUE(problem_about(unknown->check(), "max_lenght"));
}

// OpenAPI's minLength and maxLength count code points: the document's "characters" must count the same.
TEST(SpecLimits, ALengthWordCountingOtherThanOpenApiIsAProblem) {
    Documents docs = documents();
    docs.rules["units"]["characters"]["counts"] = "bytes";
    auto spec = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(spec.ok());
    auto problem = problem_about(spec->check(), "characters");
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->message.find("code points"), std::string::npos) << problem->message;
    docs.rules["units"]["characters"]["counts"] = "letters";
    auto unknown = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(unknown.ok());
    EXPECT_TRUE(problem_about(unknown->check(), "characters"));
}

TEST(SpecStateMachines, ReturnMachineFromTheRulesData) {
    auto machine = real().state_machine("return");
    ASSERT_TRUE(machine.ok()) << machine.error().to_string();
    EXPECT_EQ(machine->states.size(), 5u);
    EXPECT_EQ(machine->initial, "AwaitingArrival");
    EXPECT_TRUE(machine->transitions_shown);
    auto cancel = machine->on("AwaitingArrival", "cancelReturn");
    ASSERT_TRUE(cancel.ok());
    EXPECT_EQ(cancel->to, "Cancelled");
    EXPECT_EQ(cancel->outcome, "accepted");
    EXPECT_EQ(machine->on("Processing", "cancelReturn")->outcome, "rejected");
    EXPECT_EQ(machine->transition("cancel_awaiting_arrival")->rule, "RET-CANCEL");
    // Stance transitions are kept apart from documented ones.
    EXPECT_TRUE(machine->from("AwaitingArrival").size() < machine->from("AwaitingArrival", true).size());
    EXPECT_FALSE(machine->transition("cancel_awaiting_arival").ok());
    EXPECT_NE(machine->transition("cancel_awaiting_arival").error().to_string().find("cancel_awaiting_arrival"),
              std::string::npos);
}

TEST(SpecStateMachines, UnshownTransitionsComeFromTheStance) {
    auto shipment = real().state_machine("shipment");
    ASSERT_TRUE(shipment.ok());
    EXPECT_FALSE(shipment->transitions_shown);
    EXPECT_EQ(shipment->initial, "Processing");
    // One stance entry with five from-states and four triggers becomes twenty transitions.
    const auto cancels = std::count_if(shipment->transitions.begin(), shipment->transitions.end(), [](const Transition& t) {
        return t.to == "Cancelled" && t.from != t.to && t.outcome == "accepted";
    });
    EXPECT_EQ(cancels, 20);
    // A stance's rejected entries become rejected transitions, each driven by the operation its trigger names.
    const auto refused = shipment->from("LabeledCreated", true);
    const auto cancel = std::find_if(refused.begin(), refused.end(), [](const Transition& t) { return t.operation == "cancelShipment"; });
    ASSERT_NE(cancel, refused.end());
    EXPECT_EQ(cancel->outcome, "rejected");
    EXPECT_FALSE(cancel->documented);
    auto typo = real().state_machine("retrun");
    ASSERT_FALSE(typo.ok());
    EXPECT_NE(typo.error().to_string().find("return"), std::string::npos);
}

TEST(SpecStateMachines, UnknownStateInATransitionIsAProblem) {
    Documents docs = documents();
    docs.rules["state_machines"]["return"]["transitions"][1]["to"] = "Canceled";
    auto spec = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(spec.ok());
    EXPECT_TRUE(problem_about(spec->check(), "Canceled"));
}

TEST(SpecSecurity, ScopesChannelHeaderAndBearer) {
    auto create = real().security("createOrder");
    ASSERT_TRUE(create.ok());
    EXPECT_TRUE(create->bearer);
    EXPECT_EQ(create->channel_header, ChannelHeader::Required);
    EXPECT_EQ(create->channel_header_name, "service_channel_id");
    EXPECT_NE(std::find(create->scopes.begin(), create->scopes.end(), "orders_write"), create->scopes.end());
    EXPECT_EQ(real().security("createWebhook")->channel_header, ChannelHeader::NotUsed);
    EXPECT_EQ(real().security("listOrders")->channel_header, ChannelHeader::Optional);
    EXPECT_FALSE(real().security("authorize")->bearer);
    EXPECT_FALSE(real().security("creatOrder").ok());
}

// A preflight goes first to the list the channel header's values come from; it is read from the data.
TEST(SpecSecurity, TheChannelListIsWhereTheChannelHeaderTakesItsValuesFrom) {
    auto list = real().channel_list();
    ASSERT_TRUE(list.ok()) << list.error().to_string();
    EXPECT_EQ((*list)->id, "listChannels");
    EXPECT_EQ((*list)->path_template, "/2025-07/channel");
    EXPECT_EQ(real().channel_header(), "service_channel_id");  // what a run sends unless told another
    Documents docs = documents();
    docs.openapi["components"]["parameters"]["ChannelHeaderRequired"]["schema"].erase("x-values-from");
    auto spec = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(spec->channel_list().ok());
}

TEST(SpecSecurity, ChannelHeaderDisagreementIsAProblem) {
    Documents docs = documents();
    docs.openapi["paths"]["/2025-07/return"]["post"]["x-channel-header"] = "optional";
    auto spec = Spec::from_documents(docs.openapi, docs.rules, "edited");
    ASSERT_TRUE(spec.ok());
    auto problem = problem_about(spec->check(), "createReturn");
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->message.find("required_on"), std::string::npos) << problem->message;
}

TEST(SpecPaging, StylesAndParametersFromThePagingChecks) {
    auto orders = real().paging("listOrders");
    ASSERT_TRUE(orders.ok());
    EXPECT_EQ(orders->style, PagingStyle::Page);
    EXPECT_EQ(orders->page_param, "Page");
    EXPECT_EQ(orders->size_param, "Limit");
    EXPECT_TRUE(orders->pages_disjoint);
    auto returns = real().paging("listReturns");
    ASSERT_TRUE(returns.ok());
    EXPECT_EQ(returns->style, PagingStyle::Cursor);
    EXPECT_EQ(returns->cursor_param, "Cursor");
    EXPECT_EQ(returns->page_param, "");
    EXPECT_EQ(real().paging("listChannels")->size_default, 50);
    auto unpaged = real().paging("createOrder");
    ASSERT_FALSE(unpaged.ok());
    EXPECT_EQ(unpaged.error().kind, "paging");
    const auto paged = real().paged_operations();
    EXPECT_NE(std::find(paged.begin(), paged.end(), "listReceiving"), paged.end());
}

TEST(SpecAreas, AreasFromXArea) {
    const auto areas = real().areas();
    for (const char* area : {"orders", "returns", "billing", "webhooks", "auth", "channels"})
        EXPECT_NE(std::find(areas.begin(), areas.end(), area), areas.end()) << area;
    auto returns = real().operations_in_area("returns");
    ASSERT_TRUE(returns.ok());
    EXPECT_FALSE(returns->empty());
    for (const Operation* op : *returns) EXPECT_EQ(op->area, "returns");
    EXPECT_FALSE(real().operations_in_area("retruns").ok());
}

TEST(SpecBodyLocations, FieldsFoundInsideRequestBodies) {
    auto gift = real().body_locations("OrderCreateRequest.gift_message");
    ASSERT_EQ(gift.size(), 1u);
    EXPECT_EQ(gift[0].operation->id, "createOrder");
    EXPECT_EQ(gift[0].path, (std::vector<std::string>{"gift_message"}));
    auto inventory_id = real().body_locations("ReturnInventoryCreate.id");
    ASSERT_EQ(inventory_id.size(), 1u);
    EXPECT_EQ(inventory_id[0].operation->id, "createReturn");
    EXPECT_EQ(inventory_id[0].path, (std::vector<std::string>{"inventory", "[]", "id"}));
    auto whole = real().body_locations("TransactionQuery");
    ASSERT_FALSE(whole.empty());
    EXPECT_TRUE(whole[0].path.empty());
    EXPECT_TRUE(real().body_locations("Order.gift_message").empty());  // a response shape only
}

TEST(SpecChecks, AllOfListsAreFlattened) {
    const auto& checks = real().checks();
    auto count = [&](const std::string& rule, const std::string& type) {
        return std::count_if(checks.begin(), checks.end(),
                             [&](const CheckEntry& c) { return c.rule_id == rule && c.type == type; });
    };
    EXPECT_EQ(count("WRO-LIST", "openapi_schema"), 1);
    EXPECT_EQ(count("WRO-LIST", "paging"), 1);
    EXPECT_EQ(count("WRO-LIST", "filter"), 1);
    for (const auto& c : checks) EXPECT_NE(c.type, "all_of") << c.rule_id;
}

}  // namespace
}  // namespace dockside::spec
