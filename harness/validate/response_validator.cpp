#include "harness/validate/response_validator.h"

#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "core/utf8.h"
#include "harness/validate/error_translation.h"
#include "harness/validate/schema_compiler.h"
#include "harness/validate/schema_locator.h"

namespace dockside::validate {

using nlohmann::json;

namespace {

/// A compiled schema, or why it could not be compiled (kept so the failure is reported every time).
struct CompiledEntry {
    std::shared_ptr<const valijson::Schema> schema;
    std::string error;
};

bool is_json_media_type(const std::string& type) {
    return type == "application/json" || (type.size() > 5 && type.compare(type.size() - 5, 5, "+json") == 0);
}

std::string with_section(std::string pointer, const spec::Operation& op) {
    if (!op.section.empty()) pointer += " (" + op.section + ")";
    return pointer;
}

std::string declared_statuses(const spec::Operation& op) {
    std::string out;
    for (const auto& [status, response] : op.responses) out += (out.empty() ? "" : ", ") + status;
    return out.empty() ? "no status (none declared)" : "one of " + out;
}

std::string body_excerpt(const std::string& body) {
    if (body.empty()) return "an empty body";
    // The body of a hostile target need not be text; the violation goes into results.json.
    std::string text = to_valid_utf8(body.size() > 60 ? body.substr(0, 57) + "..." : body);
    return "unparsable body '" + text + "'";
}

}  // namespace

struct ResponseValidator::Impl {
    const spec::Spec& spec;
    SchemaLocator locator;
    mutable std::shared_mutex mutex;  ///< guards cache and compiler
    mutable std::unordered_map<std::string, CompiledEntry> cache;
    mutable detail::SchemaCompiler compiler;

    explicit Impl(const spec::Spec& s)
        : spec(s), locator(s), compiler(components_schemas(s)) {}

    static const json& components_schemas(const spec::Spec& s) {
        static const json kNone;
        const json* schemas = s.resolve("/components/schemas");
        return schemas ? *schemas : kNone;
    }

    CompiledEntry compiled(const std::string& key, const json& schema) const {
        {
            std::shared_lock lock(mutex);
            if (auto it = cache.find(key); it != cache.end()) return it->second;
        }
        std::unique_lock lock(mutex);
        if (auto it = cache.find(key); it != cache.end()) return it->second;  // another thread won
        auto result = compiler.compile(schema);
        CompiledEntry entry = result ? CompiledEntry{result.value(), {}} : CompiledEntry{nullptr, result.error()};
        cache.emplace(key, entry);
        return entry;
    }

    std::vector<Violation> check_schema(const std::string& key, const json& schema, const std::string& schema_pointer,
                                        const spec::Operation& op, const json& body) const {
        CompiledEntry entry = compiled(key, schema);
        if (!entry.schema)
            return {Violation{kSpecSchemaRule, "", "a schema valijson can compile", entry.error,
                              with_section(schema_pointer, op)}};
        // One validator per thread keeps valijson's regex cache warm without sharing it.
        thread_local valijson::Validator validator(valijson::Validator::kStrongTypes);
        valijson::ValidationResults results;
        valijson::adapters::NlohmannJsonAdapter adapter(body);
        {
            detail::InstanceScope scope(&body);
            try {
                validator.validate(*entry.schema, adapter, &results);
            } catch (const std::exception& e) {
                return {Violation{kSpecSchemaRule, "", "a schema valijson can apply", e.what(),
                                  with_section(schema_pointer, op)}};
            }
        }
        std::vector<detail::RawError> errors;
        valijson::ValidationResults::Error error;
        while (results.popError(error)) errors.push_back({error.context, error.description});
        return detail::translate_errors(errors, body, locator, {schema_pointer, op.section});
    }
};

ResponseValidator::ResponseValidator(const spec::Spec& spec) : impl_(std::make_unique<Impl>(spec)) {}
ResponseValidator::~ResponseValidator() = default;

std::vector<Violation> ResponseValidator::validate_body(const spec::Operation& op, const std::string& status_key,
                                                        const json& body) const {
    auto it = op.responses.find(status_key);
    if (it == op.responses.end() || it->second.unspecified || !it->second.schema) return {};
    return impl_->check_schema(op.id + "#" + status_key, *it->second.schema, it->second.schema_pointer, op, body);
}

std::vector<Violation> ResponseValidator::validate_request_body(const spec::Operation& op, const json& body) const {
    if (op.request_unspecified || !op.request_schema) return {};
    return impl_->check_schema(op.id + "#request", *op.request_schema, op.request_schema_pointer, op, body);
}

std::vector<Violation> ResponseValidator::validate(const spec::Operation& op, const http::Response& response) const {
    std::vector<Violation> out;
    const std::string status = std::to_string(response.status);
    const spec::ResponseSpec* declared = op.response_for(response.status);
    std::string responses_location = with_section(op.pointer + "/responses", op);

    if (response.status >= 500) {
        out.push_back({impl_->spec.server_error_rule(), "", "no 5xx status (" + declared_statuses(op) + ")", status,
                       responses_location});
        return out;  // a server error's body says nothing about the contract
    }
    if (!declared) {
        out.push_back({"ERR-CODES", "", declared_statuses(op), status, responses_location});
        return out;
    }
    if (!declared->declares_json()) return out;  // no JSON content declared (204, or another media type)

    std::string location = with_section(declared->pointer, op);
    std::string media = response.media_type();
    if (!is_json_media_type(media))
        out.push_back({"CONV-JSON", "", "Content-Type application/json",
                       media.empty() ? std::string("no Content-Type") : "Content-Type " + media, location});

    json body;
    try {
        body = json::parse(response.body);
    } catch (const json::exception&) {  // parse_error, and out_of_range for numbers past a double (fuzzing)
        out.push_back({"CONV-JSON", "", "a JSON body", body_excerpt(response.body), location});
        return out;
    }
    if (declared->unspecified || !declared->schema) return out;
    auto schema_violations = validate_body(op, declared->status, body);
    out.insert(out.end(), std::make_move_iterator(schema_violations.begin()),
               std::make_move_iterator(schema_violations.end()));
    return out;
}

std::vector<std::string> ResponseValidator::compile_all() const {
    std::vector<std::string> problems;
    for (const auto& op : impl_->spec.operations()) {
        auto note = [&](const std::string& key, const json& schema, const std::string& pointer) {
            CompiledEntry entry = impl_->compiled(key, schema);
            if (!entry.schema) problems.push_back(op.id + " " + pointer + ": " + entry.error);
        };
        if (op.request_schema && !op.request_unspecified)
            note(op.id + "#request", *op.request_schema, op.request_schema_pointer);
        for (const auto& [status, response] : op.responses)
            if (response.schema && !response.unspecified)
                note(op.id + "#" + status, *response.schema, response.schema_pointer);
    }
    return problems;
}

}  // namespace dockside::validate
