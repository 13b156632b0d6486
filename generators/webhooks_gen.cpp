#include "generators/webhooks_gen.h"

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

using nlohmann::json;

std::vector<std::string> webhook_topics() { return enum_strings_of("WebhookCreateRequest.topics"); }

rc::Gen<json> gen_webhook_create() {
    return rc::gen::exec([] {
        const auto documented = webhook_topics();
        json topics = json::array();
        for (const auto& topic : documented)
            if (*rc::gen::element(false, true)) topics.push_back(topic);
        if (topics.empty()) topics.push_back(*rc::gen::elementOf(documented));
        json body = {{"url", *gen_https_url()}, {"topics", topics}};
        auto optional_text = [](json& b, const char* name, rc::Gen<std::string> text) {
            switch (*rc::gen::inRange(0, 4)) {
                case 0: b[name] = nullptr; break;
                case 1: case 2: b[name] = *text; break;
                default: break;  // absent
            }
        };
        optional_text(body, "description", gen_words(1, 5));
        optional_text(body, "secret", gen_text(16, 40));
        return body;
    });
}

}  // namespace dockside::generators
