#pragma once
/// YAML (or JSON) text to nlohmann::json, so every later stage of the loader works on one value type.
/// Plain scalars are typed by the YAML 1.2 core schema; quoted and block scalars are always strings,
/// which is what an OpenAPI author means by `'200'` or `"null"`.

#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace dockside::spec {

/// A 1-based position in a source file.
struct SourcePos {
    int line = 0;
    int column = 0;
};

/// Why a document could not be read: where, and what the parser said.
struct YamlError {
    std::string file;
    int line = 0;    ///< 1-based; 0 when the error has no position (e.g. a missing file)
    int column = 0;  ///< 1-based
    std::string message;

    /// "file:line:column: message" (position left out when unknown).
    std::string to_string() const;
};

/// JSON pointer of every converted node ("" for the root) to where it starts in the source.
using PositionMap = std::unordered_map<std::string, SourcePos>;

/// Converts YAML text. `origin` names the text in errors. Duplicate mapping keys and non-scalar keys are
/// errors (YAML forbids the first; JSON cannot hold the second). Fills `positions` when given.
Result<nlohmann::json, YamlError> yaml_to_json(std::string_view text, std::string_view origin = "<string>",
                                               PositionMap* positions = nullptr);

/// Reads a `.json` file with the JSON parser, anything else as YAML.
Result<nlohmann::json, YamlError> load_document(const std::string& path, PositionMap* positions = nullptr);

/// Core-schema typing of one plain scalar ("0x1F" → 31, "~" → null, ".inf" → +inf, "yes" → "yes").
nlohmann::json type_plain_scalar(const std::string& text);

/// Appends one reference token to a JSON pointer, escaping '~' and '/'.
std::string pointer_append(const std::string& pointer, std::string_view token);

}  // namespace dockside::spec
