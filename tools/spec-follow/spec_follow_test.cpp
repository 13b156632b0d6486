// `dockside` against edited copies of the spec folder, as a user editing specs/ would run it: a rule
// added to rules.yaml with a registered check type is checked on the next run, and a limit moved in
// both contract files (gift_message 500 → 450) is what the rule checks and the shipments suite probe and
// what the reference server, which reads its documented limits from the same spec folder, enforces. A
// limit the server moves by one (fault ORD-GIFT-500.accepts-501) is reported by the rule checks at
// exactly the one length it lets through.
#include <cstdlib>
#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "specs/loader/yaml_json.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

/// A copy of specs/ (the two contract files and the profiles) that a test edits.
struct SpecCopy {
    fs::path dir;
    json openapi;
    json rules;

    explicit SpecCopy(const std::string& name) : dir(fs::temp_directory_path() / ("dockside-spec-follow-" + name)) {
        fs::remove_all(dir);
        fs::create_directories(dir);
        fs::copy(fs::path(DOCKSIDE_SPECS_DIR) / "profiles", dir / "profiles", fs::copy_options::recursive);
        openapi = *dockside::spec::load_document(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml");
        rules = *dockside::spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");
    }
    ~SpecCopy() { fs::remove_all(dir); }

    json& rule(const std::string& id) {
        for (auto& r : rules["rules"])
            if (r["id"] == id) return r;
        throw std::runtime_error("no rule " + id);
    }

    /// Writes both files (JSON is YAML 1.2, which the loader reads).
    void write() const {
        std::ofstream(dir / "fulfillment-2025-07.openapi.yaml") << openapi.dump(1);
        std::ofstream(dir / "rules.yaml") << rules.dump(1);
    }
};

struct DocksideRun {
    int exit_code = -1;
    std::string output;
    json results;

