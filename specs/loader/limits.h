#pragma once
/// The documented limits of every request and response field and of every parameter, read from the
/// OpenAPI keywords (maxLength, minLength, maximum, minimum, maxItems, minItems, enum, pattern): the one
/// owner of every constraint OpenAPI can state (the schema phase breaks them, the validator checks them,
/// the reference server enforces them). Callers ask by name —
/// `spec.limits().field("OrderCreateRequest.gift_message")`, `spec.limits().param("listOrders", "Limit")` —
/// and a name that does not exist is an error value.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "specs/loader/lookup.h"

namespace dockside::spec {

class Spec;

/// How a text length is counted. The document says "characters"; the rules data's `units:` map says
/// what that counts (a stance), which must be what JSON Schema's minLength/maxLength count: code points.
enum class LengthUnit { CodePoints, Bytes, Utf16Units };

std::string_view to_string(LengthUnit unit);

/// Inclusive integer bounds; either end may be absent.
struct Bounds {
    std::optional<std::int64_t> min;
    std::optional<std::int64_t> max;

    bool any() const { return min.has_value() || max.has_value(); }
};

/// The limits on one value: a field or parameter itself, or the items of an array field.
struct ValueLimits {
    std::vector<std::string> types;  ///< the schema's `type` ("string", "integer", "null", …); empty = any
    std::string format;              ///< "date-time", "int32", … ("" when none)
    Bounds length;                   ///< minLength / maxLength, in code points (JSON Schema's count)
    Bounds value;                    ///< minimum / maximum, exclusive bounds converted to inclusive ones
    /// enum, without null (a nullable enum lists null to admit it: see FieldLimits::nullable)
    std::optional<std::vector<nlohmann::json>> values;
    /// false: the listed values must be accepted, others are not judged (OpenAPI `x-open-enum: true`)
    bool values_closed = true;
    std::string pattern;             ///< ECMA regex ("" when none)

    /// Whether `type` lists this type name.
    bool is(std::string_view type) const;
};

/// Everything documented about one field or parameter.
struct FieldLimits : ValueLimits {
    std::string reference;  ///< "OrderCreateRequest.gift_message", or "listOrders.Limit" for a parameter
    std::string operation;  ///< parameters only: the operationId
    std::string param;      ///< parameters only: the parameter name
    std::string in;         ///< parameters only: "query", "path" or "header"
    std::string pointer;    ///< JSON pointer of the schema in the OpenAPI document
    bool nullable = false;  ///< the type admits null
    Bounds items;           ///< minItems / maxItems
    std::optional<ValueLimits> element;  ///< for arrays: the limits of each item
    std::vector<std::string> rules;      ///< rule ids that state a limit here (x-rule)

    /// The single limits, each an error naming the field when it is not documented.
    Result<std::int64_t, LookupError> max_length() const;
    Result<std::int64_t, LookupError> min_length() const;
    Result<std::int64_t, LookupError> maximum() const;
    Result<std::int64_t, LookupError> minimum() const;
    Result<std::int64_t, LookupError> max_items() const;
    Result<std::int64_t, LookupError> min_items() const;
    /// The enum of the field, or of its items when it is an array.
    Result<std::vector<nlohmann::json>, LookupError> enum_values() const;
};

/// The accessor returned by `Spec::limits()`; it borrows the spec, which must outlive it.
class Limits {
public:
    explicit Limits(const Spec& spec) : spec_(spec) {}

    /// "Schema.field.sub" of components/schemas (array items are stepped into implicitly), or
    /// "operationId.Param" for a parameter.
    Result<FieldLimits, LookupError> field(std::string_view reference) const;
    /// A parameter of an operation (query first, then path, then header when one name is in several).
    Result<FieldLimits, LookupError> param(std::string_view operation_id, std::string_view name) const;

private:
    const Spec& spec_;
};

}  // namespace dockside::spec
