#pragma once
/// OpenAPI 3.1 schemas compiled into valijson (draft 7) schemas. OpenAPI-only keywords and annotations
/// are dropped, `nullable` (3.0) becomes a null type, and the formats Dockside checks become a custom
/// constraint, so format errors arise inside valijson with anyOf/oneOf semantics intact.

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace valijson {
class Schema;
}

namespace dockside::validate::detail {

/// Description prefix of errors raised by the format constraint: "dockside-format:date-time".
inline constexpr std::string_view kFormatErrorPrefix = "dockside-format:";

/// One schema translated to the draft-7 keyword set (recursively).
nlohmann::json to_draft7(const nlohmann::json& schema);

/// Compiles schemas that may `$ref` "#/components/schemas/…". Not thread-safe: callers serialise.
class SchemaCompiler {
public:
    /// `components_schemas`: the OpenAPI document's components/schemas object (may be null).
    explicit SchemaCompiler(const nlohmann::json& components_schemas);

    Result<std::shared_ptr<const valijson::Schema>, std::string> compile(const nlohmann::json& schema);

private:
    nlohmann::json wrapper_;  ///< {"components": {"schemas": translated}}, the target spliced in per call
};

/// Makes the raw instance visible to the format constraint for the current thread (the valijson
/// adapter hides whether an integer was unsigned, which an int64 check must know).
class InstanceScope {
public:
    explicit InstanceScope(const nlohmann::json* instance);
    ~InstanceScope();
    InstanceScope(const InstanceScope&) = delete;
    InstanceScope& operator=(const InstanceScope&) = delete;

private:
    const nlohmann::json* previous_;
};

}  // namespace dockside::validate::detail
