#include "generators/run_spec.h"

#include <atomic>
#include <stdexcept>

#include <rapidcheck.h>

#include "specs/loader/spec_location.h"

namespace dockside::generators {

namespace {

std::atomic<const spec::Spec*> g_current{nullptr};

const spec::Spec& default_contract() {
    auto loaded = spec::default_spec();
    if (!loaded) throw std::runtime_error("generators: the contract does not load: " + loaded.error().to_string());
    return **loaded;
}

template <class T>
T or_fail(Result<T, spec::LookupError> result) {
    if (!result) throw rc::GenerationFailure("generators: " + result.error().to_string());
    return std::move(result).value();
}

}  // namespace

const spec::Spec& run_spec() {
    const spec::Spec* current = g_current.load();
    return current ? *current : default_contract();
}

void use_spec(const spec::Spec* spec) { g_current.store(spec); }

SpecScope::SpecScope(const spec::Spec& spec) : previous_(g_current.exchange(&spec)) {}

SpecScope::~SpecScope() { g_current.store(previous_); }

spec::FieldLimits limits_of(std::string_view reference) { return or_fail(run_spec().limits().field(reference)); }

std::int64_t max_length_of(std::string_view reference) { return or_fail(limits_of(reference).max_length()); }
std::int64_t min_length_of(std::string_view reference) { return or_fail(limits_of(reference).min_length()); }
std::int64_t maximum_of(std::string_view reference) { return or_fail(limits_of(reference).maximum()); }
std::int64_t minimum_of(std::string_view reference) { return or_fail(limits_of(reference).minimum()); }
std::vector<std::string> enum_strings_of(std::string_view reference) {
    std::vector<std::string> out;
    for (const auto& value : or_fail(limits_of(reference).enum_values()))
        out.push_back(value.is_string() ? value.get<std::string>() : value.dump());
    return out;
}

std::vector<std::int64_t> enum_integers_of(std::string_view reference) {
    std::vector<std::int64_t> out;
    for (const auto& value : or_fail(limits_of(reference).enum_values())) {
        if (!value.is_number_integer())
            throw rc::GenerationFailure("generators: the enum of " + std::string(reference) + " holds " + value.dump() +
                                        ", not an integer");
        out.push_back(value.get<std::int64_t>());
    }
    return out;
}

std::vector<std::string> filter_values_of(std::string_view operation, std::string_view param) {
    for (const auto& check : run_spec().checks()) {
        if (check.type != "filter" || check.params.value("operation", "") != operation) continue;
        for (const auto& filter : check.params.value("filters", nlohmann::json::array()))
            if (filter.is_object() && filter.value("param", "") == param && filter.contains("values"))
                return filter["values"].get<std::vector<std::string>>();
    }
    throw rc::GenerationFailure("generators: no filter check lists values for " + std::string(operation) + "." +
                                std::string(param));
}

std::vector<std::string> states_of(std::string_view machine) {
    return or_fail(run_spec().state_machine(machine)).states;
}

std::int64_t default_integer_of(std::string_view reference) {
    const auto limits = limits_of(reference);
    const nlohmann::json* schema = run_spec().deref(run_spec().resolve(limits.pointer));
    if (!schema || !schema->is_object() || !schema->contains("default") || !(*schema)["default"].is_number_integer())
        throw rc::GenerationFailure("generators: " + std::string(reference) + " documents no integer default");
    return (*schema)["default"].get<std::int64_t>();
}

}  // namespace dockside::generators
