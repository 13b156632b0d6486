#include "harness/http/curl.h"

namespace dockside::http {
namespace {

// Text inside double quotes with every shell-active character escaped, so only the variable
// reference appended after it expands.
std::string double_quote_literal(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '"' || c == '\\' || c == '$' || c == '`') out += '\\';
        out += c;
    }
    return out;
}

std::string redacted_authorization(std::string_view name, std::string_view value,
                                   const std::string& variable) {
    auto space = value.find(' ');
    std::string scheme = space == std::string_view::npos ? std::string{}
                                                         : std::string(value.substr(0, space + 1));
    return "\"" + double_quote_literal(std::string(name) + ": " + scheme) + "$" + variable + "\"";
}

}  // namespace

std::string shell_quote(std::string_view text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    out += '\'';
    return out;
}

std::string to_curl(const Url& base, const Request& request, const CurlOptions& options) {
    std::string out = "curl -sS";
    if (options.insecure) out += " -k";
    if (iequals(request.method, "HEAD")) out += " -I";
    else if (!iequals(request.method, "GET") || !request.body.empty()) out += " -X " + shell_quote(request.method);
    out += " " + shell_quote(absolute_url(base, request.target));
    for (const auto& header : request.headers) {
        if (iequals(header.name, "Content-Length")) continue;
        out += " -H ";
        if (iequals(header.name, "Authorization") && !options.reveal_authorization && !header.value.empty())
            out += redacted_authorization(header.name, header.value, options.token_variable);
        else if (header.value.empty())
            out += shell_quote(header.name + ";");  // curl's spelling of "send it empty"
        else
            out += shell_quote(header.name + ": " + header.value);
    }
    if (!request.body.empty()) {
        // Without this curl invents application/x-www-form-urlencoded, which the request never had.
        if (!request.headers.has("Content-Type")) out += " -H 'Content-Type:'";
        out += " --data-binary " + shell_quote(request.body);
    }
    return out;
}

}  // namespace dockside::http
