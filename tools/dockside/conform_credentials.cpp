#include "tools/dockside/conform_credentials.h"

#include "harness/auth/oauth_code_flow.h"
#include "harness/auth/refresh_token_file.h"

namespace dockside::cli {

Result<std::unique_ptr<ConformCredentials>, std::string> ConformCredentials::start(
    const config::TargetConfig& target, const conform::PreparedTarget& prepared,
    const spec::Spec& spec, const std::string& refresh_token_file) {
    if (target.auth != config::AuthMethod::OAuthClient) return std::unique_ptr<ConformCredentials>();
    const auto issued = std::chrono::steady_clock::now();  // a moment after the token's issue: renewed early, never late
    if (!refresh_token_file.empty() && !prepared.refresh_token.empty())
        if (auto stored = auth::RefreshTokenFile(refresh_token_file).write(prepared.refresh_token); !stored)
            return fail(stored.error());
    auto shared = auth::SharedToken::create(prepared.info.token);
    if (!shared) return fail(shared.error());
    std::unique_ptr<ConformCredentials> out(new ConformCredentials(std::move(shared.value()), refresh_token_file));

    auth::OAuthRefresh grant{target.auth_url, target.client_id, target.client_secret, target.redirect_uri,
                             auth::all_scopes(spec), prepared.refresh_token, {}, issued, client_options_for(target)};
    auth::RefresherHooks hooks;
    auth::SharedToken* published = out->shared_.get();
    // A token too long to share leaves the children on the one before: their refusals then say so.
    hooks.publish = [published](const std::string& token) { (void)published->publish(token); };
    hooks.demanded = [published] { return published->renewal_wanted(); };
    hooks.failed = [published](const std::string&) { published->decline(); };
    if (!refresh_token_file.empty())
        hooks.rotated = [file = auth::RefreshTokenFile(refresh_token_file)](const std::string& token) { return file.write(token); };
    const auto lifetime = auth::documented_access_lifetime(spec).value_or(std::chrono::hours(1));
    out->refresher_ = std::make_unique<auth::TokenRefresher>(std::move(grant), lifetime, std::move(hooks));
    out->refresher_->start();
    return out;
}

ConformCredentials::~ConformCredentials() {
    if (refresher_) refresher_->stop();
}

conform::CredentialRenewals ConformCredentials::finish() {
    refresher_->stop();
    const auto counts = refresher_->counts();
    conform::CredentialRenewals out;
    out.renewals = counts.renewals;
    out.on_demand = counts.on_demand;
    out.failures = counts.failures + counts.store_failures;
    out.unauthorized_retries = shared_->retries();
    out.unrenewed = shared_->unrenewed();
    out.refresh_token_file = file_;
    out.last_error = counts.last_error;
    return out;
}

}  // namespace dockside::cli