    /// Every finding of results.json.
    std::vector<json> findings() const {
        std::vector<json> out;
        for (const auto& test : results.value("tests", json::array()))
            for (const auto& f : test.value("findings", json::array())) out.push_back(f);
        return out;
    }
};

std::string read(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

DocksideRun dockside(const SpecCopy& copy, const std::string& arguments) {
    const fs::path out = copy.dir / "out";
    const fs::path log = copy.dir / "dockside.log";
    const std::string command = std::string("'") + DOCKSIDE_BINARY + "' --spec-dir '" + copy.dir.string() + "' " +
                                arguments + " > '" + log.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    DocksideRun run;
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    // The console is a summary; the suites' own lines (probe counts) are in the results folder's conform.log.
    run.output = read(log) + read(out / "conform.log");
    if (fs::exists(out / "results.json")) run.results = json::parse(read(out / "results.json"), nullptr, false);
    return run;
}

DocksideRun conform(const SpecCopy& copy, const std::string& filter, const std::string& fault = "") {
    fs::remove_all(copy.dir / "out");
    return dockside(copy, "conform --seed 5 --cases 5 --filter '" + filter + "' --out '" + (copy.dir / "out").string() + "'" +
                              (fault.empty() ? "" : " --fault " + fault));
}

std::vector<json> findings_of(const DocksideRun& run, const std::string& rule) {
    std::vector<json> out;
    for (const auto& f : run.findings())
        if (f.value("rule", "") == rule) out.push_back(f);
    return out;
}

/// Whether a finding's title is the schema phase's refusal of gift_message one past a limit of `max`.
bool past_the_limit(int max, const std::string& title) {
    return title.find("refuses maxLength " + std::to_string(max) + " at /gift_message (body)") != std::string::npos;
}

// A rule is added to the data with no new code: the rules data names it, the OpenAPI file's x-rule gives
// it the constraint it owns, and the schema phase judges it under that id.
TEST(SpecFollow, ARuleAddedToTheDataIsCheckedWithNoNewCode) {
    SpecCopy copy("added-rule");
    copy.rules["rules"].push_back({{"id", "TEST-ADDED-GIFT"},
                                   {"kind", "S"},
                                   {"added", true},
                                   {"area", "orders"},
                                   {"section", "Endpoints > Orders > POST /2025-07/order"},
                                   {"text", "A test's own rule: gift_message is 0 to 500 characters."},
                                   {"operations", {"createOrder"}},
                                   {"fields", {"OrderCreateRequest.gift_message"}}});
    copy.openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]["x-rule"] = "TEST-ADDED-GIFT";
    copy.write();
    // A conforming server passes the new rule…
    DocksideRun clean = conform(copy, "Orders.SchemaPhase_createOrder");
    EXPECT_EQ(clean.exit_code, 0) << clean.output;
    EXPECT_TRUE(findings_of(clean, "TEST-ADDED-GIFT").empty());
    // …and one that accepts 501 characters fails it, under the new rule's id.
    DocksideRun faulty = conform(copy, "Orders.SchemaPhase_createOrder", "ORD-GIFT-500.accepts-501");
    EXPECT_EQ(faulty.exit_code, 1) << faulty.output;
    auto found = findings_of(faulty, "TEST-ADDED-GIFT");
    ASSERT_EQ(found.size(), 1u) << faulty.output;
    EXPECT_TRUE(past_the_limit(500, found[0].value("title", ""))) << found[0].dump(1);
    EXPECT_EQ(found[0].value("status", 0), 201);
}

// The rule checks' tests follow the data, one per check type and area: a check type given a rule in an
// area it had none in gets a test there, which a run with --workers can run beside the others.
TEST(SpecFollow, ACheckTypeInANewAreaIsATestOfItsOwn) {
    SpecCopy unchanged("unchanged-areas");
    unchanged.write();
    DocksideRun before = dockside(unchanged, "conform --list --only rulechecks");
    EXPECT_EQ(before.exit_code, 0) << before.output;
    EXPECT_NE(before.output.find("forbidden_field_products"), std::string::npos) << before.output;
    EXPECT_EQ(before.output.find("forbidden_field_orders"), std::string::npos) << before.output;
    SpecCopy copy("added-area");
    copy.rules["rules"].push_back({{"id", "TEST-ADDED-FORBIDDEN"},
                                   {"kind", "S"},
                                   {"added", true},
                                   {"area", "orders"},
                                   {"section", "Endpoints > Orders > POST /2025-07/order"},
                                   {"text", "A test's own rule: an order create carries no origin_platform_program."},
                                   {"operations", {"createOrder"}},
                                   {"fields", {"OrderCreateRequest.origin_platform_program"}},
                                   {"check", {{"type", "forbidden_field"}, {"field", "OrderCreateRequest.origin_platform_program"},
                                              {"where", {{"operation", "createOrder"}, {"body", "request"}}}}}});
    copy.write();
    DocksideRun after = dockside(copy, "conform --list --only rulechecks");
    EXPECT_EQ(after.exit_code, 0) << after.output;
    EXPECT_NE(after.output.find("forbidden_field_orders"), std::string::npos) << after.output;
    EXPECT_NE(after.output.find("forbidden_field_products"), std::string::npos) << after.output;
}

TEST(SpecFollow, ALimitMovedInTheDataIsWhatTheSchemaPhaseProbes) {
    SpecCopy copy("gift-450");
    copy.openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]["maxLength"] = 450;
    copy.write();
    DocksideRun check = dockside(copy, "spec check");
    EXPECT_EQ(check.exit_code, 0) << check.output;
    // The embedded server reads the copy too: it enforces 450, so the edge at 450 and the refusal of 451 hold.
    DocksideRun run = conform(copy, "Orders.SchemaPhase_createOrder");
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_TRUE(findings_of(run, "ORD-GIFT-500").empty()) << run.output;
    // The fault loosens the copy's limit by one: the server accepts 451 characters, which the phase sends.
    DocksideRun faulty = conform(copy, "Orders.SchemaPhase_createOrder", "ORD-GIFT-500.accepts-501");
    EXPECT_EQ(faulty.exit_code, 1) << faulty.output;
    auto found = findings_of(faulty, "ORD-GIFT-500");
    ASSERT_EQ(found.size(), 1u) << faulty.output;
    EXPECT_TRUE(past_the_limit(450, found[0].value("title", ""))) << found[0].dump(1);
    EXPECT_NE(found[0].value("shrunk_input", "").find("gift_message"), std::string::npos) << found[0].dump(1);
    EXPECT_EQ(faulty.findings().size(), 1u) << faulty.output;
    // A limit one short (the edge refused) is the same rule's finding, from the edge of the limit.
    DocksideRun short_by_one = conform(copy, "Orders.SchemaPhase_createOrder", "ORD-GIFT-500.refuses-500");
    EXPECT_EQ(short_by_one.exit_code, 1) << short_by_one.output;
    auto edge = findings_of(short_by_one, "ORD-GIFT-500");
    ASSERT_EQ(edge.size(), 1u) << short_by_one.output;
    EXPECT_NE(edge[0].value("title", "").find("450 characters (the limit itself)"), std::string::npos) << edge[0].dump(1);
}

