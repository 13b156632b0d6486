#pragma once
/// The authorization server's queries: GET /connect/authorize and POST /connect/token (code and
/// refresh grants). Client credentials and the registered redirect URI come from the target's
/// configuration, so they are parameters.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

struct AuthInputs {
    std::string client_id;
    std::string client_secret;
    std::string redirect_uri;  ///< a registered one
};

/// The documented scope names (AUTH-SCOPES), read from the run's spec.
std::vector<std::string> scope_names();

/// An authorize query: the required three, a space-separated scope list (sometimes with
/// offline_access), and sometimes state, nonce, integration_name and response_mode=form_post.
rc::Gen<nlohmann::json> gen_authorize_query(const AuthInputs& inputs);
/// A token query for the code grant (`code` given) or, with `refresh_token` given, the refresh grant.
rc::Gen<nlohmann::json> gen_token_query(const AuthInputs& inputs, std::string code, std::string refresh_token = {});

}  // namespace dockside::generators
