// The members of a refusal's body, as `dockside learn` notes them and a learned profile checks them.

#include <gtest/gtest.h>

#include "harness/conform/error_body.h"

namespace dockside::conform {
namespace {

TEST(ErrorBody, MembersAreDottedPathsThroughObjectsOnly) {
    EXPECT_EQ(body_members(R"({"error":{"code":"x","field":null,"details":[{"a":1}]},"id":3})"),
              (std::vector<std::string>{"error", "error.code", "error.details", "error.field", "id"}));
    EXPECT_TRUE(body_members("[1,2]").empty());
    EXPECT_TRUE(body_members("not json").empty());
    EXPECT_TRUE(body_members("").empty());
    // A hostile nesting is walked to a bound, not to its end.
    std::string deep = "1";
    for (int i = 0; i < 5000; ++i) deep = "{\"a\":" + deep + "}";
    EXPECT_LE(body_members(deep).size(), 4u);
}

}  // namespace
}  // namespace dockside::conform
