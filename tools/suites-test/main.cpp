// suites_test: every compiled-in suite against a fresh embedded reference server (simulation on), the
// same server `dockside conform` starts when no --base-url is given. ctest runs one test per process.

#include <cstdlib>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "generators/run_spec.h"
#include "harness/conform/profile.h"
#include "harness/conform/session.h"
#include "harness/validate/response_validator.h"
#include "refserver/embedded/session_info.h"
#include "specs/loader/spec.h"
#include "harness/conform/reproduction.h"
#include "harness/conform/suite_runner.h"
#include "harness/conform/session_tests.h"

namespace {

/// DOCKSIDE_CASES overrides the RapidCheck cases per property (default 25, as `dockside conform`).
int cases_from_environment() {
    const char* text = std::getenv("DOCKSIDE_CASES");
    const int cases = text ? std::atoi(text) : 0;
    return cases > 0 ? cases : 25;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dockside;
    ::testing::InitGoogleTest(&argc, argv);
    const std::string specs = DOCKSIDE_SPECS_DIR;
    auto spec = spec::Spec::load(specs + "/fulfillment-2025-07.openapi.yaml", specs + "/rules.yaml");
    if (!spec) {
        std::cerr << "suites_test: " << spec.error().to_string() << "\n";
        return 2;
    }
    validate::ResponseValidator validator(*spec);
    auto profile = conform::load_profile(specs + "/profiles", "default");
    if (!profile) {
        std::cerr << "suites_test: " << profile.error() << "\n";
        return 2;
    }
    // Listing (ctest discovery) needs no target, but the rule checks' tests follow the contract's data
    // and the profile (session_tests.h): a session without a server names them.
    if (GTEST_FLAG_GET(list_tests)) {
        conform::SessionInfo listing;
        listing.base_url = "http://127.0.0.1:9";  // never contacted: only names are made
        listing.profile = "default";
        listing.profile_json = std::move(profile.value());
        auto session = conform::Session::create(*spec, validator, std::move(listing), {});
        if (!session) {
            std::cerr << "suites_test: " << session.error() << "\n";
            return 2;
        }
        conform::make_session_tests(**session);
        return RUN_ALL_TESTS();
    }

    auto server = refserver::EmbeddedServer::start(refserver::conformance_options());
    if (!server) {
        for (const auto& problem : server.error()) std::cerr << "suites_test: " << problem << "\n";
        return 2;
    }
    conform::SessionInfo info = refserver::conformance_session_info(**server, true);
    info.profile = "default";
    info.profile_json = std::move(profile.value());
    info.cases = cases_from_environment();
    conform::configure_rapidcheck(info.cases, 0);

    auto session = conform::Session::create(*spec, validator, std::move(info), {});
    if (!session) {
        std::cerr << "suites_test: " << session.error() << "\n";
        return 2;
    }
    conform::make_session_tests(**session);
    conform::set_current_session(session->get());
    // What a conform run holds while its suites run: the generators reading the session's spec, the
    // target's holdings.
    const auto scopes = conform::make_session_scopes(**session);
    conform::attach_test_context(std::chrono::seconds(120));
    const int status = RUN_ALL_TESTS();
    conform::set_current_session(nullptr);
    (*server)->stop();
    return status;
}
