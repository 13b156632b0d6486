// A conformance session: what it exposes of the target and the profile, and what it reads from the data.
#include <gtest/gtest.h>

#include "harness/conform/profile.h"
#include "harness/conform/session.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"

namespace dockside::conform {
namespace {

const std::string kSpecsDir = DOCKSIDE_SPECS_DIR;

TEST(Profile, StrictExtendsDefaultStances) {
    auto strict = load_profile(kSpecsDir + "/profiles", "strict");
    ASSERT_TRUE(strict.ok()) << strict.error();
    EXPECT_EQ((*strict)["profile"], "strict");
    EXPECT_EQ((*strict)["stances"]["NS-VALIDATION-STATUS"]["code"], 400);
    EXPECT_FALSE(load_profile(kSpecsDir + "/profiles", "nonexistent").ok());
}

TEST(Session, ExposesInfoStanceAndRejectsBadUrl) {
    auto spec = spec::Spec::load(kSpecsDir + "/fulfillment-2025-07.openapi.yaml", "");
    ASSERT_TRUE(spec.ok());
    validate::ResponseValidator validator(*spec);
    SessionInfo info;
    info.base_url = "http://127.0.0.1:9/base";
    info.profile = "strict";
    info.profile_json = {{"stances", {{"NS-X", {{"code", 409}}}}}};
    auto session = Session::create(*spec, validator, info, {});
    ASSERT_TRUE(session.ok()) << session.error();
    EXPECT_TRUE((*session)->strict());
    EXPECT_EQ((*session)->stance("NS-X")["code"], 409);
    EXPECT_TRUE((*session)->stance("NS-Y").is_null());
    EXPECT_EQ((*session)->base_url().base_path, "/base");
    info.base_url = "ftp://x";
    EXPECT_FALSE(Session::create(*spec, validator, info, {}).ok());
    EXPECT_EQ(current_session_or_null(), nullptr);
    set_current_session(session->get());
    EXPECT_EQ(&current_session(), session->get());
    set_current_session(nullptr);
}

TEST(Session, ReadsTheRejectCodesAndTheServerErrorRuleFromTheData) {
    auto spec = spec::Spec::load(kSpecsDir + "/fulfillment-2025-07.openapi.yaml", kSpecsDir + "/rules.yaml");
    ASSERT_TRUE(spec.ok());
    validate::ResponseValidator validator(*spec);
    SessionInfo info;
    info.base_url = "http://127.0.0.1:9";
    for (const char* name : {"default", "strict"}) {
        auto profile = load_profile(kSpecsDir + "/profiles", name);
        ASSERT_TRUE(profile.ok()) << profile.error();
        info.profile = name;
        info.profile_json = *profile;
        auto session = Session::create(*spec, validator, info, {});
        ASSERT_TRUE(session.ok()) << session.error();
        EXPECT_EQ((*session)->server_error_rule(), "ERR-NO5XX");
        if (info.profile == "strict") {
            EXPECT_EQ((*session)->reject_code(), 400);
            EXPECT_EQ((*session)->not_served_codes(), (std::vector<int>{404, 405}));
        } else {
            EXPECT_FALSE((*session)->reject_code().has_value());
            EXPECT_TRUE((*session)->not_served_codes().empty());
        }
    }
}

}  // namespace
}  // namespace dockside::conform
