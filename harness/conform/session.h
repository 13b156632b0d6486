#pragma once
/// The target of one conformance run as the suites see it: where to send, which tokens and channels,
/// which profile, how many property cases. Suites are plain GoogleTest functions, so the run's session is
/// reachable through one global (`current_session()`), set by the runner before RUN_ALL_TESTS().

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/conform/run_log.h"
#include "harness/http/client.h"
#include "harness/http/url.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"

namespace dockside::conform {

/// An OAuth client registered with the target's authorization server, for the tests of the code flow.
struct OAuthClientInfo {
    std::string id;
    std::string secret;
    std::string redirect_uri;  ///< one of the client's registered redirect URIs
};

/// Everything a suite may need to know about the target.
struct SessionInfo {
    std::string base_url;          ///< "http://127.0.0.1:PORT" or the user's --base-url
    std::string auth_url;          ///< OAuth server; empty = base_url (added)
    std::string token;             ///< bearer token with every scope
    std::string read_only_token;   ///< token whose only channel is read-only; empty = unknown
    /// The client of --client-id, --client-secret (or --client-secret-file) and --redirect-uri, or the embedded
    /// server's own; nullopt = none configured (the AUTH-OAUTH-* tests are skipped, saying which flags to give).
    std::optional<OAuthClientInfo> oauth_client;
    std::int64_t write_channel = 0;
    std::optional<std::int64_t> read_only_channel;
    std::string channel_header;    ///< empty: the spec's (Spec::channel_header), filled in by Session::create
    bool simulation = false;       ///< /_sim/ control is available
    bool embedded = false;         ///< the target is Dockside's own reference server
    std::string profile = "default";
    nlohmann::json profile_json;   ///< the profile document (stances), null when not loaded
    int cases = 25;                ///< RapidCheck cases per property
    std::uint64_t seed = 0;        ///< RapidCheck seed of the run (0 = RapidCheck chooses)
    std::string only;              ///< the run's --only list as given ("returns,auth"), for replay commands (added)
    /// What a replay command adds to reach this target the same way ("--fault X", "--base-url … --channel 101
    /// --read-only-token \"$DOCKSIDE_READ_ONLY_TOKEN\""); credentials only as variables.
    std::string replay_args;
    /// Non-empty: why no write may reach this target (a production environment without
    /// --allow-production-writes). A write a test tries is not sent; the test is skipped saying so.
    std::string writes_refused;
    /// Where the webhook receiver listens for a target that is not in process (--webhook-listen HOST:PORT);
    /// empty = 127.0.0.1 on an ephemeral port, which only the embedded target reaches, so delivery checks
    /// against another target are skipped. `webhook_public_url` is the receiver's address as the target
    /// reaches it (a container, NAT); empty = https://HOST:PORT.
    std::string webhook_host;
    std::uint16_t webhook_port = 0;
    std::string webhook_public_url;
    /// Where each record the run creates is noted, one JSON line per create, for cleanup; empty = nowhere.
    std::string created_log;
};

/// One run's target plus the shared spec, validator and finding log.
class Session {
public:
    /// Keeps references to `spec` and `validator` (they must outlive the session). `info.base_url` must
    /// parse (see `Session::create` for the checked form); an unparsable URL leaves `client()` unusable.
    Session(const spec::Spec& spec, const validate::ResponseValidator& validator, SessionInfo info,
            http::ClientOptions client_options);

    /// Checked construction: the error names the base URL and what is wrong with it.
    static Result<std::unique_ptr<Session>, std::string> create(const spec::Spec& spec,
                                                                const validate::ResponseValidator& validator,
                                                                SessionInfo info,
                                                                http::ClientOptions client_options);

    const spec::Spec& spec() const { return spec_; }
    const validate::ResponseValidator& validator() const { return validator_; }
    const SessionInfo& info() const { return info_; }
    const http::Url& base_url() const { return base_url_; }
    /// Where `op` is served: the authorization server (`info().auth_url`, else the base URL) for an operation
    /// whose own servers name {auth_url}, the base URL for every other (and for nullptr).
    const http::Url& url_for(const spec::Operation* op) const;
    const http::ClientOptions& client_options() const { return client_options_; }
    /// Whether the profile in force is `strict`.
    bool strict() const { return info_.profile == "strict"; }
    /// A stance of the profile (`stances.<id>`), null when the profile does not name it.
    const nlohmann::json& stance(const std::string& id) const;
    /// The exact status the profile demands of a refused request: NS-VALIDATION-STATUS `code` (400 in the
    /// strict profile); nullopt = any 4xx. The rule checks' judge asks here.
    std::optional<int> reject_code() const;
    /// The exact status a stance of the profile gives (its integer `member`: NS-MISSING-STATUS `code` is
    /// 404 in the strict profile); nullopt when the profile gives none (the default profile: any 4xx).
    std::optional<int> stance_code(std::string_view id, std::string_view member = "code") const;
    /// The statuses the profile allows for a path that is not served: NS-NOT-SERVED-STATUS `codes` (404
    /// and 405 in the strict profile); empty = any 4xx.
    std::vector<int> not_served_codes() const;
    /// The rule a 5xx answer breaks (the rules data's, Spec::server_error_rule).
    const std::string& server_error_rule() const { return spec_.server_error_rule(); }

    /// A fresh keep-alive client to the target's base URL.
    http::HttpClient client() const;
    /// A fresh client to where `op` is served (see url_for).
    http::HttpClient client_for(const spec::Operation* op) const;

    FindingLog& findings() { return findings_; }
    const FindingLog& findings() const { return findings_; }

private:
    const spec::Spec& spec_;
    const validate::ResponseValidator& validator_;
    SessionInfo info_;
    http::Url base_url_;
    http::Url auth_url_;
    http::ClientOptions client_options_;
    FindingLog findings_;
};

/// The run's session. Calling it before `set_current_session` is a programming error: it aborts with a
/// message saying the suites must be run by `dockside conform` or `suites_test`.
Session& current_session();
/// The run's session, or nullptr when none is set.
Session* current_session_or_null();
/// Sets (or clears, with nullptr) the run's session; not owned.
void set_current_session(Session* session);

}  // namespace dockside::conform
