#pragma once
/// Load mixes: which operations a run sends and in what proportion. A mix is a YAML file in
/// specs/mixes/ (named by file stem, or given by path) or written inline on the command line:
/// `readThing:5,createThing:1` (operation ids with weights) or `GET /v1/things` (one request, the way
/// wrk takes a URL). Operations are the contract's, looked up in the spec's operation table; a path the
/// contract does not know is sent as typed, unvalidated, with a warning.

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "specs/loader/spec.h"

namespace dockside::load {

struct MixEntry {
    std::string text;    ///< as written: "getOrder" or "GET /2025-07/order/12"
    double weight = 1;
};

struct Mix {
    std::string name;    ///< file stem, or "inline"
    std::string source;  ///< file path, or the inline text
    std::vector<MixEntry> entries;
};

/// A file path (contains '/' or ends in .yaml), the name of a mix in `mixes_dir`, or an inline mix.
/// Every problem is reported (unknown name, malformed file, bad weight).
Result<Mix, std::vector<std::string>> read_mix(std::string_view argument, const std::string& mixes_dir);

/// The names of the mixes in `mixes_dir` (file stems of its .yaml files), sorted.
std::vector<std::string> named_mixes(const std::string& mixes_dir);

/// The problem of a one-word --mix that names neither a mix nor an operation: lists the named mixes and
/// shows the inline forms with operations of `spec`.
std::string unknown_mix_name(const std::string& name, const std::string& mixes_dir, const spec::Spec& spec);

/// A mix file: `name`, optional `description`, and `operations:` a list of {operation, weight}.
Result<Mix, std::vector<std::string>> load_mix_file(const std::string& path);

/// An inline mix: comma-separated entries, each an operation id or "METHOD /path", optionally ":weight".
Result<Mix, std::vector<std::string>> parse_inline_mix(std::string_view text);

/// One mix entry resolved against the contract.
struct ResolvedEntry {
    std::string name;                          ///< operation id, or "METHOD /path" for a concrete path
    const spec::Operation* operation = nullptr;  ///< null: a path the contract does not know
    std::string method;
    std::string concrete_path;                 ///< empty: ids come from pools; else sent as given
    double weight = 1;
};

/// Resolves every entry (an unknown operation id is a problem; an unknown path is allowed and noted
/// in `warnings`).
Result<std::vector<ResolvedEntry>, std::vector<std::string>> resolve_mix(const Mix& mix, const spec::Spec& spec,
                                                                        std::vector<std::string>& warnings);

}  // namespace dockside::load
