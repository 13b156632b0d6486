#pragma once
/// Tests of credentials over time: a copy of specs/ whose access tokens live seconds, not the documented
/// hour (an hour would make each test an hour long). The lifetime is the contract's, read by the reference
/// server and by the harness alike, so the contract is what changes, in a copy given as --spec-dir.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "specs/loader/spec.h"

namespace dockside::testing {

namespace short_lifetime_detail {

inline std::string text_of(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::runtime_error("the contract no longer says: " + from);
    return text.replace(at, from.size(), to);
}

}  // namespace short_lifetime_detail

/// A copy of specs/ in `folder` (a --spec-dir) whose access-token lifetime is `seconds` (rules data and
/// the TokenResponse schema), and the contract it holds.
inline spec::Spec contract_with_token_lifetime(const std::string& folder, int seconds) {
    namespace fs = std::filesystem;
    using short_lifetime_detail::replaced;
    using short_lifetime_detail::text_of;
    const std::string specs = DOCKSIDE_SPECS_DIR;
    const std::string n = std::to_string(seconds);
    fs::create_directories(folder);
    for (const char* sub : {"profiles", "mixes"})
        fs::copy(specs + "/" + sub, folder + "/" + sub, fs::copy_options::recursive);
    auto rules = text_of(specs + "/rules.yaml");
    rules = replaced(rules, "access_token_seconds: 3600", "access_token_seconds: " + n);
    rules = replaced(rules, "expires_in: 3600", "expires_in: " + n);
    const std::string openapi_name = "/fulfillment-2025-07.openapi.yaml";
    auto openapi = replaced(text_of(specs + openapi_name), "expires_in: {type: integer, const: 3600",
                            "expires_in: {type: integer, const: " + n);
    std::ofstream(folder + "/rules.yaml") << rules;
    std::ofstream(folder + openapi_name) << openapi;
    auto loaded = spec::Spec::load(folder + openapi_name, folder + "/rules.yaml");
    if (!loaded) throw std::runtime_error(loaded.error().to_string());
    return std::move(loaded.value());
}

}  // namespace dockside::testing
