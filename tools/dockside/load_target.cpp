#include "tools/dockside/load_target.h"

#include <ostream>

#include "harness/auth/refresh_token_file.h"
#include "harness/preflight/target.h"

namespace dockside::cli {
namespace {

/// True when no entry of the mix is an operation of the contract (`--mix 'GET /order.json'` against any
/// HTTP server, the way wrk is used): such a run needs neither an accepted token nor a channel.
bool outside_contract(const std::vector<load::ResolvedEntry>& entries) {
    for (const auto& entry : entries)
        if (entry.operation) return false;
    return !entries.empty();
}

/// True when some entry of the mix sends the channel header, which names the channel written to
/// (createOrder, cancelOrder, …, as the contract says). A mix of reads needs no channel to write to, so a
/// read-only token will do.
bool needs_channel(const std::vector<load::ResolvedEntry>& entries) {
    for (const auto& entry : entries)
        if (entry.operation && entry.operation->channel_header == spec::ChannelHeader::Required) return true;
    return false;
}

Result<loadtool::LoadTarget, std::string> start_embedded(const LoadTargetRequest& request, const spec::Spec& spec,
                                                         std::unique_ptr<refserver::EmbeddedServer>& embedded,
                                                         loadtool::LoadTarget out) {
    refserver::EmbeddedOptions options;
    options.api.faults = {request.faults.begin(), request.faults.end()};
    options.api.delays = request.delays;
    options.api.spec = &spec;
    auto started = refserver::EmbeddedServer::start(options);
    if (!started) {
        std::string problems;
        for (const auto& problem : started.error()) problems += (problems.empty() ? "" : "; ") + problem;
        return fail(problems);
    }
    embedded = std::move(started.value());
    out.base_url = embedded->base_url();
    out.token = embedded->api().pat();
    out.channel = embedded->api().write_channel_id();
    out.embedded = true;
    return out;
}

}  // namespace

Result<loadtool::LoadTarget, std::string> prepare_load_target(const config::TargetConfig& target,
                                                               const LoadTargetRequest& request,
                                                               const loadtool::LoadSettings& settings,
                                                               const spec::Spec& spec,
                                                               std::unique_ptr<refserver::EmbeddedServer>& embedded,
                                                               std::ostream& notes) {
    loadtool::LoadTarget out;
    out.timeout_s = target.timeout_seconds;
    out.insecure = target.insecure;
    out.channel_header = target.channel_header;
    if (target.embedded()) return start_embedded(request, spec, embedded, std::move(out));
    const auto client = client_options_for(target);
    out.base_url = target.base_url;
    out.channel = target.channel.value_or(0);
    if (outside_contract(settings.entries)) {
        // Only reachability is checked: the token, if any, is sent as given and no channel is discovered.
        if (auto probe = preflight::probe_target(spec, target.base_url, target.token, client); !probe) return fail(probe.error());
        out.token = target.token;
        return out;
    }
    // OAuth: the first token is had here rather than inside prepare_remote, so that the run keeps its grant
    // and renews the token before it expires; the target is then checked with it.
    config::TargetConfig checked = target;
    if (target.auth == config::AuthMethod::OAuthClient) {
        auth::OAuthRefresh grant;
        auto token = first_access_token(target, request.access, spec, grant);
        if (!token) return fail(token.error());
        if (!request.refresh_token_file.empty() && !grant.refresh_token.empty())
            if (auto stored = auth::RefreshTokenFile(request.refresh_token_file).write(grant.refresh_token); !stored)
                return fail(stored.error());
        checked.auth = config::AuthMethod::PersonalToken;
        checked.token = std::move(token).value();
        out.oauth = std::move(grant);
        out.refresh_token_file = request.refresh_token_file;
    }
    out.token = checked.token;
    if (!needs_channel(settings.entries)) {
        // Only the token is checked: channels are discovered to find one to write to, and this mix writes to none.
        if (auto accepted = preflight::check_token(spec, checked.base_url, checked.token, "token", client); !accepted)
            return fail(accepted.error().message);
        return out;
    }
    const validate::ResponseValidator validator(spec);
    auto remote = prepare_remote(checked, request.access, spec, validator);
    if (!remote) return fail(remote.error());
    // A contract violation seen while discovering the target is conform's to report; load only needs to know
    // whether a channel to write to is left.
    for (const auto& finding : remote->preflight)
        notes << "dockside load: while preparing: " << finding.name << " failed (run dockside conform for the details)\n";
    if (!remote->runnable) return fail(std::string("the target's channels could not be read; pass --channel"));
    out.base_url = remote->info.base_url;
    out.token = remote->info.token;
    out.channel = remote->info.write_channel;
    return out;
}

}  // namespace dockside::cli
