#include "refserver/reference_server.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <sstream>

#include "refserver/api/simulation_clock.h"
#include "refserver/auth/authenticator.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/json_body.h"
#include "refserver/core/operation_routes.h"
#include "refserver/core/text.h"
#include "refserver/seed/seed.h"
#include "refserver/store/record_budget.h"
#include "refserver/webhooks/events.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver {
namespace {

/// Deterministic period of the ERR-NO5XX.sporadic-500 fault.
inline constexpr std::uint64_t kSporadicPeriod = 7;

/// The records the server starts with: the options' seed or the built-in one; a problem when it is none.
nlohmann::json seed_of(const Options& options, std::vector<std::string>& problems) {
    if (options.seed) {
        if (!options.seed->is_object()) problems.push_back("seed must be a JSON object");
        return *options.seed;
    }
    auto parsed = parse_seed(default_seed_text());
    if (!parsed) problems.push_back("built-in seed: " + parsed.error());
    return parsed ? *parsed : nlohmann::json();
}

}  // namespace

ReferenceServer::ReferenceServer(Options options) : options_(std::move(options)) {}

Result<std::unique_ptr<ReferenceServer>, std::vector<std::string>> ReferenceServer::create(Options options) {
    std::vector<std::string> problems;
    std::unique_ptr<ReferenceServer> server(new ReferenceServer(std::move(options)));
    ReferenceServer& s = *server;
    s.clock_ = s.options_.clock ? s.options_.clock : std::make_shared<SystemClock>();
    if (s.options_.simulation_enabled) s.clock_ = std::make_shared<SimulatedClock>(s.clock_);  // /_sim/clock:advance
    if (s.options_.rate_limit_per_second) {
        if (*s.options_.rate_limit_per_second > 0) s.rate_limit_ = std::make_unique<RateLimit>(*s.options_.rate_limit_per_second);
        else problems.push_back("the rate limit must be above zero requests a second");
    }

    auto faults = FaultSet::from_names(s.options_.faults);
    if (faults) s.faults_ = *faults;
    else problems.push_back(faults.error());

    const spec::Spec* contract = s.options_.spec;
    if (!contract) {
        if (auto loaded = spec::default_spec()) contract = *loaded;
        else problems.push_back("contract: " + loaded.error().to_string());
    }
    auto limits = s.options_.spec ? ContractLimits::read(*s.options_.spec) : ContractLimits::of_default_spec();
    if (limits) s.store_.limits = *limits;
    else problems.insert(problems.end(), limits.error().begin(), limits.error().end());
    if (limits)
        for (auto& p : unsubscribable_topics(limits->webhooks)) problems.push_back(std::move(p));
    if (contract) {
        s.store_.auth.scopes = contract->scope_names();
        s.store_.auth.channel_header = contract->channel_header();
        if (auto states = ContractStates::read(*contract)) s.store_.states = std::move(states.value());
        else problems.insert(problems.end(), states.error().begin(), states.error().end());
    }

    const nlohmann::json seed = seed_of(s.options_, problems);
    HandlerTable handlers;
    for (const auto& area : all_areas()) area.bind_handlers(handlers, s.faults_);
    // The control's routes come from its own file; a server without --sim serves none and needs no file.
    const spec::Spec* control = nullptr;
    if (s.options_.simulation_enabled) {
        if (auto loaded = spec::simulation_spec()) control = *loaded;
        else problems.push_back("simulation control: " + loaded.error().to_string());
    }
    if (control) {
        if (auto sim = SimulationLimits::read(*control)) s.store_.limits.simulation = *sim;
        else problems.insert(problems.end(), sim.error().begin(), sim.error().end());
    }
    if (contract) {
        if (auto routes = build_routes(*contract, control, handlers)) s.router_ = std::move(routes.value());
        else problems.insert(problems.end(), routes.error().begin(), routes.error().end());
    }
    s.options_.spec = nullptr;  // read once; the caller's spec may go away after create()
    if (seed.is_object() && limits) {
        for (auto& p : load_core_seed(seed, s.store_)) problems.push_back("seed: " + p);
        for (const auto& area : all_areas())
            if (area.load_seed)
                for (auto& p : area.load_seed(seed, s.store_)) problems.push_back(std::string(area.name) + " seed: " + p);
    }
    std::vector<std::string> operation_ids;  // empty when an earlier problem left the routes unmade
    for (const auto& r : s.router_.routes()) operation_ids.push_back(r.access.operation_id);
    if (auto delays = AnswerDelays::parse(s.options_.delays, operation_ids)) s.delays_ = std::move(delays.value());
    else problems.insert(problems.end(), delays.error().begin(), delays.error().end());

    s.pat_ = s.options_.pat.empty() ? random_hex(32) : s.options_.pat;
    s.read_only_token_ = random_hex(32);
    s.store_.auth.signing_key = random_hex(32);
    if (s.pat_.empty() || s.read_only_token_.empty() || s.store_.auth.signing_key.empty())
        problems.push_back("OpenSSL RAND_bytes failed; cannot generate tokens");
    if (!problems.empty()) return fail(std::move(problems));

    s.grant_tokens();
    s.store_.simulation_enabled = s.options_.simulation_enabled;
    if (s.options_.deliver_webhooks)
        s.webhooks_ = start_webhook_delivery(s.store_, s.faults_, s.options_.webhook_insecure, s.options_.webhook_backoff);
    return server;
}

