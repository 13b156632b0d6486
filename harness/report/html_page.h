#pragma once
/// The report as one self-contained HTML file: inline CSS, the drawing script and the data (report_data.h)
/// as JSON in a script element, under a Content-Security-Policy that forbids the page any request, so it
/// reads the same from a CI artifact on a machine without network. The CSS and script live in
/// harness/report/assets/ and are compiled into the binary.

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace dockside::report {

/// The page for `data` titled `title`.
std::string render_page(const nlohmann::json& data, const std::string& title);

/// The data embedded in a page render_page wrote; the error says what is missing.
Result<nlohmann::json, std::string> embedded_data(std::string_view html);

/// The assets as compiled in.
std::string_view page_css();
std::string_view page_script();

}  // namespace dockside::report