TEST(SpecFollow, ALimitMovedInTheDataIsWhatTheShipmentsSuiteProbes) {
    SpecCopy copy("gift-450-suites");
    copy.openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]["maxLength"] = 450;
    copy.write();
    // The server enforces 450 and the suite creates its order with the longest gift message both limits
    // allow: a suite still sending 500 would see its order refused.
    DocksideRun run = conform(copy, "Shipments.ShipmentOfTheLongestGiftMessageConforms");
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_TRUE(run.findings().empty()) << run.output;
}

TEST(SpecFollow, AGiftMessageLimitMovedByOneFailsExactlyTheRequestsPastIt) {
    SpecCopy copy("gift-shrink");
    copy.write();
    for (const char* seed : {"5", "17"}) {
        fs::remove_all(copy.dir / "out");
        DocksideRun faulty = dockside(copy, std::string("conform --seed ") + seed + " --filter 'Orders.SchemaPhase_createOrder' --out '" +
                                                (copy.dir / "out").string() + "' --fault ORD-GIFT-500.accepts-501");
        EXPECT_EQ(faulty.exit_code, 1) << faulty.output;
        auto found = findings_of(faulty, "ORD-GIFT-500");
        // The phase breaks the limit with one character past it: whatever the seed, a limit moved by one
        // fails that and nothing else, and the answer shows the 501 characters it took.
        ASSERT_EQ(found.size(), 1u) << faulty.output;
        EXPECT_EQ(found[0].value("test", ""), "Orders.SchemaPhase_createOrder") << found[0].dump(1);
        EXPECT_TRUE(past_the_limit(500, found[0].value("title", ""))) << found[0].dump(1);
        EXPECT_EQ(found[0].value("status", 0), 201) << found[0].dump(1);
        EXPECT_NE(found[0].dump().find("\"501 characters\""), std::string::npos) << found[0].dump(1);  // the answer's violation
    }
}

// One owner per constraint: a limit the OpenAPI file states, restated by the rules data, is refused.
TEST(SpecFollow, ALimitRestatedInTheRulesDataIsRefused) {
    SpecCopy copy("gift-rules-too");
    copy.rule("ORD-GIFT-500")["check"] = {{"type", "max_length"}, {"field", "OrderCreateRequest.gift_message"}, {"max", 500}};
    copy.write();
    DocksideRun check = dockside(copy, "spec check");
    EXPECT_EQ(check.exit_code, 1) << check.output;
    EXPECT_NE(check.output.find("owned twice"), std::string::npos) << check.output;
    EXPECT_NE(check.output.find("maxLength"), std::string::npos) << check.output;
}

TEST(SpecFollow, AFormerTopicNamedInOneFileOnlyIsADisagreement) {
    SpecCopy copy("former-topic");
    copy.rules["webhook_topics"]["topics"].push_back({{"name", "order.returned"}, {"former", "order_returned"}});
    copy.write();
    DocksideRun check = dockside(copy, "spec check");
    EXPECT_EQ(check.exit_code, 1) << check.output;
    EXPECT_NE(check.output.find("former topic"), std::string::npos) << check.output;
    EXPECT_NE(check.output.find("WebhookTopic"), std::string::npos) << check.output;
}

}  // namespace
