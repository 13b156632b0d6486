#include "harness/conform/session_tests.h"

#include <set>
#include <vector>

namespace dockside::conform {
namespace {

std::vector<SessionTestMaker>& makers() {
    static std::vector<SessionTestMaker> all;
    return all;
}

std::vector<SessionScopeMaker>& scope_makers() {
    static std::vector<SessionScopeMaker> all;
    return all;
}

}  // namespace

bool add_session_scope(SessionScopeMaker maker) {
    scope_makers().push_back(std::move(maker));
    return true;
}

std::vector<std::shared_ptr<void>> make_session_scopes(const conform::Session& session) {
    std::vector<std::shared_ptr<void>> scopes;
    for (const auto& maker : scope_makers()) scopes.push_back(maker(session));
    return scopes;
}

bool add_session_test_maker(SessionTestMaker maker) {
    makers().push_back(maker);
    return true;
}

void make_session_tests(const conform::Session& session) {
    for (auto maker : makers()) maker(session);
}

bool register_session_test(const std::string& suite, const std::string& name, std::function<::testing::Test*()> factory) {
    // GoogleTest keeps every registered test for the life of the process; registering one twice would run
    // it twice.
    static std::set<std::string> registered;
    if (!registered.insert(suite + "." + name).second) return false;
    ::testing::RegisterTest(suite.c_str(), name.c_str(), nullptr, nullptr, __FILE__, __LINE__, std::move(factory));
    return true;
}

}  // namespace dockside::conform
