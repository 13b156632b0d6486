#include "generators/webhooks_gen.h"

#include "generators/run_spec.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

/// A topic name of the previous version (the rules data's webhook_topics list), refused in 2025-07.
std::string former_topic() {
    const json& data = run_spec().rules_document();
    if (data.contains("webhook_topics"))
        for (const auto& topic : data["webhook_topics"].value("topics", json::array()))
            if (topic.is_object() && topic.contains("former")) return topic["former"].get<std::string>();
    throw rc::GenerationFailure("generators: the rules data lists no former webhook topic name");
}

}  // namespace

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

std::vector<rc::Gen<BoundaryCase>> webhook_create_boundary_cases() {
    auto base = gen_webhook_create();
    return {make_case(base, case_meta("WH-TOPICS", "exactly one topic"),
                      [](json& b) { b["topics"] = json::array({*rc::gen::elementOf(webhook_topics())}); }),
            make_case(base, case_meta("WH-TOPICS", "every documented topic"), [](json& b) { b["topics"] = webhook_topics(); })};
}

std::vector<rc::Gen<InvalidCase>> webhook_create_invalid_cases() {
    auto base = gen_webhook_create();
    return {
        make_case(base, case_meta("WH-HTTPS", "http:// url", "WH-HTTPS"),
                  [](json& b) { b["url"] = "http://" + b["url"].get<std::string>().substr(8); }),
        make_case(base, case_meta("WH-TOPICS", "2.0 topic name " + former_topic(), "WH-TOPICS"),
                  [](json& b) { b["topics"] = json::array({former_topic()}); }),
        make_case(base, case_meta("WH-CREATE", "url missing", "WH-CREATE"), [](json& b) { b.erase("url"); }),
        make_case(base, case_meta("WH-CREATE", "topics missing", "WH-CREATE"), [](json& b) { b.erase("topics"); }),
        make_case(base, case_meta("WH-CREATE", "topics a string, not an array", "WH-TOPICS"),
                  [](json& b) { b["topics"] = b["topics"][0]; }),
        make_case(base, case_meta("VER-WEBHOOK-SHAPE", "2.0 shape: subscription_url and topic", "WH-CREATE"),
                  [](json& b) {
                      b = {{"subscription_url", b["url"]}, {"topic", former_topic()}};
                  }),
    };
}

rc::Gen<InvalidCase> gen_webhook_create_invalid() { return gen_one_of(webhook_create_invalid_cases()); }

}  // namespace dockside::generators
