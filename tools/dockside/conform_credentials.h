#pragma once
/// `dockside conform` with OAuth credentials: the access token is kept usable for the whole run. The parent
/// process renews it (before it expires, and at once when a test's request met it refused) and publishes it
/// to the children that run the tests; each rotated refresh token is written to --refresh-token-file. With a
/// personal access token there is nothing to renew.

#include <memory>
#include <string>

#include "harness/auth/shared_token.h"
#include "harness/auth/token_refresher.h"
#include "harness/conform/results.h"
#include "core/result.h"
#include "tools/dockside/conform_target.h"

namespace dockside::cli {

class ConformCredentials {
public:
    /// Starts keeping `prepared.info.token` fresh for a target reached with OAuth (nullptr otherwise), after
    /// writing the refresh token the preparation obtained to `refresh_token_file` (when one is named).
    static Result<std::unique_ptr<ConformCredentials>, std::string> start(const config::TargetConfig& target,
                                                                          const conform::PreparedTarget& prepared,
                                                                          const spec::Spec& spec,
                                                                          const std::string& refresh_token_file);
    ~ConformCredentials();
    ConformCredentials(const ConformCredentials&) = delete;
    ConformCredentials& operator=(const ConformCredentials&) = delete;

    /// What the children read the token from (RunOptions::token).
    auth::SharedToken* shared() { return shared_.get(); }
    /// Stops renewing; what was renewed and retried, for results.json and the summary.
    conform::CredentialRenewals finish();

private:
    ConformCredentials(std::unique_ptr<auth::SharedToken> shared, std::string file)
        : shared_(std::move(shared)), file_(std::move(file)) {}

    std::unique_ptr<auth::SharedToken> shared_;
    std::unique_ptr<auth::TokenRefresher> refresher_;
    std::string file_;
};

}  // namespace dockside::cli
