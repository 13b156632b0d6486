#pragma once
/// The answers `dockside conform` read while preparing a run (the token check, the channel list, the OAuth
/// exchanges), judged against the contract like any other answer. A target that breaks the contract in its
/// first answers is told so by a finding (exit 1), not refused as if the run could not be done.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "harness/conform/results.h"
#include "harness/http/preparation_answer.h"
#include "harness/http/curl.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"

namespace dockside::cli {

/// Secrets of the preparation's requests and the variables their curl lines name them by.
struct PreparationSecrets {
    std::vector<http::CurlCredential> tokens;          ///< bearer tokens ($DOCKSIDE_TOKEN, …)
    std::vector<http::CurlSubstitution> body_secrets;  ///< e.g. the OAuth client secret ($DOCKSIDE_CLIENT_SECRET)
};

/// One failed test per operation whose answers break the contract (listChannels:
/// Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage; authorize and token: Auth.AUTH_OAUTH_…_Preparation…).
/// An answer is judged on its status (against the one a correct target gives, when the request has one)
/// and on its shape (the validator's violations, with their pointers); the same cause seen in several
/// answers is one finding.
std::vector<conform::TestOutcome> judge_preparation(const http::PreparationAnswers& answers, const spec::Spec& spec,
                                                    const validate::ResponseValidator& validator,
                                                    const PreparationSecrets& secrets);

/// Each answer's test and number as `--har` names its entry and a finding its exchange ("Test.Name", 2 for
/// "Test.Name#2"): the test that judges the operation, else "Preparation.<operationId>".
std::vector<std::pair<std::string, std::uint64_t>> preparation_exchanges(const http::PreparationAnswers& answers);

/// For a message that ends a run with exit 2: "; the target's answers also break the contract: CH-LIST at
/// /items/0/scopes: expected …" (each finding once); "" when they do not.
std::string violations_named(const std::vector<conform::TestOutcome>& outcomes);

}  // namespace dockside::cli
