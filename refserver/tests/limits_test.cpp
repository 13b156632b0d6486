// The reference server's limits are typed once (refserver/core/limits.h, record_budget.h) and stated in
// words in specs/rules.yaml; these tests keep the two from drifting apart.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "refserver/core/limits.h"
#include "refserver/store/record_budget.h"

namespace dockside::refserver {
namespace {

/// The text of one not_shown entry of specs/rules.yaml (from its id line to the next entry).
std::string rules_entry(const std::string& id) {
    std::ifstream in(std::string(DOCKSIDE_SPECS_DIR) + "/rules.yaml");
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    const auto start = text.find("- id: " + id + "\n");
    if (start == std::string::npos) return {};
    const auto end = text.find("\n  - id: ", start + 1);
    std::string entry = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    // Folded YAML (>-) wraps lines; compare with the line breaks and indentation folded to spaces.
    std::string folded;
    for (char c : entry) {
        if (c == '\n' || c == ' ') {
            if (folded.empty() || folded.back() != ' ') folded += ' ';
        } else {
            folded += c;
        }
    }
    return folded;
}

TEST(Limits, RequestLimitsStanceStatesTheNumbersTheServerUses) {
    const std::string entry = rules_entry("NS-REQUEST-LIMITS");
    ASSERT_FALSE(entry.empty());
    for (const std::string& phrase : {std::to_string(kMaxBodyBytes) + " bytes", "deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                                      "more than " + std::to_string(kMaxArrayItems) + " items",
                                      "at most " + std::to_string(kMaxItemsPerWrite) + " items",
                                      "at most " + std::to_string(kMaxEchoChars) + " characters",
                                      "webhook url is 1 to " + std::to_string(kMaxWebhookUrlChars) + " characters",
                                      "are 1 to " + std::to_string(kMaxNameChars) + " characters each"})
        EXPECT_NE(entry.find(phrase), std::string::npos) << "rules.yaml NS-REQUEST-LIMITS lacks '" << phrase << "'";
}

TEST(Limits, ListDefaultsStanceStatesThePageSizesTheServerChose) {
    const std::string entry = rules_entry("NS-LIST-DEFAULTS");
    ASSERT_FALSE(entry.empty());
    const std::string range = "with range 1.." + std::to_string(kListMaxSize);
    for (const std::string& phrase : {"default to " + std::to_string(kListDefaultSize) + " " + range,
                                      "(1.." + std::to_string(kListMaxPageSize) + " for PageSize)",
                                      "RecordsPerPage defaults to " + std::to_string(kListDefaultSize) + " " + range})
        EXPECT_NE(entry.find(phrase), std::string::npos) << "rules.yaml NS-LIST-DEFAULTS lacks '" << phrase << "'";
}

TEST(Limits, RecordAndConnectionStancesStateTheDefaults) {
    const std::string records = rules_entry("NS-RECORD-LIMIT");
    const std::string connections = rules_entry("NS-CONNECTION-LIMIT");
    EXPECT_NE(records.find("(default " + std::to_string(kDefaultMaxRecords) + ")"), std::string::npos) << records;
    EXPECT_NE(records.find(std::to_string(kRecordBodyUnit) + " bytes"), std::string::npos) << records;
    EXPECT_NE(records.find(std::to_string(kRecordValueUnit) + " JSON values"), std::string::npos) << records;
    EXPECT_NE(connections.find("(default " + std::to_string(kDefaultMaxConnections) + ","), std::string::npos) << connections;
}

}  // namespace
}  // namespace dockside::refserver
