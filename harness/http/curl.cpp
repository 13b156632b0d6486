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

std::string authorization(std::string_view name, std::string_view value, const CurlOptions& options) {
    const auto space = value.find(' ');
    const std::string scheme = space == std::string_view::npos ? std::string{} : std::string(value.substr(0, space + 1));
    const std::string_view credential = space == std::string_view::npos ? value : value.substr(space + 1);
    std::string variable = options.token_variable;
    for (const auto& known : options.credentials) {
        if (known.value != credential) continue;
        if (known.variable.empty()) return shell_quote(std::string(name) + ": " + std::string(value));
        variable = known.variable;
        break;
    }
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

std::string shell_quote(std::string_view text, const std::vector<CurlSubstitution>& substitutions) {
    std::string out;
    std::size_t done = 0;
    for (std::size_t i = 0; i < text.size();) {
        const CurlSubstitution* hit = nullptr;
        for (const auto& s : substitutions)
            if (!s.literal.empty() && text.substr(i, s.literal.size()) == s.literal) hit = &s;
        if (!hit) {
            ++i;
            continue;
        }
        if (i > done) out += shell_quote(text.substr(done, i - done));
        out += "\"$" + hit->variable + "\"";
        i += hit->literal.size();
        done = i;
    }
    if (done < text.size() || out.empty()) out += shell_quote(text.substr(done));
    return out;
}

std::string to_curl(const Url& base, const Request& request, const CurlOptions& options) {
    const auto& subs = options.substitutions;
    std::string out = "curl -sS";
    if (options.insecure) out += " -k";
    if (iequals(request.method, "HEAD")) out += " -I";
    else if (!iequals(request.method, "GET") || !request.body.empty()) out += " -X " + shell_quote(request.method);
    out += " " + shell_quote(absolute_url(base, request.target), subs);
    for (const auto& header : request.headers) {
        if (iequals(header.name, "Content-Length")) continue;
        out += " -H ";
        if (iequals(header.name, "Authorization") && !options.reveal_authorization && !header.value.empty())
            out += authorization(header.name, header.value, options);
        else if (header.value.empty())
            out += shell_quote(header.name + ";");  // curl's spelling of "send it empty"
        else
            out += shell_quote(header.name + ": " + header.value, subs);
    }
    if (!request.body.empty()) {
        // Without this curl invents application/x-www-form-urlencoded, which the request never had.
        if (!request.headers.has("Content-Type")) out += " -H 'Content-Type:'";
        out += " --data-binary " + shell_quote(request.body, subs);
    }
    return out;
}

}  // namespace dockside::http
