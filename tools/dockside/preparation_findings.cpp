#include "tools/dockside/preparation_findings.h"

#include <map>
#include <optional>

#include "core/utf8.h"
#include "harness/conform/areas.h"
#include "harness/conform/results.h"
#include "harness/conform/run_log.h"
#include "harness/http/url.h"

namespace dockside::cli {
namespace {

/// The test a preparation request stands for in the record, and the rule its status is judged by.
struct PreparationTest {
    const char* operation;
    const char* test;
    const char* rule;
    const char* title;
};

// The channel list's test keeps the name the record has always given it, so accept files still match.
constexpr PreparationTest kTests[] = {
    {"listChannels", "Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage", "CH-LIST",
     "GET /2025-07/channel answers the documented channel page {items, next, prev}"},
    {"authorize", "Auth.AUTH_OAUTH_AUTHZ_PreparationConsentAnswersAsDocumented", "AUTH-OAUTH-AUTHZ",
     "GET /connect/authorize, asked for the run's token, answers as documented"},
    {"token", "Auth.AUTH_OAUTH_TOKEN_PreparationCodeGrantAnswersAsDocumented", "AUTH-OAUTH-TOKEN",
     "POST /connect/token, asked for the run's token, answers the documented token response"},
};

const PreparationTest* test_for(const std::string& operation) {
    for (const auto& t : kTests)
        if (operation == t.operation) return &t;
    return nullptr;
}

std::string documented_statuses(const spec::Operation& op) {
    std::string out;
    for (const auto& [status, response] : op.responses) out += (out.empty() ? "" : ", ") + status;
    return out;
}

/// What the answer breaks, or nullopt when it conforms; `exchange` names it as `--har` records it.
std::optional<conform::Finding> judge(const http::PreparationAnswer& answer, const PreparationTest& test,
                                      const spec::Operation& op, const validate::ResponseValidator& validator,
                                      const PreparationSecrets& secrets, const std::string& exchange) {
    const auto violations = validator.validate(op, answer.response);
    const int status = answer.response.status;
    const bool wrong_status = answer.expected_status != 0 && status != answer.expected_status;
    if (!wrong_status && violations.empty()) return std::nullopt;
    conform::Finding f;
    f.test = test.test;
    f.area = conform::area_of_test(f.test);
    f.operation = answer.operation;
    f.exchange = exchange;
    // A 5xx's only violation is the rules data's server-error rule (ResponseValidator::validate).
    f.rule = status >= 500 || !wrong_status ? violations.front().rule : test.rule;
    f.section = op.section;
    f.title = test.title;
    f.message = "Received: " + std::to_string(status);
    if (wrong_status) f.message += " / Expected: " + std::to_string(answer.expected_status);
    f.message += " / Documented: " + documented_statuses(op);
    if (!violations.empty())
        f.message += " / " + violations.front().message() +
                     (violations.size() > 1 ? " and " + std::to_string(violations.size() - 1) + " more" : "");
    if (auto origin = http::parse_url(answer.origin)) {
        http::CurlOptions curl;
        curl.credentials = secrets.tokens;
        curl.substitutions = secrets.body_secrets;
        f.curl = http::to_curl(*origin, answer.request, curl);
    }
    f.status = status;
    f.body_excerpt = excerpt(answer.response.body, conform::kBodyExcerptChars);
    f.violations = violations;
    return f;
}

}  // namespace

std::vector<conform::TestOutcome> judge_preparation(const http::PreparationAnswers& answers, const spec::Spec& spec,
                                                    const validate::ResponseValidator& validator,
                                                    const PreparationSecrets& secrets) {
    conform::FindingLog log;  // merges one cause seen in several answers (the token check and the list)
    const auto exchanges = preparation_exchanges(answers);
    for (std::size_t i = 0; i < answers.size(); ++i) {
        const PreparationTest* test = test_for(answers[i].operation);
        const spec::Operation* op = spec.find(answers[i].operation);
        if (!test || !op) continue;
        const auto& [name, sequence] = exchanges[i];
        if (auto finding = judge(answers[i], *test, *op, validator, secrets, name + "#" + std::to_string(sequence)))
            log.add(std::move(*finding));
    }
    std::vector<conform::TestOutcome> outcomes;
    for (const auto& test : kTests) {
        auto findings = log.for_test(test.test);
        if (findings.empty()) continue;
        conform::TestOutcome outcome;
        outcome.name = test.test;
        outcome.area = conform::area_of_test(test.test);
        outcome.status = conform::TestStatus::Failed;
        outcome.findings = std::move(findings);
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

std::vector<std::pair<std::string, std::uint64_t>> preparation_exchanges(const http::PreparationAnswers& answers) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    std::map<std::string, std::uint64_t> sent;  // by test
    for (const auto& answer : answers) {
        const PreparationTest* test = test_for(answer.operation);
        const std::string name = test ? test->test : "Preparation." + answer.operation;
        out.emplace_back(name, ++sent[name]);
    }
    return out;
}

std::string violations_named(const std::vector<conform::TestOutcome>& outcomes) {
    std::string named;
    for (const auto& outcome : outcomes)
        for (const auto& f : outcome.findings)
            if (f.violations.empty()) named += (named.empty() ? "" : "; ") + f.rule + " on " + f.operation + ": " + f.message;
            else
                for (const auto& v : f.violations) named += (named.empty() ? "" : "; ") + v.rule + " at " +
                                                            (v.pointer.empty() ? "(status/headers)" : v.pointer) +
                                                            ": expected " + v.expected + ", actual " + v.actual;
    return named.empty() ? "" : "; the target's answers also break the contract: " + named;
}

}  // namespace dockside::cli
