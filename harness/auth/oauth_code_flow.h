#pragma once
/// The OAuth authorization-code flow for a client whose consent is automated: what a conformance run and a
/// load run do to obtain their first token when given a client instead of a token.

#include <string>
#include <vector>

#include "core/result.h"
#include "harness/http/client.h"
#include "harness/http/preparation_answer.h"
#include "specs/loader/spec.h"

namespace dockside::auth {

struct OAuthRequest {
    std::string auth_url;       ///< origin of /connect/authorize and /connect/token
    std::string client_id;
    std::string client_secret;
    std::string redirect_uri;   ///< must be registered with the authorization server
    std::vector<std::string> scopes;
};

struct OAuthTokens {
    std::string access_token;
    std::string refresh_token;  ///< empty when none was issued
    std::string scope;          ///< granted scopes as the server lists them
};

/// Every scope the spec's operations name, plus offline_access and openid, sorted.
std::vector<std::string> all_scopes(const spec::Spec& spec);

/// GET /connect/authorize (response_mode=query); a 302 carrying `code` is automated consent, anything else
/// is a configuration error saying the target needs interactive consent and to pass --token. Then
/// POST /connect/token (authorization_code grant, form-encoded). Both answers are added to `answers` when given.
Result<OAuthTokens, std::string> oauth_code_flow(const OAuthRequest& request, const http::ClientOptions& options,
                                                 http::PreparationAnswers* answers = nullptr);

/// The code (and state) out of a redirect Location, from its query or fragment; error when absent.
Result<std::string, std::string> code_from_location(const std::string& location, const std::string& expected_state);

}  // namespace dockside::auth
