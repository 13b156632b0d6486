#include "core/text_file.h"

#include <fstream>
#include <sstream>

namespace dockside {

Result<std::string, std::string> read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return fail("cannot read " + path);
    return text.str();
}

Result<bool, std::string> write_text_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) return fail("cannot write " + path);
    return true;
}

}  // namespace dockside
