#pragma once
/// Text inside XML (the JUnit files of conform and load runs, which CI servers parse): whatever a run
/// quotes from a server must leave the file well-formed.

#include <string>
#include <string_view>

namespace dockside {

/// `text` safe inside an XML attribute or element: & < > " ' escaped, tab and line ends as character
/// references, and what XML 1.0 forbids (other control characters, U+FFFE, U+FFFF, invalid UTF-8)
/// replaced by U+FFFD.
std::string xml_escape(std::string_view text);

/// ` name="value"`, the value escaped: one attribute of an element.
std::string xml_attribute(std::string_view name, std::string_view value);

/// Seconds as a JUnit `time` attribute holds them: three decimals ("1.250").
std::string junit_seconds(double seconds);

}  // namespace dockside
