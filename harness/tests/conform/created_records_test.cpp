// What a run can undo is read from the rules data's cleanup section: every entry names an operation of the
// OpenAPI file and the path parameter its id goes in, and an undo that answered 2xx counts as done unless
// its answer says it failed.
#include "harness/conform/created_records.h"

#include <gtest/gtest.h>

#include "specs/loader/spec.h"
#include "specs/loader/yaml_json.h"

namespace dockside::conform {
namespace {

const std::string kSpecs = DOCKSIDE_SPECS_DIR;

spec::Spec real_spec() {
    auto spec = spec::Spec::load(kSpecs + "/fulfillment-2025-07.openapi.yaml", kSpecs + "/rules.yaml");
    EXPECT_TRUE(spec.ok());
    return std::move(spec).value();
}

const UndoRule* rule_for(const CleanupRules& rules, const std::string& create) {
    for (const auto& rule : rules.undo)
        if (rule.create == create) return &rule;
    return nullptr;
}

TEST(CleanupRules, TheRulesDataNamesHowEachCreatedRecordIsUndone) {
    const CleanupRules rules = cleanup_rules(real_spec());
    EXPECT_TRUE(rules.problems.empty()) << rules.problems.front();
    const UndoRule* order = rule_for(rules, "createOrder");
    ASSERT_TRUE(order);
    EXPECT_EQ(order->undo, "cancelOrder");
    EXPECT_EQ(order->param, "orderId");
    EXPECT_FALSE(order->remains.empty());
    ASSERT_TRUE(rule_for(rules, "createWebhook"));
    EXPECT_TRUE(rule_for(rules, "createWebhook")->remains.empty());
    EXPECT_FALSE(rules.nothing_undoes.empty());
}

TEST(CleanupRules, AnEntryTheOpenApiFileCannotServeIsNamedAndLeftOut) {
    auto openapi = spec::load_document(kSpecs + "/fulfillment-2025-07.openapi.yaml");
    auto data = spec::load_document(kSpecs + "/rules.yaml");
    ASSERT_TRUE(openapi.ok() && data.ok());
    auto& undo = (*data)["cleanup"]["undo"];
    undo.push_back({{"create", "createReturn"}, {"undo", "destroyReturn"}, {"param", "id"}, {"kind", "return"}});
    undo.push_back({{"create", "createOrder"}, {"undo", "cancelOrder"}, {"param", "id"}, {"kind", "order"}});
    auto spec = spec::Spec::from_documents(*openapi, *data, "edited");
    ASSERT_TRUE(spec.ok());
    const CleanupRules rules = cleanup_rules(*spec);
    ASSERT_EQ(rules.problems.size(), 2u);
    EXPECT_NE(rules.problems[0].find("destroyReturn"), std::string::npos) << rules.problems[0];
    EXPECT_NE(rules.problems[1].find("{id}"), std::string::npos) << rules.problems[1];
    EXPECT_EQ(rules.undo.size(), cleanup_rules(real_spec()).undo.size());
}

TEST(CleanupRules, AnUndoAnswered2xxFailsOnlyWhereItsAnswerSaysSo) {
    const CleanupRules rules = cleanup_rules(real_spec());
    const UndoRule& order = *rule_for(rules, "createOrder");
    const UndoRule& ret = *rule_for(rules, "createReturn");
    EXPECT_TRUE(undo_succeeded(order, 200, {{"status", "Success"}}));
    EXPECT_FALSE(undo_succeeded(order, 200, {{"status", "Failure"}}));
    EXPECT_FALSE(undo_succeeded(order, 404, nlohmann::json::object()));
    EXPECT_TRUE(undo_succeeded(ret, 200, {{"status", "Failure"}}));  // no failed_when for returns
}

}  // namespace
}  // namespace dockside::conform
