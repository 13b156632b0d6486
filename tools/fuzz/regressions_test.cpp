// Every input a fuzz target ever failed on (tools/fuzz/regressions/<target>/), replayed through the same
// function in the ordinary build, so a fixed crash stays fixed without clang or libFuzzer.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/fuzz/request_path.h"
#include "tools/fuzz/response_handling.h"

namespace dockside::fuzz {
namespace {

std::vector<std::filesystem::path> inputs(const std::string& target) {
    std::vector<std::filesystem::path> out;
    const auto dir = std::filesystem::path(DOCKSIDE_FUZZ_DIR) / "regressions" / target;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().filename() != "README.md") out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string bytes_of(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(FuzzRegressions, RequestPathInputsAreHandled) {
    const auto files = inputs("request_path");
    EXPECT_FALSE(files.empty());
    for (const auto& file : files) {
        RequestPathTarget target;  // a fresh server, as the crash is replayed by hand
        auto problem = target.run(bytes_of(file));
        EXPECT_FALSE(problem) << file.filename() << ": " << *problem;
    }
}

TEST(FuzzRegressions, ResponseHandlingInputsAreHandled) {
    const auto files = inputs("response_handling");
    EXPECT_FALSE(files.empty());
    ResponseHandlingTarget target(DOCKSIDE_SPECS_DIR);
    for (const auto& file : files) {
        auto problem = target.run(bytes_of(file));
        EXPECT_FALSE(problem) << file.filename() << ": " << *problem;
    }
}

}  // namespace
}  // namespace dockside::fuzz
