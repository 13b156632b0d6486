// Authorization server queries satisfy the parameter schemas (scope lists of the 21 names).
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/auth_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;

const AuthInputs kAuthInputs{"dockside-client", "s3cret", "https://app.example.com/callback"};

RC_GTEST_PROP(AuthGen, AuthorizeQueriesValidate, ()) {
    auto query = *gen_authorize_query(kAuthInputs);
    RC_ASSERT(testing::query_violations("authorize", query).empty());
    RC_ASSERT(query["client_id"] == kAuthInputs.client_id);
    RC_ASSERT(query["redirect_uri"] == kAuthInputs.redirect_uri);
}

TEST(AuthGen, TokenQueriesValidate) {
    auto code = testing::sample(gen_token_query(kAuthInputs, "abc"), 1);
    EXPECT_EQ(code["grant_type"], "authorization_code");
    EXPECT_TRUE(testing::query_violations("token", code).empty()) << testing::describe(testing::query_violations("token", code));
    auto refresh = testing::sample(gen_token_query(kAuthInputs, "", "r1"), 1);
    EXPECT_EQ(refresh["grant_type"], "refresh_token");
    EXPECT_TRUE(testing::query_violations("token", refresh).empty());
}

TEST(AuthGen, ScopeNamesAreTheDocumentedOnes) {
    const json* scope = testing::real_spec().resolve("#/components/schemas/Scope");
    ASSERT_NE(scope, nullptr);
    std::set<std::string> documented;
    for (const auto& s : (*scope)["enum"]) documented.insert(s.get<std::string>());
    const auto names = scope_names();
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), documented);
    EXPECT_EQ(names.size(), 21u);
}

}  // namespace
}  // namespace dockside::generators
