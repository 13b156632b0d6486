#include "tools/fuzz/response_handling.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/utf8.h"
#include "harness/conform/report.h"
#include "harness/conform/results.h"
#include "harness/conform/session.h"
#include "harness/http/url.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"
#include "suites/paging_links.h"

namespace dockside::fuzz {

struct ResponseHandlingTarget::Impl {
    spec::Spec spec;
    validate::ResponseValidator validator;
    std::unique_ptr<conform::Session> session;

    explicit Impl(spec::Spec loaded) : spec(std::move(loaded)), validator(spec) {
        conform::SessionInfo info;
        info.base_url = "http://127.0.0.1:9/base";  // never dialled: nothing here sends a request
        info.token = "fuzz-token";
        auto created = conform::Session::create(spec, validator, info, {});
        if (!created) throw std::runtime_error(created.error());
        session = std::move(created.value());
        conform::set_current_session(session.get());
    }
};

namespace {

spec::Spec load(const std::string& dir) {
    auto loaded = spec::Spec::load(dir + "/fulfillment-2025-07.openapi.yaml", dir + "/rules.yaml");
    if (!loaded) throw std::runtime_error(loaded.error().to_string());
    return std::move(loaded.value());
}

constexpr const char* kContentTypes[] = {"application/json", "application/json; charset=utf-8", "text/plain",
                                         "application/problem+json", ""};

}  // namespace

ResponseHandlingTarget::ResponseHandlingTarget(const std::string& specs_dir)
    : impl_(std::make_unique<Impl>(load(specs_dir))) {}

ResponseHandlingTarget::~ResponseHandlingTarget() {
    if (conform::current_session_or_null() == impl_->session.get()) conform::set_current_session(nullptr);
}

std::optional<std::string> ResponseHandlingTarget::run(std::string_view bytes) {
    if (bytes.size() < 4) return std::nullopt;
    const auto& operations = impl_->spec.operations();
    const spec::Operation& op = operations[static_cast<unsigned char>(bytes[0]) % operations.size()];
    http::Response response;
    response.status = 100 + (static_cast<unsigned char>(bytes[1]) << 8 | static_cast<unsigned char>(bytes[2])) % 500;
    if (const char* type = kContentTypes[static_cast<unsigned char>(bytes[3]) % std::size(kContentTypes)]; *type)
        response.headers.set("Content-Type", type);
    response.body = std::string(bytes.substr(4));
    try {
        const auto violations = impl_->validator.validate(op, response);
        // The paging links a suite would follow, from whatever object came back.
        const auto body = nlohmann::json::parse(response.body, nullptr, false);
        if (body.is_object())
            for (const char* link : {"next", "prev", "first", "last"})
                if (body.contains(link)) {
                    const std::string target = suites::paging::link_target(body[link]);
                    (void)http::parse_url("http://127.0.0.1:9" + target);
                }
        conform::Finding finding;
        finding.test = "Fuzz.Response";
        finding.area = "fuzz";
        finding.operation = op.id;
        finding.rule = violations.empty() ? "ERR-CODES" : violations.front().rule;
        finding.status = response.status;
        finding.body_excerpt = excerpt(response.body, conform::kBodyExcerptChars);
        finding.violations = violations;
        conform::RunResults results;
        conform::TestOutcome test;
        test.name = "Fuzz.Response";
        test.area = "fuzz";
        test.status = conform::TestStatus::Failed;
        test.findings = {finding};
        results.tests.push_back(std::move(test));
        // What `dockside conform` writes: results.json, the report, the summary.
        (void)conform::to_json(results).dump(2);
        (void)conform::render_failures(results);
        (void)conform::render_summary(results);
    } catch (const std::exception& e) {
        return std::string("threw: ") + e.what();
    }
    return std::nullopt;
}

}  // namespace dockside::fuzz
