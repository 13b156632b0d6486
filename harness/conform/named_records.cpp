#include "harness/conform/named_records.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>

#include "harness/conform/test_context.h"

namespace dockside::conform {
namespace {

using nlohmann::json;

constexpr std::string_view kSchemas = "#/components/schemas/";
constexpr int kMaxDepth = 64;  // a cycle of $refs must not hang the walk

/// "Order" for {$ref: "#/components/schemas/Order"}, else "".
std::string schema_name(const json& schema) {
    const auto ref = schema.find("$ref");
    if (ref == schema.end() || !ref->is_string() || !ref->get<std::string>().starts_with(kSchemas)) return {};
    return ref->get<std::string>().substr(kSchemas.size());
}

using Visit = std::function<void(const std::string& schema, const json& object, const std::string& pointer)>;

/// Calls `visit` for every object of `value` that a components schema describes, with its pointer.
void each_object(const spec::Spec& spec, const json& schema, const json& value, const std::string& pointer,
                 const Visit& visit, int depth = 0) {
    if (depth > kMaxDepth || !schema.is_object() || !value.is_structured()) return;
    if (const std::string name = schema_name(schema); !name.empty() && value.is_object()) visit(name, value, pointer);
    if (const auto ref = schema.find("$ref"); ref != schema.end() && ref->is_string())
        if (const json* target = spec.resolve(ref->get<std::string>())) each_object(spec, *target, value, pointer, visit, depth + 1);
    for (const char* key : {"allOf", "anyOf", "oneOf"})
        if (const auto members = schema.find(key); members != schema.end() && members->is_array())
            for (const auto& member : *members) each_object(spec, member, value, pointer, visit, depth + 1);
    if (const auto items = schema.find("items"); items != schema.end() && value.is_array())
        for (std::size_t i = 0; i < value.size(); ++i)
            each_object(spec, *items, value[i], pointer + "/" + std::to_string(i), visit, depth + 1);
    if (const auto properties = schema.find("properties"); properties != schema.end() && properties->is_object() && value.is_object())
        for (const auto& [name, member] : properties->items())
            if (const auto at = value.find(name); at != value.end()) each_object(spec, member, *at, pointer + "/" + name, visit, depth + 1);
}

const json* response_schema(const spec::Operation& operation, int status) {
    const spec::ResponseSpec* response = operation.response_for(status);
    return response && !response->unspecified && response->schema ? &*response->schema : nullptr;
}

}  // namespace

NamedRecords::NamedRecords(const spec::Spec& spec) : spec_(spec) {
    for (auto& reference : spec.record_references()) {
        held_[reference.record];
        by_schema_[reference.schema].push_back(std::move(reference));
    }
}

void NamedRecords::hold(const spec::Operation& operation, int status, const json& answer, std::string_view made_by) {
    const json* schema = response_schema(operation, status);
    const auto kind = held_.find(schema ? schema_name(*schema) : std::string());
    if (kind == held_.end() || !answer.is_object() || !answer.contains("id")) return;
    if (answer.dump().find(made_by) != std::string::npos) kind->second[answer["id"].dump()] = answer;
}

std::vector<NameDisagreement> NamedRecords::judge(const spec::Operation& operation, int status, const json& answer) const {
    std::vector<NameDisagreement> out;
    const json* schema = response_schema(operation, status);
    if (!schema || std::all_of(held_.begin(), held_.end(), [](const auto& kind) { return kind.second.empty(); })) return out;
    each_object(spec_, *schema, answer, "", [&](const std::string& name, const json& object, const std::string& pointer) {
        const auto references = by_schema_.find(name);
        if (references == by_schema_.end()) return;
        for (const auto& [record, held] : held_) {
            // The record the object names: the first of its fields naming one that finds a held record.
            const json* named = nullptr;
            for (const auto& r : references->second) {
                const json value = object.value(r.property, json());
                for (const auto& [id, candidate] : held)
                    if (!named && r.record == record && !value.is_null() && candidate.value(r.field, json()) == value) named = &candidate;
            }
            if (!named) continue;
            for (const auto& r : references->second)
                if (r.record == record && object.value(r.property, json()) != named->value(r.field, json()))
                    out.push_back({r, pointer + "/" + r.property, named->value(r.field, json()), object.value(r.property, json()),
                                   named->value("id", json())});
        }
    });
    return out;
}

void judge_named_records(const Exchange& ex) {
    const int status = ex.status();
    if (!ex.operation || status < 200 || status > 299 || !ex.violations.empty()) return;
    // The running test's records: a test runs alone in its process, or one after another in it.
    static std::mutex mutex;
    static std::unique_ptr<NamedRecords> records;
    static const Session* session_of = nullptr;
    static std::string test_of;
    const Session& session = current_session();
    const json answer = ex.json();
    std::vector<NameDisagreement> found;
    {
        std::lock_guard lock(mutex);
        if (!records || session_of != &session || test_of != test_context::test_name()) {
            records = std::make_unique<NamedRecords>(session.spec());
            session_of = &session;
            test_of = test_context::test_name();
        }
        records->hold(*ex.operation, status, answer, run_tag());
        found = records->judge(*ex.operation, status, answer);
    }
    for (const auto& d : found) {
        const auto& r = d.reference;
        record_failure(r.rule, ex, r.schema + "." + r.property + " is the " + r.field + " of the " + r.record + " it names",
                       "Received: " + d.actual.dump() + " at " + d.pointer + " / Expected: " + d.expected.dump() + ", the " +
                           r.field + " of " + r.record + " " + d.record_id.dump() + " as the run created and read it");
    }
}

}  // namespace dockside::conform
