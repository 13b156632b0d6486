// No route, scope or state name of the contract is typed in the reference server's product code: each is
// read from the spec (core/operation_routes.cpp, core/lifecycle.cpp), so a changed spec moves the server.
// This reads every source under refserver/ except the tests, takes the string literals of the code (not
// the comments), and looks for the spec's names in them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <cctype>

#include "specs/loader/spec.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver {
namespace {

namespace fs = std::filesystem;

/// The string literals of C++ source text, comments skipped (raw strings are read up to their delimiter).
std::vector<std::string> string_literals(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "//") == 0) {
            i = text.find('\n', i);
            if (i == std::string::npos) break;
        } else if (text.compare(i, 2, "/*") == 0) {
            i = text.find("*/", i + 2);
            if (i == std::string::npos) break;
            ++i;
        } else if (text[i] == '\'') {  // a character literal: skip it, so '"' does not open a string
            if (i + 2 >= text.size()) break;
            const auto end = text.find('\'', i + (text[i + 1] == '\\' ? 3 : 2));
            if (end == std::string::npos) break;
            i = end;
        } else if (text.compare(i, 2, "R\"") == 0 && (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
            const auto open = text.find('(', i + 2);
            if (open == std::string::npos) break;
            const std::string close = ")" + text.substr(i + 2, open - i - 2) + "\"";
            const auto end = text.find(close, open + 1);
            if (end == std::string::npos) break;
            out.push_back(text.substr(open + 1, end - open - 1));
            i = end + close.size() - 1;
        } else if (text[i] == '"') {
            std::string literal;
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size()) ++i;
                literal += text[i];
            }
            out.push_back(std::move(literal));
        }
    }
    return out;
}

/// Whether `literal` holds `path` as a whole path: not followed by more of a path.
bool holds_path(const std::string& literal, const std::string& path) {
    for (auto at = literal.find(path); at != std::string::npos; at = literal.find(path, at + 1)) {
        const auto after = at + path.size();
        if (after == literal.size()) return true;
        const char c = literal[after];
        if (!std::isalnum(static_cast<unsigned char>(c)) && std::string("/{}:-_.").find(c) == std::string::npos) return true;
    }
    return false;
}

struct Names {
    std::set<std::string> paths, scopes, states;
};

Names contract_names(const spec::Spec& spec) {
    Names n;
    for (const auto& op : spec.operations()) n.paths.insert(op.path_template);
    for (const auto& removed : spec.removed_paths()) n.paths.insert(removed.path);
    for (const auto& scope : spec.scope_names()) n.scopes.insert(scope);
    for (const auto& name : spec.state_machine_names()) {
        const spec::StateMachine machine = spec.state_machine(name).value();  // named: a temporary's member would dangle
        n.states.insert(machine.states.begin(), machine.states.end());
    }
    return n;
}

/// The names a file may type, each with why. Keep this list short: a name typed elsewhere is a second copy
/// of the contract that the spec can no longer move.
const std::map<std::string, std::set<std::string>>& exceptions() {
    static const std::map<std::string, std::set<std::string>> allowed = {
        // OAuth 2.0 and OpenID Connect protocol words, not an operation's access: the authorization server
        // always adds openid (it answers an id_token) and issues a refresh token exactly for offline_access
        // (AUTH-OAUTH-TOKEN). No operation of the spec is guarded by either.
        {"refserver/auth/oauth.cpp", {"scope:openid", "scope:offline_access"}},
        // The fault catalog's section headings and descriptions are text for people (`serve --list-faults`),
        // quoting the document's headings ("Endpoints > Orders > POST /2025-07/order"); nothing routes by them.
        {"refserver/faults/catalog.cpp", {"path:*"}},
        // "None" is also the server's name for a variant's review code 0 and packaging requirement 0
        // (NS-REVIEWS-PENDING-CODES, refserver/README.md), words of another value set than the shipment
        // state None; the shipment lifecycle (core/lifecycle.h) is not played in these files.
        {"refserver/api/variants_model.cpp", {"state:None"}},
        {"refserver/store/products_catalog.cpp", {"state:None"}},
    };
    return allowed;
}

bool excused(const std::string& file, const std::string& kind, const std::string& name) {
    auto it = exceptions().find(file);
    return it != exceptions().end() && (it->second.count(kind + ":" + name) || it->second.count(kind + ":*"));
}

TEST(ContractNames, NoRouteScopeOrStateNameIsTypedInTheServer) {
    const spec::Spec& spec = *spec::default_spec().value();
    const Names names = contract_names(spec);
    ASSERT_FALSE(names.paths.empty());
    ASSERT_FALSE(names.scopes.empty());
    ASSERT_FALSE(names.states.empty());
    for (const auto& name : spec.state_machine_names()) {  // every lifecycle is guarded, none skipped
        const spec::StateMachine machine = spec.state_machine(name).value();  // named: a temporary's member would dangle
        for (const auto& state : machine.states)
            EXPECT_TRUE(names.states.count(state)) << name << " state " << state << " is not looked for";
    }
    const fs::path root = fs::path(DOCKSIDE_SPECS_DIR).parent_path();
    std::size_t files = 0;
    std::vector<std::string> typed;
    for (const auto& entry : fs::recursive_directory_iterator(root / "refserver")) {
        const std::string ext = entry.path().extension().string();
        const std::string file = fs::relative(entry.path(), root).generic_string();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h" && ext != ".in") || file.rfind("refserver/tests/", 0) == 0)
            continue;
        ++files;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        for (const auto& literal : string_literals(text.str())) {
            for (const auto& path : names.paths)
                if (holds_path(literal, path) && !excused(file, "path", path)) typed.push_back(file + ": route " + literal);
            if (names.scopes.count(literal) && !excused(file, "scope", literal)) typed.push_back(file + ": scope " + literal);
            if (names.states.count(literal) && !excused(file, "state", literal)) typed.push_back(file + ": state " + literal);
        }
    }
    EXPECT_GT(files, 50u) << "the server's sources were not found under " << root;
    std::string all;
    for (const auto& t : typed) all += "  " + t + "\n";
    EXPECT_TRUE(typed.empty()) << typed.size() << " contract names typed in refserver/ (read them from the spec):\n" << all;
}

TEST(ContractNames, TheScanFindsLiteralsAndSkipsComments) {
    const auto literals = string_literals("// \"/2025-07/order\"\nx = \"a\\\"b\"; c = '\"'; /* \"no\" */ y = R\"(raw)\";");
    EXPECT_EQ(literals, (std::vector<std::string>{"a\"b", "raw"}));
    EXPECT_TRUE(holds_path("GET /2025-07/order answers", "/2025-07/order"));
    EXPECT_TRUE(holds_path("/2025-07/order?Limit=1", "/2025-07/order"));
    EXPECT_FALSE(holds_path("/2025-07/order/{orderId}", "/2025-07/order"));
    EXPECT_FALSE(holds_path("/2025-07/order:estimate", "/2025-07/order"));
}

}  // namespace
}  // namespace dockside::refserver
