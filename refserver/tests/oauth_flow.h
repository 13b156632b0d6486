#pragma once
// The OAuth 2.0 authorization-code flow driven against a test server, for the tests that need tokens.

#include <string>

#include "core/url_escapes.h"
#include "refserver/core/query.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing {

/// Authorize, callback and token requests of the server's registered OAuth client.
struct OAuthFlow {
    Harness& h;
    OAuthClient client = h.server->oauth_client().value();

    http::Response authorize(const std::string& extra, const std::string& scope = "orders_read orders_write offline_access") {
        http::Request r{"GET",
                        "/connect/authorize?client_id=" + client.client_id + "&redirect_uri=" +
                            percent_encode(client.redirect_uris[0]) + "&scope=" + percent_encode(scope) + extra,
                        {},
                        ""};
        return h.raw(r);
    }
    /// The callback parameters of a 302 (fragment or query).
    QueryParams callback(const http::Response& r) {
        std::string loc(r.headers.get("Location").value_or(""));
        auto pos = loc.find_first_of("#?");
        return QueryParams::parse(pos == std::string::npos ? "" : loc.substr(pos + 1)).value();
    }
    http::Response token(const std::string& form) {
        http::Request r{"POST", "/connect/token", {{"Content-Type", "application/x-www-form-urlencoded"}},
                        "client_id=" + client.client_id + "&client_secret=" + client.client_secret + "&" + form};
        return h.raw(r);
    }
    http::Response exchange(const std::string& code) {
        return token("grant_type=authorization_code&code=" + code + "&redirect_uri=" + percent_encode(client.redirect_uris[0]));
    }
    std::string code(const std::string& scope = "orders_read orders_write offline_access") {
        return *callback(authorize("&state=s1&nonce=n1", scope)).get("code");
    }
};

}  // namespace dockside::refserver::testing
