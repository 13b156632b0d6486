// The rules that findings without a field of their own name, found from what the checks of the real rules
// data say.
#include "harness/checks/rule_roles.h"

#include <gtest/gtest.h>

#include "harness/checks/tests/real_spec.h"

namespace dockside::checks {
namespace {

TEST(RuleRoles, TheStatusClassChecksNameTheGeneralRules) {
    EXPECT_EQ(server_error_rule(real()), "ERR-NO5XX");
    EXPECT_EQ(invalid_request_rule(real()), "ERR-4XX");
}

TEST(RuleRoles, TheRuleAboutOneOperationBeatsTheTableOfAll) {
    EXPECT_EQ(status_rule(real(), "createOrder"), "ORD-CREATED");
    EXPECT_EQ(status_rule(real(), "createReturn"), "RET-CREATED");
    EXPECT_EQ(status_rule(real(), "deleteWebhook"), "WH-DELETE");
    EXPECT_EQ(status_rule(real(), "getOrder"), "ORD-GET");
    EXPECT_EQ(status_rule(real(), "listLocations"), "ERR-CODES") << "only the table of all names it";
    EXPECT_EQ(status_rule(real(), "noSuchOperation"), "");
}

}  // namespace
}  // namespace dockside::checks
