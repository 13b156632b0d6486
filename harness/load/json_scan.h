#pragma once
/// Reads one top-level integer field out of a JSON object without building a document: the load engine
/// captures ids from responses (`{"id": 4711, …}`) on its hot path, where parsing the whole body
/// would cost an allocation per node. Hostile input is handled: no recursion, every byte looked at once.

#include <cstdint>
#include <optional>
#include <string_view>

namespace dockside::load {

/// The integer value of `key` among the top-level members of the JSON object `text`; nullopt when
/// the text is not an object, the key is absent, or its value is not an integer that fits int64.
/// Keys are compared as written (a key spelled with escapes does not match).
std::optional<std::int64_t> find_top_level_integer(std::string_view text, std::string_view key);

}  // namespace dockside::load
