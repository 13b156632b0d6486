#include "harness/report/html_page.h"

namespace dockside::report {
namespace {

constexpr std::string_view kDataOpen = R"(<script type="application/json" id="dockside-data">)";
constexpr std::string_view kDataClose = "</script>";

/// JSON that cannot end the script element it sits in, nor open a comment there: '<', '>' and '&' are
/// written as \u escapes (they occur only inside strings, where the escape means the same character).
std::string script_safe_json(const nlohmann::json& data) {
    const std::string text = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size() + text.size() / 16);
    for (char c : text) {
        if (c == '<') out += "\\u003c";
        else if (c == '>') out += "\\u003e";
        else if (c == '&') out += "\\u0026";
        else out += c;
    }
    return out;
}

std::string html_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

std::string render_page(const nlohmann::json& data, const std::string& title) {
    std::string page;
    page += "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    // Nothing may be fetched: no script, style, image, font or connection from anywhere.
    page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            "script-src 'unsafe-inline'; img-src data:\">\n";
    page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    page += "<title>" + html_escape(title) + "</title>\n<style>\n";
    page += page_css();
    page += "</style>\n</head>\n<body>\n<main id=\"report\"><noscript>This report draws its tables and charts with "
            "JavaScript; the data is in the dockside-data element of this file.</noscript></main>\n";
    page += kDataOpen;
    page += script_safe_json(data);
    page += kDataClose;
    page += "\n<script>\n";
    page += page_script();
    page += "</script>\n</body>\n</html>\n";
    return page;
}

Result<nlohmann::json, std::string> embedded_data(std::string_view html) {
    const auto open = html.find(kDataOpen);
    if (open == std::string_view::npos) return fail(std::string("no dockside-data element in the page"));
    const auto from = open + kDataOpen.size();
    const auto close = html.find(kDataClose, from);
    if (close == std::string_view::npos) return fail(std::string("the dockside-data element is not closed"));
    auto data = nlohmann::json::parse(html.substr(from, close - from), nullptr, false);
    if (data.is_discarded()) return fail(std::string("the dockside-data element is not JSON"));
    return data;
}

}  // namespace dockside::report
