// XML text: what XML 1.0 cannot hold is replaced, markup characters are escaped, an attribute is written
// whole, and seconds as JUnit writes them.

#include "core/xml_text.h"

#include <string>

#include <gtest/gtest.h>

namespace dockside {
namespace {

TEST(XmlEscape, ReplacesWhatXmlCannotHold) {
    EXPECT_EQ(xml_escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
    EXPECT_EQ(xml_escape(std::string("x\x01y")), "x\xEF\xBF\xBDy");
    EXPECT_EQ(xml_escape(std::string("\xC3\xA9")), "\xC3\xA9");             // é stays
    EXPECT_EQ(xml_escape(std::string("\xC3")), "\xEF\xBF\xBD");             // cut sequence
    EXPECT_EQ(xml_escape(std::string("\xEF\xBF\xBF")), "\xEF\xBF\xBD");     // U+FFFF
    EXPECT_EQ(xml_escape("line\nnext"), "line&#10;next");
    EXPECT_EQ(xml_escape(std::string("\xED\xA0\x80")), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
}

TEST(XmlEscape, AnAttributeIsItsNameAndItsEscapedValueInQuotes) {
    EXPECT_EQ(xml_attribute("message", "1 < 2 & \"x\""), " message=\"1 &lt; 2 &amp; &quot;x&quot;\"");
}

TEST(JunitSeconds, ThreeDecimals) {
    EXPECT_EQ(junit_seconds(1.25), "1.250");
    EXPECT_EQ(junit_seconds(0), "0.000");
}

}  // namespace
}  // namespace dockside
