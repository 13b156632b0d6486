#include "generators/auth_gen.h"

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

}  // namespace

std::vector<std::string> scope_names() { return enum_strings_of("Channel.scopes"); }

rc::Gen<json> gen_authorize_query(const AuthInputs& inputs) {
    return rc::gen::exec([inputs] {
        std::string scope = "openid";
        const auto names = scope_names();
        for (const auto& name : names)
            if (name != "openid" && *rc::gen::weightedElement<bool>({{3, false}, {1, true}})) scope += " " + name;
        json query = {{"client_id", inputs.client_id}, {"redirect_uri", inputs.redirect_uri}, {"scope", scope}};
        if (*rc::gen::weightedElement<bool>({{1, false}, {3, true}})) query["state"] = *gen_identifier("st-");
        if (*rc::gen::element(false, true)) query["nonce"] = *gen_identifier("n-");
        if (*rc::gen::element(false, true)) query["integration_name"] = *gen_words(1, 3);
        if (*rc::gen::weightedElement<bool>({{3, false}, {1, true}})) query["response_mode"] = "form_post";
        return query;
    });
}

rc::Gen<json> gen_token_query(const AuthInputs& inputs, std::string code, std::string refresh_token) {
    json query = {{"client_id", inputs.client_id},
                  {"client_secret", inputs.client_secret},
                  {"redirect_uri", inputs.redirect_uri}};
    if (refresh_token.empty()) {
        query["grant_type"] = "authorization_code";
        query["code"] = code;
    } else {
        query["grant_type"] = "refresh_token";
        query["refresh_token"] = refresh_token;
    }
    // Nothing to vary in a token request but parameter order, which the JSON object does not keep;
    // a generator still, so suites compose it like the others.
    return rc::gen::just(query);
}

}  // namespace dockside::generators