void ReferenceServer::grant_tokens() {
    Principal full{TokenKind::Pat, {store_.auth.scopes.begin(), store_.auth.scopes.end()}, {}};
    Principal read_only{TokenKind::Pat, {}, {}};
    for (const auto& c : store_.channels) {
        if (c.role == "foreign") continue;
        full.channel_ids.push_back(c.id);
        store_.auth.account_channels.push_back(c.id);
        if (c.role == "write" && write_channel_id_ == 0) write_channel_id_ = c.id;
        if (c.role == "read_only" && read_only_channel_id_ == 0) {
            read_only_channel_id_ = c.id;
            read_only.channel_ids.push_back(c.id);
            read_only.scopes.insert(c.scopes.begin(), c.scopes.end());
        }
    }
    store_.auth.tokens.insert(pat_, {std::make_shared<const Principal>(std::move(full)), std::nullopt});
    store_.auth.tokens.insert(read_only_token_, {std::make_shared<const Principal>(std::move(read_only)), std::nullopt});
    store_.auth.primary_pat = pat_;
}

std::optional<OAuthClient> ReferenceServer::oauth_client() const {
    std::shared_lock lock(mutex_);
    return store_.auth.client;
}

std::string ReferenceServer::base_url() const { return options_.public_base_url; }

std::size_t ReferenceServer::stored_records() const {
    std::shared_lock lock(mutex_);
    return refserver::stored_records(const_cast<Store&>(store_));  // AreaStates creates on first use
}

http::Response ReferenceServer::handle(const http::Request& request) {
    http::Response response;
    try {
        response = dispatch(request);
    } catch (const std::exception& e) {
        response = error_response(internal_error(std::string("unexpected failure: ") + e.what()));
    } catch (...) {
        response = error_response(internal_error("unexpected failure"));
    }
    if (faults_.on(Fault::StanceValidation422) && response.status == 400) response.status = 422;
    if (faults_.on(Fault::StanceErrorBodyMessageOnly) && response.status >= 400 && response.status < 500) {
        const auto body = nlohmann::json::parse(response.body, nullptr, false);
        if (body.is_object() && body.value("error", nlohmann::json()).is_object())
            response.body = nlohmann::json{{"message", body["error"].value("message", "")}}.dump();
    }
    apply_answer_stance_faults(request, response);
    if (faults_.on(Fault::ConvJsonWrongContentType) && response.media_type() == "application/json")
        response.headers.set("Content-Type", "text/plain");
    return response;
}

void ReferenceServer::apply_answer_stance_faults(const http::Request& request, http::Response& response) const {
    if (response.status < 200 || response.status >= 300) return;
    if (faults_.on(Fault::StanceTokenCacheable)) response.headers.remove("Cache-Control");
    if (!faults_.on(Fault::StanceListNewestFirst) && !faults_.on(Fault::StanceNullLinksLeftOut)) return;
    auto body = nlohmann::json::parse(response.body, nullptr, false);
    bool changed = false;
    if (faults_.on(Fault::StanceListNewestFirst) && request.method == "GET" && body.is_array() && body.size() > 1) {
        std::reverse(body.begin(), body.end());
        changed = true;
    }
    // Where the document's schema leaves the links optional (the inventory list requires them).
    const auto match = router_.match(request.method, request.path());
    if (faults_.on(Fault::StanceNullLinksLeftOut) && body.is_object() && match && match->route->access.operation_id == "listWebhooks")
        for (const char* link : {"next", "prev"})
            if (body.contains(link) && body[link].is_null()) changed = body.erase(link) > 0;
    if (changed) response.body = body.dump();
}

http::Response ReferenceServer::dispatch(const http::Request& request) {
    // Refused before anything else, as a throttling front end would: nothing of the request is done.
    if (rate_limit_)
        if (const auto wait = rate_limit_->admit()) return error_response(rate_limited(*wait));
    const std::uint64_t n = ++request_count_;
    if (faults_.on(Fault::ErrNo5xxSporadic500) && n % kSporadicPeriod == 0)
        return error_response(internal_error("deliberate sporadic failure (fault ERR-NO5XX.sporadic-500)"));
    if (request.body.size() > kMaxBodyBytes) return error_response(payload_too_large(kMaxBodyBytes));

    auto match = router_.match(request.method, request.path());
    if (!match) return error_response(match.error());
    const OperationAccess& access_rule = match->route->access;
    auto query = QueryParams::parse(request.query());
    if (!query) return error_response(query.error());

    std::unique_lock<std::shared_mutex> write_lock(mutex_, std::defer_lock);
    std::shared_lock<std::shared_mutex> read_lock(mutex_, std::defer_lock);
    const bool mutates = access_rule.lock == StoreLock::Exclusive;
    if (mutates) write_lock.lock();
    else read_lock.lock();

    auto access = check_access(request, access_rule, store_, clock_->now(), faults_);
    if (!access) return error_response(access.error());
    if (auto misspelled = misspelled_parameter(*query, access_rule.query_names)) return error_response(*misspelled);
    const bool adds = adds_records(access_rule.operation_id);
    if (adds && !room_for_a_record()) return error_response(record_limit_reached(options_.max_records));
    RequestContext ctx{request,  match->params, *query, *access->principal, access->channel_id,
                       store_,   faults_,       *clock_, base_url()};
    Reply reply = match->route->handler(ctx);
    if (mutates) {
        if (!store_.orders.touched.empty()) emit_webhook_events(store_, faults_, clock_->now());  // shipment changes -> deliveries
        store_.orders.stamp_changed(++store_.generation);     // renderings of the orders it changed are stale
    }
    if (adds && reply) store_.extra_record_units += extra_record_units(access_rule.operation_id, request.body);
    return reply ? std::move(reply.value()) : error_response(reply.error());
}

bool ReferenceServer::room_for_a_record() {
    if (refserver::stored_records(store_) < options_.max_records) return true;
    if (options_.retention == Retention::Refuse) return false;
    // Down to a low-water mark, not one record below the cap: the walk to the oldest finished records is
    // then made once per many writes instead of on every one.
    const std::size_t target = options_.max_records - std::max<std::size_t>(1, options_.max_records / 20);
    const std::size_t forgotten = evict_finished(store_, target);
    if (forgotten > 0 && !retention_announced_ && options_.notice) {
        retention_announced_ = true;
        options_.notice("retention: the store reached --max-records " + std::to_string(options_.max_records) +
                        "; the oldest finished records (orders whose shipments are all done, finished returns and "
                        "receiving orders) are being forgotten and answer 404 (counted in GET /_sim/status; "
                        "--retention refuse keeps them and answers 507 instead). This is said once.");
    }
    return refserver::stored_records(store_) < options_.max_records;
}

std::chrono::microseconds ReferenceServer::answer_delay(const http::Request& request) const {
    if (delays_.empty()) return std::chrono::microseconds{0};
    // The router is immutable after create(), so matching needs no lock.
    auto match = router_.match(request.method, request.path());
    return delays_.for_operation(match ? std::string_view(match->route->access.operation_id) : std::string_view());
}

std::string ReferenceServer::banner(bool show_generated_secrets) const {
    const std::string hidden = "(not shown)";
    const std::string& pat = options_.pat.empty() && show_generated_secrets ? pat_ : hidden;
    const std::string& read_only = show_generated_secrets ? read_only_token_ : hidden;
    std::ostringstream out;
    out << "Dockside reference server (Fulfillment API 2025-07)\n"
        << "  PAT (full access):     " << (options_.pat.empty() ? pat : "(as given, not shown)") << "  channel "
        << write_channel_id_ << "\n"
        << "  PAT (read-only):       " << read_only << "  channel " << read_only_channel_id_ << "\n";
    if (auto client = oauth_client()) {
        // The built-in seed's client secret is public (seed/default_seed.json); a given seed's is the user's.
        out << "  OAuth client_id:       " << client->client_id << "\n"
            << "  OAuth client_secret:   " << (options_.seed ? "(from the seed, not shown)" : client->client_secret) << "\n";
        for (const auto& uri : client->redirect_uris) out << "  OAuth redirect_uri:    " << uri << "\n";
        std::string scopes;
        for (const auto& sc : client->scopes) scopes += (scopes.empty() ? "" : " ") + sc;
        out << "  OAuth granted scopes:  " << scopes << "\n";
    }
    auto names = faults_.names();
    out << "  faults on:             " << (names.empty() ? "none" : "") << "\n";
    for (const auto& name : names) out << "    " << name << "\n";
    if (!delays_.empty()) out << "  answers delayed:       " << delays_.describe() << "\n";
    return out.str();
}

std::string ReferenceServer::credentials_json() const {
    nlohmann::json out{{"pat", pat_},
                       {"read_only_token", read_only_token_},
                       {"write_channel_id", write_channel_id_},
                       {"read_only_channel_id", read_only_channel_id_},
                       {"oauth_client", nullptr}};
    if (auto client = oauth_client())
        out["oauth_client"] = {{"client_id", client->client_id},
                               {"client_secret", client->client_secret},
                               {"redirect_uris", client->redirect_uris}};
    return out.dump(2) + "\n";
}

}  // namespace dockside::refserver
